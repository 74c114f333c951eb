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
///   run of `transform`, plus a comparison of the result when `Value` is `Equatable`.
@MainActor
public final class Derived<Value> {
  private let cell = ObservationCell()
  private let evaluateInput: (Derived<Value>) -> Value?
  private let isEqual: ((Value, Value) -> Bool)?
  private var cached: Value?
  /// Set (from any thread) when an input changed; cleared by a refresh.
  private let inputChanged = LockIsolated(true)

  /// How many times the transform ran. Diagnostics and tests read it to prove work was skipped.
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
    self.init(input, transform: transform, recomputesImmediately: false)
  }

  init<Input>(
    _ input: @escaping @MainActor () -> Input,
    transform: @escaping @MainActor (Input) -> Value,
    recomputesImmediately: Bool
  ) {
    // A store already compared the input: it notifies only when it really changed.
    let inputEqual = recomputesImmediately ? nil : equalityFunction(for: Input.self)
    var lastInput: Input?
    self.evaluateInput = { derived in
      let newInput = withObservationTracking(input) {
        [weak derived, inputChanged = derived.inputChanged] in
        inputChanged.setValue(true)
        if recomputesImmediately {
          // A store notifies on the main actor, after its state changed.
          MainActor.assumeIsolated { derived?.refreshIfNeeded() }
        } else {
          // Observation reports the change before it is made: look again once it is done.
          Task { @MainActor in derived?.refreshAfterChange() }
        }
      }
      if let inputEqual {
        if let lastInput, inputEqual(lastInput, newInput) { return nil }
        lastInput = newInput
      }
      return transform(newInput)
    }
    self.isEqual = equalityFunction(for: Value.self)
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
    // `refreshIfNeeded` computed it.
    return cached!
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
    guard let newValue = evaluateInput(self) else { return }
    computeCount += 1
    guard let old = cached else {
      cached = newValue
      return
    }
    if let isEqual, isEqual(old, newValue) {
      cached = newValue
      return
    }
    cached = newValue
    cell.notifyChange()
  }

  /// Re-reads the inputs once the change that was reported is done, even if a read in between
  /// (during the change) already refreshed.
  private func refreshAfterChange() {
    inputChanged.setValue(true)
    refreshIfNeeded()
  }
}

extension Derived: Observable {}
