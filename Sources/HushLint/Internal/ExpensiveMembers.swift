import SwiftSyntax

/// A computed property or method outside views that builds an expensive object (a formatter,
/// a coder, a regular expression) or looks a resource up in a bundle each time it runs: `var
/// publishedText: String { let f = RelativeDateTimeFormatter(); … }` in a model, `func
/// shortRelative()` in an extension of `Date`, `func localized() -> String` that finds its
/// language's `.lproj` bundle on every call, directly or through a member it reads or calls
/// each time it runs, in any file (``ProjectIndex`` follows them). A view that reads one while
/// it renders pays for the work on every render.
struct ExpensiveMember: Sendable, Hashable, Codable {
  /// What it does each time it runs, as a message says it: `builds a
  /// RelativeDateTimeFormatter`, `looks a resource up in a bundle`.
  var work: String
  /// Where, for messages: `Video.swift:124` (the first of them; for a member that reads or
  /// calls another, where that one does the work).
  var place: String
  /// How many declarations of its key do the work, themselves or through a member they read.
  var count: Int
}

/// A computed property or method outside views that filters, sorts or groups a collection
/// each time it runs (see ``ExpensiveMembers/collectionWork(calls:places:viewNames:file:privateKeys:lines:)``).
struct CollectionWorkMember: Sendable, Hashable, Codable {
  /// The operation: `sorted`, `filter`, `Dictionary(grouping:)`.
  var work: String
  /// The property it walks, when it is a name: `items` in `items.sorted()`.
  var walks: String?
  /// Where, for messages: `Library.swift:40` (the first of them).
  var place: String
  /// How many declarations of its key do such work.
  var count: Int
}

enum ExpensiveMembers {
  /// Whether `source` may build one of ``ExpensiveViewInitRule/expensiveTypes`` or look a
  /// resource up in a bundle: it spells a part of every one of their names. Most files do
  /// not, and their calls need no look.
  static func mayBuild(in source: String) -> Bool {
    ["Formatter", "JSON", "PropertyList", "NSRegularExpression", "NSDataDetector", "forResource"]
      .contains { containsBytes(source, $0) }
  }

  /// The keys a method is found by, one for each way to call it: `text(for:)`; with a
  /// defaulted or variadic parameter, also the keys without it (`localized(_:arguments:)` and
  /// `localized(_:)` for `func localized(_ key: Key, arguments: CVarArg...)`). Only the first
  /// three such parameters are left out; the first key is the full one.
  static func keys(of function: FunctionDeclSyntax) -> [String] {
    let parameters = function.signature.parameterClause.parameters.map {
      (label: $0.firstName.text + ":", omittable: $0.defaultValue != nil || $0.ellipsis != nil)
    }
    // Most methods have one key.
    if !parameters.contains(where: \.omittable) {
      var key = function.name.text
      key.append("(")
      for parameter in parameters { key.append(parameter.label) }
      key.append(")")
      return [key]
    }
    var labelLists: [[String]] = [[]]
    var omittable = 0
    for parameter in parameters {
      let canOmit = parameter.omittable && omittable < 3
      if canOmit { omittable += 1 }
      labelLists = labelLists.flatMap { labels in
        canOmit ? [labels + [parameter.label], labels] : [labels + [parameter.label]]
      }
    }
    return labelLists.map { function.name.text + "(" + $0.joined() + ")" }
  }

  /// The key of what `node` reads: `x.publishedText`, or a call `x.text(for: d)` / `text(for: d)`.
  static func key(ofRead reference: DeclReferenceExprSyntax) -> String {
    key(of: reference.baseName.text, calledBy: call(reading: reference))
  }

  /// The key of a read of `name`, called by `call` when it is: `name` or `name(for:_:)`.
  fileprivate static func key(of name: String, calledBy call: FunctionCallExprSyntax?) -> String {
    var key = name
    guard let call else { return key }
    key.append("(")
    for argument in call.arguments {
      key.append(argument.label?.text ?? "_")
      key.append(":")
    }
    key.append(")")
    return key
  }

