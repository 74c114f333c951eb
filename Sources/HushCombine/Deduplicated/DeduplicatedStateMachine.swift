/// When a ``Deduplicated`` wrapper compares its object's snapshot: at most once per turn of its
/// scheduler, however many changes the object announces in that turn.
///
/// The wrapped object may announce changes on any thread, while the comparison runs on the
/// scheduler; ``DeduplicatedStorage`` guards this value with a lock. Each method is one event and
/// returns what the caller must do outside the lock.
///
/// ```
///            changeAnnounced → scheduleCheck
///   ┌──────┐ ───────────────────────────────▶ ┌────────────────┐ changeAnnounced → none
///   │ idle │                                  │ checkScheduled │ ◀──────────────┘
///   └──────┘ ◀─────────────────────────────── └────────────────┘
///            checkFired → compare
///   any state ── finish ──▶ finished   (changeAnnounced → none, checkFired → none)
/// ```
struct DeduplicatedStateMachine: Sendable {
  enum State: Equatable, Sendable {
    /// No change has been announced since the last comparison; the next announcement schedules
    /// a comparison.
    case idle
    /// A comparison is scheduled and has not run yet; it will see every change announced before
    /// it runs, so further announcements schedule nothing.
    case checkScheduled
    /// The wrapper was released: announcements schedule nothing, and a comparison that was
    /// already scheduled does nothing.
    case finished
  }

  /// What to do after the wrapped object announced a change.
  enum ChangeAction: Equatable, Sendable {
    /// Schedule one comparison on the scheduler.
    case scheduleCheck
    /// Nothing: a comparison is already scheduled, or the wrapper is gone.
    case none
  }

  /// What to do when a scheduled comparison runs.
  enum CheckAction: Equatable, Sendable {
    /// Take a snapshot and announce if it differs from the last one announced.
    case compare
    /// Nothing: the wrapper is gone.
    case none
  }

  private(set) var state = State.idle

  /// The wrapped object announced a change; it has not happened yet (`objectWillChange`).
  mutating func changeAnnounced() -> ChangeAction {
    switch state {
    case .idle:
      state = .checkScheduled
      return .scheduleCheck
    case .checkScheduled, .finished:
      return .none
    }
  }

  /// A scheduled comparison starts. A change announced from here on schedules a new one, so a
  /// change made while comparing (for example by a subscriber) is never missed.
  mutating func checkFired() -> CheckAction {
    switch state {
    case .checkScheduled:
      state = .idle
      return .compare
    case .idle:
      // Not reachable through `DeduplicatedStorage`; comparing is always safe.
      return .compare
    case .finished:
      return .none
    }
  }

  /// The wrapper was released.
  mutating func finish() {
    state = .finished
  }
}
