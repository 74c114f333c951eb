/// Instants on a clock fixed when the alarm is made: `start + interval × n`.
///
/// Debounce and throttle compute their deadlines when the effect starts (on the main actor,
/// synchronously) rather than when their task gets to sleep: a task that starts late, or
/// wakes up late, does not shift the windows. With a `TestClock`, the deadlines are then
/// exactly where the test expects them, however the tasks are scheduled.
struct Alarm: Sendable {
  private let sleepUntil: @Sendable (_ multiple: Int) async throws -> Void

  /// An alarm whose instants are `clock.now + interval × n`.
  init(clock: any Clock<Duration>, interval: Duration) {
    sleepUntil = Self.make(clock, interval)
  }

  private static func make<C: Clock<Duration>>(
    _ clock: C, _ interval: Duration
  ) -> @Sendable (Int) async throws -> Void {
    let start = clock.now
    return { multiple in
      try await Hush.sleep(on: clock, until: start.advanced(by: interval * multiple))
    }
  }

  /// Sleeps until `start + interval × multiple`; returns at once if that instant is past.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  func sleep(untilMultiple multiple: Int) async throws {
    try await sleepUntil(multiple)
  }
}
