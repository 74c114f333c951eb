import CombineSchedulers
import Foundation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// A value that a view writes on every keystroke and reads only once the typing has paused.
///
/// Bind a control to ``input`` and show ``output``: `output` follows `input` only after `input`
/// has been quiet for ``delay``. A view that reads `output` (or a pipeline on `$output`) sees one
/// change for a burst of edits, not one per keystroke. When `Value` is `Equatable`, an output
/// equal to the current one is not published again, so typing `a` and deleting it inside the
/// delay announces nothing at all.
///
/// ```swift
/// @MainActor final class SearchModel: ObservableObject {
///   let query = Debouncer("", for: .milliseconds(300))
/// }
///
/// let query = Debouncer("", for: .milliseconds(300), scheduler: scheduler)
/// let log = query.$output.dropFirst().sink { print("search for", $0) }
/// for prefix in ["c", "ca", "cat"] { query.input = prefix }
/// scheduler.advance(by: .milliseconds(300))
/// // Prints "search for cat"
/// ```
///
/// In SwiftUI, keep the `Debouncer` in a `@StateObject` and bind the field to `$query.input`:
/// the field stays responsive and only views reading `output` wait for the pause.
@MainActor
public final class Debouncer<Value>: ObservableObject {
  /// The latest value written, for example by a text field bound to it.
  @Published public var input: Value

  /// The value of ``input`` once it has been quiet for ``delay``.
  @Published public private(set) var output: Value

  /// How long ``input`` must stay unchanged before ``output`` follows it.
  public let delay: AnySchedulerOf<DispatchQueue>.SchedulerTimeType.Stride

  private var subscription: AnyCancellable?

  /// Creates a debouncer whose output publishes every settled input.
  ///
  /// ```swift
  /// let debouncer = Debouncer(0.0, for: .milliseconds(250))
  /// debouncer.input = 0.5    // output is still 0.0
  /// ```
  ///
  /// - Parameters:
  ///   - initialValue: The first value of both ``input`` and ``output``.
  ///   - delay: How long ``input`` must stay unchanged before ``output`` follows it.
  ///   - scheduler: Where the quiet period is timed and ``output`` is set. It must run its work
  ///     on the main actor: the main queue (the default), or a `TestScheduler` advanced from
  ///     the main actor in tests.
  public init(
    _ initialValue: Value,
    for delay: AnySchedulerOf<DispatchQueue>.SchedulerTimeType.Stride,
    scheduler: AnySchedulerOf<DispatchQueue> = .main
  ) {
    self.input = initialValue
    self.output = initialValue
    self.delay = delay
    settle(on: scheduler) { debouncer, value in debouncer.output = value }
  }

  /// Creates a debouncer whose output publishes a settled input only when it differs from the
  /// current output.
  ///
  /// ```swift
  /// let query = Debouncer("", for: .milliseconds(300))
  /// query.input = "a"
  /// query.input = ""          // back to the output's value inside the delay:
  ///                           // output does not publish at all
  /// ```
  ///
  /// - Parameters:
  ///   - initialValue: The first value of both ``input`` and ``output``.
  ///   - delay: How long ``input`` must stay unchanged before ``output`` follows it.
  ///   - scheduler: Where the quiet period is timed and ``output`` is set. It must run its work
  ///     on the main actor: the main queue (the default), or a `TestScheduler` advanced from
  ///     the main actor in tests.
  public init(
    _ initialValue: Value,
    for delay: AnySchedulerOf<DispatchQueue>.SchedulerTimeType.Stride,
    scheduler: AnySchedulerOf<DispatchQueue> = .main
  ) where Value: Equatable {
    self.input = initialValue
    self.output = initialValue
    self.delay = delay
    settle(on: scheduler) { debouncer, value in
      if debouncer.output != value { debouncer.output = value }
    }
  }

  private func settle(
    on scheduler: AnySchedulerOf<DispatchQueue>,
    _ apply: @escaping @MainActor (Debouncer, Value) -> Void
  ) {
    // `dropFirst`: `$input` replays the initial value, which `output` already holds.
    subscription = $input.dropFirst()
      .debounce(for: delay, scheduler: scheduler)
      .sink { [weak self] value in
        MainActor.assumeIsolated {
          guard let self else { return }
          apply(self, value)
        }
      }
  }
}
