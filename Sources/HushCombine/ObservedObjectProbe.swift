import Foundation

#if canImport(Combine)
  @preconcurrency import Combine
#else
  @preconcurrency import OpenCombineShim
#endif

/// Counts the renders of a view that observes `ObservableObject`s, as SwiftUI would: the
/// `RenderProbe` of an `ObservableObject` app.
///
/// A view with `@ObservedObject` (or `@StateObject`, `@EnvironmentObject`) properties renders
/// in a frame after any of those objects sent `objectWillChange`, whatever changed and whatever
/// the view reads; several announcements before a frame are one render. The probe counts that:
/// an announcement from an observed object marks it dirty, and the next read of ``renders``
/// counts one render.
///
/// ```swift
/// let footer = ObservedObjectProbe(observing: todos)   // the footer's @ObservedObject
/// todos.items[0].title = "Milk"                         // announced through `todos`
/// print(footer.renders)                                 // 1
/// print(footer.renders)                                 // 1: no change since
/// ```
///
/// Read ``renders`` once per step of a test, as a frame: announcements between two reads are
/// one render.
@MainActor
public final class ObservedObjectProbe {
  private let dirty = DirtyFlag()
  private var subscriptions: [AnyCancellable] = []
  private var renderCount = 0

  /// A probe of a view that observes `objects`.
  public init(observing objects: [any ObservableObject]) {
    for object in objects { subscribe(to: object) }
  }

  /// A probe of a view that observes `objects`.
  public convenience init(observing objects: any ObservableObject...) {
    self.init(observing: objects)
  }

  /// The number of renders since the probe was created (the first, as the view appears, not
  /// counted): one per read after which an observed object announced a change.
  public var renders: Int {
    if dirty.take() { renderCount += 1 }
    return renderCount
  }

  /// Whether an observed object announced a change since the last read of ``renders``.
  public var isDirty: Bool { dirty.isSet }

  private func subscribe<Object: ObservableObject>(to object: Object) {
    let dirty = self.dirty
    subscriptions.append(object.objectWillChange.sink { _ in dirty.set() })
  }
}

/// The probe's flag; `objectWillChange` may be sent from any thread.
private final class DirtyFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }

  /// Clears the flag and returns whether it was set.
  func take() -> Bool {
    lock.withLock {
      defer { value = false }
      return value
    }
  }
}
