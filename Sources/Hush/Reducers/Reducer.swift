/// Evolves a store's state for an action, and returns the effect the action starts.
///
/// Conform a type to describe a feature: compose it from other reducers in a `body`, as in
/// TCA, or write `reduce(into:action:)` yourself (a conformer writes one of the two).
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment, decrement }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .increment: state.count += 1
///       case .decrement: state.count -= 1
///       }
///       return .none
///     }
///   }
/// }
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.increment)
/// print(store.count)  // 1
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions it handles.
  associatedtype Action
  /// The type of ``body``: another reducer of the same state and action, or `Never` for a
  /// reducer that writes ``reduce(into:action:)`` itself.
  associatedtype Body

  /// Mutates `state` for `action` and returns the effect to run afterwards (``Effect/none``
  /// when there is nothing to do). Defaults to the body's.
  @MainActor
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this feature is made of, run in order (see ``ReducerBuilder``).
  @ReducerBuilder<State, Action>
  @MainActor
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that writes ``reduce(into:action:)`` has no body; Hush never asks for it.
  @MainActor
  public var body: Body {
    fatalError(
      """
      \(Self.self) has no body: it reduces actions in reduce(into:action:). Do not call its \
      body.
      """)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the body.
  @inlinable
  @MainActor
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer of the state and actions of `R`: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
