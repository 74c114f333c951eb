import SwiftSyntax

/// `WithViewStore(store, observe: { $0 })`: observing all of a feature's state.
struct ObserveWholeStateRule: Rule {
  static let description = RuleDescription(
    id: "observe-whole-state",
    name: "Observe Whole State",
    summary: "WithViewStore/ViewStore observing the whole state ({ $0 } or \\.self)",
    rationale: """
      A ViewStore re-renders its view whenever the observed value changes. Observing the \
      whole state with { $0 } or \\.self re-renders on every change of any field, including \
      ones the view never shows and the state of child features. Observe only what the view \
      needs (observe: \\.count, or a small ViewState struct made with observe: ViewState.init), \
      or migrate the feature to @ObservableState, where views track the fields they read.
      """,
    requiresComposableArchitecture: true,
    triggeringExamples: [
      .tca("WithViewStore(store, observe: ↓{ $0 }) { viewStore in Text(viewStore.title) }"),
      .tca("WithViewStore(self.store, observe: ↓\\.self) { Text($0.title) }"),
      .tca("let viewStore = ViewStore(store, observe: ↓{ state in state })"),
      .tca(
        """
        var body: some View {
          WithViewStore(store, observe: ↓{ $0 }, send: { .view($0) }) { viewStore in
            Text(viewStore.title)
          }
        }
        """),
      .tca("self.viewStore = ViewStore(store, observe: ↓{ (state: State) in state })"),
      .tca("↓WithViewStore(self.store) { viewStore in Text(viewStore.title) }"),
    ],
    nonTriggeringExamples: [
      .tca("WithViewStore(store, observe: \\.count) { Text(\"\\($0.state)\") }"),
      .tca("WithViewStore(store, observe: ViewState.init) { Text($0.title) }"),
      .tca("WithViewStore(store, observe: { $0.title }) { Text($0.state) }"),
      Example("WithViewStore(store, observe: { $0 }) { Text($0.title) }"),
      .tca("let values = items.map { $0 }"),
      .tca("WithViewStore(store.scope(state: ViewState.init)) { Text($0.title) }"),
      .tca("ForEachStore(store.scope(state: \\.rows, action: \\.rows)) { RowView(store: $0) }"),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    file.calls.compactMap { call -> Finding? in
      guard call.isType("WithViewStore") || call.isType("ViewStore") else { return nil }
      guard let observe = call.argument("observe") else {
        // The pre-1.0 initializer without `observe:` watches all of an unscoped store.
        guard call.argument("removeDuplicates") == nil, call.arguments.count == 1,
          let store = call.firstUnlabeledArgument,
          store.is(DeclReferenceExprSyntax.self) || store.is(MemberAccessExprSyntax.self)
        else { return nil }
        return Finding(
          at: call,
          message: "a ViewStore without observe: watches the whole state and re-renders on "
            + "every change; observe only what the view shows, or use @ObservableState")
      }
      guard Self.isIdentity(observe) else { return nil }
      return Finding(
        at: observe,
        message: "observing the whole state re-renders this view on every state change; "
          + "observe only what the view shows, or use @ObservableState")
    }
  }

  private static func isIdentity(_ expression: ExprSyntax) -> Bool {
    if let keyPath = expression.as(KeyPathExprSyntax.self) {
      return keyPath.root == nil && keyPath.components.trimmedDescription == ".self"
    }
    guard let closure = expression.as(ClosureExprSyntax.self) else { return false }
    let parameter: String
    if let signature = closure.signature?.parameterClause {
      switch signature {
      case .simpleInput(let names):
        guard names.count == 1, let only = names.first else { return false }
        parameter = only.name.text
      case .parameterClause(let clause):
        guard clause.parameters.count == 1, let only = clause.parameters.first else {
          return false
        }
        parameter = (only.secondName ?? only.firstName).text
      }
    } else {
      parameter = "$0"
    }
    let expressions = statementExpressions(closure.statements)
    guard closure.statements.count == 1, expressions.count == 1,
      let reference = expressions[0].as(DeclReferenceExprSyntax.self)
    else { return false }
    return reference.baseName.text == parameter
  }
}
