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
      try await clock.sleep(until: deadline, tolerance: nil)
    } catch {
      return
    }
    action(deadline)
  }
}
