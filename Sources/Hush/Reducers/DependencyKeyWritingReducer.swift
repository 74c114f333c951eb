import ConcurrencyExtras

extension Reducer {
  /// Overrides one dependency for this reducer, the reducers in it, and the effects they
  /// start; siblings keep theirs.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Scope(state: \.editor, action: \.editor) {
  ///     Editor()
  ///       .dependency(\.uuid, .incrementing)
  ///   }
  ///   Scope(state: \.preview, action: \.preview) {
  ///     Preview()  // the store's \.uuid
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to override.
  ///   - value: Its value while this reducer reduces an action.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    let value = UncheckedSendable(value)
    return _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value.value }
  }

  /// Changes one dependency in place for this reducer, the reducers in it, and the effects
  /// they start.
  ///
  /// ```swift
  /// Feature()
  ///   .transformDependency(\.date) { $0.now = Date(timeIntervalSince1970: 0) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to change.
  ///   - transform: Changes the value in force where this reducer runs.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (_ value: inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }

  /// Overrides the dependency whose key is the value's own type, as TCA's
  /// `dependency(_:)` does: a client declared as its own `TestDependencyKey` (`extension
  /// APIClient: TestDependencyKey`), given by value.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(APIClient(fetch: { ["Milk"] }))
  /// ```
  ///
  /// - Parameter value: The value for `Value`'s key while this reducer reduces an action.
  @inlinable
  public func dependency<Value: TestDependencyKey>(_ value: Value)
    -> _DependencyKeyWritingReducer<Self>
  where Value.Value == Value {
    _DependencyKeyWritingReducer(base: self) { $0[Value.self] = value }
  }
}

/// A reducer that runs `base` with changed dependencies: made by
/// ``Reducer/dependency(_:_:)`` and ``Reducer/transformDependency(_:transform:)``.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: @Sendable (inout DependencyValues) -> Void

  @inlinable
  init(base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  @inlinable
  @MainActor
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }

  /// Overrides another dependency in the same step.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> Self {
    let value = UncheckedSendable(value)
    return Self(base: base) { [update] values in
      update(&values)
      values[keyPath: keyPath] = value.value
    }
  }
}
