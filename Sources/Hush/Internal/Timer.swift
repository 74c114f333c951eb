/// Starts a main-actor task that runs `action` at `delay` from now on `clock`, unless
/// cancelled first.
///
/// The deadline is taken now, when the timer is started, not when the task first runs, so
/// windows are measured from the change that started them.
@MainActor
func startTimer<C: Clock<Duration>>(
  on clock: C, after delay: Duration, _ action: @escaping @MainActor () -> Void
) -> Task<Void, Never> {
  let deadline = clock.now.advanced(by: delay)
  return Task { @MainActor in
    do {
      try await clock.sleep(until: deadline, tolerance: nil)
    } catch {
      return
    }
    action()
  }
}
