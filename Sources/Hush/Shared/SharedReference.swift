import Foundation
import Observation

/// Where a shared value is read from: a box of its own, or a part of another shared value.
///
/// Read under a lock, so that effects on any thread and the main actor share it without a
/// data race.
class SharedReadable<Value>: @unchecked Sendable {
  /// The current value.
  var value: Value { preconditionFailure("SharedReadable is abstract") }

  /// The object that holds the value this reference reads (a box), for identity.
  var root: AnyObject { preconditionFailure("SharedReadable is abstract") }

  /// A description of where the value lives, for `description`.
  var keyDescription: String { preconditionFailure("SharedReadable is abstract") }

  /// Reads the value from the storage of the box's key again (`$value.load()`).
  func reload() throws { preconditionFailure("SharedReadable is abstract") }

  /// Writes the value to the storage of the box's key now (`$value.save()`).
  func saveNow() throws { preconditionFailure("SharedReadable is abstract") }
}

/// Where a shared value is read and written; every write tells the stores
/// (``SharedChanges``).
class SharedReference<Value>: SharedReadable<Value>, @unchecked Sendable {
  /// Runs `body` on the value with exclusive access.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    preconditionFailure("SharedReference is abstract")
  }
}

/// A part of another shared value, read-only: `$syncUp.attendees.count`.
final class KeyPathReadable<Base, Value>: SharedReadable<Value>, @unchecked Sendable {
  private let base: SharedReadable<Base>
  /// A constant: key paths are immutable.
  private let keyPath: KeyPath<Base, Value>

  init(base: SharedReadable<Base>, keyPath: KeyPath<Base, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  override var value: Value { base.value[keyPath: keyPath] }

  override var root: AnyObject { base.root }

  override var keyDescription: String { "\(base.keyDescription)\(describePath(keyPath))" }
  override func reload() throws { try base.reload() }
  override func saveNow() throws { try base.saveNow() }
}

/// The value of a shared optional, read-only, while it has one (see ``UnwrappedReference``):
/// the last value it had once the optional is `nil`.
final class UnwrappedReadable<Value>: SharedReadable<Value>, @unchecked Sendable {
  private let base: SharedReadable<Value?>
  /// Guards `storedLast`; taken after the base's lock, never before it.
  private let lastLock = NSLock()
  private var storedLast: Value

  init(base: SharedReadable<Value?>, initialValue: Value) {
    self.base = base
    self.storedLast = initialValue
  }

  /// The last value read or written.
  var last: Value {
    get {
      lastLock.lock()
      defer { lastLock.unlock() }
      return storedLast
    }
    set {
      lastLock.lock()
      defer { lastLock.unlock() }
      storedLast = newValue
    }
  }

  override var value: Value {
    let current = base.value
    lastLock.lock()
    defer { lastLock.unlock() }
    if let current { storedLast = current }
    return storedLast
  }

  override var root: AnyObject { base.root }

