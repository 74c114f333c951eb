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

  private enum Part {
    /// Bytes compared as they are.
    case bytes(Range<Int>)
    /// An optional at `offset` whose payload has padding: the same when both are `nil`, or
    /// both hold payloads whose significant bits are the same.
    case optional(offset: Int, isNone: (UnsafeRawPointer) -> Bool, payload: [Part])
  }

  /// The significant bits of `type`, or `nil` when every byte is significant (compare all of
  /// them). Found once per type.
  static func of(_ type: Any.Type) -> SignificantBits? {
    let key = ObjectIdentifier(type)
    if let known = cache.withValue({ $0[key] }) { return known }
    let size = layoutSize(of: type)
    let parts = layout(of: type, at: 0)
    let result: SignificantBits? =
      switch parts.first {
      case nil: nil
      case .bytes(let range) where parts.count == 1 && range == 0..<size: nil
      default: SignificantBits(parts: parts)
      }
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
      switch part {
      case .bytes(let range):
        guard hasSameBytes(lhs + range.lowerBound, rhs + range.lowerBound, count: range.count)
        else { return false }
      case let .optional(offset, isNone, payload):
        let lhsNone = isNone(lhs + offset)
        guard lhsNone == isNone(rhs + offset) else { return false }
        if !lhsNone, !same(payload, lhs + offset, rhs + offset) { return false }
      }
    }
    return true
  }

  /// The parts of a value of `type` at `offset`, adjacent byte ranges merged.
  private static func layout(of type: Any.Type, at offset: Int) -> [Part] {
    var parts: [Part] = []
    func append(_ part: Part) {
      if case .bytes(let range) = part, case .bytes(let last) = parts.last,
        last.upperBound == range.lowerBound
      {
        parts[parts.count - 1] = .bytes(last.lowerBound..<range.upperBound)
      } else {
        parts.append(part)
      }
    }
    let size = layoutSize(of: type)
    if let optional = type as? any OptionalLayout.Type {
      let payload = layout(of: optional.wrappedType, at: 0)
      if case .bytes(let range) = payload.first, payload.count == 1,
        range == 0..<layoutSize(of: optional.wrappedType)
      {
        // A payload without padding: the optional's bytes are its value.
        append(.bytes(offset..<offset + size))
      } else {
        append(.optional(offset: offset, isNone: optional.isNone, payload: payload))
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
    if size > 0 { append(.bytes(offset..<offset + size)) }
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
