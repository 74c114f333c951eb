import ConcurrencyExtras
@_spi(Reflection) import Swift

/// The bits of a type that hold a value of it: all its bytes but the padding between and after
/// the stored properties of its structs and tuples (`struct Row { var done: Bool; var title:
/// String }` has seven bytes of it after `done`).
///
/// A copy of a value that is not plain bytes is made property by property and need not copy
/// the padding, so two copies of one value can differ in it: compared byte for byte, a value
/// that is not `Equatable` would count as changed on every comparison, and its readers would
/// render for nothing. Compared by these bits, it counts as changed only when a property's
/// bits did. An optional of such a type is compared by its case, then by its payload's bits.
struct SignificantBits: @unchecked Sendable {
  /// What to compare, in order. (`@unchecked`: the closures in `parts` are made once and only
  /// read values through the pointers given.)
  private let parts: [Part]

  /// Bytes compared as they are, or an optional there whose payload has padding: the same
  /// when both are `nil`, or both hold payloads whose significant bits are the same.
  ///
  /// (A struct and a class, not an enum with payloads: such an enum keeps its case in the
  /// spare bits of the references it holds, where LeakSanitizer does not recognize them and
  /// reports what they refer to as leaked.)
  private struct Part {
    var bytes: Range<Int>
    var optional: OptionalPart?
  }

  private final class OptionalPart {
    let isNone: (UnsafeRawPointer) -> Bool
    let payload: [Part]

    init(isNone: @escaping (UnsafeRawPointer) -> Bool, payload: [Part]) {
      self.isNone = isNone
      self.payload = payload
    }
  }

  /// The significant bits of `type`, or `nil` when every byte is significant (compare all of
  /// them). Found once per type.
  static func of(_ type: Any.Type) -> SignificantBits? {
    let key = ObjectIdentifier(type)
    if let known = cache.withValue({ $0[key] }) { return known }
    let size = layoutSize(of: type)
    let parts = layout(of: type, at: 0)
    let everyByte = parts.count == 1 && parts[0].optional == nil && parts[0].bytes == 0..<size
    let result = parts.isEmpty || everyByte ? nil : SignificantBits(parts: parts)
    cache.withValue { $0[key] = .some(result) }
    return result
  }

  private static let cache = LockIsolated<[ObjectIdentifier: SignificantBits?]>([:])

  /// Whether the values at `lhs` and `rhs` have the same significant bits.
  func same(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    Self.same(parts, lhs, rhs)
  }

  /// Whether `lhs` and `rhs` have the same significant bits.
  func same<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    withUnsafePointer(to: lhs) { lhs in
      withUnsafePointer(to: rhs) { rhs in Self.same(parts, lhs, rhs) }
    }
  }

  private static func same(
    _ parts: [Part], _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer
  ) -> Bool {
    for part in parts {
      let offset = part.bytes.lowerBound
      guard let optional = part.optional else {
        guard hasSameBytes(lhs + offset, rhs + offset, count: part.bytes.count) else {
          return false
        }
        continue
      }
      let lhsNone = optional.isNone(lhs + offset)
      guard lhsNone == optional.isNone(rhs + offset) else { return false }
      if !lhsNone, !same(optional.payload, lhs + offset, rhs + offset) { return false }
    }
    return true
  }

  /// The parts of a value of `type` at `offset`, adjacent byte ranges merged.
  private static func layout(of type: Any.Type, at offset: Int) -> [Part] {
    var parts: [Part] = []
    func append(_ part: Part) {
      if part.optional == nil, let last = parts.last, last.optional == nil,
        last.bytes.upperBound == part.bytes.lowerBound
      {
        parts[parts.count - 1].bytes = last.bytes.lowerBound..<part.bytes.upperBound
      } else {
        parts.append(part)
      }
    }
    let size = layoutSize(of: type)
    if let optional = type as? any OptionalLayout.Type {
      let payload = layout(of: optional.wrappedType, at: 0)
      let bytes = offset..<offset + size
      if payload.count == 1, payload[0].optional == nil,
        payload[0].bytes == 0..<layoutSize(of: optional.wrappedType)
      {
        // A payload without padding: the optional's bytes are its value.
        append(Part(bytes: bytes))
      } else {
        append(
          Part(bytes: bytes, optional: OptionalPart(isNone: optional.isNone, payload: payload)))
      }
      return parts
    }
    switch ClassFreeTypes.metadataKind(of: type) {
    case .structure, .tuple:
      var fields: [(offset: Int, type: Any.Type)] = []
      let walked = _forEachField(of: type, options: []) { _, fieldOffset, fieldType, _ in
        fields.append((fieldOffset, fieldType))
        return true
      }
      if walked {
        for field in fields.sorted(by: { $0.offset < $1.offset }) {
          for part in layout(of: field.type, at: offset + field.offset) { append(part) }
        }
        return parts
      }
    case .metatype, .other:
      break
    }
    if size > 0 { append(Part(bytes: offset..<offset + size)) }
    return parts
  }

  private static func layoutSize(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }
}

/// An optional, seen through its type: its payload's type, and whether one is `nil`.
private protocol OptionalLayout {
  static var wrappedType: Any.Type { get }
  static func isNone(_ pointer: UnsafeRawPointer) -> Bool
}

extension Optional: OptionalLayout {
  fileprivate static var wrappedType: Any.Type { Wrapped.self }
  fileprivate static func isNone(_ pointer: UnsafeRawPointer) -> Bool {
    pointer.assumingMemoryBound(to: Self.self).pointee == nil
  }
}
