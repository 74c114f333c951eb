import ConcurrencyExtras
import IssueReporting

extension Store where Action: BindableAction, Action.State == State {
  /// Reads the property `keyPath`, tracking exactly that path; a write sends
  /// `.binding(.set(keyPath, newValue))` for the reducer to apply (``BindingReducer``).
  ///
  /// This is what `store.query = "cat"` and `$store.query` under `@Bindable` use on a store
  /// whose action is a ``BindableAction``. An equal value is sent too (the reducer sees every
  /// keystroke, as in TCA) and renders nothing.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { self[keyPath as KeyPath<State, Value>] }
    set { sendBinding(keyPath, newValue) }
  }

  /// Reads or writes the value at `keyPath`; a write sends a binding action, as
  /// ``subscript(dynamicMember:)-(WritableKeyPath<State,Value>)`` does.
  public subscript<Value: Equatable & Sendable>(
    keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { self[keyPath as KeyPath<State, Value>] }
    set { sendBinding(keyPath, newValue) }
  }

  private func sendBinding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) {
    let applied = AppliedFlag()
    send(.binding(.set(keyPath, value, applied: applied)))
    guard !applied.value else { return }
    reportIssue(
      """
      A binding action sent from a store was not handled: no reducer applied the write of \
      \(describeValue(value)) to \(describePath(keyPath)).

        Action: \(Action.self).binding(.set(\\.\(describePath(keyPath)), …))

      To fix this, invoke "BindingReducer()" from your feature reducer's "body" (first, so \
      that the reducers after it see the written value).
      """)
  }
}

extension Store {
  /// Sends a write that overload resolution took as a direct one (a value that is not
  /// `Equatable & Sendable`, a generic caller) as a binding action, when the store's action
  /// is a ``BindableAction``; returns `false` for other stores, which write directly.
  func sendWriteAsBinding<Value>(_ value: Value, to keyPath: WritableKeyPath<State, Value>)
    -> Bool
  {
    guard let bindable = Action.self as? any BindableAction.Type else { return false }
    reportIssue(
      """
      A write of \(describePath(keyPath)) went around the binding action of a store whose \
      action is a BindableAction (\(Action.self)): the property's type is not Equatable and \
      Sendable, or the code writing it is generic over the store.

      It was sent to the reducer as a binding action all the same, which a test cannot \
      compare. Make the property's type Equatable and Sendable, or send a named action.
      """)
    func open<A: BindableAction>(_: A.Type) {
      guard let path = keyPath as? WritableKeyPath<A.State, Value> else { return }
      // Key paths are immutable; the value is handed to the reducer on the main actor.
      let sendablePath = UncheckedSendable(path)
      let sendableValue = UncheckedSendable(value)
      let action = A.binding(
        BindingAction(
          path: UncheckedSendable(path),
          set: { $0[keyPath: sendablePath.value] = sendableValue.value },
          value: sendableValue, valueIsEqualTo: { _ in false }))
      if let action = action as? Action { send(action) }
    }
    open(bindable)
    return true
  }
}
