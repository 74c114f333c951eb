import Observation

/// A value a fast control writes continuously and heavy readers see at most once per interval.
///
/// Bind a slider to ``input``; read ``output`` in the expensive view. The first change after a
/// quiet interval reaches `output` at once, later ones at most once per interval, and the last
/// change always arrives when its window closes. Readers of `output` render only when `output`
/// changes.
///
/// ```swift
/// @Observable final class Editor {
///   let level = Throttled(0.0, every: .seconds(1) / 15)   // about 15 updates per second
/// }
///
/// struct LevelControl: View {
///   @Bindable var level: Throttled<Double>
///   var body: some View {
///     Slider(value: $level.input)          // follows the finger
///     HeavyPreview(level: level.output)    // renders ~15 times per second
///   }
/// }
/// ```
@MainActor
public final class Throttled<Value: Equatable> {
  private var value: ControlValue<Value>
  private var machine = ThrottleStateMachine()
  private var timer: Task<Void, Never>?
  /// When the current window ends: the next window starts there, not when its task ran.
  private var windowEnd: Any?

  /// The shortest time between two changes of ``output``.
  public let interval: Duration
  private let clock: any Clock<Duration>

  /// Creates a throttled value.
  ///
  /// - Parameters:
  ///   - initialValue: The first input and output.
  ///   - interval: The shortest time between two changes of the output.
  ///   - clock: The clock that times the windows (`ContinuousClock()` by default).
  public init(
    _ initialValue: Value, every interval: Duration,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.value = ControlValue(initialValue)
    self.interval = interval
    self.clock = clock
  }

  deinit {
    timer?.cancel()
  }

  /// The latest value written, by a control bound to it. Writing an equal value does nothing.
  public var input: Value {
    get { value.trackedInput() }
    set {
      guard value.write(newValue) else { return }
      apply(machine.inputChanged())
    }
  }

  /// The input, at most once per ``interval``.
  public var output: Value {
    value.trackedOutput()
  }

  /// Whether a window is open: a change now waits for its end. (A test waits for the window's
  /// timer to run after it advanced a test clock past the window.)
  package var isWindowOpen: Bool { timer != nil }

  /// When the open window ends (an instant of the throttle's clock), or `nil` with no window.
  private var deadline: Any?

  /// Whether the open window ends at or before `now`: its timer is due, and will run once the
  /// main actor gets to it. (The demo and tests wait for that after advancing a test clock.)
  package func isWindowDue<Instant: InstantProtocol>(at now: Instant) -> Bool {
    guard timer != nil, let deadline = deadline as? Instant else { return false }
    return deadline <= now
  }

  private func apply(_ decision: ThrottleStateMachine.Decision) {
    switch decision {
    case .none:
      break
    case .close:
      timer = nil
      windowEnd = nil
    case .deliverAndOpenWindow:
      value.publishInput()
      startWindow(clock)
    }
  }

  private func startWindow<C: Clock<Duration>>(_ clock: C) {
    let start = windowEnd as? C.Instant
    deadline = (start ?? clock.now).advanced(by: interval)
    timer = startTimer(on: clock, after: interval, from: start) {
      [weak self] deadline in
      self?.windowEnd = deadline
      self?.windowEnded()
    }
  }

  private func windowEnded() {
    apply(machine.windowEnded())
  }
}

extension Throttled: Observable {}
