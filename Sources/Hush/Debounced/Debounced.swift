import Observation

/// A value a control writes on every change and the rest of the app reads once it settles.
///
/// Bind the control to ``input`` and read ``output`` everywhere else: `output` follows `input`
/// after `input` has been quiet for the delay. Readers of `input` (the text field itself)
/// render on every keystroke; readers of `output` render only when `output` changes.
///
/// ```swift
/// @Observable final class SearchModel {
///   let query = Debounced("", for: .milliseconds(300))
/// }
///
/// struct SearchField: View {
///   @Bindable var query: Debounced<String>
///   var body: some View { TextField("Search", text: $query.input) }
/// }
/// ```
///
/// Time comes from an injected clock, so tests advance it by hand:
///
/// ```swift
/// let clock = TestClock()
/// let query = Debounced("", for: .milliseconds(300), clock: clock)
/// query.input = "cat"
/// await clock.advance(by: .milliseconds(300))
/// print(query.output)   // "cat"
/// ```
@MainActor
public final class Debounced<Value: Equatable> {
  private var value: ControlValue<Value>
  private var machine = DebounceStateMachine()
  private var timer: Task<Void, Never>?

  /// How long ``input`` must stay unchanged before ``output`` follows it.
  public let delay: Duration
  private let clock: any Clock<Duration>

  /// Creates a debounced value.
  ///
  /// - Parameters:
  ///   - initialValue: The first input and output.
  ///   - delay: The quiet period after which the output follows the input.
  ///   - clock: The clock that times the quiet period (`ContinuousClock()` by default).
  public init(
    _ initialValue: Value, for delay: Duration, clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.value = ControlValue(initialValue)
    self.delay = delay
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
      startTimer(on: clock, generation: machine.inputChanged())
    }
  }

  /// The input, once it has been quiet for ``delay``.
  public var output: Value {
    value.trackedOutput()
  }

  /// Whether the output is waiting for the input to settle.
  public var isPending: Bool {
    machine.state != .settled
  }

  /// Makes the output follow the input now (a search button, a return key).
  public func flush() {
    timer?.cancel()
    timer = nil
    machine.flushed()
    value.publishInput()
  }

  private func startTimer<C: Clock<Duration>>(on clock: C, generation: Int) {
    timer?.cancel()
    timer = Hush.startTimer(on: clock, after: delay) { [weak self] _ in
      self?.timerFired(generation: generation)
    }
  }

  private func timerFired(generation: Int) {
    guard machine.timerFired(generation: generation) else { return }
    timer = nil
    value.publishInput()
  }
}

extension Debounced: Observable {}
