extension SharedReaderKey {
  /// A key with a default value, as swift-sharing's: declared once, so that holders need not
  /// repeat the default.
  ///
  /// ```swift
  /// extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
  ///   static var syncUps: Self {
  ///     Self[.fileStorage(.documentsDirectory.appending(component: "sync-ups.json")), default: []]
  ///   }
  /// }
  ///
  /// @Shared(.syncUps) var syncUps          // the default when the file holds none
  /// @Shared(.syncUps) var syncUps = [.mock]  // a default of this holder's
  /// ```
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key with a default value: see ``SharedReaderKey/Default``.
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// `key`, with `value` as its default.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// The base key's id: a key and its defaulted form are one shared value.
  public var id: Base.ID { base.id }

  /// The base key's stored value.
  public func load(initialValue: Base.Value?) -> Base.Value? {
    base.load(initialValue: initialValue)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  /// Saved by the base key.
  public func save(_ value: Base.Value) {
    base.save(value)
  }
}

extension _SharedKeyDefault: ExplicitlyPersistedKey where Base: ExplicitlyPersistedKey {
  func reload() throws -> Base.Value? { try base.reload() }
  func saveNow(_ value: Base.Value) throws { try base.saveNow(value) }
}

extension _SharedKeyDefault: CustomStringConvertible {
  public var description: String { String(describing: base) }
}

extension Shared {
  /// The shared value stored under `key`, or the key's default when the storage holds none:
  /// `@Shared(.syncUps) var syncUps`.
  public init<Key: SharedKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// The shared value stored under `key`, or `wrappedValue` (rather than the key's default)
  /// when the storage holds none: `@Shared(.syncUps) var syncUps = [.mock]`.
  public init<Key: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(reference: SharedReferences.reference(for: key, initialValue: wrappedValue))
  }
}

extension SharedReader {
  /// The shared value stored under `key`, read-only, or the key's default when the storage
  /// holds none.
  public init<Key: SharedReaderKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// The shared value stored under `key`, read-only, or `wrappedValue` (rather than the key's
  /// default) when the storage holds none.
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(readable: SharedReferences.reference(for: key, initialValue: wrappedValue))
  }
}

extension _SharedKeyDefault: ObservedSharedKey where Base: ObservedSharedKey {
  func subscribe(_ didChange: @escaping @Sendable (Base.Value) -> Void) -> AnyObject {
    base.subscribe(didChange)
  }
}
