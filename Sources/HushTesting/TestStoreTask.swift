import ConcurrencyExtras
import Hush
import IssueReporting

/// What `TestStore.send` returns, as TCA names it: the task of the effects an action started
/// (``Hush/StoreTask``), with TCA's `cancel()`, `finish()`, `finish(timeout:)` and
/// `isCancelled`.
public typealias TestStoreTask = StoreTask

extension StoreTask {
  /// Waits for the effects the action started to finish, and fails the test if they are still
  /// running after `duration`, as TCA's `TestStoreTask.finish(timeout:)` does. A passing test
  /// waits only as long as its effects run.
  ///
  /// ```swift
  /// let task = await store.send(.onAppear)
  /// await store.receive(\.loaded) { $0.items = ["Milk"] }
  /// await task.finish(timeout: .seconds(1))
  /// ```
  ///
  /// - Parameter duration: How long to wait; `nil` waits one second, the default timeout of
  ///   TCA's test store (a task does not know its store's ``TestStore/timeout``).
  public func finish(
    timeout duration: Duration?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let duration = duration ?? .seconds(1)
    let finished = await withCheckedContinuation { continuation in
      let resumed = LockIsolated(false)
      let resume: @Sendable (Bool) -> Void = { finished in
        let isFirst = resumed.withValue { resumed in
          defer { resumed = true }
          return !resumed
        }
        if isFirst { continuation.resume(returning: finished) }
      }
      // Awaiting a task cannot be cancelled, so the wait and the deadline race unstructured.
      let deadline = Task {
        try? await Task.sleep(for: duration)
        resume(false)
      }
      Task {
        await finish()
        deadline.cancel()
        resume(true)
      }
    }
    if !finished {
      reportIssue(
        """
        Expected the effects of the action to finish within \(duration), but they are still \
        running. Advance the clock they wait on, cancel them, or receive what they send.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
