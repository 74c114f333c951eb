import SwiftSyntax

/// `store.scope(state: { … })` or scoping to a computed property.
struct ComputedScopeRule: Rule {
  static let description = RuleDescription(
    id: "computed-scope",
    name: "Computed Scope",
    summary: "store.scope(state:) with a closure or a key path to a computed property",
    rationale: """
      A scoped store derives child state from parent state on every parent change. With a \
      closure the scoped store cannot be cached (TCA before 1.5 cached none) and the child \
      state is rebuilt each time; with a key path to a computed property the store is cached \
      but the child state is still rebuilt, and compared, on every parent change. \
      Scope to a stored property with a key path (store.scope(state: \\.child, action: \
      \\.child)); if the child needs derived values, store them in the child state and keep \
      them up to date in the reducer. A scope whose action is a case path the project \
      computes (extension Action.AllCasePaths { var scene: AnyCasePath<…> }) maps the \
      feature to a view's own state and actions, as observe: does, and is not reported; nor \
      is a computed property whose getter only reads a stored path (get { \
      presentation.addRoutine }): it hands out the stored child, rebuilding nothing.
      """,
    requiresComposableArchitecture: true,
    triggeringExamples: [
      .tca("ChildView(store: store.scope(state: ↓{ $0.child }, action: { .child($0) }))"),
      .tca(
        """
        IfLetStore(self.store.scope(state: ↓{ state in state.detail }, action: Action.detail)) {
          DetailView(store: $0)
        }
        """),
      .tca(
        """
        struct Feature: Reducer {
          struct State { var items: [Item] = []; var summary: Summary { Summary(items) } }
        }
        let child = store.scope(state: ↓\\.summary, action: \\.summary)
        """),
      .tca(
        """
        extension Feature.State {
          var visible: Visible { get { Visible(self) } set { apply(newValue) } }
        }
        struct State { var all: [Row] }
        let s = store.scope(state: ↓\\.visible, action: \\.visible)
        """),
      .tca("let rows = store.scope(state: ↓{ $0.rows.filter(\\.isVisible) }, action: \\.rows)"),
    ],
    nonTriggeringExamples: [
      .tca(
        """
        struct Home: Reducer {
          struct State {
            var presentation = Presentation()
            var addRoutine: AddRoutine.State? {
              get { presentation.addRoutine }
              set { presentation.addRoutine = newValue }
            }
          }
        }
        let child = store.scope(state: \\.addRoutine, action: \\.addRoutine)
        """),
      .tca("ChildView(store: store.scope(state: \\.child, action: \\.child))"),
      .tca(
        """
        struct State { var items: [Item] = []; var summary: Summary }
        let child = store.scope(state: \\.summary, action: \\.summary)
        """),
      Example("let child = store.scope(state: { $0.child }, action: { .child($0) })"),
      .tca("let value = model.scope(of: { $0 })"),
      .tca("if let store = store.scope(state: \\.destination?.alert, action: \\.alert) {}"),
      .tca("let state = Reduce { state, action in .none }.scope(\\.child)"),
      .tca(
        """
        extension Game.State {
          var scene: SceneView.ViewState { .init(game: self) }
        }
        extension Game.Action.AllCasePaths {
          var scene: AnyCasePath<Game.Action, SceneView.ViewAction> { AnyCasePath(sceneActions) }
        }
        struct State { var cubes: [Cube] }
        let view = SceneView(store: store.scope(state: \\.scene, action: \\.scene))
        """),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    file.calls.compactMap { call -> Finding? in
      guard call.calleeName == "scope", call.calleeBase != nil,
        let state = call.argument("state")
      else { return nil }
      if state.is(ClosureExprSyntax.self) {
        return Finding(
          at: state,
          message: "scoping with a closure rebuilds the child state on every parent change and "
            + "defeats the store cache; scope to a stored property with a key path")
      }
      if let keyPath = state.as(KeyPathExprSyntax.self),
        let component = keyPath.components.first?.component.as(
          KeyPathPropertyComponentSyntax.self)
      {
        let name = component.declName.baseName.text
        // `\.cubeScene` or `\.game.cubeScene`: the case path that maps the actions.
        let action = call.argument("action")?.as(KeyPathExprSyntax.self)?.components.last?
          .component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text
        return Finding(at: state) { index in
          guard Self.isComputedStateProperty(name, in: index),
            !Self.isViewProjection(action: action, in: index)
          else { return nil }
          return "'\(name)' is computed, so the child state is rebuilt on every parent change; "
            + "scope to a stored property"
        }
      }
      return nil
    }
  }

  /// Whether the scope's action goes through a case path the project computes
  /// (`extension Game.Action.AllCasePaths { var cubeScene: AnyCasePath<…> }`): the scope maps
  /// a feature to a view's own state and actions, as `observe:` does, and a stored copy of
  /// that view state would only duplicate the feature's.
  private static func isViewProjection(action: String?, in index: ProjectIndex) -> Bool {
    guard let action else { return false }
    return index.extensionComputedProperties["AllCasePaths", default: []].contains(action)
  }

  private static func isComputedStateProperty(_ name: String, in index: ProjectIndex) -> Bool {
    let states = index.types["State"] ?? []
    // One that only reads a stored path (`get { presentation.addRoutine }`) hands out the
    // stored child: nothing is rebuilt.
    let isComputed =
      states.contains {
        $0.computedProperties.contains(name) && !$0.forwardingProperties.contains(name)
      }
      || index.extensionComputedProperties["State", default: []].contains(name)
    let isStored = states.contains { $0.storedProperties.contains { $0.name == name } }
    return isComputed && !isStored
  }
}
