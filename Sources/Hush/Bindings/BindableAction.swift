/// An action with a case for writes of the state through the store:
/// `case binding(BindingAction<State>)`.
///
/// On a store whose action conforms, a write (`store.query = "cat"`, or `$store.query` under
/// `@Bindable`) sends `.binding(.set(\.query, "cat"))` instead of writing behind the
/// reducer's back: ``BindingReducer`` applies it, and the rest of the feature can follow it
/// (`onChange`, effects, tests). Actions declared with `@CasePathable` get ``binding``
/// for free.
public protocol BindableAction<State> {
  /// The state the binding actions write.
  associatedtype State

  /// The action for a write.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The write this action holds, if it is a binding action.
  var binding: BindingAction<State>? { get }
}

extension BindableAction where Self: CasePathable, AllCasePaths: CasePathReflectable<Self> {
  /// The payload of this action's case, when it is a ``BindingAction``.
  public var binding: BindingAction<State>? {
    self[case: Self.allCasePaths[self]] as? BindingAction<State>
  }
}

extension BindableAction {
  /// The binding action that writes `value` at `keyPath`: `.set(\.name, "Blob")`, as TCA
  /// spells it (in tests, mostly).
  ///
  /// ```swift
  /// await store.send(.set(\.name, "Blob")) { $0.name = "Blob" }
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
