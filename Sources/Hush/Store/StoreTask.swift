/// The work an action started in a store: await it, or cancel it.
///
/// `Store/send(_:)` returns one, so SwiftUI's `.refreshable` can wait for a refresh to finish:
///
/// ```swift
/// .refreshable { await store.send(.refresh).finish() }
/// ```
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?

  package init(_ rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Cancels the effects the action started.
  public func cancel() {
    rawValue?.cancel()
  }

  /// Cancels the effects the action started: the `async` spelling TCA's `StoreTask` has, which
  /// an async context (a test) picks, so `await task.cancel()` ports as it is. Like the
  /// synchronous one, it returns once the effects are told to stop, without waiting for them to
  /// wind down (``finish()`` waits).
  public func cancel() async {
    rawValue?.cancel()
  }

  /// Waits for the effects the action started to finish.
  public func finish() async {
    await rawValue?.value
  }

  /// Whether the task was cancelled. An action that started no effect reports `true`.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }
}