  /// Whether `name` may be a property's or method's: it starts with a lowercase ASCII letter
  /// or `_`, not as a type's (`Text`, `VStack`) does. ASCII is enough to tell.
  static func mayNameMember(_ name: String) -> Bool {
    guard let first = name.utf8.first else { return false }
    return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_")
  }

  /// The keys of a file's private and fileprivate members (and of the members of its private
  /// types and extensions), each to the key it is declared under: `date(from:)` to
  /// `date(from:)@Sources/Backend.swift`. Code in other files cannot reach them, so a read
  /// there of the same name is of another member (Foundation's `Calendar.date(from:)`).
  static func privateKeys(places: DeclarationPlaces, file: String) -> [String: String] {
    var result: [String: String] = [:]
    for (function, place) in zip(places.functions, places.functionPlaces)
    where place.isFilePrivate {
      for key in keys(of: function) { result[key] = key + "@" + file }
    }
    for (variable, place) in zip(places.variables, places.variablePlaces) {
      guard !place.isLocal, place.isFilePrivate else { continue }
      for binding in variable.bindings {
        if let name = binding.identifierName { result[name] = name + "@" + file }
      }
    }
    return result
  }

  /// The member access that `reference` names the member of (`x.publishedText` for
  /// `publishedText`), if any.
  static func memberAccess(naming reference: DeclReferenceExprSyntax) -> MemberAccessExprSyntax? {
    guard let member = reference.parent?.as(MemberAccessExprSyntax.self),
      member.declName.id == reference.id
    else { return nil }
    return member
  }

  /// The call of what `reference` reads, when the read is a call: `x.text(for: d)` or
  /// `text(for: d)` for `text`.
  static func call(reading reference: DeclReferenceExprSyntax) -> FunctionCallExprSyntax? {
    let node = memberAccess(naming: reference).map(Syntax.init) ?? Syntax(reference)
    guard let call = node.parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.id == node.id
    else { return nil }
    return call
  }

  /// The members of a file that build an expensive object per run, by key, and the keys of
  /// every property, method and enum case the file declares (with how many times), so that a
  /// name declared elsewhere without the cost is not mistaken for one.
  static func collect(
    calls: [FunctionCallExprSyntax], places: DeclarationPlaces, enumCases: [String],
    viewNames: Set<String>, file: String, privateKeys: [String: String],
    lines: LineTable
  ) -> (
    expensive: [String: ExpensiveMember], declared: [String: Int],
    working: Set<SyntaxIdentifier>, functionKeys: [[String]]
  ) {
    var declared: [String: Int] = [:]
    declared.reserveCapacity(places.functions.count + places.variables.count + enumCases.count)
    let functionKeys = places.functions.map { keys(of: $0).map(privateKeys.declared) }
    for keys in functionKeys {
      for key in keys { declared[key, default: 0] += 1 }
    }
    // Stored and static properties too: `Asset.Icons.server` is not the `server` that
    // decodes settings. Not a local (`let timeLeft = …` in the getter of `timeLeft`): no
    // read of a member reaches it.
    for (variable, place) in zip(places.variables, places.variablePlaces) where !place.isLocal {
      for binding in variable.bindings {
        if let name = binding.identifierName {
          declared[privateKeys.declared(name), default: 0] += 1
        }
      }
    }
    for element in enumCases { declared[element, default: 0] += 1 }
    var expensive: [String: ExpensiveMember] = [:]
    var working: Set<SyntaxIdentifier> = []
    let fileName = lastPathComponent(of: file)
    for call in calls {
      // The cheap checks first: most such calls are in views.
      guard let work = work(of: call), let member = member(running: call, places: places),
        !working.contains(member.id), !isBuiltFromInput(call), !runsOnSomeRuns(call)
      else { continue }
      let keys = Self.keys(ofMember: member, places: places, viewNames: viewNames)
        .map(privateKeys.declared)
      guard !keys.isEmpty, !runsOnce(call), !isCached(call) else { continue }
      // One count a declaration, however many objects it builds.
      working.insert(member.id)
      let line = lines.position(of: call.positionAfterSkippingLeadingTrivia).line
      for key in keys {
        if expensive[key] == nil {
          expensive[key] = ExpensiveMember(work: work, place: "\(fileName):\(line)", count: 1)
        } else {
          expensive[key]?.count += 1
        }
      }
    }
    return (expensive, declared, working, functionKeys)
  }

