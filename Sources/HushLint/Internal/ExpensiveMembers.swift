import SwiftSyntax

/// A computed property or method outside views that builds an expensive object (a formatter,
/// a coder, a regular expression) each time it runs: `var publishedText: String { let f =
/// RelativeDateTimeFormatter(); … }` in a model, `func shortRelative()` in an extension of
/// `Date`. A view that reads one while it renders pays for the object on every render.
struct ExpensiveMember: Sendable, Hashable, Codable {
  /// What it builds: `RelativeDateTimeFormatter`.
  var builds: String
  /// Where, for messages: `Video.swift:124` (the first of them).
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
  /// Whether `source` may build one of ``ExpensiveViewInitRule/expensiveTypes``: it spells a
  /// part of every one of their names. Most files do not, and their calls need no look.
  static func mayBuild(in source: String) -> Bool {
    ["Formatter", "JSON", "PropertyList", "NSRegularExpression", "NSDataDetector"].contains {
      containsBytes(source, $0)
    }
  }

  /// The key a member is found by: `publishedText` for a property, `text(for:)` for a method.
  static func key(of function: FunctionDeclSyntax) -> String {
    let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
    return function.name.text + "(" + labels.joined() + ")"
  }

  /// The key of what `node` reads: `x.publishedText`, or a call `x.text(for: d)` / `text(for: d)`.
  static func key(ofRead reference: DeclReferenceExprSyntax) -> String {
    let name = reference.baseName.text
    var node = Syntax(reference)
    if let member = reference.parent?.as(MemberAccessExprSyntax.self),
      member.declName.id == reference.id
    {
      node = Syntax(member)
    }
    if let call = node.parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.id == node.id
    {
      let labels = call.arguments.map { ($0.label?.text ?? "_") + ":" }
      return name + "(" + labels.joined() + ")"
    }
    return name
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
    for function in functions { declared[key(of: function), default: 0] += 1 }
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
      guard let type = call.calleeName, ExpensiveViewInitRule.expensiveTypes.contains(type),
        call.isUnqualifiedCall, !isBuiltFromInput(call), !isCached(call),
        let key = memberBuildingEachRun(call, viewNames: viewNames)
      else { continue }
      let line = lines.position(of: call.positionAfterSkippingLeadingTrivia).line
      // One count a member, however many objects it builds.
      if expensive[key] == nil {
        expensive[key] = ExpensiveMember(builds: type, place: "\(fileName):\(line)", count: 1)
      }
    }
    return (expensive, declared)
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
      guard let key = memberBuildingEachRun(call, viewNames: viewNames), found[key] == nil,
        walks.map({ isFixedList($0, around: call) }) != true
      else { continue }
      let line = lines.position(of: call.positionAfterSkippingLeadingTrivia).line
      found[key] = CollectionWorkMember(
        work: work, walks: walks, place: "\(fileName):\(line)", count: 1)
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

  /// The key of the computed property or method that runs `call` each time it runs; `nil`
  /// when the object is made once (a `static let` or a global's initializer, an `init`, a
  /// `lazy var`), in a view (the view's own rule sees it), or in a local function.
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

  static func memberBuildingEachRun(
    _ call: FunctionCallExprSyntax, viewNames: Set<String>
  ) -> String? {
    var key: String?
    for ancestor in ancestors(of: call) {
      if key == nil {
        if let function = ancestor.as(FunctionDeclSyntax.self) {
          key = self.key(of: function)
          continue
        }
        if let binding = ancestor.as(PatternBindingSyntax.self) {
          if binding.isComputed {
            guard let name = binding.identifierName else { return nil }
            key = name
            continue
          }
          // A local's initializer runs with its function; a stored property's or a global's
          // runs once.
          let declaration = binding.parent?.parent
          if declaration?.parent?.is(MemberBlockItemSyntax.self) == true
            || declaration?.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
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
        continue
      }
      // Above the member: the type or extension it belongs to (or the file, for a global
      // function); a member inside a function is local to it.
      if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(ClosureExprSyntax.self)
        || ancestor.is(AccessorBlockSyntax.self)
      {
        return nil
      }
      if let declaration = ancestor.asProtocol(NamedDeclSyntax.self),
        ancestor.is(StructDeclSyntax.self) || ancestor.is(ClassDeclSyntax.self)
          || ancestor.is(EnumDeclSyntax.self) || ancestor.is(ActorDeclSyntax.self)
      {
        return viewNames.contains(declaration.name.text) ? nil : key
      }
      if let extensionDecl = ancestor.as(ExtensionDeclSyntax.self) {
        return extensionDecl.extendedType.simpleName.map(viewNames.contains) == true
          ? nil : key
      }
    }
    return key
  }
}
