extension Store where Action: CasePathable {
  /// The two halves of a binding that sends a named action instead of writing: a tracked
  /// read of `keyPath`, and a send of `action` with the new value. The platform-free core of
  /// `store.binding(_:send:)` and `$store.query.sending(_:)` (`Store+SwiftUI.swift`).
  func sendingAccessors<Value>(
    _ keyPath: KeyPath<State, Value>, send action: CaseKeyPath<Action, Value>
  ) -> (get: @MainActor () -> Value, set: @MainActor (Value) -> Void) {
    let casePath = AnyCasePath(action)
    return (get: { self[keyPath] }, set: { self.send(casePath.embed($0)) })
  }
}