  /// What each member outside views of a file that does no expensive work itself (those in
  /// `working` do) reads or calls each time it runs, by the member's keys: one set of keys
  /// (see ``key(ofRead:)``) a declaration, `["formatToFiat(includeCurrencySymbol:)",
  /// "totalBalanceInFiatString"]`. ``ProjectIndex`` follows them across files: a member that
  /// reads an expensive member each time it runs does its work too. A read is a member
  /// access on a value (`x.name`, `x.name(…)`) or a call of a name (`name(…)`).
  static func reads(
    functionKeys: [[String]], places: DeclarationPlaces, viewNames: Set<String>,
    working: Set<SyntaxIdentifier>, privateKeys: [String: String]
  ) -> [String: [Set<String>]] {
    var result: [String: [Set<String>]] = [:]
    let collector = EveryRunReads(privateKeys: privateKeys)
    func add(_ member: Syntax, code: Syntax?, keys: [String], place: DeclarationPlace?) {
      guard let code, !keys.isEmpty, !working.contains(member.id),
        isOutsideViews(place, viewNames)
      else { return }
      let found = collector.reads(of: code)
      // A member that reads nothing reaches no work, and its key none with it.
      guard !found.isEmpty else { return }
      for key in keys { result[key, default: []].append(found) }
    }
    for ((function, place), keys) in zip(
      zip(places.functions, places.functionPlaces), functionKeys)
    {
      add(Syntax(function), code: function.body.map(Syntax.init), keys: keys, place: place)
    }
    for (variable, place) in zip(places.variables, places.variablePlaces) {
      for binding in variable.bindings where binding.isComputed {
        add(
          Syntax(binding), code: binding.accessorBlock.map(Syntax.init),
          keys: binding.identifierName.map { [privateKeys.declared($0)] } ?? [], place: place)
      }
    }
    return result
  }

  /// What `call` does that is expensive, as a message says it: `builds a DateFormatter` for
  /// one of ``ExpensiveViewInitRule/expensiveTypes``, `looks a resource up in a bundle` for
  /// `Bundle.main.path(forResource: language, ofType: "lproj")`.
  private static func work(of call: FunctionCallExprSyntax) -> String? {
    guard let name = call.calleeName else { return nil }
    if call.isUnqualifiedCall {
      return ExpensiveViewInitRule.expensiveTypes.contains(name) ? "builds a \(name)" : nil
    }
    return ExpensiveViewInitRule.isBundleResourceLookup(call, named: name)
      ? "looks a resource up in a bundle" : nil
  }

