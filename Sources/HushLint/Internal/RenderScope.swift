import SwiftSyntax

/// The members of a view that run on every render, and helpers to search them.
enum RenderScope {
  /// Computed properties typed as views (`var header: some View`), methods that build views
  /// (`@ViewBuilder func rows()`, `func legend() -> AnyView`) and `func body(content:)`,
  /// anywhere in the file; a reducer's or scene's `body` is not a view.
  static func viewBuildingMembers(in syntax: SyntaxIndex) -> [Syntax] {
    var result: [Syntax] = []
    for variable in syntax.variables where !variable.isStatic {
      for binding in variable.bindings where binding.isComputed {
        if buildsView(binding), let accessors = binding.accessorBlock {
          result.append(Syntax(accessors))
        }
      }
    }
    for function in syntax.functions
    where function.name.text == "body"
      && function.signature.returnClause?.type.trimmedText.hasSuffix("View") == true
      || !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
        && buildsView(function)
    {
      if let body = function.body { result.append(Syntax(body)) }
    }
    return result
  }

  /// Whether a method builds a view: `@ViewBuilder`, or returning `some View` or `AnyView`.
  static func buildsView(_ function: FunctionDeclSyntax) -> Bool {
    isViewType(function.signature.returnClause?.type)
      || function.attributes.contains {
        guard let name = $0.as(AttributeSyntax.self)?.attributeName,
          name.as(IdentifierTypeSyntax.self)?.name.text == "ViewBuilder"
        else { return false }
        return name.trimmedText == "ViewBuilder"
      }
  }

  /// Whether a computed property builds a view: typed `some View` or `AnyView`.
  static func buildsView(_ binding: PatternBindingSyntax) -> Bool {
    isViewType(binding.typeAnnotation?.type)
  }

  /// Whether `type` is written `some View…`, `some SwiftUI.View…` or `AnyView`; the text is
  /// read only of the two kinds of type those can be (most members are neither).
  private static func isViewType(_ type: TypeSyntax?) -> Bool {
    guard let type, type.is(SomeOrAnyTypeSyntax.self) || type.is(IdentifierTypeSyntax.self)
    else { return false }
    let text = type.trimmedText
    return text.hasPrefix("some View") || text.hasPrefix("some SwiftUI.View") || text == "AnyView"
  }

  /// The members of `view` that run when it is created or rendered: initializers, stored
  /// property defaults, `body`, and the computed properties and methods `body` reaches
  /// outside of actions.
  static func perRenderMembers(of view: ViewType) -> [Syntax] {
    perRenderCode(of: view).map(\.member)
  }

  /// A member that runs when its view is created or rendered, with the calls and name
  /// references in it outside of actions, in source order.
  struct RenderedMember {
    var member: Syntax
    var calls: [FunctionCallExprSyntax]
    var references: [DeclReferenceExprSyntax]
  }

  /// ``perRenderMembers(of:)`` with what each member calls and names outside of actions,
  /// each member walked once (the walk that finds which members `body` reaches also gathers
  /// what rules look for there).
  static func perRenderCode(of view: ViewType) -> [RenderedMember] {
    let callable = callableMembers(of: view)
    var reachable: Set<String> = []
    var pending = view.bodies.map(Syntax.init)
    var result: [RenderedMember] = []
    var visited: Set<SyntaxIdentifier> = []
    while let member = pending.popLast() {
      guard visited.insert(member.id).inserted else { continue }
      let rendered = walk(member)
      result.append(rendered)
      for reference in rendered.references {
        let name = reference.baseName.text
        guard let members = callable[name], reachable.insert(name).inserted else { continue }
        pending += members
      }
    }
    for member in view.members {
      if member.is(InitializerDeclSyntax.self) { result.append(walk(Syntax(member))) }
      if let variable = member.as(VariableDeclSyntax.self), !variable.isStatic,
        !variable.isLazy,
        !variable.attributeNames.contains(where: { ["StateObject", "Environment"].contains($0) })
      {
        for binding in variable.bindings {
          if let initializer = binding.initializer { result.append(walk(Syntax(initializer))) }
        }
      }
    }
    return result
  }

  /// The instance methods and computed properties of `view` a name can reach, by name, in
  /// member order (one pass over the members, rather than one per name read: views with
  /// hundreds of members).
  static func callableMembers(of view: ViewType) -> [String: [Syntax]] {
    var callable: [String: [Syntax]] = [:]
    for candidate in view.members {
      if let function = candidate.as(FunctionDeclSyntax.self),
        !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      {
        callable[function.name.text, default: []].append(Syntax(function))
      }
      if let variable = candidate.as(VariableDeclSyntax.self), !variable.isStatic {
        var names: Set<String> = []
        for binding in variable.bindings where binding.isComputed {
          if let name = binding.identifierName, names.insert(name).inserted {
            callable[name, default: []].append(Syntax(variable))
          }
        }
      }
    }
    return callable
  }

  /// The calls and name references in `member` outside of actions, in one walk.
  private static func walk(_ member: Syntax) -> RenderedMember {
    let collector = CodeCollector(skipping: UseContext.isAction)
    collector.walk(member)
    return RenderedMember(
      member: member, calls: collector.calls, references: collector.references)
  }

  /// The calls in `node` outside of actions (``UseContext/isAction(_:)``, asked of `node`
  /// too), in source order.
  static func callsOutsideActions(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
    walk(Syntax(node)).calls
  }
}
