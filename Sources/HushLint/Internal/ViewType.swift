import SwiftSyntax

/// A `View` or `ViewModifier` declared in a file, with its members from the declaration and
/// from extensions in the same file.
struct ViewType {
  var name: String
  var declaration: StructDeclSyntax
  var members: [DeclSyntax]
  var properties: [ViewProperty]
  var conformances: Set<String>
  /// How many extensions of the type with members this file has (as
  /// ``ProjectIndex/extensionCounts`` counts them).
  var extensionCount: Int

  /// `findings`, each kept only if the view has no extensions in other files, which could
  /// use the members the findings are about.
  func unlessExtendedElsewhere(_ findings: [Finding]) -> [Finding] {
    let name = name
    let extensionCount = extensionCount
    return findings.map { finding in
      finding.dropped { index in (index.extensionCounts[name] ?? 0) > extensionCount }
    }
  }

  /// The members that run on every render: `var body` and `func body(content:)`.
  var bodies: [DeclSyntax] {
    members.filter { member in
      if let variable = member.as(VariableDeclSyntax.self) {
        return variable.bindings.contains { $0.identifierName == "body" && $0.isComputed }
      }
      if let function = member.as(FunctionDeclSyntax.self) {
        return function.name.text == "body" && function.signature.returnClause != nil
      }
      return false
    }
  }

  func property(named name: String) -> ViewProperty? {
    properties.first { $0.name == name }
  }

  /// The properties `views` hand to the child views they make (`Row(model: model)`,
  /// `LevelRow(level: $level)`), and the `@Binding` properties that drive a `Slider` with no
  /// step, by view name; one walk over the views' members serves both.
  static func handoffs(
    in views: [ViewType], syntax: SyntaxIndex
  ) -> (handoffs: [String: [ViewHandoff]], sliderBindings: [String: Set<String>]) {
    var handoffs: [String: [ViewHandoff]] = [:]
    var sliderBindings: [String: Set<String>] = [:]
    for view in views {
      for member in view.members {
        for call in syntax.calls(in: member) {
          if call.isType("Slider"), call.argument("step") == nil,
            let value = call.argument("value")?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            value.hasPrefix("$"), let property = view.property(named: String(value.dropFirst())),
            property.wrapper == "Binding"
          {
            sliderBindings[view.name, default: []].insert(property.name)
          }
          guard let child = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            child.first?.isUppercase == true
          else { continue }
          for argument in call.arguments {
            // Only a name (`level`, `$level`, `self.level`, `$prefs.width`) can be a property
            // handed on; the text of anything else (a closure, a call) is not read.
            guard let label = argument.label?.text,
              argument.expression.is(DeclReferenceExprSyntax.self)
                || argument.expression.is(MemberAccessExprSyntax.self)
            else { continue }
            var name = argument.expression.trimmedText
            if name.hasPrefix("self.") { name.removeFirst(5) }
            let isBinding = name.hasPrefix("$")
            if isBinding {
              name.removeFirst()
              // `$setting.width`: a binding into the value of the binding `setting`.
              if let dot = name.firstIndex(of: "."),
                view.property(named: String(name[..<dot]))?.wrapper == "Binding"
              {
                name = String(name[..<dot])
              }
            }
            guard view.property(named: name) != nil else { continue }
            handoffs[view.name, default: []].append(
              ViewHandoff(property: name, child: child, label: label, isBinding: isBinding))
          }
        }
      }
    }
    return (handoffs, sliderBindings)
  }

  static let viewProtocols: Set<String> = [
    "View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier",
  ]

  /// Every view type declared as a struct in the file of `syntax`, outside functions and
  /// closures.
  static func all(in syntax: SyntaxIndex) -> [ViewType] {
    let candidates = syntax.viewCandidates
    // Each extension's type named once, not once for every struct of the file.
    let extended = candidates.extensions.map { ($0, $0.extendedType.simpleName) }
    var result: [ViewType] = []
    for declaration in candidates.structs {
      let name = declaration.name.text
      let extensions = extended.filter { $0.1 == name }.map(\.0)
      var conformances = Set(inheritedNames(declaration.inheritanceClause))
      for extensionDecl in extensions {
        conformances.formUnion(inheritedNames(extensionDecl.inheritanceClause))
      }
      guard !conformances.isDisjoint(with: viewProtocols) else { continue }
      // A nested type (`extension Picker { struct Row: View { … } }`) is a view of its own;
      // its members are not this view's.
      let members =
        (declaration.memberBlock.members.map(\.decl)
        + extensions.flatMap { $0.memberBlock.members.map(\.decl) })
        .filter { !isTypeDeclaration($0) }
      result.append(
        ViewType(
          name: name, declaration: declaration, members: members,
          properties: members.flatMap(ViewProperty.all(in:)), conformances: conformances,
          extensionCount: extensions.filter(declaresMembers).count))
    }
    return result
  }

  private static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
    clause?.inheritedTypes.map { $0.type.trimmedText } ?? []
  }
}

/// A property of a view type.
struct ViewProperty {
  var name: String
  var wrapper: String?
  var type: String?
  var isStatic: Bool
  var isComputed: Bool
  var initializer: ExprSyntax?
  var declaration: VariableDeclSyntax
  var binding: PatternBindingSyntax

  static func all(in member: DeclSyntax) -> [ViewProperty] {
    guard let variable = member.as(VariableDeclSyntax.self) else { return [] }
    let wrapper = variable.attributes.compactMap {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedText
    }.first
    return variable.bindings.compactMap { binding in
      guard let name = binding.identifierName else { return nil }
      return ViewProperty(
        name: name, wrapper: wrapper, type: binding.typeAnnotation?.type.trimmedText,
        isStatic: variable.isStatic, isComputed: binding.isComputed,
        initializer: binding.initializer?.value, declaration: variable, binding: binding)
    }
  }
}
