import CustomDump

/// A read-only shared value, as TCA's `@SharedReader`: a view of a ``Shared`` or of a key's
/// storage that a feature reads and cannot write.
///
/// ```swift
/// @SharedReader(.inMemory("count")) var count = 0
/// SharedReader(state.$count)   // from a Shared
/// ```
///
/// Observed as ``Shared`` is.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value> {
  let readable: SharedReadable<Value>

  init(readable: SharedReadable<Value>) {
    self.readable = readable
  }

  /// A read-only value with no key, for previews and tests.
  public init(value: Value) {
    self.init(readable: SharedBox(value, key: "value"))
  }

  /// The shared value stored under `key`, or `wrappedValue` when the storage holds none.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    self.init(readable: SharedReferences.reference(for: key, initialValue: wrappedValue))
  }

  /// The optional value stored under `key`, read-only, `nil` when the storage holds none.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A key with no default needs one: `@SharedReader(.inMemory("count")) var count = 0`.
  @available(*, unavailable, message: "Assign a default value")
  public init(_ key: some SharedReaderKey<Value>) {
    fatalError()
  }

  /// A read-only view of `shared`.
  public init(_ shared: Shared<Value>) {
    self.init(readable: shared.reference)
  }

  /// Reads the value from its key's storage again; nothing happens for a value with no key or
  /// in memory.
  ///
  /// - Throws: The storage's error when the value cannot be read (the value is kept).
  public func load() async throws {
    try readable.reload()
  }

  /// The same shared value: what a memberwise initializer takes.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The value of a shared optional, or `nil` when it has none now.
  public init?(_ base: SharedReader<Value?>) {
    guard let initialValue = base.wrappedValue else { return nil }
    self.init(readable: UnwrappedReadable(base: base.readable, initialValue: initialValue))
  }

  /// The value of a shared optional, or `nil` when it has none now.
  public init?(_ base: Shared<Value?>) {
    self.init(SharedReader<Value?>(base))
  }

  /// The current value.
  public var wrappedValue: Value { readable.value }

  /// The shared value itself (`$count`), to hand it on.
  public var projectedValue: SharedReader<Value> { self }

  /// A part of the shared value: `$settings.theme`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(readable: KeyPathReadable(base: readable, keyPath: keyPath))
  }
}

extension SharedReader: @unchecked Sendable {}

extension SharedReader: SharedValueReference {
  var sharedRoot: AnyObject { readable.root }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Whether the two values are equal now.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    sharedValuesAreEqual(lhs.readable, rhs.readable)
  }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension SharedReader: _CustomDiffObject {
  /// The expected and the live value, while a `TestStore` asserts; the value twice otherwise.
  public var _customDiffValues: (Any, Any) {
    sharedDiffValues(readable)
  }

  public var _objectIdentifier: ObjectIdentifier { ObjectIdentifier(readable) }
}

/// Whether two shared values are equal: the left one as a test expects it while a `TestStore`
/// asserts, the right one live.
func sharedValuesAreEqual<Value: Equatable>(
  _ lhs: SharedReadable<Value>, _ rhs: SharedReadable<Value>
) -> Bool {
  lhs.value == SharedChangeTracker.readingLive { rhs.value }
}

/// The values a diff of a shared value shows: expected (left) and live (right).
func sharedDiffValues<Value>(_ reference: SharedReadable<Value>) -> (Any, Any) {
  (reference.value, SharedChangeTracker.readingLive { reference.value })
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: CustomStringConvertible {
  public var description: String {
    "SharedReader<\(Value.self)>(\(readable.keyDescription): \(String(describing: wrappedValue)))"
  }
}
