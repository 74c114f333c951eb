extension Store where Action: CasePathable {
  /// A value of the state that sends a named action when written: a tracked read of
  /// `keyPath`, and a send of `action` with the new value. The platform-free core of
  /// `store.binding(_:send:)` and `$store.query.sending(_:)` (`Store+SwiftUI.swift`), which
  /// bind to it through a key path (`\.[sending: \.query, action: \.queryChanged]`), as
  /// SwiftUI's `Bindable` binds to any property: no closure crosses into SwiftUI's `@Sendable`
  /// `Binding(get:set:)`.
  subscript<Value>(
    sending keyPath: KeyPath<State, Value>, action action: CaseKeyPath<Action, Value>
  ) -> Value {
    get { self[keyPath] }
    set { send(action(newValue)) }
  }
}