  /// Whether `call` runs on only some runs of the member around it: in a branch of an `if`,
  /// a `guard`'s `else` or a `switch` case, in a condition after the first (`guard let
  /// language = preferredLanguage, let path = Bundle.main.path(forResource: language, …)`), a
  /// ternary's branch, after `??`, `&&` or `||`, or after a statement that returns a value kept
  /// from an earlier run (``isMemoHit(_:)``). The work a member does only for some
  /// values (dates of the last day, a language the user picked) is not its cost on every run,
  /// unless every branch of an `if` chain or a `switch` does such work.
  private static func runsOnSomeRuns(_ node: some SyntaxProtocol) -> Bool {
    var child = Syntax(node)
    var grandchild = child
    // By kind: most nodes on the way are none of these, and asking the kind once is cheap.
    for ancestor in ancestors(of: node) {
      switch ancestor.kind {
      case .functionDecl, .accessorBlock, .closureExpr:
        return false
      case .codeBlockItemList:
        // After `if let cached = _environment { return cached }`: only on a miss.
        guard let statements = ancestor.as(CodeBlockItemListSyntax.self) else { break }
        for statement in statements {
          if statement.id == child.id { break }
          if isMemoHit(statement) { return true }
        }
      case .ifExpr:
        guard let ifExpression = ancestor.as(IfExprSyntax.self),
          child.id != ifExpression.conditions.id
        else { break }
        // `if let publishedAt { … }`: the value is there on the common path.
        let unwraps =
          child.id == ifExpression.body.id
          && ifExpression.conditions.allSatisfy {
            $0.condition.is(OptionalBindingConditionSyntax.self)
          }
        if !unwraps, !everyBranchWorks(ifExpression) { return true }
      case .switchCase:
        if let switchExpression = ancestor.parent?.parent?.as(SwitchExprSyntax.self),
          !switchExpression.cases.allSatisfy({ doesWork(in: Syntax($0)) })
        {
          return true
        }
      case .guardStmt:
        if ancestor.as(GuardStmtSyntax.self)?.body.id == child.id { return true }
      case .ternaryExpr:
        if ancestor.as(TernaryExprSyntax.self)?.condition.id != child.id { return true }
      case .conditionElementList:
        if ancestor.as(ConditionElementListSyntax.self)?.first?.id != child.id { return true }
      case .sequenceExpr:
        // The sequence's element is the child of its element list. Unfolded, `a ? b : c` is
        // the elements `a`, `? b :` and `c`.
        guard let sequence = ancestor.as(SequenceExprSyntax.self) else { break }
        for element in sequence.elements {
          if element.is(UnresolvedTernaryExprSyntax.self) { return true }
          if element.id == grandchild.id { break }
          if let op = element.as(BinaryOperatorExprSyntax.self),
            ["??", "&&", "||"].contains(op.operator.text)
          {
            return true
          }
        }
      default: break
      }
      grandchild = child
      child = ancestor
    }
    return false
  }

