/// A reducer made from a closure.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { state, action in
///   state += 1
///   return .none
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let closure: @MainActor (inout State, Action) -> Effect<Action>

  /// Creates a reducer that runs `reduce` for every action.
  public init(_ reduce: @escaping @MainActor (inout State, Action) -> Effect<Action>) {
    self.closure = reduce
  }

  /// Wraps another reducer.
  @MainActor
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.closure = { reducer.reduce(into: &$0, action: $1) }
  }

  @inlinable
  @MainActor
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    closure(&state, action)
  }
}
