import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation

/// What a `TestStore` asserts shared values with, as TCA's: the value each shared value had
/// at the test's previous step.
///
/// - **Tracking**: a write made with the store's dependencies (in its reducer or an effect)
///   records the value the box held before it, once per step: the *snapshot*.
/// - **Asserting** (``assert(_:)``, on the test's thread only): a read of a box with a
///   snapshot answers the snapshot, and a write changes the snapshot instead of the value. So a
///   test's closure starts from the previous value, `$0.$count.withLock { $0 = 1 }` states the
///   expected one, and `Shared ==` compares it (left) with the live value (right).
/// - ``reset()`` after each step: the next step starts from the live values.
package final class SharedChangeTracker: @unchecked Sendable {
  /// One shared value's snapshot; holds the box, so that its identity stays unique.
  private struct Snapshot {
    let box: AnyObject
    let value: Any
    /// The box's live value, dumped.
    let describe: () -> String

    init<Value>(_ box: SharedBox<Value>, _ value: Value) {
      self.box = box
      self.value = value
      // Strong: the snapshot holds the box anyway (a weak reference would add a side table).
      self.describe = { SharedChangeTracker.readingLive { String(customDumping: box.value) } }
    }
  }

  /// Guards `snapshots`; never held while a box's lock is taken.
  private let lock = NSLock()
  private var snapshots: [ObjectIdentifier: Snapshot] = [:]

  /// The number of trackers alive: writes look for one only while there is one.
  private static let aliveCount = LockIsolated(0)

  /// While a test asserts (see ``assert(_:)``): the tracker whose snapshots reads and writes
  /// go to. A task-local, so that effects on other threads keep reading the live values.
  @TaskLocal static var asserting: SharedChangeTracker?

  package init() {
    Self.aliveCount.withValue { $0 += 1 }
  }

  deinit {
    Self.aliveCount.withValue { $0 -= 1 }
  }

  /// Whether any shared value was written since the last ``reset()``.
  package var hasChanges: Bool {
    lock.withLock { !snapshots.isEmpty }
  }

  /// The shared values whose value differs from their snapshot, each described as
  /// `key: old → new` (compared by their dumps, so that any value can be compared).
  package var changeDescriptions: [String] {
    let entries = lock.withLock { Array(snapshots.values) }
    return entries.compactMap { entry in
      let old = String(customDumping: entry.value)
      let new = entry.describe()
      return old == new ? nil : "\(keyDescription(of: entry.box)): \(old) → \(new)"
    }
  }

  /// Runs `body` asserting: reads and writes of shared values go to the snapshots.
  package func assert<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$asserting.withValue(self, operation: body)
  }

  /// Runs `body` reading the live values, inside ``assert(_:)``.
  static func readingLive<R>(_ body: () throws -> R) rethrows -> R {
    try $asserting.withValue(nil, operation: body)
  }

  /// Forgets the snapshots: every shared value reads its live value again.
  package func reset() {
    let dropped = lock.withLock {
      defer { snapshots.removeAll() }
      return snapshots
    }
    _ = dropped  // released outside the lock
  }

  /// The snapshot of `box`, if it was written since the last reset.
  func snapshot<Value>(of box: SharedBox<Value>) -> Value? {
    lock.withLock { snapshots[ObjectIdentifier(box)]?.value as? Value }
  }

  /// Records `previous` as the snapshot of `box`, unless it has one.
  func track<Value>(_ box: SharedBox<Value>, previous: Value) {
    lock.withLock {
      let id = ObjectIdentifier(box)
      if snapshots[id] == nil { snapshots[id] = Snapshot(box, previous) }
    }
  }

  /// Sets the snapshot of `box` (a write while asserting).
  func setSnapshot<Value>(_ value: Value, of box: SharedBox<Value>) {
    lock.withLock { snapshots[ObjectIdentifier(box)] = Snapshot(box, value) }
  }

  /// The tracker that records a write made here, now: the one in the dependencies of the
  /// store whose reducer or effect writes.
  static var tracking: SharedChangeTracker? {
    guard aliveCount.value > 0 else { return nil }
    return DependencyValues._current[SharedChangeTrackerKey.self]
  }
}

private func keyDescription(of box: AnyObject) -> String {
  (box as? any SharedKeyDescribing)?.keyDescription ?? "\(box)"
}

/// A box that names its key, for messages.
protocol SharedKeyDescribing: AnyObject {
  var keyDescription: String { get }
}

private enum SharedChangeTrackerKey: DependencyKey {
  static var liveValue: SharedChangeTracker? { nil }
  static var testValue: SharedChangeTracker? { nil }
}

extension DependencyValues {
  /// The tracker that records the shared values a `TestStore`'s reducer and effects write.
  package var sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}
