import SwiftParser
import SwiftSyntax

/// The spellings that compiled test code writes: each call's name with its argument labels, and
/// every other name it mentions (types, members, attributes, operators), with the files that
/// write them. A "same spelling" row is checked when a test writes it.
///
/// A use is matched by the name a user writes and the argument labels, not by the type it
/// resolves to (that would take the type checker): `store.send(.tapped)` counts for any
/// `send(_:)`. The tests compile, so each use is real Hush code; what they check is the tests'
/// business.
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
  /// The names key path components write (`\.presented`), with the files.
  private(set) var keyPathNames: [String: Set<String>] = [:]

  /// What a case key path writes through each of TCA's enums: its case names
  /// (`PresentationAction`: `presented`, `dismiss`) and the subscripts of its `AllCasePaths`
  /// (`IdentifiedAction`: `[id:]`). A key path that writes one uses the enum's `AllCasePaths`.
  var caseNames: [String: Set<String>] = [:]

  /// The variables a type's `callAsFunction` is called through, by TCA's convention: an
  /// effect's `send(.loaded)`, `@Dependency(\.dismiss) var dismiss`'s `dismiss()`.
  static let callAsFunctionNames = ["Send": "send", "DismissEffect": "dismiss"]

  mutating func add(source: String, file: String) {
    let collector = UseCollector(file: file)
    collector.walk(Parser.parse(source: source))
    for (name, found) in collector.calls { calls[name, default: []] += found }
    for (name, files) in collector.names { names[name, default: []].formUnion(files) }
    for (name, files) in collector.keyPathNames {
      keyPathNames[name, default: []].formUnion(files)
    }
  }

  /// The files that write `declaration`, the likeliest first: those that call it through its
  /// type's name, then those that name its type, then the package's tests before the example
  /// apps; empty when none writes it.
  func files(writing declaration: APIDeclaration) -> [String] {
    // `Task<Never, Never>.cancel` is written `Task.cancel`.
    // A keyword used as a name (`store.case`) is declared with backticks and written without.
    let components = declaration.name.split(separator: ".").map {
      String($0.prefix { $0 != "<" }.filter { $0 != "`" })
    }
    let base = components.last ?? declaration.name
    let typeName = components.dropLast().last
    let files = unrankedFiles(
      writing: declaration, components: components, base: base, typeName: typeName)
    let qualified = Set((calls[base] ?? []).filter { $0.qualifier == typeName }.map(\.file))
    func rank(_ file: String) -> [String] {
      let namesType = typeName.map { names[$0]?.contains(file) == true } ?? false
      return [
        qualified.contains(file) ? "0" : "1", namesType ? "0" : "1",
        file.hasPrefix("Tests/") ? "0" : "1", file,
      ]
    }
    return files.sorted { rank($0).lexicographicallyPrecedes(rank($1)) }
  }

  private func unrankedFiles(
    writing declaration: APIDeclaration, components: [String], base: String, typeName: String?
  ) -> [String] {
    var found = Set<String>()
    // Written without their names, which syntax alone cannot tie to the type: the members
    // of an enum's `AllCasePaths` (through a case key path `\.presented`), a dynamic member
    // (`store.count`) and a literal (`let id: StackElementID = 0`), counted in the files that
    // write the enum's cases in a key path or the type's name.
    let isCasePathsMember =
      base == "AllCasePaths" || base == "allCasePaths"
      || typeName == "AllCasePaths" && declaration.requiredLabels == ["dynamicMember"]
    if isCasePathsMember,
      let enumName = components.firstIndex(where: { $0.lowercased() == "allcasepaths" })
        .flatMap({ $0 > 0 ? components[$0 - 1] : nil }),
      let cases = caseNames[enumName]
    {
      return cases.flatMap { keyPathNames[$0] ?? [] }.uniqueSorted()
    }
    // A result builder's methods are called by the statements of its blocks.
    if typeName == "ReducerBuilder", base.hasPrefix("build") {
      let labels = declaration.requiredLabels.filter { $0 != "_" }
      let method = labels.isEmpty ? base : "\(base)(\(labels.map { "\($0):" }.joined()))"
      let key = base == "buildEither" ? "buildEither" : method
      return (names["ReducerBuilder.\(key)"] ?? []).sorted()
    }
    if declaration.kind == .subscriptMember && declaration.requiredLabels == ["dynamicMember"]
      || declaration.kind == .initializer
        && declaration.requiredLabels.contains(where: { $0.hasSuffix("Literal") }),
      let typeName
    {
      return (names[typeName] ?? []).sorted()
    }
    switch declaration.kind {
    case .function, .initializer, .subscriptMember, .enumCase:
      let callNames: [String]
      switch declaration.kind {
      case .initializer:
        // `Store(…)`, `Store.init(…)`, `.init(…)`.
        callNames = ["init"] + (components.dropLast().last.map { [$0] } ?? [])
      case .subscriptMember: callNames = ["subscript"]
      case _ where base == "callAsFunction":
        callNames = typeName.flatMap { Self.callAsFunctionNames[$0] }.map { [$0] } ?? []
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
    case .type, .typealias, .associatedType, .property:
      found.formUnion(names[base] ?? [])
    case .macro:
      // Declared as `@Name`; an attached macro is written `@Name`, a freestanding one `#Name`.
      found.formUnion(names[base] ?? [])
      found.formUnion(names["#\(base.dropFirst())"] ?? [])
    case .operator:
      // An operator's name may hold dots: it follows the type's name and a dot.
      let owner = components.first ?? ""
      let name =
        declaration.name.hasPrefix("\(owner).")
        ? String(declaration.name.dropFirst(owner.count + 1)) : declaration.name
      found.formUnion(names[name] ?? [])
    }
    return found.sorted()
  }
}