  /// Whether `statement` returns a value kept from an earlier run when it has one: `if let
  /// environment = _currentEnvironment { return environment }`, `if let bundle =
  /// cachedValue(forKey: language) { return bundle }`. What follows it runs on a miss only.
  static func isMemoHit(_ statement: CodeBlockItemSyntax) -> Bool {
    guard
      let ifExpression = statement.item.as(ExpressionStmtSyntax.self)?.expression.as(
        IfExprSyntax.self) ?? statement.item.as(IfExprSyntax.self),
      ifExpression.elseBody == nil,
      ifExpression.conditions.allSatisfy({ $0.condition.is(OptionalBindingConditionSyntax.self) }),
      let last = ifExpression.body.statements.last?.item
    else { return false }
    return last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self)
  }

  /// Whether the method around `call` does its work once, behind a flag it sets: `guard
  /// !diskLoaded else { return }; diskLoaded = true`.
  private static func runsOnce(_ call: FunctionCallExprSyntax) -> Bool {
    guard
      let function = ancestors(of: call).lazy.compactMap({ $0.as(FunctionDeclSyntax.self) })
        .first, let body = function.body
    else { return false }
    let flags = descendants(GuardStmtSyntax.self, of: body).compactMap { statement in
      statement.conditions.first?.condition.as(PrefixOperatorExprSyntax.self).flatMap {
        $0.operator.text == "!" ? $0.expression.trimmedText : nil
      }
    }
    guard !flags.isEmpty else { return false }
    return descendants(SequenceExprSyntax.self, of: body).contains { sequence in
      let elements = Array(sequence.elements)
      return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self)
        && flags.contains(elements[0].trimmedText)
        && elements[2].as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    }
  }

  /// Whether every branch of the `if`/`else if`/`else` chain around `ifExpression` does
  /// expensive work: the chain ends in an `else`, so some branch runs on every run.
  private static func everyBranchWorks(_ ifExpression: IfExprSyntax) -> Bool {
    var top = ifExpression
    while let outer = top.parent?.as(IfExprSyntax.self), outer.elseBody?.id == Syntax(top).id {
      top = outer
    }
    var current: IfExprSyntax? = top
    while let branch = current {
      guard doesWork(in: Syntax(branch.body)) else { return false }
      switch branch.elseBody {
      case .ifExpr(let next): current = next
      case .codeBlock(let last): return doesWork(in: Syntax(last))
      case nil: return false
      }
    }
    return false
  }

  /// Whether `node` holds a call that does expensive work (see ``work(of:)``).
  private static func doesWork(in node: Syntax) -> Bool {
    descendants(FunctionCallExprSyntax.self, of: node).contains { work(of: $0) != nil }
  }

  /// The members of a file outside views that filter, sort or group a collection each time
  /// they run (`var sortedItems: [Item] { items.sorted { … } }` in a model), by key: the
  /// first such call of each, with the property it walks (`items`).
  static func collectionWork(
    calls: [FunctionCallExprSyntax], places: DeclarationPlaces,
    viewNames: Set<String>, file: String, privateKeys: [String: String], lines: LineTable
  ) -> [String: CollectionWorkMember] {
    var found: [String: CollectionWorkMember] = [:]
    let fileName = lastPathComponent(of: file)
    for call in calls {
      // The name once: it rules out most calls.
      guard let name = call.calleeName else { continue }
      let work: String
      var walks: String?
      if CollectionWorkInBodyRule.memberOperations.contains(name), let base = call.calleeBase {
        guard !CollectionWorkInBodyRule.isConstant(base) else { continue }
        work = name
        walks = CollectionWorkInBodyRule.propertyName(
          memberCalls(of: base).last?.calleeBase ?? base)
      } else if name == "Dictionary", call.isUnqualifiedCall, call.argument("grouping") != nil {
        work = "Dictionary(grouping:)"
      } else {
        continue
      }
      let keys =
        (member(running: call, places: places).map {
          Self.keys(ofMember: $0, places: places, viewNames: viewNames)
        } ?? []).map(privateKeys.declared).filter { found[$0] == nil }
      guard !keys.isEmpty, walks.map({ isFixedList($0, around: call) }) != true else {
        continue
      }
      let line = lines.position(of: call.positionAfterSkippingLeadingTrivia).line
      for key in keys {
        found[key] = CollectionWorkMember(
          work: work, walks: walks, place: "\(fileName):\(line)", count: 1)
      }
    }
    return found
  }

  /// The kinds of the declarations that are a `DeclGroupSyntax`.
  private static let declGroupKinds: Set<SyntaxKind> = [
    .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl,
  ]

  /// Whether `property` is a `let` of the type around `node` set to an array literal (`let
  /// allTabs = [Statuses(), Media()]`): the same few values every time.
  private static func isFixedList(_ property: String, around node: some SyntaxProtocol) -> Bool {
    // By kind first: a cast to the protocol costs more than the rest of the walk.
    guard
      let members = ancestors(of: node).lazy.first(where: { declGroupKinds.contains($0.kind) })?
        .asProtocol(DeclGroupSyntax.self)?.memberBlock.members
    else { return false }
    return members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        variable.bindingSpecifier.tokenKind == .keyword(.let)
      else { return false }
      return variable.bindings.contains {
        $0.identifierName == property && $0.initializer?.value.is(ArrayExprSyntax.self) == true
      }
    }
  }

  /// Whether `call` compiles a pattern that is not a literal (`NSRegularExpression(pattern:
  /// rule.pattern)`): it changes with its input and cannot be made once.
  private static func isBuiltFromInput(_ call: FunctionCallExprSyntax) -> Bool {
    guard let pattern = call.argument("pattern") else { return false }
    return !pattern.is(StringLiteralExprSyntax.self)
  }

  /// Whether the member around `call` keeps what `call` makes in a cache:
  /// `let formatter = DateFormatter(); cache.setObject(formatter, forKey: format)` or
  /// `formatters[format] = formatter`: a member that keeps what it builds in a cache builds it
  /// once per key, not on each run. So is one that asks a cache of its own first: `if let
  /// bundle = cachedValue(forKey: language) { return bundle }`, `cacheValue(bundle, forKey:
  /// language)` (a call whose name says cache).
  private static func isCached(_ call: FunctionCallExprSyntax) -> Bool {
    let member = ancestors(of: call).first {
      $0.is(FunctionDeclSyntax.self) || $0.as(PatternBindingSyntax.self)?.isComputed == true
    }
    guard let member else { return false }
    let calls = descendants(FunctionCallExprSyntax.self, of: member)
    if calls.contains(where: { $0.calleeName.map { $0.lowercased().contains("cache") } == true }) {
      return true
    }
    var names: Set<String> = []
    if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(
      PatternBindingSyntax.self),
      let name = binding.identifierName
    {
      names.insert(name)
    }
    let isBuilt: (ExprSyntax) -> Bool = { value in
      value.id == ExprSyntax(call).id
        || value.as(DeclReferenceExprSyntax.self).map { names.contains($0.baseName.text) }
          == true
    }
    for stored in calls where ["setObject", "updateValue"].contains(stored.calleeName ?? "") {
      if let value = stored.arguments.first?.expression, isBuilt(value) { return true }
    }
    for sequence in descendants(SequenceExprSyntax.self, of: member) {
      let elements = Array(sequence.elements)
      if elements.count == 3, elements[0].is(SubscriptCallExprSyntax.self),
        elements[1].is(AssignmentExprSyntax.self), isBuilt(elements[2])
      {
        return true
      }
    }
    return false
  }

  /// The computed property or method whose run runs `node` (the function or the pattern
  /// binding), when it is one: none when `node` runs once (a stored property's or a global's
  /// initializer, an `init`, a `deinit` or a subscript).
  static func member(
    running node: some SyntaxProtocol, places: DeclarationPlaces
  ) -> Syntax? {
    for ancestor in ancestors(of: node) {
      if ancestor.is(FunctionDeclSyntax.self) { return ancestor }
      // A setter or an observer runs on a write, not on a read.
      if let accessor = ancestor.as(AccessorDeclSyntax.self),
        accessor.accessorSpecifier.tokenKind != .keyword(.get)
      {
        return nil
      }
      if let binding = ancestor.as(PatternBindingSyntax.self) {
        if binding.isComputed { return ancestor }
        // A local's initializer runs with its function; a stored property's or a global's
        // runs once.
        if let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
          places.place(of: declaration)?.isLocal == false
        {
          return nil
        }
        continue
      }
      if ancestor.is(InitializerDeclSyntax.self) || ancestor.is(DeinitializerDeclSyntax.self)
        || ancestor.is(SubscriptDeclSyntax.self)
      {
        return nil
      }
    }
    return nil
  }

  /// The keys (see ``keys(of:)``) of `member` (see ``member(running:places:)``), placed as `places`
  /// says (``SyntaxIndex/places``): none in a view (the view's own rule sees it) or for a
  /// member local to code.
  static func keys(
    ofMember member: Syntax, places: DeclarationPlaces,
    viewNames: Set<String>
  ) -> [String] {
    if let function = member.as(FunctionDeclSyntax.self) {
      return isOutsideViews(places.place(of: function), viewNames) ? keys(of: function) : []
    }
    // A binding's place is its variable declaration's: binding, list, declaration.
    guard let binding = member.as(PatternBindingSyntax.self),
      let declaration = member.parent?.parent?.as(VariableDeclSyntax.self),
      isOutsideViews(places.place(of: declaration), viewNames)
    else { return [] }
    return binding.identifierName.map { [$0] } ?? []
  }

  /// Whether a declaration placed at `place` is a member of a type or extension other than
  /// the views named `viewNames`, or a global: not local to code.
  private static func isOutsideViews(_ place: DeclarationPlace?, _ viewNames: Set<String>)
    -> Bool
  {
    guard let place, !place.isLocal else { return false }
    return place.typeName.map(viewNames.contains) != true
  }
}

