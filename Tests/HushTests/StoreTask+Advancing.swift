import Clocks
import ConcurrencyExtras
import Hush
import Testing

extension StoreTask {
  /// Waits for the task to finish, advancing `clock` by `step` each time it is still running
  /// once the scheduler had its turns.
  ///
  /// An effect's task can reach its sleep on the test clock only after the test advanced the
  /// clock (a loaded machine, or a sanitizer, starts tasks late): its deadline is then counted
  /// from the advanced instant, and a plain `finish()` would wait forever. The next step wakes
  /// it. After `limit` steps the test fails instead of hanging.
  @MainActor
  func finish(
    advancing clock: TestClock<Duration>,
    by step: Duration,
    limit: Int = 20,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let finished = LockIsolated(false)
    Task { [self] in
      await finish()
      finished.setValue(true)
    }
    for _ in 0...limit {
      for _ in 0..<1_000 where !finished.value { await Task.yield() }
      if finished.value { return }
      await clock.advance(by: step)
    }
    Issue.record(
      "The task did not finish after the clock advanced \(limit) more times by \(step).",
      sourceLocation: sourceLocation)
  }
}
