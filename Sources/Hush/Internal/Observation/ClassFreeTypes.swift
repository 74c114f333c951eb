import ConcurrencyExtras
import IdentifiedCollections
import OrderedCollections
@_spi(Reflection) import Swift

/// Which types hold no class instance that a value of theirs could reach: then a value whose
/// bytes did not change did not change, whatever code reads it. That is what lets a reader of
/// a computed property or subscript (`store[\.settings.display]`) be skipped while the bytes
/// of its stored prefix (`settings`) are unchanged: the getter can only read what the value
/// holds. A class instance can change with the bytes that refer to it unchanged, so a prefix
/// that may hold one is compared through the getter on every change instead.
///
/// Copy-on-write values (arrays, sets, dictionaries, strings, identified arrays) are class
/// free when their elements are: a snapshot shares their buffer, so any write copies it and
/// changes the bytes. Unknown shapes (existentials, closures, enums with payloads that are not
/// plain bytes) count as holding a class: compared, never missed.
enum ClassFreeTypes {
  /// Whether `type` is known to hold no class instance. Computed once per type.
  static func holdsNoClass(_ type: Any.Type) -> Bool {
    facts.answer(for: type, analyze)
  }

  private static let facts = TypeFacts()

  private static func analyze(_ type: Any.Type, visiting: inout Set<ObjectIdentifier>) -> Bool {
    // Plain bytes: nothing to reach.
    if isPlainBytes(type) { return true }
    if type is AnyClass { return false }
    let key = ObjectIdentifier(type)
    // A type that contains itself (through an array): as class free as the rest of it.
    guard visiting.insert(key).inserted else { return true }
    defer { visiting.remove(key) }
    if let container = type as? any ClassFreeContainer.Type {
      return container.hushElementTypes.allSatisfy { analyze($0, visiting: &visiting) }
    }
    switch metadataKind(of: type) {
    case .structure, .tuple:
      var classFree = true
      let walked = _forEachField(of: type, options: []) { _, _, field, _ in
        classFree = analyze(field, visiting: &visiting)
        return classFree
      }
      return walked && classFree
    case .metatype:
      return true
    case .other:
      return false
    }
  }

  static func isPlainBytes(_ type: Any.Type) -> Bool {
    func isPOD<T>(_: T.Type) -> Bool { _isPOD(T.self) }
    return _openExistential(type, do: isPOD)
  }

  enum Kind { case structure, tuple, metatype, other }

  /// The kind of `type`'s metadata (the runtime's `MetadataKind`, in its first word; a class's
  /// first word is a pointer instead). Only the kinds `_forEachField` walks safely are named.
  static func metadataKind(of type: Any.Type) -> Kind {
    let word = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
    switch word {
    case 0x200: return .structure
    case 0x301: return .tuple
    case 0x304: return .metatype
    default: return .other
    }
  }
}

/// A value-semantic container: class free when its element types are.
protocol ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { get }
}

extension Optional: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [Wrapped.self] }
}
extension Array: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [Element.self] }
}
extension ContiguousArray: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [Element.self] }
}
extension ArraySlice: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [Element.self] }
}
extension Set: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [Element.self] }
}
extension Dictionary: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [Key.self, Value.self] }
}
extension String: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [] }
}
extension Substring: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [] }
}
extension IdentifiedArray: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [ID.self, Element.self] }
}
extension OrderedSet: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [Element.self] }
}
extension OrderedDictionary: ClassFreeContainer {
  static var hushElementTypes: [Any.Type] { [Key.self, Value.self] }
}

/// A yes-or-no fact about types, found by walking each type once and kept (the walks of
/// ``ClassFreeTypes`` and ``SharedHolders``).
final class TypeFacts: Sendable {
  private let cache = LockIsolated<[ObjectIdentifier: Bool]>([:])

  /// The fact for `type`: the one kept, or `analyze`'s answer (given the types being walked,
  /// for types that contain themselves), kept from now on.
  func answer(
    for type: Any.Type, _ analyze: (Any.Type, inout Set<ObjectIdentifier>) -> Bool
  ) -> Bool {
    let key = ObjectIdentifier(type)
    if let known = cache.withValue({ $0[key] }) { return known }
    var visiting: Set<ObjectIdentifier> = []
    let result = analyze(type, &visiting)
    cache.withValue { $0[key] = result }
    return result
  }
}
