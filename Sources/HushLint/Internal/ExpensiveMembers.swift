import SwiftSyntax

/// A computed property or method outside views that builds an expensive object (a formatter,
/// a coder, a regular expression) or looks a resource up in a bundle each time it runs: `var
/// publishedText: String { let f = RelativeDateTimeFormatter(); … }` in a model, `func
/// shortRelative()` in an extension of `Date`, `func localized() -> String` that finds its
/// language's `.lproj` bundle on every call, directly or through a member of the same file it
/// calls. A view that reads one while it renders pays for the work on every render.
struct ExpensiveMember: Sendable, Hashable, Codable {
  /// What it does each time it runs, as a message says it: `builds a
  /// RelativeDateTimeFormatter`, `looks a resource up in a bundle`.
  var work: String
  /// Where, for messages: `Video.swift:124` (the first of them; for a member that calls
  /// another, where that one does the work).
  var place: String
  /// How many declarations of its key build one.
  var count: Int
}

/// A computed property or method outside views that filters, sorts or groups a collection
/// each time it runs (see ``ExpensiveMembers/collectionWork(calls:viewNames:file:lines:)``).
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
    let name = reference.baseName.text
    guard let call = call(reading: reference) else { return name }
    let labels = call.arguments.map { ($0.label?.text ?? "_") + ":" }
    return name + "(" + labels.joined() + ")"
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
    calls: [FunctionCallExprSyntax], functions: [FunctionDeclSyntax],
    variables: [VariableDeclSyntax], enumCases: [String], viewNames: Set<String>, file: String,
    lines: LineTable
  ) -> (expensive: [String: ExpensiveMember], declared: [String: Int]) {
    var declared: [String: Int] = [:]
    for function in functions {
      for key in keys(of: function) { declared[key, default: 0] += 1 }
    }
    // Stored and static properties too: `Asset.Icons.server` is not the `server` that
    // decodes settings.
    for variable in variables {
      for binding in variable.bindings {
        if let name = binding.identifierName { declared[name, default: 0] += 1 }
      }
    }
    for element in enumCases { declared[element, default: 0] += 1 }
    var expensive: [String: ExpensiveMember] = [:]
    let fileName = lastPathComponent(of: file)
    for call in calls {
      guard let work = work(of: call), !isBuiltFromInput(call), !isCached(call),
        !runsOnSomeRuns(call), !runsOnce(call)
      else { continue }
      let line = lines.position(of: call.positionAfterSkippingLeadingTrivia).line
      // One count a member, however many objects it builds.
      for key in memberBuildingEachRun(call, viewNames: viewNames) where expensive[key] == nil {
        expensive[key] = ExpensiveMember(work: work, place: "\(fileName):\(line)", count: 1)
      }
    }
    // A member that calls one of them each time it runs does its work too (`func localized()`
    // that calls `Bundle.localizedBundle()`): followed within the file, until no member is
    // added.
    let calling =
      expensive.isEmpty ? [] : calls.compactMap { call in calleeKey(of: call).map { (call, $0) } }
    var added = !expensive.isEmpty
    while added {
      added = false
      for (call, callee) in calling {
        guard let found = expensive[callee], !runsOnSomeRuns(call) else { continue }
        for key in memberBuildingEachRun(call, viewNames: viewNames) where expensive[key] == nil {
          expensive[key] = found
          added = true
        }
      }
    }
    return (expensive, declared)
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
  /// ternary's branch, or after `??`, `&&` or `||`. The work a member does only for some
  /// values (dates of the last day, a language the user picked) is not its cost on every run.
  private static func runsOnSomeRuns(_ call: FunctionCallExprSyntax) -> Bool {
    var child = Syntax(call)
    for ancestor in ancestors(of: call) {
      if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(AccessorBlockSyntax.self)
        || ancestor.is(ClosureExprSyntax.self)
      {
        return false
      }
      if let ifExpression = ancestor.as(IfExprSyntax.self), child.id != ifExpression.conditions.id {
        // `if let publishedAt { … }`: the value is there on the common path.
        let unwraps =
          child.id == ifExpression.body.id
          && ifExpression.conditions.allSatisfy {
            $0.condition.is(OptionalBindingConditionSyntax.self)
          }
        if !unwraps, !everyBranchWorks(ifExpression) { return true }
      }
      if ancestor.is(SwitchCaseSyntax.self),
        let switchExpression = ancestor.parent?.parent?.as(SwitchExprSyntax.self),
        !switchExpression.cases.allSatisfy({ doesWork(in: Syntax($0)) })
      {
        return true
      }
      if let guardStatement = ancestor.as(GuardStmtSyntax.self),
        child.id == guardStatement.body.id
      {
        return true
      }
      if let ternary = ancestor.as(TernaryExprSyntax.self), child.id != ternary.condition.id {
        return true
      }
      if let conditions = ancestor.as(ConditionElementListSyntax.self),
        conditions.first?.id != child.id
      {
        return true
      }
      if let sequence = ancestor.as(SequenceExprSyntax.self) {
        for element in sequence.elements {
          if element.id == child.id { break }
          if let op = element.as(BinaryOperatorExprSyntax.self),
            ["??", "&&", "||"].contains(op.operator.text)
          {
            return true
          }
        }
      }
      child = ancestor
    }
    return false
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

  /// The key of the member `call` calls (see ``key(ofRead:)``), when it calls one by name:
  /// `localizedBundle()` for `Bundle.localizedBundle()` and for `localizedBundle()`.
  private static func calleeKey(of call: FunctionCallExprSyntax) -> String? {
    let reference =
      call.calledExpression.as(DeclReferenceExprSyntax.self)
      ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
    return reference.map(key(ofRead:))
  }

  /// The members of a file outside views that filter, sort or group a collection each time
  /// they run (`var sortedItems: [Item] { items.sorted { … } }` in a model), by key: the
  /// first such call of each, with the property it walks (`items`).
  static func collectionWork(
    calls: [FunctionCallExprSyntax], viewNames: Set<String>, file: String, lines: LineTable
  ) -> [String: CollectionWorkMember] {
    var found: [String: CollectionWorkMember] = [:]
    let fileName = lastPathComponent(of: file)
    for call in calls {
      // Most calls are not member calls at all.
      guard call.calledExpression.is(MemberAccessExprSyntax.self) || call.isType("Dictionary")
      else { continue }
      let work: String
      var walks: String?
      if let name = call.calleeName, CollectionWorkInBodyRule.memberOperations.contains(name),
        let base = call.calleeBase
      {
        guard !CollectionWorkInBodyRule.isConstant(base) else { continue }
        work = name
        walks = CollectionWorkInBodyRule.propertyName(
          memberCalls(of: base).last?.calleeBase ?? base)
      } else if call.isType("Dictionary"), call.argument("grouping") != nil {
        work = "Dictionary(grouping:)"
      } else {
        continue
      }
      let keys = memberBuildingEachRun(call, viewNames: viewNames).filter { found[$0] == nil }
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

  /// Whether `property` is a `let` of the type around `node` set to an array literal (`let
  /// allTabs = [Statuses(), Media()]`): the same few values every time.
  private static func isFixedList(_ property: String, around node: some SyntaxProtocol) -> Bool {
    guard
      let members = ancestors(of: node).lazy.compactMap({
        $0.asProtocol(DeclGroupSyntax.self)?.memberBlock.members
      }).first
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
  /// once per key, not on each run.
  private static func isCached(_ call: FunctionCallExprSyntax) -> Bool {
    let member = ancestors(of: call).first {
      $0.is(FunctionDeclSyntax.self) || $0.as(PatternBindingSyntax.self)?.isComputed == true
    }
    guard let member else { return false }
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
    for stored in descendants(FunctionCallExprSyntax.self, of: member)
    where ["setObject", "updateValue"].contains(stored.calleeName ?? "") {
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

  /// The keys (see ``keys(of:)``) of the computed property or method that runs `call` each
  /// time it runs; none when the object is made once (a `static let` or a global's
  /// initializer, an `init`, a `lazy var`), in a view (the view's own rule sees it), or in a
  /// local function.
  static func memberBuildingEachRun(
    _ call: FunctionCallExprSyntax, viewNames: Set<String>
  ) -> [String] {
    var key: [String]?
    for ancestor in ancestors(of: call) {
      if key == nil {
        if let function = ancestor.as(FunctionDeclSyntax.self) {
          key = keys(of: function)
          continue
        }
        if let binding = ancestor.as(PatternBindingSyntax.self) {
          if binding.isComputed {
            guard let name = binding.identifierName else { return [] }
            key = [name]
            continue
          }
          // A local's initializer runs with its function; a stored property's or a global's
          // runs once.
          let declaration = binding.parent?.parent
          if declaration?.parent?.is(MemberBlockItemSyntax.self) == true
            || declaration?.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
          {
            return []
          }
          continue
        }
        if ancestor.is(InitializerDeclSyntax.self) || ancestor.is(DeinitializerDeclSyntax.self)
          || ancestor.is(SubscriptDeclSyntax.self)
        {
          return []
        }
        continue
      }
      // Above the member: the type or extension it belongs to (or the file, for a global
      // function); a member inside a function is local to it.
      if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(ClosureExprSyntax.self)
        || ancestor.is(AccessorBlockSyntax.self)
      {
        return []
      }
      if let declaration = ancestor.asProtocol(NamedDeclSyntax.self),
        ancestor.is(StructDeclSyntax.self) || ancestor.is(ClassDeclSyntax.self)
          || ancestor.is(EnumDeclSyntax.self) || ancestor.is(ActorDeclSyntax.self)
      {
        return viewNames.contains(declaration.name.text) ? [] : key ?? []
      }
      if let extensionDecl = ancestor.as(ExtensionDeclSyntax.self) {
        return extensionDecl.extendedType.simpleName.map(viewNames.contains) == true
          ? [] : key ?? []
      }
    }
    return key ?? []
  }
}
