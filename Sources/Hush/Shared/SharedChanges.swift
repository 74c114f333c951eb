import ConcurrencyExtras
import Dispatch

/// Tells the stores that may hold a shared value that one changed, so that each compares what
/// its live readers read, then the readers outside any store (Observation's, through the
/// box: see ``StoreStateReading``).
///
/// A ``Shared`` is a reference: its bytes in a store's state stay the same when its value
/// changes, through this store, another one, or outside any store. So every change bumps
/// ``generation`` and makes each registered root compare its readers' paths (O(active
/// readers), as a send); a root whose state cannot hold a shared value is not registered. The
/// comparison that follows a change reads every path through its getters
/// (``isComparingAll``): the byte comparisons that skip unchanged parts are not taken.
///
/// Main thread only, but for ``valueDidChange()``: a change made on another thread (an effect)
/// reaches the stores in a main-actor task.
package enum SharedChanges {
  /// Bumped on the main thread at every change of a shared value.
  nonisolated(unsafe) static var generation = 0
  /// Set on the main thread while a root compares its readers after a shared value changed.
  nonisolated(unsafe) static var isComparingAll = false
  /// While ``isComparingAll`` is set: the ``generation`` of the root's previous comparison,
  /// so that a box changed after it is a change of the values that hold it.
  nonisolated(unsafe) static var comparingSince = 0

  /// Set on the main queue, which runs the main actor's jobs: found there, and only there, by
  /// `DispatchQueue.getSpecific(key:)` (`Thread.isMainThread` is not where the main actor
  /// runs under every test runner).
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// The roots whose state may hold a shared value, by object.
  private static let roots = LockIsolated<[ObjectIdentifier: WeakRoot]>([:])

  /// Unchecked: a root is stored and handed back from any thread, but only told of changes
  /// on the main actor.
  private struct WeakRoot: @unchecked Sendable {
    weak var root: (any SharedValueObserver)?
  }

  static func register(_ root: any SharedValueObserver) {
    let entry = WeakRoot(root: root)
    let id = ObjectIdentifier(root)
    roots.withValue { $0[id] = entry }
  }

  static func unregister(_ id: ObjectIdentifier) {
    _ = roots.withValue { $0.removeValue(forKey: id) }
  }

  /// The ``generation`` of the last change of the value in `box` (main thread).
  static func changeGeneration(of box: AnyObject) -> Int {
    (box as? any SharedChangeStamped)?.changedAt ?? 0
  }

  /// The shared value in `box` changed: the stores that may hold it compare their readers now
  /// (on the main thread) or in a main-actor task (elsewhere).
  static func valueDidChange(in box: some SharedChangeStamped) {
    if DispatchQueue.getSpecific(key: mainQueueKey) != nil {
      MainActor.assumeIsolated { notifyRoots(changed: box) }
    } else {
      Task { @MainActor in notifyRoots(changed: box) }
    }
  }

  @MainActor
  private static func notifyRoots(changed box: some SharedChangeStamped) {
    generation &+= 1
    box.changedAt = generation
    let entries = roots.withValue { Array($0.values) }
    for entry in entries {
      entry.root?.sharedValueDidChange()
    }
    box.valueDidChangeForObservers()
  }
}

/// A store's root, told when a shared value changed (see ``SharedChanges``).
protocol SharedValueObserver: AnyObject {
  /// Compares the readers' paths now, unless a reducer is running on the state: the
  /// comparison after it sees the change.
  func sharedValueDidChange()
}

/// A box that records when its value last changed (see ``SharedChanges``).
protocol SharedChangeStamped: AnyObject, Sendable {
  /// The ``SharedChanges/generation`` of its last change; main thread only.
  var changedAt: Int { get set }

  /// Tells Observation's readers of the value (outside any store) that it changed.
  func valueDidChangeForObservers()
}
