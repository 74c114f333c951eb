import SwiftSyntax

/// Filtering, sorting or grouping a collection while building a view.
struct CollectionWorkInBodyRule: Rule {
  static let description = RuleDescription(
    id: "collection-work-in-body",
    name: "Collection Work in Body",
    summary: "filter/sorted/map/compactMap in a ForEach, sorted or Dictionary(grouping:) in body",
    rationale: """
      body and view-typed computed properties run on every render, and a view can render many \
      times a second. ForEach(items.filter { … }), items.sorted() or Dictionary(grouping:by:) \
      there walk (and usually copy) the whole collection each time, even when it has not \
      changed. Derive the collection once, where the data changes: a stored property of the \
      model updated on writes, or a cached value keyed by its inputs; then write \
      ForEach(model.visibleItems). Literal arrays, ranges and static data are not reported, \
      nor is reversed(), which is a constant-time view of the collection.
      """,
    triggeringExamples: [
      Example(
        """
        var body: some View {
          List {
            ForEach(items.↓filter { $0.isDone }) { Row(item: $0) }
          }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(model.people.↓sorted(by: { $0.name < $1.name })) { PersonRow(person: $0) }
        }
        """),
      Example(
        """
        var rows: some View {
          ForEach(model.items.↓compactMap(\\.detail), id: \\.self) { Text($0) }
        }
        """),
      Example(
        """
        var body: some View {
          let groups = ↓Dictionary(grouping: items, by: \\.category)
          return List(groups.keys.↓sorted(), id: \\.self) { Text($0) }
        }
        """),
      Example(
        """
        func body(content: Content) -> some View {
          content.overlay { Text(tags.↓sorted().joined()) }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(items.↓map { $0.name }.sorted(), id: \\.self) { Text($0) }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        var body: some View {
          ForEach(model.visibleItems) { Row(item: $0) }
        }
        """),
      Example(
        """
        struct Feature: Reducer {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.items = state.items.sorted()
              return .none
            }
          }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(model.items.prefix(3)) { Row(item: $0) }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(items.reversed()) { Row(item: $0) }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach((1...5).map { $0 * 2 }, id: \\.self) { Text("\\($0)") }
        }
        """),
      Example(
        """
        var visibleItems: [Item] { items.filter { !$0.isHidden } }
        func sortedNames() -> [String] { names.sorted() }
        """),
      Example(
        """
        var body: some View {
          Button("Sort") { items = items.sorted() }
            .task { groups = Dictionary(grouping: items, by: \\.kind) }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(Category.allCases.filter(\\.isVisible)) { Text($0.title) }
        }
        """),
      Example(
        """
        enum Topic: String, CaseIterable { case games, music, movies }
        struct SignUp { var topics: Set<Topic> = [] }
        struct TopicsView: View {
          let data: SignUp
          var body: some View {
            ForEach(data.topics.sorted(by: { $0.rawValue < $1.rawValue })) { Text($0.rawValue) }
            ForEach("ABCDEF".map { String($0) }, id: \\.self) { Text($0) }
          }
        }
        """),
    ]
  )

  static let forEachOperations: Set<String> = [
    "filter", "sorted", "map", "compactMap", "flatMap", "shuffled",
  ]

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    var reported: Set<SyntaxIdentifier> = []
    for scope in RenderScope.viewBuildingMembers(in: file.syntax) {
      for call in descendants(
        FunctionCallExprSyntax.self, of: scope, skipping: UseContext.isAction)
      {
        if (call.isType("ForEach") || call.isType("List") || call.isType("Table")),
          let data = call.firstUnlabeledArgument
        {
          let chain = memberCalls(of: data)
          guard let root = chain.last?.calleeBase, !Self.isConstant(root) else { continue }
          if let first = chain.last(where: {
            Self.forEachOperations.contains($0.calleeName ?? "")
          }) {
            for call in chain { reported.insert(call.id) }
            result.append(finding(first, over: root))
          }
        } else if call.isType("Dictionary"), call.argument("grouping") != nil {
          result.append(
            Finding(
              at: call,
              message: "Dictionary(grouping:by:) groups the whole collection on every render; "
                + "group once in the model"))
        } else if call.calleeName == "sorted", let base = call.calleeBase,
          !Self.isConstant(base), !reported.contains(call.id)
        {
          result.append(finding(call, over: base))
        }
      }
    }
    return result
  }

  /// A finding at `call`, which walks `collection`; when `collection` is a property
  /// (`store.data.topics`), decided once the project's types are known: a `Set` of an enum's
  /// values holds at most its few cases, and sorting them is how it gets a display order.
  private func finding(_ call: FunctionCallExprSyntax, over collection: ExprSyntax) -> Finding {
    let name = call.calleeName ?? "?"
    let message =
      "'\(name)' walks the whole collection on every render; derive it once in the model and "
      + "pass the result"
    let node: Syntax =
      call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) }
      ?? Syntax(call)
    let property =
      collection.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      ?? collection.as(DeclReferenceExprSyntax.self)?.baseName.text
    guard let property else { return Finding(at: node, message: message) }
    return Finding(at: node) { index in
      Self.isSetOfEnumCases(property, in: index) ? nil : message
    }
  }

  /// Whether every stored property named `property` in the project is a `Set` of an enum the
  /// project declares.
  private static func isSetOfEnumCases(_ property: String, in index: ProjectIndex) -> Bool {
    let types = index.storedPropertyTypes(named: property)
    return !types.isEmpty
      && types.allSatisfy { type in
        guard let type, type.hasPrefix("Set<"), let element = ProjectIndex.elementType(of: type)
        else { return false }
        return index.uniqueType(qualified: element)?.kind == .enumeration
      }
  }

  private static func isConstant(_ root: ExprSyntax) -> Bool {
    if isLiteralCollection(root) { return true }
    // `"ABC".map { String($0) }`: the characters of a literal.
    if unwrapped(root).is(StringLiteralExprSyntax.self) { return true }
    if let rootName = rootName(of: root), rootName.first?.isUppercase == true { return true }
    return false
  }
}
