/// Evolves a store's state for an action, and returns the effect the action starts.
///
/// Conform a type to describe a feature, or wrap a closure in ``Reduce``:
///
/// ```swift
/// struct Counter: Reducer {
///   func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
///     return .none
///   }
/// }
/// let store = Store(initialState: 0, reducer: Counter())
/// store.send(.increment)
/// print(store.state)  // 1
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions it handles.
  associatedtype Action

  /// Mutates `state` for `action` and returns the effect to run afterwards (``Effect/none``
  /// when there is nothing to do).
  @MainActor
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

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
  let body: @MainActor (inout State, Action) -> Effect<Action>

  /// Creates a reducer that runs `reduce` for every action.
  public init(_ reduce: @escaping @MainActor (inout State, Action) -> Effect<Action>) {
    self.body = reduce
  }

  /// Wraps another reducer.
  @MainActor
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.body = { reducer.reduce(into: &$0, action: $1) }
  }

  @inlinable
  @MainActor
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }
}
