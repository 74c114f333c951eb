extension Reducer {
  /// Runs `reducer` after this one, when this one really changed the value `toValue` reads.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .onChange(of: \.query) { oldValue, newValue in
  ///       Reduce { state, _ in
  ///         state.page = 0
  ///         return .none
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch (a key path or a closure).
  ///   - reducer: Given the value before and after, the reducer to run; it sees the same
  ///     action, and its effects are merged with this reducer's.
  /// - Returns: A reducer that runs this one, then `reducer` on a real change (by `==`).
  @inlinable
  public func onChange<Value: Equatable, Modifier: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping @MainActor (
        _ oldValue: Value, _ newValue: Value
      ) -> Modifier
  ) -> _OnChangeReducer<Self, Value>
  where Modifier.State == State, Modifier.Action == Action {
    _OnChangeReducer(base: self, toValue: toValue) { oldValue, newValue, state, action in
      reducer(oldValue, newValue).reduce(into: &state, action: action)
    }
  }

  /// Runs `perform` after this reducer, when it really changed the value `toValue` reads.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query) { oldValue, state in
  ///     state.page = 0
  ///     return .send(.search(state.query))
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch (a key path or a closure).
  ///   - perform: Given the value before and the state, changes the state and returns an
  ///     effect, merged with this reducer's.
  /// - Returns: A reducer that runs this one, then `perform` on a real change (by `==`).
  @inlinable
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    _ perform: @escaping @MainActor (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> _OnChangeReducer<Self, Value> {
    _OnChangeReducer(base: self, toValue: toValue) { oldValue, _, state, _ in
      perform(oldValue, &state)
    }
  }
}

/// A reducer that runs its base, then more work when the base changed a value (see
/// `Reducer.onChange(of:_:)`).
public struct _OnChangeReducer<Base: Reducer, Value: Equatable>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let onChange:
    @MainActor (Value, Value, inout Base.State, Base.Action) -> Effect<Base.Action>

  @inlinable
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    onChange:
      @escaping @MainActor (Value, Value, inout Base.State, Base.Action) -> Effect<
        Base.Action
      >
  ) {
    self.base = base
    self.toValue = toValue
    self.onChange = onChange
  }

  @inlinable
  @MainActor
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return effect }
    return effect.merge(with: onChange(oldValue, newValue, &state, action))
  }
}
