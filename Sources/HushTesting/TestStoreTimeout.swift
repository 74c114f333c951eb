/// How long a ``TestStore`` waits for effects to send an action or to finish before it fails.
///
/// The default counts scheduler turns: it waits for `Task.yield()` to return a number of
/// times, both on the main actor and on the cooperative pool, so work that can make progress
/// gets to run, and it runs out no sooner than one second after the wait began, so a
/// machine loaded by tests running in parallel (or by a sanitizer) cannot make a passing
/// test fail. A passing test never waits for it: the wait ends as soon as the action arrives
/// or the effects finish. Only a test that fails (an effect blocked on a `TestClock` nobody
/// advances) pays the second.
///
/// ```swift
/// store.timeout = .yields(1_000)                              // fail sooner
/// store.timeout = .duration(.seconds(2), clock: ContinuousClock())  // effects doing real I/O
/// ```
public struct TestStoreTimeout: Sendable, CustomStringConvertible {
  private enum Kind {
    case yields(Int, atLeast: Duration)
    case duration(Duration, any Clock<Duration>)
  }

  private let kind: Kind

  /// Waits until `Task.yield()` returned `count` times on the main actor and on the pool.
  public static func yields(_ count: Int) -> Self {
    Self(kind: .yields(max(0, count), atLeast: .zero))
  }

  /// Waits for `duration` on `clock`.
  ///
  /// With a `TestClock`, the wait ends when the test advances the clock past it.
  public static func duration(
    _ duration: Duration, clock: any Clock<Duration> = ContinuousClock()
  ) -> Self {
    Self(kind: .duration(duration, clock))
  }

  /// 100,000 yields and at least one second: nothing when the effects deliver or finish,
  /// about a second when they are stuck.
  public static var `default`: Self { Self(kind: .yields(100_000, atLeast: .seconds(1))) }

  /// Waits `seconds` on the continuous clock: `store.timeout = .seconds(2)`, as a TCA test,
  /// whose timeout is a `Duration`, writes it.
  public static func seconds<T: BinaryInteger>(_ seconds: T) -> Self {
    .duration(.seconds(seconds))
  }

  /// Waits `seconds` on the continuous clock: `store.timeout = .seconds(0.5)`.
  public static func seconds(_ seconds: Double) -> Self {
    .duration(.seconds(seconds))
  }

  /// Waits `milliseconds` on the continuous clock: `store.timeout = .milliseconds(100)`.
  public static func milliseconds<T: BinaryInteger>(_ milliseconds: T) -> Self {
    .duration(.milliseconds(milliseconds))
  }

  /// Waits `microseconds` on the continuous clock.
  public static func microseconds<T: BinaryInteger>(_ microseconds: T) -> Self {
    .duration(.microseconds(microseconds))
  }

  /// Waits `nanoseconds` on the continuous clock.
  public static func nanoseconds<T: BinaryInteger>(_ nanoseconds: T) -> Self {
    .duration(.nanoseconds(nanoseconds))
  }

  public var description: String {
    switch kind {
    case let .yields(count, atLeast: .zero): "\(count) yields"
    case let .yields(count, atLeast: floor): "\(count) yields and \(floor)"
    case let .duration(duration, _): "\(duration)"
    }
  }

  /// Returns when the timeout ran out, or when the calling task was cancelled.
  func wait() async {
    switch kind {
    case let .yields(count, atLeast: floor):
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: floor)
      for _ in 0..<count {
        if Task.isCancelled { return }
        await Task.yield()
      }
      // A safety floor, not a wait for time: it ends early when the action arrives.
      try? await clock.sleep(until: deadline)
    case let .duration(duration, clock):
      try? await clock.sleep(for: duration)
    }
  }
}
