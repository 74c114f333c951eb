/// When a throttled output follows its input: the decisions of ``Throttled``, apart from the
/// clock and the observers.
///
/// The output follows at most once per interval: on the leading edge (the first change after a
/// quiet interval is delivered at once) and on the trailing edge (the latest change made during
/// a window is delivered when the window closes), so the final value is always delivered.
struct ThrottleStateMachine {
  /// The states of a throttle.
  enum State: Equatable {
    /// No window is open: the next change is delivered at once and opens a window.
    case idle
    /// A window is open since a delivery; `hasPending` tells whether the input changed since,
    /// in which case the window's end delivers the latest input and opens the next window.
    case window(hasPending: Bool)
  }

  /// What to do after an event.
  enum Decision: Equatable {
    /// Nothing.
    case none
    /// Deliver the current input and open a window (start the timer).
    case deliverAndOpenWindow
    /// The window is over and nothing changed in it: no timer is needed.
    case close
  }

  private(set) var state = State.idle

  /// The input changed.
  mutating func inputChanged() -> Decision {
    switch state {
    case .idle:
      state = .window(hasPending: false)
      return .deliverAndOpenWindow
    case .window:
      state = .window(hasPending: true)
      return .none
    }
  }

  /// The window's timer fired.
  mutating func windowEnded() -> Decision {
    switch state {
    case .window(hasPending: true):
      state = .window(hasPending: false)
      return .deliverAndOpenWindow
    case .window(hasPending: false), .idle:
      state = .idle
      return .close
    }
  }
}