  override var keyDescription: String { base.keyDescription }
  override func reload() throws { try base.reload() }
  override func saveNow() throws { try base.saveNow() }
}

/// A shared value's own storage.
///
/// Under a `TestStore`, reads and writes while the test asserts go to the box's snapshot (see
/// ``SharedChangeTracker``).
///
/// Observed: a read outside any store (a view's `@Shared`, an `@Observable` model's) is
/// tracked as a read of the whole value, and a change of it renders the reader (see
/// ``StoreStateReading``, and ``SharedChanges``, which tells the observers on the main actor).
final class SharedBox<Value>: SharedReference<Value>, SharedChangeStamped, SharedKeyDescribing,
  @unchecked Sendable
{
  /// See ``SharedChangeStamped``: main thread only.
  var changedAt = 0
  /// Guards `storage`; recursive, so that `withLock` may read the value it writes.
  private let lock = NSRecursiveLock()
  private var storage: Value
  /// What the box does with its key's storage: nil for a value with no key.
  private let persistence: SharedPersistence<Value>?
  private let key: String
  /// What tells the box of changes its key's storage saw elsewhere; set once, before the box
  /// is handed out.
  var subscription: AnyObject?
  /// Tracks the reads made outside any store.
  private let observation = SharedObservation()
  /// `==`, when `Value` is `Equatable`: an equal write tells no one.
  private let isEqual: ((Value, Value) -> Bool)?

  init(_ value: Value, key: String, persistence: SharedPersistence<Value>? = nil) {
    self.storage = value
    self.key = key
    self.persistence = persistence
    self.isEqual = equalityFunction(for: Value.self)
  }

  override var value: Value {
    if let tracker = SharedChangeTracker.asserting, let snapshot = tracker.snapshot(of: self) {
      return snapshot
    }
    if !StoreStateReading.isActive { observation.access() }
    return liveValue
  }

  /// Tells the readers outside any store that the value changed (main actor, from
  /// ``SharedChanges``).
  func valueDidChangeForObservers() {
    observation.didChange()
  }

  private var liveValue: Value {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    if let tracker = SharedChangeTracker.asserting {
      // A test states the expected value: it changes the snapshot, not the value.
      var snapshot = tracker.snapshot(of: self) ?? liveValue
      defer { tracker.setSnapshot(snapshot, of: self) }
      return try body(&snapshot)
    }
    let tracker = SharedChangeTracker.tracking
    var changed = true
    // Run in this order on the way out: store, unlock, then tell (outside the lock: the
    // stores read the value, possibly on another thread).
    defer { didChange(tellingReaders: changed) }
    lock.lock()
    defer { lock.unlock() }
    tracker?.track(self, previous: storage)
    // On a copy, as swift-sharing does: the body may read the value it writes (`$syncUps
    // .withLock { $0.remove(id: state.syncUp.id) }`, where `syncUp` is a part of `syncUps`),
    // and reads `storage` meanwhile (the old value), which an access to `storage` itself would
    // forbid. (A collection is copied by its first change in the body.)
    var value = storage
    defer {
      if let isEqual, isEqual(storage, value) { changed = false }
      storage = value
    }
    return try body(&value)
  }

  /// Sets the value from the storage (a change made elsewhere), and tells the readers.
  func replace(with newValue: Value) {
    lock.lock()
    let changed = isEqual.map { !$0(storage, newValue) } ?? true
    storage = newValue
    lock.unlock()
    if changed { SharedChanges.valueDidChange(in: self) }
  }

  /// After a write: saves the value (an equal one too: the key decides), and tells the readers
  /// when it changed.
  private func didChange(tellingReaders: Bool) {
    if let save = persistence?.save { save(liveValue) }
    if tellingReaders { SharedChanges.valueDidChange(in: self) }
  }

  override var root: AnyObject { self }

  override var keyDescription: String { key }

  override func reload() throws {
    guard let persistence, let value = try persistence.reload() else { return }
    replace(with: value)
  }

  override func saveNow() throws {
    try persistence?.saveNow(liveValue)
  }
}

/// What a box does with its key's storage.
struct SharedPersistence<Value>: Sendable {
  /// After each write, outside the box's lock (a key may coalesce).
  let save: (@Sendable (Value) -> Void)?
  /// The stored value now (`nil`: none), for `load()`.
  let reload: @Sendable () throws -> Value?
  /// Writes the value now, for `save()`.
  let saveNow: @Sendable (Value) throws -> Void
}

/// A part of another shared value, at a key path: `$syncUp.title`.
final class KeyPathReference<Base, Value>: SharedReference<Value>, @unchecked Sendable {
  private let base: SharedReference<Base>
  /// A constant: key paths are immutable.
  private let keyPath: WritableKeyPath<Base, Value>
  private let reader: KeyPathReadable<Base, Value>

  init(base: SharedReference<Base>, keyPath: WritableKeyPath<Base, Value>) {
    self.base = base
    self.keyPath = keyPath
    self.reader = KeyPathReadable(base: base, keyPath: keyPath)
  }

  override var value: Value { reader.value }
  override var root: AnyObject { reader.root }
  override var keyDescription: String { reader.keyDescription }
  override func reload() throws { try reader.reload() }
  override func saveNow() throws { try reader.saveNow() }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try body(&$0[keyPath: keyPath]) }
  }
}

/// The value of a shared optional, while it has one: `Shared($destination)`. When the optional
/// becomes `nil` (a row removed, a screen dismissed), it reads the last value it had, and a
/// write is dropped (as a store of a removed row answers its last value).
final class UnwrappedReference<Value>: SharedReference<Value>, @unchecked Sendable {
  private let base: SharedReference<Value?>
  private let reader: UnwrappedReadable<Value>

  init(base: SharedReference<Value?>, initialValue: Value) {
    self.base = base
    self.reader = UnwrappedReadable(base: base, initialValue: initialValue)
  }

  override var value: Value { reader.value }
  override var root: AnyObject { reader.root }
  override var keyDescription: String { reader.keyDescription }
  override func reload() throws { try reader.reload() }
  override func saveNow() throws { try reader.saveNow() }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { optional in
      guard var wrapped = optional else {
        var dropped = reader.last
        return try body(&dropped)
      }
      defer {
        optional = wrapped
        reader.last = wrapped
      }
      return try body(&wrapped)
    }
  }
}
