import CustomDump
import IdentifiedCollections

/// A value shared by features and kept in a storage, as TCA's `@Shared`: every holder reads
/// and writes one value, and a store re-renders exactly the readers whose path's value
/// changed, whoever changed it.
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable {
///     @Shared(.inMemory("count")) var count = 0
///   }
///   enum Action { case incrementTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.$count.withLock { $0 += 1 }
///       return .none
///     }
///   }
/// }
/// ```
///
/// A parent hands a part of its shared value to a child: `Detail.State(syncUp:
/// $syncUps[id: id])` with `@Shared var syncUp: SyncUp` in the child's state, or
/// `$settings.theme` for one field.
///
/// ## Observation
///
/// A reader of `store.count`, `store[\.syncUp.title]` or a child store scoped into the shared
/// value renders when the value at its path changed, as for any other state: a change through
/// another feature's store, outside any store, or by the storage reaches every store that
/// may hold the shared value, which compares what its live readers read (O(live readers), as a
/// send). An equal write renders nothing. A reader that reads the state around a shared value
/// as one value (`store.state`, a child state holding a `@Shared`) renders at every change of
/// a shared value: its copy and the current state hold the same shared value.
///
/// Writes go through ``withLock(_:fileID:filePath:line:column:)``, which gives exclusive
/// access: effects on other threads and the main actor change it without a data race.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value> {
  let reference: SharedReference<Value>

  init(reference: SharedReference<Value>) {
    self.reference = reference
  }

  /// A shared value kept in memory by this value and its copies only, with no key: for
  /// previews and tests, or to hand a child a value no storage holds.
  ///
  /// ```swift
  /// SyncUpDetail.State(syncUp: Shared(value: .mock))
  /// ```
  public init(value: Value) {
    self.init(reference: SharedBox(value, key: "value"))
  }

  /// The shared value stored under `key`, or `wrappedValue` when the storage holds none.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(reference: SharedReferences.reference(for: key, initialValue: wrappedValue))
  }

  /// The optional shared value stored under `key`, `nil` when the storage holds none:
  /// `@Shared(.fileStorage(url)) var draft: Draft?`.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A key with no default needs one: `@Shared(.inMemory("count")) var count = 0`.
  @available(*, unavailable, message: "Assign a default value")
  public init(_ key: some SharedKey<Value>) {
    fatalError()
  }

  /// The same shared value: what a memberwise initializer takes for `@Shared var syncUp`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The same shared value.
  public init(_ other: Shared<Value>) {
    self = other
  }

  /// The value of a shared optional, or `nil` when it has none now: `Shared($destination)`.
  /// Once the optional is `nil`, the result reads the last value it had and drops writes.
  public init?(_ base: Shared<Value?>) {
    guard let initialValue = base.wrappedValue else { return nil }
    self.init(reference: UnwrappedReference(base: base.reference, initialValue: initialValue))
  }

  /// The current value.
  ///
  /// An assignment (`state.count = 1`, or a `Scope` writing back a child's state) replaces
  /// the value under the lock. Change it with ``withLock(_:fileID:filePath:line:column:)``
  /// where the new value depends on the old one (`$count.withLock { $0 += 1 }`): an effect
  /// on another thread cannot write in between.
  ///
  /// (swift-sharing deprecates the setter; Hush keeps it, so that reading `store.count` forms
  /// no key path through a deprecated setter and writing back through a key path warns of
  /// nothing.)
  public var wrappedValue: Value {
    get { reference.value }
    nonmutating set { withLock { $0 = newValue } }
  }

  /// The shared value itself (`$count`), to change it or hand it on.
  public var projectedValue: Shared<Value> {
    self
  }

  /// Runs `operation` on the value with exclusive access: no other thread reads or writes it
  /// meanwhile. The stores that may hold it compare their readers after.
  ///
  /// ```swift
  /// state.$count.withLock { $0 += 1 }
  /// ```
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) rethrows -> R {
    return try reference.withLock(operation)
  }

  /// Reads the value from its key's storage again (the file, the user defaults), replacing
  /// the value every holder reads; nothing happens for a value with no key or in memory.
  ///
  /// - Throws: The storage's error when the value cannot be read (the value is kept).
  public func load() async throws {
    try reference.reload()
  }

  /// Writes the value to its key's storage now, instead of at the end of the coalescing
  /// window; nothing happens for a value with no key or in memory.
  ///
  /// - Throws: The storage's error when the value cannot be written.
  public func save() async throws {
    try reference.saveNow()
  }

  /// A part of the shared value, shared: `$syncUp.title`.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<
    Member
  > {
    Shared<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A read-only part of the shared value: `$syncUp.attendees.count`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }
}

extension Shared: @unchecked Sendable {}

extension Shared: SharedValueReference {
  var sharedRoot: AnyObject { reference.root }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the two values are equal now.
  ///
  /// While a `TestStore` asserts, the left value is the one the test expects (the value at the
  /// previous step, as the test's closure changed it) and the right one the live value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    sharedValuesAreEqual(lhs.reference, rhs.reference)
  }
}

extension Shared: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension Shared: _CustomDiffObject {
  /// The expected and the live value, while a `TestStore` asserts; the value twice otherwise.
  public var _customDiffValues: (Any, Any) {
    sharedDiffValues(reference)
  }

  public var _objectIdentifier: ObjectIdentifier { ObjectIdentifier(reference) }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  public var description: String {
    "Shared<\(Value.self)>(\(reference.keyDescription): \(String(describing: wrappedValue)))"
  }
}

extension Shared {
  /// The element with id `id` of a shared identified array, shared, or `nil` when there is
  /// none: `Shared($syncUps[id: id])`.
  public subscript<ID: Hashable, Element>(id id: ID) -> Shared<Element?>
  where Value == IdentifiedArray<ID, Element> {
    self[dynamicMember: \.[id: id]]
  }
}

extension RangeReplaceableCollection {
  /// One shared value per element of a shared identified array, in order: `ForEach(Array(
  /// $syncUps)) { $syncUp in … }`.
  public init<ID: Hashable, Element>(_ shared: Shared<IdentifiedArray<ID, Element>>)
  where Self.Element == Shared<Element> {
    self.init()
    let value = shared.wrappedValue
    reserveCapacity(value.count)
    for (id, element) in zip(value.ids, value) {
      append(
        Shared<Element>(
          reference: UnwrappedReference(base: shared[id: id].reference, initialValue: element)))
    }
  }
}
