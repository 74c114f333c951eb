/// Groups reducers into one, run in order with their effects merged: to apply a modifier such
/// as `forEach` or `onChange` to several reducers at once.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   CombineReducers {
///     Scope(state: \.filter, action: \.filter) { Filter() }
///     Reduce { state, action in … }
///   }
///   .onChange(of: \.filter) { _, _ in Reduce { state, _ in state.page = 0; return .none } }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers `build` lists.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  @MainActor
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
