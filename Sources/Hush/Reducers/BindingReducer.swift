/// Applies the writes that binding actions carry: `store.query = "cat"` on a store whose
/// action is a ``BindableAction`` sends `.binding(.set(\.query, "cat"))`, and this reducer
/// sets `state.query`.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }  // sees the state after the write
/// }
/// ```
///
/// Put it first in the body so that the reducers after it see the written value. A store
/// reports a write that no `BindingReducer` applied.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where State == ViewAction.State {
  let toViewAction: (Action) -> ViewAction?

  /// Applies the binding actions of the feature's own action.
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
  }

  /// Applies the binding actions nested in one case of the feature's action:
  /// `BindingReducer(action: \.view)`.
  public init(action: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    let casePath = AnyCasePath(action)
    self.toViewAction = { casePath.extract(from: $0) }
  }

  @MainActor
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let binding = toViewAction(action)?.binding else { return .none }
    binding.set(&state)
    return .none
  }
}