/// The keys (``ExpensiveMembers/key(ofRead:)``) of what a member's code reads or calls each
/// time it runs: member accesses on a value (`x.name`, `x.name(…)`) and calls of a name
/// (`name(…)`), outside the code that runs on some runs only (a branch of an `if` other than
/// `if let x { … }`'s body, a `guard`'s `else`, a `switch`'s cases, a condition after the
/// first, a ternary's branches, what follows `??`, `&&` or `||` or a statement that returns a
/// value kept from an earlier run, ``ExpensiveMembers/isMemoHit(_:)``) and outside local
/// functions, local computed properties and nested types. Closures are walked: most run with the member
/// (`items.map { $0.text }`). One walk down the member, which skips what runs on some runs
/// instead of asking each read what it is in.
final class EveryRunReads: LeanVisitor {
  private var found: Set<String> = []
  private var root: SyntaxIdentifier?
  /// The keys of the file's private members
  /// (``ExpensiveMembers/privateKeys(places:file:)``).
  private let privateKeys: [String: String]

  init(privateKeys: [String: String]) {
    self.privateKeys = privateKeys
    super.init()
  }

  /// The keys `code` (a function's body, a computed property's accessors) reads each run.
  func reads(of code: Syntax) -> Set<String> {
    found = []
    root = code.id
    walk(code)
    return found
  }

