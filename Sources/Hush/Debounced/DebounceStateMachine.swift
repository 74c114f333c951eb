/// When a debounced output follows its input: the decisions of ``Debounced``, apart from the
/// clock and the observers.
struct DebounceStateMachine {
  /// The states of a debounce.
  enum State: Equatable {
    /// The output shows the input; no timer runs.
    case settled
    /// The input changed; the output follows when the timer of `generation` fires, unless the
    /// input changes again first (which starts a newer generation).
    case waiting(generation: Int)
  }

  private(set) var state = State.settled
  private var lastGeneration = 0

  /// The input changed: returns the generation of the timer to start (any earlier timer is
  /// superseded).
  mutating func inputChanged() -> Int {
    lastGeneration += 1
    state = .waiting(generation: lastGeneration)
    return lastGeneration
  }

  /// The timer of `generation` fired: returns whether the output should now follow the input.
  mutating func timerFired(generation: Int) -> Bool {
    guard state == .waiting(generation: generation) else { return false }
    state = .settled
    return true
  }

  /// The output was set directly: nothing is pending any more.
  mutating func flushed() {
    state = .settled
  }
}
