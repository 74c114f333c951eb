/// Builds a reducer from the reducers listed in a `body` or a `CombineReducers` block: they run
/// in order on the same state and action, and their effects are merged.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.settings, action: \.settings) { Settings() }   // runs first
///   Reduce { state, action in … }                                  // then the parent
///   if isLogging { Log() }                                         // optional reducers
/// }
/// ```
///
/// Supports sequences, `if`, `if`/`else`, `switch`, optionals and `for` loops.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> _SequenceReducer<R0, R1> {
    _SequenceReducer(accumulated, next)
  }

  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> R?
  where R.State == State, R.Action == Action {
    reducer
  }

  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    first reducer: First
  ) -> _ConditionalReducer<First, Second>
  where First.State == State, First.Action == Action {
    .first(reducer)
  }

  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    second reducer: Second
  ) -> _ConditionalReducer<First, Second>
  where Second.State == State, Second.Action == Action {
    .second(reducer)
  }

  /// Lets a body compose a reducer only some OS versions have: `if #available(iOS 18, *) {
  /// Haptics() }`. The reducer is wrapped in a ``Reduce``, so that its type does not appear in
  /// the body's type.
  @MainActor
  public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(reducer)
  }

  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> _ReducerArray<R>
  where R.State == State, R.Action == Action {
    _ReducerArray(reducers)
  }
}

/// Two reducers run one after the other, their effects merged (built by ``ReducerBuilder``).
public struct _SequenceReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable
  init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable
  @MainActor
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<
    First.Action
  > {
    first.reduce(into: &state, action: action)
      .merge(with: second.reduce(into: &state, action: action))
  }
}

/// One of two reducers, chosen by an `if`/`else` or `switch` in a ``ReducerBuilder``.
public enum _ConditionalReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  case first(First)
  case second(Second)

  @inlinable
  @MainActor
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<
    First.Action
  > {
    switch self {
    case let .first(first): first.reduce(into: &state, action: action)
    case let .second(second): second.reduce(into: &state, action: action)
    }
  }
}

/// The reducers of a `for` loop in a ``ReducerBuilder``, run in order.
public struct _ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(_ reducers: [Element]) {
    self.reducers = reducers
  }

  @inlinable
  @MainActor
  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<
    Element.Action
  > {
    var effect = Effect<Element.Action>.none
    for reducer in reducers {
      effect = effect.merge(with: reducer.reduce(into: &state, action: action))
    }
    return effect
  }
}

/// An optional reducer (an `if` without `else` in a ``ReducerBuilder``): runs when present.
extension Optional: Reducer where Wrapped: Reducer {
  @inlinable
  @MainActor
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    self?.reduce(into: &state, action: action) ?? .none
  }
}
