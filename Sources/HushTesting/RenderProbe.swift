import ConcurrencyExtras
import Observation

/// Counts re-renders exactly like a SwiftUI view would: a stand-in for a view's `body` in
/// unit tests.
///
/// A probe evaluates its body once when created, as a view appearing. A change to anything
/// the body read marks the probe dirty, and the next read of ``renders`` or ``value``
/// re-evaluates it; several changes between two reads are one render, as several changes in
/// one frame are one `body` call. It works on any `Observable`: a Hush `Store`, or an app's
/// own `@Observable` model.
///
/// ```swift
/// let probe = RenderProbe { store.query }   // renders once now, like a view appearing
/// store.send(.sliderMoved(3))
/// print(probe.renders)                       // 0: the query did not change
/// store.send(.queryChanged("cat"))
/// print(probe.renders, probe.value)          // 1 cat
/// ```
@MainActor
public final class RenderProbe<Value> {
  private let body: @MainActor () -> Value
  private var latest: Value
  private var renderCount = 0
  private let invalidation = Invalidation()

  /// Creates a probe and renders `body` once, tracking what it reads.
  public init(_ body: @escaping @MainActor () -> Value) {
    self.body = body
    self.latest = Self.evaluate(body, invalidation: invalidation)
  }

  /// The number of re-renders since the probe was created (the first render not counted).
  public var renders: Int {
    renderIfNeeded()
    return renderCount
  }

  /// The value of the latest render.
  public var value: Value {
    renderIfNeeded()
    return latest
  }

  /// Whether a change invalidated the probe since its last render.
  public var isDirty: Bool {
    invalidation.isDirty
  }

  /// Re-renders now if something the body read changed.
  public func renderIfNeeded() {
    guard invalidation.take() else { return }
    renderCount += 1
    latest = Self.evaluate(body, invalidation: invalidation)
  }

  private static func evaluate(
    _ body: @MainActor () -> Value, invalidation: Invalidation
  ) -> Value {
    withObservationTracking(body) { [invalidation] in invalidation.invalidate() }
  }
}

/// The dirty flag; Observation may report a change from any thread.
private final class Invalidation: Sendable {
  private let dirty = LockIsolated(false)

  var isDirty: Bool { dirty.value }

  func invalidate() {
    dirty.setValue(true)
  }

  /// Clears the flag and returns whether it was set.
  func take() -> Bool {
    dirty.withValue { isDirty in
      defer { isDirty = false }
      return isDirty
    }
  }
}
