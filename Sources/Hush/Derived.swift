import ConcurrencyExtras
import Observation

/// A value computed once from observed inputs, recomputed only when an input changed, and
/// announced to its readers only when the result changed.
///
/// Filtering or sorting in a view's `body` repeats the work on every render, and re-renders the
/// list whenever the source changes, even when the filtered result is the same. A `Derived`
/// value does the work once per real change of its input and tells its readers only about real
/// changes of its result:
///
/// ```swift
/// let whiteCats = store.derived(\.cats) { $0.filter(\.isWhite) }
/// let list = RenderProbe { whiteCats.value.count }
/// store.send(.renameCat(id: blackCat.id, "Shadow"))   // the white cats are the same
/// print(list.renders, whiteCats.computeCount)          // 0 2
/// ```
///
/// Over a plain `@Observable` model, use ``init(_:transform:)``. Observation reports a change
/// before the model has changed, so such a value recomputes on the next main-actor turn (before
/// SwiftUI's next frame), or at once when it is read, or with ``refreshIfNeeded()``. Over a
/// Hush store it recomputes synchronously: a store notifies after its state changed.
///
/// Create a `Derived` once (in a model, or a view's `@State`), not in `body`.
///
/// - Complexity: A change of an unrelated value costs nothing. A change of the input costs one
///   run of `transform`, plus a comparison of the result when `Value` is `Equatable`. Over the
///   rows of an identified collection, a transform that filters, maps or sorts them
///   (`store.derived(\.cats) { $0.filter(\.isWhite) }`) is run only on the rows that changed
///   (see ``RowsPipeline``).
@MainActor
public final class Derived<Value> {
  private let cell = TrackedCell()
  private let computation: DerivedComputation<Value>
  /// Whether a change of an input refreshes the value at once (a store notifies after its
  /// state changed) rather than on the next main-actor turn (an `@Observable` model notifies
  /// before).
  private let recomputesImmediately: Bool
  /// Set (from any thread) when an input changed; cleared by a refresh.
  private let inputChanged = LockIsolated(true)

  /// How many times the transform ran (for an incremental value, how many times it was
  /// brought up to date). Diagnostics and tests read it to prove work was skipped.
  public private(set) var computeCount = 0

  /// A value derived from whatever `input` reads in any `Observable` model.
  ///
  /// ```swift
  /// @Observable final class Shelter { var cats: [Cat] = [] }
  /// let whiteCats = Derived({ shelter.cats }) { $0.filter(\.isWhite) }
  /// ```
  ///
  /// When the input is `Equatable`, an input that changed back to an equal value (an in-place
  /// no-op, which `@Observable` reports) does not run the transform again.
  ///
  /// - Parameters:
  ///   - input: Reads the inputs; every `Observable` property it reads is observed.
  ///   - transform: Computes the value from the input.
  public convenience init<Input>(
    _ input: @escaping @MainActor () -> Input,
    transform: @escaping @MainActor (Input) -> Value
  ) {
    self.init(
      RecomputedValue(input, transform: transform, comparesInput: true),
      recomputesImmediately: false)
  }

  init(_ computation: DerivedComputation<Value>, recomputesImmediately: Bool) {
    self.computation = computation
    self.recomputesImmediately = recomputesImmediately
    // Computed now, outside any reader: a value first computed inside a view's body would make
    // that view track the inputs too (Observation merges nested tracking into the outer one).
    refreshIfNeeded()
  }

  /// The derived value: tracked, and always current.
  ///
  /// Reading it never runs the transform, except right after a change of a plain
  /// `@Observable` input whose refresh has not run yet: then it refreshes first, so the value is
  /// never stale (and the reader tracks the inputs for that render).
  public var value: Value {
    refreshIfNeeded()
    cell.track()
    return computation.value
  }

  /// Recomputes now if an input changed since the last computation.
  ///
  /// The value refreshes itself on the next main-actor turn; tests call this to make that
  /// happen at a known point.
  public func refreshIfNeeded() {
    guard
      inputChanged.withValue({ changed in
        defer { changed = false }; return changed
      })
    else {
      return
    }
    let update = computation.update { [weak self, inputChanged, recomputesImmediately] in
      inputChanged.setValue(true)
      if recomputesImmediately {
        // A store notifies on the main actor, after its state changed.
        MainActor.assumeIsolated { self?.refreshIfNeeded() }
      } else {
        // Observation reports the change before it is made: look again once it is done.
        Task { @MainActor in self?.refreshAfterChange() }
      }
    }
    switch update {
    case .inputUnchanged:
      return
    case .computed(let changed):
      computeCount += 1
      if changed { cell.notifyChange() }
    }
  }

  /// Re-reads the inputs once the change that was reported is done, even if a read in between
  /// (during the change) already refreshed.
  private func refreshAfterChange() {
    inputChanged.setValue(true)
    refreshIfNeeded()
  }
}

/// What bringing a derived value up to date did.
enum DerivedUpdate {
  /// The input was equal to the last one: nothing ran.
  case inputUnchanged
  /// The value was computed (or updated); `changed` tells whether it differs from the last one
  /// (never for the first computation, which no reader saw).
  case computed(changed: Bool)
}

/// How a ``Derived`` value is computed: reads its inputs, tracked, and keeps the value.
@MainActor
class DerivedComputation<Value> {
  /// The current value; valid after the first ``update(onChange:)``.
  var value: Value { fatalError("subclass") }

  /// Reads the inputs, tracked with `onChange`, and brings `value` up to date.
  func update(onChange: @escaping @Sendable () -> Void) -> DerivedUpdate {
    fatalError("subclass")
  }
}

/// A value computed from scratch by `transform` on every change of its input.
final class RecomputedValue<Input, Value>: DerivedComputation<Value> {
  private let input: @MainActor () -> Input
  private let transform: @MainActor (Input) -> Value
  private let inputEqual: ((Input, Input) -> Bool)?
  private let isEqual: ((Value, Value) -> Bool)?
  private var lastInput: Input?
  private var cached: Value?

  /// `comparesInput`: an input equal to the last one runs nothing (a store already compared
  /// the input: it notifies only when it really changed).
  init(
    _ input: @escaping @MainActor () -> Input,
    transform: @escaping @MainActor (Input) -> Value, comparesInput: Bool
  ) {
    self.input = input
    self.transform = transform
    self.inputEqual = comparesInput ? equalityFunction(for: Input.self) : nil
    self.isEqual = equalityFunction(for: Value.self)
  }

  override var value: Value {
    // `Derived` computes it at once.
    cached!
  }

  override func update(onChange: @escaping @Sendable () -> Void) -> DerivedUpdate {
    let newInput = withObservationTracking(input, onChange: onChange)
    if let inputEqual {
      if let lastInput, inputEqual(lastInput, newInput) { return .inputUnchanged }
      lastInput = newInput
    }
    let newValue = transform(newInput)
    defer { cached = newValue }
    guard let old = cached else { return .computed(changed: false) }
    return .computed(changed: !(isEqual?(old, newValue) ?? false))
  }
}

extension Derived: Observable {}