  /// The member access a call visited last calls (`x.name` of `x.name(…)`), recorded with the
  /// call's labels: its own visit, next, leaves it.
  private var calledMember: SyntaxIdentifier?

  /// Records a read of `reference`, a call's (`call`) when it is called.
  private func record(_ reference: DeclReferenceExprSyntax, calledBy call: FunctionCallExprSyntax?)
  {
    let name = reference.baseName.text
    guard ExpensiveMembers.mayNameMember(name),
      !ExpensiveViewInitRule.synthesizedMembers.contains(name)
    else { return }
    found.insert(privateKeys.declared(ExpensiveMembers.key(of: name, calledBy: call)))
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    if node.base != nil, node.id != calledMember { record(node.declName, calledBy: nil) }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let called = node.calledExpression
    if let reference = called.as(DeclReferenceExprSyntax.self) {
      record(reference, calledBy: node)
    } else if let member = called.as(MemberAccessExprSyntax.self), member.base != nil {
      record(member.declName, calledBy: node)
      calledMember = member.id
    }
    return .visitChildren
  }

  override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
    if let first = node.conditions.first { walk(first) }
    // `if let publishedAt { … }`: the value is there on the common path.
    if node.conditions.allSatisfy({ $0.condition.is(OptionalBindingConditionSyntax.self) }) {
      walk(node.body)
    }
    return .skipChildren
  }

  override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
    if let first = node.conditions.first { walk(first) }
    return .skipChildren
  }

  override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
    walk(node.subject)
    return .skipChildren
  }

  override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
    walk(node.condition)
    return .skipChildren
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    // Unfolded, `a ? b : c` is the elements `a`, `? b :` and `c`.
    for element in node.elements {
      if element.is(UnresolvedTernaryExprSyntax.self) { break }
      if let op = element.as(BinaryOperatorExprSyntax.self),
        ["??", "&&", "||"].contains(op.operator.text)
      {
        break
      }
      walk(element)
    }
    return .skipChildren
  }

  override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
    // What follows `if let cached = _environment { return cached }` runs on a miss only.
    guard
      let hit = node.firstIndex(where: {
        $0.item.kind == .expressionStmt && ExpensiveMembers.isMemoHit($0)
      })
    else { return .visitChildren }
    for statement in node[...hit] { walk(statement) }
    return .skipChildren
  }

  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    node.id == root ? .visitChildren : .skipChildren
  }

  // A setter or an observer runs on a write, not on a read.
  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
    node.accessorSpecifier.tokenKind == .keyword(.get) ? .visitChildren : .skipChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension [String: String] {
  /// The key `key` is declared under in a file, when this is the file's
  /// ``ExpensiveMembers/privateKeys(places:file:)``: a private member's own.
  func declared(_ key: String) -> String { self[key] ?? key }

  /// The key a read in a file is of (``ExpensiveMembers/key(ofRead:)``), as ``declared(_:)``
  /// gives it.
  func key(ofRead reference: DeclReferenceExprSyntax) -> String {
    declared(ExpensiveMembers.key(ofRead: reference))
  }
}
