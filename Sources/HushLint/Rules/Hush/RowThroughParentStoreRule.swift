import SwiftSyntax

/// A Hush view reading one row of a collection through the parent store.
struct RowThroughParentStoreRule: Rule {
  static let description = RuleDescription(
    id: "row-through-parent-store",
    name: "Row Through Parent Store",
    summary: "A view reads a row through its parent store instead of the row's element store",
    rationale: """
      store.rows[id: id] and store[\\.rows[id: id]?.title] read one row through the parent \
      store: the view renders only when that row changes, but every render builds the row's \
      key path anew and looks it up by hashing it, where a row's element store reads through \
      literal key paths found by identity. When the reducer runs the rows with \
      forEach(\\.rows, action: \\.rows), the element stores exist: give each row view its \
      own (store.scope(state: \\.rows, action: \\.rows), then [id: id] or ForEach over it), \
      which also sends the row's actions. Without a forEach the read through the parent is \
      the right idiom and is not reported. Only files that import Hush are checked.
      """,
    triggeringExamples: [
      .hush(
        """
        struct Rows: Reducer {
          var body: some ReducerOf<Self> {
            EmptyReducer().forEach(\\.rows, action: \\.rows) { Row() }
          }
        }
        struct RowView: View {
          let store: StoreOf<Rows>
          let id: Row.ID
          var body: some View {
            Text(↓store.rows[id: id]?.title ?? "")
          }
        }
        """),
      .hush(
        """
        struct Rows: Reducer {
          var body: some ReducerOf<Self> {
            Reduce { state, action in .none }
              .forEach(\\.rows, action: \\.rows) { Row() }
          }
        }
        struct RowView: View {
          let store: StoreOf<Rows>
          let id: Row.State.ID
          var body: some View {
            Text(↓store[\\.rows[id: id]?.title] ?? "")
          }
        }
        """),
      .hush(
        """
        struct Board: Reducer {
          var body: some ReducerOf<Self> {
            CombineReducers { Scope(state: \\.header, action: \\.header) { Header() } }
              .forEach(\\.cards, action: \\.cards) { Card() }
          }
        }
        struct Column: View {
          let store: StoreOf<Board>
          var body: some View {
            ForEach(store.cardIDs, id: \\.self) { id in
              Label(↓store[\\.cards[id: id]?.title] ?? "", systemImage: "square")
            }
          }
        }
        """),
      .hush(
        """
        struct Library: Reducer {
          var body: some ReducerOf<Self> {
            EmptyReducer().forEach(\\.books, action: \\.books) { Book() }
          }
        }
        struct Inspector: View {
          let listStore: Store<Library.State, Library.Action>
          let selection: Book.ID
          var body: some View { header }
          var header: some View {
            Text(↓listStore.books[id: selection]?.name ?? "Untitled")
          }
        }
        """),
      .hush(
        """
        struct Inbox: Reducer {
          var body: some ReducerOf<Self> {
            EmptyReducer().forEach(\\.messages, action: \\.messages) { Message() }
          }
        }
        struct Row: View {
          @Bindable var store: StoreOf<Inbox>
          let id: Message.ID
          var body: some View {
            if let message = ↓self.store.messages[id: id] {
              Text(message.subject)
            }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      .hush(
        """
        struct RowView: View {
          let store: StoreOf<Rows>
          let id: Row.ID
          var body: some View { Text(store.rows[id: id]?.title ?? "") }
        }
        """),
      .hush(
        """
        struct SyncUpRow: View {
          let store: StoreOf<SyncUpsList>
          let id: SyncUp.ID
          var body: some View {
            Text(store[\\.syncUps[id: id]?.title] ?? "")
          }
        }
        """),
      .hush(
        """
        struct Rows: Reducer {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.rows[id: action.id]?.title = "x"
              return .none
            }
            .forEach(\\.rows, action: \\.rows) { Row() }
          }
        }
        struct RowsView: View {
          let store: StoreOf<Rows>
          var body: some View {
            ForEach(store.scope(state: \\.rows, action: \\.rows)) { RowView(store: $0) }
            if let first = store.scope(state: \\.rows, action: \\.rows)[id: store.firstID] {
              RowView(store: first)
            }
          }
        }
        """),
      .hush(
        """
        struct Rows: Reducer {
          var body: some ReducerOf<Self> {
            EmptyReducer().forEach(\\.rows, action: \\.rows) { Row() }
          }
        }
        struct RowView: View {
          let store: StoreOf<Rows>
          let id: Row.State.ID
          var body: some View {
            Button("Share") { share(store[\\.rows[id: id]?.title], store.rows[id: id]) }
          }
        }
        """),
      .tca(
        """
        struct RowView: View {
          let store: StoreOf<Rows>
          let id: Row.ID
          var body: some View { Text(store.rows[id: id]?.title ?? "") }
        }
        """),
      .hush(
        """
        struct Totals: View {
          let rows: IdentifiedArrayOf<Row>
          let id: Row.ID
          var body: some View { Text(rows[id: id]?.title ?? "") }
        }
        """),
      .hush(
        """
        func title(in store: StoreOf<Rows>, id: Row.ID) -> String {
          store.rows[id: id]?.title ?? ""
        }
        """),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    guard file.imports("Hush") else { return [] }
    var result: [Finding] = []
    var seen: Set<SyntaxIdentifier> = []
    for view in file.views {
      let storeNames = Self.storeNames(of: view)
      for member in RenderScope.perRenderMembers(of: view) {
        for read in descendants(
          SubscriptCallExprSyntax.self, of: member, skipping: UseContext.isAction)
        where seen.insert(read.id).inserted {
          if let finding = Self.finding(for: read, storeNames: storeNames) {
            result.append(finding)
          }
        }
      }
    }
    return result
  }

  /// `store.rows[id: id]` or `store[\.rows[id: id]…]` (one row, through the parent), when
  /// `store` is one of the view's stores and some reducer runs the collection with `forEach`.
  private static func finding(
    for read: SubscriptCallExprSyntax, storeNames: Set<String>
  ) -> Finding? {
    guard
      let collection = dotPathCollection(of: read, storeNames: storeNames)
        ?? pathCollection(of: read, storeNames: storeNames)
    else { return nil }
    return Finding(at: read) { index in
      guard index.forEachCollections.contains(collection) else { return nil }
      return "reads a row of '\(collection)' through the parent store, building and hashing its "
        + "key path on every render; the reducer runs these rows with forEach, so take the "
        + "row's element store (store.scope(state: \\.\(collection), action: \\.\(collection))[id: id])"
    }
  }

  /// `rows` in `store.rows[id: id]`.
  private static func dotPathCollection(
    of read: SubscriptCallExprSyntax, storeNames: Set<String>
  ) -> String? {
    guard read.arguments.first?.label?.text == "id",
      let member = read.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base, isStoreReference(base, storeNames: storeNames)
    else { return nil }
    return member.declName.baseName.text
  }

  /// `rows` in `store[\.rows[id: id]?.title]`.
  private static func pathCollection(
    of read: SubscriptCallExprSyntax, storeNames: Set<String>
  ) -> String? {
    guard read.arguments.count == 1, let argument = read.arguments.first,
      argument.label == nil, isStoreReference(read.calledExpression, storeNames: storeNames),
      let keyPath = argument.expression.as(KeyPathExprSyntax.self)
    else { return nil }
    return rowCollection(in: keyPath)
  }

  /// `rows` in `\.rows[id: id]?.title`.
  private static func rowCollection(in keyPath: KeyPathExprSyntax) -> String? {
    var previous: String?
    for component in keyPath.components {
      if let property = component.component.as(KeyPathPropertyComponentSyntax.self) {
        previous = property.declName.baseName.text
      } else if let subscriptComponent = component.component.as(
        KeyPathSubscriptComponentSyntax.self),
        subscriptComponent.arguments.first?.label?.text == "id"
      {
        return previous
      }
    }
    return nil
  }

  static func isStoreReference(_ expression: ExprSyntax, storeNames: Set<String>) -> Bool {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return storeNames.contains(reference.baseName.text)
    }
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return storeNames.contains(member.declName.baseName.text)
    }
    return false
  }

  /// The names of the view's properties that hold a Hush store.
  static func storeNames(of view: ViewType) -> Set<String> {
    Set(view.properties.filter { isStore(name: $0.name, type: $0.type) }.map(\.name))
  }

  private static func isStore(name: String, type: String?) -> Bool {
    if let type {
      return type.hasPrefix("Store<") || type.hasPrefix("StoreOf<")
    }
    return name == "store" || name.hasSuffix("Store")
  }
}