/// Collects the uses of one file.
private final class UseCollector: SyntaxVisitor {
  let file: String
  var calls: [String: [TestUses.Call]] = [:]
  var names: [String: Set<String>] = [:]
  var keyPathNames: [String: Set<String>] = [:]

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

  // MARK: Reducer builders

  /// The calls whose trailing closure is a `@ReducerBuilder`.
  static let reducerBuilderCalls: Set<String> = [
    "Scope", "CombineReducers", "ifLet", "ifCaseLet", "forEach",
  ]

  /// Records the builder methods the statements of a `@ReducerBuilder` block use.
  private func builderBlock(_ statements: CodeBlockItemListSyntax) {
    func uses(_ method: String) { use("ReducerBuilder.\(method)") }
    let items = statements.filter { !$0.item.is(DeclSyntax.self) }
    if items.isEmpty { uses("buildBlock") }
    if items.count >= 1 { uses("buildPartialBlock(first:)") }
    if items.count >= 2 { uses("buildPartialBlock(accumulated:next:)") }
    for item in items {
      var expression: ExprSyntax? = item.item.as(ExprSyntax.self)
      if let statement = item.item.as(ExpressionStmtSyntax.self) {
        expression = statement.expression
      }
      if let forIn = item.item.as(ForStmtSyntax.self) {
        uses("buildArray")
        builderBlock(forIn.body.statements)
        continue
      }
      guard let expression else { continue }
      if let ifExpression = expression.as(IfExprSyntax.self) {
        builderIf(ifExpression)
      } else if let switchExpression = expression.as(SwitchExprSyntax.self) {
        uses("buildEither")
        for case let .switchCase(switchCase) in switchExpression.cases {
          builderBlock(switchCase.statements)
        }
      } else {
        uses("buildExpression")
      }
    }
  }

  private func builderIf(_ node: IfExprSyntax) {
    func uses(_ method: String) { use("ReducerBuilder.\(method)") }
    if node.conditions.contains(where: { $0.condition.is(AvailabilityConditionSyntax.self) }) {
      uses("buildLimitedAvailability")
    }
    builderBlock(node.body.statements)
    switch node.elseBody {
    case nil: uses("buildOptional")
    case let .ifExpr(elseIf)?:
      uses("buildEither")
      builderIf(elseIf)
    case let .codeBlock(block)?:
      uses("buildEither")
      builderBlock(block.statements)
    }
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    // `var body: some Reducer<State, Action> { … }` is a `@ReducerBuilder`.
    for binding in node.bindings
    where binding.pattern.trimmedDescription == "body"
      && binding.typeAnnotation?.type.trimmedDescription.contains("Reducer") == true
    {
      switch binding.accessorBlock?.accessors {
      case let .getter(statements)?: builderBlock(statements)
      case let .accessors(accessors)?:
        for accessor in accessors where accessor.accessorSpecifier.text == "get" {
          if let body = accessor.body { builderBlock(body.statements) }
        }
      case nil: break
      }
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = calledName(node.calledExpression), Self.reducerBuilderCalls.contains(name),
      let closure = node.trailingClosure
    {
      builderBlock(closure.statements)
    }
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
    let labels = node.arguments.map { "\($0.label?.text ?? "_"):" }.joined()
    keyPathNames["[\(labels)]", default: []].insert(file)
    return .visitChildren
  }

  override func visit(_ node: KeyPathPropertyComponentSyntax) -> SyntaxVisitorContinueKind {
    use(node.declName.baseName.text)
    keyPathNames[node.declName.baseName.text, default: []].insert(file)
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

  /// A `case` pattern that is an expression is matched with `~=`.
  override func visit(_ node: ExpressionPatternSyntax) -> SyntaxVisitorContinueKind {
    use("~=")
    return .visitChildren
  }

  override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
    use(node.operator.text)
    return .visitChildren
  }

  override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
    use(node.operator.text)
    return .visitChildren
  }

  override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
    use(node.operator.text)
    return .visitChildren
  }
}

extension Sequence<String> {
  fileprivate func uniqueSorted() -> [String] { Set(self).sorted() }
}
