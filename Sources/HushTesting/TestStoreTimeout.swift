/// How long a ``TestStore`` waits for effects to send an action or to finish before it fails.
///
/// The default counts scheduler turns, not seconds: it waits for `Task.yield()` to return a
/// number of times, both on the main actor and on the cooperative pool, so a test never
/// sleeps, work that can make progress gets to run, and an effect blocked on a `TestClock`
/// nobody advances fails fast.
///
/// ```swift
/// store.timeout = .yields(1_000)                              // fail sooner
/// store.timeout = .duration(.seconds(2), clock: ContinuousClock())  // effects doing real I/O
/// ```
public struct TestStoreTimeout: Sendable, CustomStringConvertible {
  private enum Kind {
    case yields(Int)
    case duration(Duration, any Clock<Duration>)
  }

  private let kind: Kind

  /// Waits until `Task.yield()` returned `count` times on the main actor and on the pool.
  public static func yields(_ count: Int) -> Self {
    Self(kind: .yields(max(0, count)))
  }

  /// Waits for `duration` on `clock`.
  ///
  /// With a `TestClock`, the wait ends when the test advances the clock past it.
  public static func duration(
    _ duration: Duration, clock: any Clock<Duration> = ContinuousClock()
  ) -> Self {
    Self(kind: .duration(duration, clock))
  }

  /// 100,000 yields: a fraction of a second when effects are stuck (0.2–0.3 s on a busy
  /// 2-core machine), nothing when they finish, and never a sleep.
  public static var `default`: Self { .yields(100_000) }

  public var description: String {
    switch kind {
    case let .yields(count): "\(count) yields"
    case let .duration(duration, _): "\(duration)"
    }
  }

  /// Returns when the timeout ran out, or when the calling task was cancelled.
  func wait() async {
    switch kind {
    case let .yields(count):
      for _ in 0..<count {
        if Task.isCancelled { return }
        await Task.yield()
      }
    case let .duration(duration, clock):
      try? await clock.sleep(for: duration)
    }
  }
}
