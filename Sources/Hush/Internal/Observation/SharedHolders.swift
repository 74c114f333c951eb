@_spi(Reflection) import Swift

/// A value that refers to a shared value held elsewhere (``Shared``, ``SharedReader``): its
/// bytes stay the same when the shared value changes.
protocol SharedValueReference {
  /// The box that holds the shared value (a `SharedBox`).
  var sharedRoot: AnyObject { get }
}

/// Which types may hold a ``Shared`` or a ``SharedReader``: a value of such a type, compared
/// with a copy taken before a shared value changed, can have the same bytes and compare equal
/// (both copies read the same shared value) although what it shows changed.
///
/// Structures and tuples are walked field by field, known containers by element (see
/// ``ClassFreeContainer``); plain bytes, classes (compared by identity) and metatypes hold
/// none. Other shapes (enums with payloads, existentials, closures) may. A value of a type
/// that may is searched, once a shared value changed, for a shared value changed since its
/// readers last compared (``holdsChangedShared(_:)``).
enum SharedHolders {
  /// Whether `type` may hold a shared value. Computed once per type.
  static func mayHoldShared(_ type: Any.Type) -> Bool {
    facts.answer(for: type, analyze)
  }

  private static let facts = TypeFacts()

  private static func analyze(_ type: Any.Type, visiting: inout Set<ObjectIdentifier>) -> Bool {
    if type is any SharedValueReference.Type { return true }
    if ClassFreeTypes.isPlainBytes(type) || type is AnyClass { return false }
    // A type that contains itself (through an array): as the rest of it.
    guard visiting.insert(ObjectIdentifier(type)).inserted else { return false }
    defer { visiting.remove(ObjectIdentifier(type)) }
    if let container = type as? any ClassFreeContainer.Type {
      return container.hushElementTypes.contains { analyze($0, visiting: &visiting) }
    }
    switch ClassFreeTypes.metadataKind(of: type) {
    case .structure, .tuple:
      var holds = false
      let walked = _forEachField(of: type, options: []) { _, _, field, _ in
        holds = analyze(field, visiting: &visiting)
        return !holds
      }
      return holds || !walked
    case .metatype:
      return false
    case .other:
      return true
    }
  }

  /// Whether `value` holds a shared value whose box changed since the comparison that
  /// `SharedChanges.comparingSince` names (main thread, during a comparison after a change).
  static func holdsChangedShared<Value>(_ value: Value) -> Bool {
    holdsChangedShared(any: value, since: SharedChanges.comparingSince)
  }

  private static func holdsChangedShared(any value: Any, since generation: Int) -> Bool {
    if let shared = value as? any SharedValueReference {
      return SharedChanges.changeGeneration(of: shared.sharedRoot) > generation
    }
    // A class instance is compared by identity; its contents are not the value's.
    if type(of: value) is AnyClass { return false }
    if !mayHoldShared(type(of: value)) { return false }
    for child in Mirror(reflecting: value).children {
      if holdsChangedShared(any: child.value, since: generation) { return true }
    }
    return false
  }
}
