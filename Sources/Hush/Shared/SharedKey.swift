import Dependencies
import Foundation
import IssueReporting

/// Where a ``SharedReader`` finds its value, as swift-sharing's `SharedReaderKey`: two keys
/// with the same ``id`` are the same shared value.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value.
  associatedtype Value
  /// What tells one stored value from another.
  associatedtype ID: Hashable

  /// The key's identity: `@Shared` values with keys of the same id share one value.
  var id: ID { get }

  /// The stored value, or `nil` when the storage holds none (the holder's default is used).
  /// Called once, when the first holder of the key is made.
  func load(initialValue: Value?) -> Value?
}

/// Where a ``Shared`` finds and keeps its value, as swift-sharing's `SharedKey`.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Keeps `value`, after each write.
  func save(_ value: Value)
}

/// A key of a value kept in memory for the life of the app (of the test, under
/// `TestStore`), as swift-sharing's `.inMemory`.
///
/// ```swift
/// @Shared(.inMemory("isOnboarded")) var isOnboarded = false
///
/// extension SharedKey where Self == InMemoryKey<Int> {
///   static var count: Self { inMemory("count") }
/// }
/// @Shared(.count) var count = 0
/// ```
public struct InMemoryKey<Value>: SharedKey {
  let key: String
  let storage: InMemoryStorage

  init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var storage
    self.key = key
    self.storage = storage
  }

  /// The key's name, in its storage.
  public var id: InMemoryKeyID {
    InMemoryKeyID(key: key, storage: ObjectIdentifier(storage))
  }

  /// Nothing stored outside memory: the holder's default.
  public func load(initialValue: Value?) -> Value? { initialValue }

  /// Kept in memory already.
  public func save(_ value: Value) {}
}

/// The identity of an ``InMemoryKey``: its name in its storage.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let storage: ObjectIdentifier
}

extension SharedReaderKey {
  /// A value kept in memory under `key`: `@Shared(.inMemory("count")) var count = 0`.
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// Where in-memory shared values live: one per app, a fresh one per test
/// (`@Dependency(\.defaultInMemoryStorage)`).
public final class InMemoryStorage: @unchecked Sendable {
  /// Guards `boxes`.
  private let lock = NSLock()
  /// The values by name, each a `SharedBox` of its type, held for the storage's life.
  private var boxes: [String: AnyObject] = [:]

  public init() {}

  func box<Value>(for key: String, initialValue: () -> Value) -> SharedBox<Value> {
    lock.withLock {
      if let box = boxes[key] as? SharedBox<Value> { return box }
      if let other = boxes[key] {
        reportIssue(
          """
          The in-memory key "\(key)" holds a value of another type than \(Value.self) \
          (\(typeDescription(of: other))). This holder gets a value of its own.
          """)
        return SharedBox(initialValue(), key: ".inMemory(\"\(key)\")")
      }
      let box = SharedBox(initialValue(), key: ".inMemory(\"\(key)\")")
      boxes[key] = box
      return box
    }
  }
}

private func typeDescription(of box: AnyObject) -> String {
  String(describing: type(of: box)).replacingOccurrences(of: "SharedBox", with: "")
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// Where `.inMemory` keys keep their values: a fresh storage per test.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}

/// The shared values made from keys, one per key id while something holds it.
enum SharedReferences {
  private struct WeakBox {
    weak var box: AnyObject?
  }

  /// Guards `boxes`.
  private static let lock = NSLock()
  nonisolated(unsafe) private static var boxes: [AnyHashable: WeakBox] = [:]

  static func reference<Key: SharedReaderKey>(
    for key: Key, initialValue: () -> Key.Value
  ) -> SharedBox<Key.Value> {
    if let inMemory = key as? InMemoryKey<Key.Value>
      ?? (key as? _SharedKeyDefault<InMemoryKey<Key.Value>>)?.base
    {
      return inMemory.storage.box(for: inMemory.key, initialValue: initialValue)
    }
    let id = AnyHashable(key.id)
    lock.lock()
    defer { lock.unlock() }
    if let box = boxes[id]?.box as? SharedBox<Key.Value> { return box }
    let value = key.load(initialValue: nil) ?? initialValue()
    let box = SharedBox(value, key: "\(key)", persistence: persistence(of: key))
    if let observed = key as? any ObservedSharedKey<Key.Value> {
      box.subscription = observed.subscribe { [weak box] value in box?.replace(with: value) }
    }
    boxes[id] = WeakBox(box: box)
    return box
  }

  /// What a box of `key` does with its storage.
  private static func persistence<Key: SharedReaderKey>(
    of key: Key
  ) -> SharedPersistence<Key.Value> {
    let explicit = key as? any ExplicitlyPersistedKey<Key.Value>
    let writable = key as? any SharedKey<Key.Value>
    var save: (@Sendable (Key.Value) -> Void)?
    if let writable {
      save = { value in writable.save(value) }
    }
    let reload: @Sendable () throws -> Key.Value? = {
      if let explicit { return try explicit.reload() }
      return key.load(initialValue: nil)
    }
    let saveNow: @Sendable (Key.Value) throws -> Void = { value in
      if let explicit {
        try explicit.saveNow(value)
      } else {
        writable?.save(value)
      }
    }
    return SharedPersistence(save: save, reload: reload, saveNow: saveNow)
  }
}
