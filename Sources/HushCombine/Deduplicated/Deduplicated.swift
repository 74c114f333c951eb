import CombineSchedulers
import Foundation

// `@preconcurrency`: `ObservableObjectPublisher` locks its own state and is safe to send from
// any thread, but neither Combine nor OpenCombine marks it `Sendable`; `objectWillChange` must be
// `nonisolated` to satisfy `ObservableObject` from a `@MainActor` class.
#if canImport(Combine)
  @preconcurrency import Combine
#else
  @preconcurrency import OpenCombineShim
#endif

/// An observable object that announces another object's changes only when a snapshot of what a
/// view shows has really changed.
///
/// `ObservableObject` announces every write to a `@Published` property, even one that stores the
/// same value, and even one to a property the view never reads; SwiftUI then re-evaluates every
/// view observing the object. Wrap the object with a snapshot of what a view reads, and observe
/// the wrapper instead: it compares the snapshot once per turn of its scheduler and announces
/// only when it differs from the last one announced.
///
/// ```swift
/// struct Badge: Equatable { var unread: Int }
///
/// let inbox = Inbox()                                    // an ObservableObject
/// let badge = inbox.deduplicated { Badge(unread: $0.unread) }
/// let log = badge.objectWillChange.sink { print("unread:", badge.unread) }
///
/// inbox.lastSync = .now           // not in the snapshot
/// inbox.unread = 3
/// inbox.unread = 3                // same value again
/// // next turn of the main queue: prints "unread: 3", once
/// ```
///
/// Reads and writes reach the wrapped object through dynamic member lookup (`badge.unread`), so
/// they always see its latest values.
///
/// An announcement is made after the change, not before it as `objectWillChange` usually is:
/// the comparison needs the new values. A subscriber that reads the wrapper when it announces
/// sees the new state, and so does SwiftUI, which re-evaluates views after the announcement.
/// Changes inside one turn of the scheduler are one comparison and at most one announcement.
@MainActor
@dynamicMemberLookup
public final class Deduplicated<Object: ObservableObject, Snapshot: Equatable>: ObservableObject {
  /// Fires when the snapshot has changed, once the change has been made.
  public nonisolated let objectWillChange = ObservableObjectPublisher()

  /// The wrapped object. Reads see its latest values at any time.
  public let object: Object

  /// The snapshot of the last announcement (or of the wrapped object when it was wrapped).
  ///
  /// Updated just before each announcement, so a subscriber reading it then sees the new one.
  public private(set) var snapshot: Snapshot

  private let makeSnapshot: (Object) -> Snapshot
  private let storage = DeduplicatedStorage()
  private var subscription: AnyCancellable?

  /// Wraps an observable object, announcing its changes only when `snapshot` changes.
  ///
  /// ```swift
  /// let title = Deduplicated(document) { $0.title }
  /// ```
  ///
  /// - Parameters:
  ///   - object: The object to observe.
  ///   - scheduler: Where the snapshot is compared and the announcement is made: once per turn,
  ///     however many changes come in. It must run its work on the main actor: the main queue
  ///     (the default), or a `TestScheduler` advanced from the main actor in tests. The wrapped
  ///     object may change on any thread.
  ///   - snapshot: The part of the object that matters to the observer. Called on the
  ///     scheduler, once now and then once per turn in which the object changed.
  /// - Complexity: Each turn with changes costs one call of `snapshot` and one comparison.
  public init(
    _ object: Object,
    scheduler: AnySchedulerOf<DispatchQueue> = .main,
    snapshot: @escaping (Object) -> Snapshot
  ) {
    self.object = object
    self.makeSnapshot = snapshot
    self.snapshot = snapshot(object)
    let storage = self.storage
    // `@Sendable`: the object may announce on any thread, so this closure must not be isolated
    // to the main actor; it only touches the locked storage and the scheduler.
    subscription = object.objectWillChange.sink { @Sendable [weak self] _ in
      guard storage.changeAnnounced() == .scheduleCheck else { return }
      // Comparing now would see the old values: `objectWillChange` fires before the change.
      // The next turn of the scheduler sees every change of this turn.
      scheduler.schedule {
        MainActor.assumeIsolated { self?.compareSnapshot() }
      }
    }
  }

  deinit {
    storage.finish()
  }

  private func compareSnapshot() {
    guard storage.checkFired() == .compare else { return }
    let latest = makeSnapshot(object)
    guard latest != snapshot else { return }
    snapshot = latest
    objectWillChange.send()
  }

  /// Reads a property of the wrapped object.
  ///
  /// ```swift
  /// print(badge.unread)         // same as badge.object.unread
  /// ```
  public subscript<Value>(dynamicMember keyPath: KeyPath<Object, Value>) -> Value {
    object[keyPath: keyPath]
  }

  /// Reads or writes a property of the wrapped object.
  ///
  /// A write reaches the wrapped object at once; it is announced on the scheduler's next turn
  /// if it changed the snapshot.
  ///
  /// ```swift
  /// badge.unread = 0            // same as badge.object.unread = 0
  /// ```
  public subscript<Value>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Object, Value>
  ) -> Value {
    get { object[keyPath: keyPath] }
    set { object[keyPath: keyPath] = newValue }
  }
}
