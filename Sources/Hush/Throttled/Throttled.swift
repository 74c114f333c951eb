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
  private let inputCell = ObservationCell()
  private let outputCell = ObservationCell()
  private var storedInput: Value
  private var storedOutput: Value
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
    self.storedInput = initialValue
    self.storedOutput = initialValue
    self.interval = interval
    self.clock = clock
  }

  deinit {
    timer?.cancel()
  }

  /// The latest value written, by a control bound to it. Writing an equal value does nothing.
  public var input: Value {
    get {
      inputCell.track()
      return storedInput
    }
    set {
      guard newValue != storedInput else { return }
      storedInput = newValue
      inputCell.notifyChange()
      apply(machine.inputChanged())
    }
  }

  /// The input, at most once per ``interval``.
  public var output: Value {
    outputCell.track()
    return storedOutput
  }

  private func apply(_ decision: ThrottleStateMachine.Decision) {
    switch decision {
    case .none:
      break
    case .close:
      timer = nil
      windowEnd = nil
    case .deliverAndOpenWindow:
      publish(storedInput)
      startWindow(clock)
    }
  }

  private func startWindow<C: Clock<Duration>>(_ clock: C) {
    timer = startTimer(on: clock, after: interval, from: windowEnd as? C.Instant) {
      [weak self] deadline in
      self?.windowEnd = deadline
      self?.windowEnded()
    }
  }

  private func windowEnded() {
    apply(machine.windowEnded())
  }

  private func publish(_ value: Value) {
    guard value != storedOutput else { return }
    storedOutput = value
    outputCell.notifyChange()
  }
}

extension Throttled: Observable {}
