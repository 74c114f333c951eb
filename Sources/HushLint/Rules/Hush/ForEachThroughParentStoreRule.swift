import SwiftSyntax

/// A Hush view iterating an identified collection of its store as values: it depends on every
/// row.
struct ForEachThroughParentStoreRule: Rule {
  static let description = RuleDescription(
    id: "foreach-through-parent-store",
    name: "ForEach Through Parent Store",
    summary: "ForEach(store.rows) makes the view depend on every row of the collection",
    rationale: """
      ForEach(store.rows) { row in … } hands SwiftUI the whole collection, read through the \
      store: the view renders whenever any row changes, and each row's content gets a plain \
      value that tracks nothing of its own. Iterate the ids instead, ForEach(store.rows.ids, \
      id: \\.self), which renders only when rows are added, removed or moved, and read each \
      row by id, store.rows[id: id], which tracks only that row. When the reducer runs the \
      rows with forEach, element stores are better still: ForEach(store.scope(state: \
      \\.rows, action: \\.rows)) { RowView(store: $0) }. Only files that import Hush are \
      checked.
      """,
    triggeringExamples: [
      .hush(
        """
        struct TodosState { var todos: IdentifiedArrayOf<Todo> = [] }
        struct TodosView: View {
          let store: Store<TodosState, TodosAction>
          var body: some View {
            List {
              ForEach(↓store.todos) { todo in
                Text(todo.title)
              }
            }
          }
        }
        """),
      .hush(
        """
        struct BoardState { var cards: IdentifiedArray<Card.ID, Card> = [] }
        struct BoardView: View {
          @Bindable var store: StoreOf<Board>
          var body: some View {
            ForEach(↓self.store.cards) { Text($0.title) }
          }
        }
        """),
      .hush(
        """
        struct LibraryState { var books: IdentifiedArrayOf<Book> }
        struct Inspector: View {
          let listStore: Store<LibraryState, LibraryAction>
          var body: some View { content }
          var content: some View {
            ForEach(↓listStore.books) { book in Text(book.name) }
          }
        }
        """),
      .hush(
        """
        struct FeedState { var posts: IdentifiedArrayOf<Post> = [] }
        struct FeedView: View {
          let store: StoreOf<Feed>
          var body: some View {
            ScrollView {
              LazyVStack {
                ForEach(↓store.posts) { post in
                  PostRow(post: post)
                }
              }
            }
          }
        }
        """),
      .hush(
        """
        struct TagsState { var tags: IdentifiedArrayOf<Tag> = [] }
        struct TagsView: View {
          let store: StoreOf<Tags>
          var body: some View {
            HStack { ForEach(↓store.tags) { tag in Text(tag.name) } }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      .hush(
        """
        struct TodosState { var todos: IdentifiedArrayOf<Todo> = [] }
        struct TodosView: View {
          let store: StoreOf<Todos>
          var body: some View {
            List {
              ForEach(store.todos.ids, id: \\.self) { id in
                if let todo = store.todos[id: id] { Text(todo.title) }
              }
            }
          }
        }
        """),
      .hush(
        """
        struct TodosState { var todos: IdentifiedArrayOf<Todo> = [] }
        struct TodosView: View {
          let store: StoreOf<Todos>
          var body: some View {
            ForEach(store.scope(state: \\.todos, action: \\.todos)) { TodoRow(store: $0) }
          }
        }
        """),
      .hush(
        """
        struct TodosView: View {
          let todos: IdentifiedArrayOf<Todo>
          var body: some View {
            ForEach(todos) { todo in Text(todo.title) }
          }
        }
        """),
      .hush(
        """
        struct ContactsState { var contacts: [Contact] = [] }
        struct ContactsView: View {
          let store: StoreOf<Contacts>
          var body: some View {
            ForEach(store.contacts) { contact in Text(contact.name) }
          }
        }
        """),
      .tca(
        """
        struct TodosState { var todos: IdentifiedArrayOf<Todo> = [] }
        struct TodosView: View {
          let store: StoreOf<Todos>
          var body: some View {
            ForEach(store.todos) { todo in Text(todo.title) }
          }
        }
        """),
    ],
    mechanicalFix:
      "iterates the ids and reads each row by id: ForEach(store.rows) { row in … } becomes "
      + "ForEach(store.rows.ids, id: \\.self) { rowID in if let row = store.rows[id: rowID] "
      + "{ … } } (closures with a named parameter, outside a List or Table, where a "
      + "conditional row would make the list build every row; there, give rows element "
      + "stores)"
  )

  func findings(in file: LintedFile) -> [Finding] {
    guard file.imports("Hush") else { return [] }
    var result: [Finding] = []
    var seen: Set<SyntaxIdentifier> = []
    for view in file.views {
      let storeNames = RowThroughParentStoreRule.storeNames(of: view)
      guard !storeNames.isEmpty else { continue }
      for member in RenderScope.perRenderMembers(of: view) {
        for call in file.syntax.calls(in: member)
        where ViewContainers.isForEach(call) && seen.insert(call.id).inserted {
          guard call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil,
            let data = argument.expression.as(MemberAccessExprSyntax.self),
            let base = data.base,
            RowThroughParentStoreRule.isStoreReference(base, storeNames: storeNames)
          else { continue }
          let rows = data.declName.baseName.text
          let message =
            "ForEach(\(data.trimmedText)) makes this view depend on every row: "
            + "it renders whenever any row changes; iterate "
            + "'\(data.trimmedText).ids' and read each row by id "
            + "('\(base.trimmedText).\(rows)[id: id]' tracks only that row)"
          // Only for an identified collection of some state in the project (the fix reads its
          // ids): a plain array has none.
          let isIdentified: @Sendable (ProjectIndex) -> Bool = { index in
            index.storedPropertyTypes(named: rows).contains {
              $0?.hasPrefix("IdentifiedArray") ?? false
            }
          }
          var finding = Finding(at: data) { index in isIdentified(index) ? message : nil }
          if let edits = Self.edits(for: call, data: data) {
            finding = finding.fixed(by: edits, when: isIdentified)
          }
          result.append(finding)
        }
      }
    }
    return result
  }

  /// `ForEach(store.rows) { row in BODY }` → `ForEach(store.rows.ids, id: \.self) { rowID in
  /// if let row = store.rows[id: rowID] { BODY } }`: for a trailing closure with one named
  /// parameter, whose body does not already use the new name, outside a `List` or `Table`
  /// (there a conditional row makes the list build every row to count them).
  private static func edits(
    for call: FunctionCallExprSyntax, data: MemberAccessExprSyntax
  ) -> [TextEdit]? {
    guard !ViewContainers.isInsideList(call), let closure = call.trailingClosure,
      call.additionalTrailingClosures.isEmpty,
      let signature = closure.signature, signature.effectSpecifiers == nil,
      signature.returnClause == nil,
      let parameters = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self),
      parameters.count == 1, let parameter = parameters.first,
      parameter.name.tokenKind != .wildcard
    else { return nil }
    let name = parameter.name.text
    let idName = name + "ID"
    guard
      !closure.statements.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == idName })
    else { return nil }
    let collection = data.trimmedText
    func insertion(at position: AbsolutePosition, _ text: String) -> TextEdit {
      TextEdit(range: position.utf8Offset..<position.utf8Offset, replacement: text)
    }
    return [
      insertion(at: data.endPositionBeforeTrailingTrivia, ".ids, id: \\.self"),
      TextEdit(
        range: parameter.name.positionAfterSkippingLeadingTrivia
          .utf8Offset..<parameter.name.endPositionBeforeTrailingTrivia.utf8Offset,
        replacement: idName),
      insertion(
        at: signature.inKeyword.endPositionBeforeTrailingTrivia,
        " if let \(name) = \(collection)[id: \(idName)] {"),
      insertion(at: closure.rightBrace.positionAfterSkippingLeadingTrivia, "} "),
    ]
  }
}
