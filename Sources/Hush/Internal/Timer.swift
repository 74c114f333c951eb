/// Starts a main-actor task that runs `action` at `delay` after `start` (now, by default) on
/// `clock`, unless cancelled first; `action` receives the deadline.
///
/// The deadline is taken when the timer is started, not when its task first runs, and a timer
/// chained from another starts at the other's deadline: windows keep their length however late
/// the main actor runs them.
@MainActor
func startTimer<C: Clock<Duration>>(
  on clock: C, after delay: Duration, from start: C.Instant? = nil,
  _ action: @escaping @MainActor (_ deadline: C.Instant) -> Void
) -> Task<Void, Never> {
  let deadline = (start ?? clock.now).advanced(by: delay)
  return Task { @MainActor in
    do {
      try await sleep(on: clock, until: deadline)
    } catch {
      return
    }
    action(deadline)
  }
}

/// Sleeps until `deadline` on `clock`; returns at once if it is not in the future.
///
/// A task may get to sleep after its deadline (it started late, or a test clock was advanced
/// first). Clocks differ on a deadline that is exactly now: swift-clocks' `TestClock` waits for
/// its next advance. Checking first makes every clock behave the same.
///
/// - Throws: `CancellationError` when the task is cancelled.
func sleep<C: Clock>(on clock: C, until deadline: C.Instant) async throws {
  try Task.checkCancellation()
  guard clock.now < deadline else { return }
  try await clock.sleep(until: deadline, tolerance: nil)
}
