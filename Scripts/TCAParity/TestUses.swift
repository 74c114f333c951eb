import SwiftParser
import SwiftSyntax

/// The spellings that compiled test code writes, by syntax: each call's name with its argument
/// labels, and every other name it mentions (types, members, attributes), with the files that
/// write them.
///
/// Most rows are checked by the compiler's references instead (`Scripts/apple-compile
/// --references`), which name the overload each use resolves to. Syntax is for what the
/// compiler does not name or names alone tell apart: a type's or a macro's name, a protocol
/// requirement (which a conforming type declares: `var body`), and what Hush has from a
/// protocol of the standard library. A use is matched by the name a user writes and the
/// argument labels, not by the type it resolves to.
struct TestUses {
  /// One call: the labels written (`_` for an unlabeled argument) and the number of unlabeled
  /// trailing closures, which can stand for any one required closure parameter each.
  struct Call {
    var labels: Set<String>
    var trailingClosures: Int
    /// The type a call names before the dot, if any: `Task` in `Task.cancel(id:)`.
    var qualifier: String?
    var file: String
  }

  private(set) var calls: [String: [Call]] = [:]
  private(set) var names: [String: Set<String>] = [:]

  mutating func add(source: String, file: String) {
    let collector = UseCollector(file: file)
    collector.walk(Parser.parse(source: source))
    for (name, found) in collector.calls { calls[name, default: []] += found }
    for (name, files) in collector.names { names[name, default: []].formUnion(files) }
  }

  /// The files that write `declaration` and name the type it is a member of (`TextState` for
  /// `TextState.bold()`): a member's name alone (`count`, `map`, `init(_:)`) is written on
  /// many types.
  func files(writingMemberOfItsType declaration: APIDeclaration) -> [String] {
    let components = declaration.name.split(separator: ".").map {
      String($0.prefix { $0 != "<" })
    }
    let files = self.files(writing: declaration)
    guard declaration.kind != .type, components.count >= 2 else { return files }
    let typeFiles = names[components[components.count - 2]] ?? []
    return files.filter(typeFiles.contains)
  }

  /// The files that write `declaration`, by name and labels.
  func files(writing declaration: APIDeclaration) -> [String] {
    // `Task<Never, Never>.cancel` is written `Task.cancel`.
    // A keyword used as a name (`store.case`) is declared with backticks and written without.
    let components = declaration.name.split(separator: ".").map {
      String($0.prefix { $0 != "<" }.filter { $0 != "`" })
    }
    let base = components.last ?? declaration.name
    let typeName = components.dropLast().last
    var found = Set<String>()
    switch declaration.kind {
    case .function, .initializer, .subscriptMember, .enumCase:
      let callNames: [String]
      switch declaration.kind {
      case .initializer:
        // `Store(…)`, `Store.init(…)`, `.init(…)`.
        callNames = ["init"] + (typeName.map { [$0] } ?? [])
      case .subscriptMember: callNames = ["subscript"]
      default: callNames = [base]
      }
      let required = Set(declaration.requiredLabels)
      let allowed = required.union(declaration.optionalLabels)
      for name in callNames {
        for call in calls[name] ?? []
        where [nil, typeName, name].contains(call.qualifier)
          && call.labels.isSubset(of: allowed)
          && required.subtracting(call.labels).count <= call.trailingClosures
        {
          found.insert(call.file)
        }
      }
      // A case or function without required arguments is also written bare (`.none`).
      if declaration.kind == .enumCase || required.isEmpty && declaration.kind == .function {
        found.formUnion(names[base] ?? [])
      }
    case .type, .typealias, .associatedType, .property, .operator:
      found.formUnion(names[base] ?? [])
    case .macro:
      // Declared as `@Name`; an attached macro is written `@Name`, a freestanding one `#Name`.
      found.formUnion(names[base] ?? [])
      found.formUnion(names["#\(base.dropFirst())"] ?? [])
    case .conformance:
      // A protocol's refinement is written wherever the protocol is; a type's conformance is
      // found by the compiler's references instead.
      found.formUnion(names[base] ?? [])
    }
    return found.sorted()
  }
}

/// Collects the uses of one file.
private final class UseCollector: SyntaxVisitor {
  let file: String
  var calls: [String: [TestUses.Call]] = [:]
  var names: [String: Set<String>] = [:]

  init(file: String) {
    self.file = file
    super.init(viewMode: .sourceAccurate)
  }

  private func use(_ name: String) {
    names[name, default: []].insert(file)
  }

  private func call(
    _ name: String, qualifier: String? = nil, arguments: LabeledExprListSyntax,
    trailingClosure: ClosureExprSyntax? = nil,
    additionalTrailingClosures: MultipleTrailingClosureElementListSyntax = []
  ) {
    let labels =
      arguments.map { $0.label?.text ?? "_" } + additionalTrailingClosures.map(\.label.text)
    calls[name, default: []].append(
      TestUses.Call(
        labels: Set(labels), trailingClosures: trailingClosure == nil ? 0 : 1,
        qualifier: qualifier, file: file))
  }

  /// The type named before the called member, if any: `Task` in `Task.cancel(id:)`,
  /// `Effect` in `Effect<Int>.none`; a lowercase base (`store.send`) names a value.
  private func qualifier(of expression: ExprSyntax) -> String? {
    guard var base = expression.as(MemberAccessExprSyntax.self)?.base else { return nil }
    if let specialized = base.as(GenericSpecializationExprSyntax.self) {
      base = specialized.expression
    }
    guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
      name.first?.isUppercase == true
    else { return nil }
    return name
  }

  /// The name a call is written with: `send` in `store.send(…)`, `Store` in
  /// `Store<Int, Int>(…)`.
  private func calledName(_ expression: ExprSyntax) -> String? {
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return member.declName.baseName.text
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
      return calledName(specialized.expression)
    }
    return nil
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = calledName(node.calledExpression) {
      call(
        name, qualifier: qualifier(of: node.calledExpression), arguments: node.arguments,
        trailingClosure: node.trailingClosure,
        additionalTrailingClosures: node.additionalTrailingClosures)
    }
    return .visitChildren
  }

  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    use("#\(node.macroName.text)")
    return .visitChildren
  }

  override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
    call(
      "subscript", arguments: node.arguments, trailingClosure: node.trailingClosure,
      additionalTrailingClosures: node.additionalTrailingClosures)
    return .visitChildren
  }

  override func visit(_ node: KeyPathSubscriptComponentSyntax) -> SyntaxVisitorContinueKind {
    call("subscript", arguments: node.arguments)
    return .visitChildren
  }

  override func visit(_ node: KeyPathPropertyComponentSyntax) -> SyntaxVisitorContinueKind {
    use(node.declName.baseName.text)
    return .visitChildren
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    use(node.declName.baseName.text)
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    use(node.baseName.text)
    return .visitChildren
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    use(node.name.text)
    return .visitChildren
  }

  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    use(node.name.text)
    return .visitChildren
  }

  override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
    use("@\(node.attributeName.trimmedDescription)")
    return .visitChildren
  }

  /// A witness of a requirement: `var body`, `func reduce(into:action:)`, `case view(…)`.
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for binding in node.bindings {
      if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
        use(pattern.identifier.text)
      }
    }
    return .visitChildren
  }
}
