import IdentifiedCollections

/// The stored properties a key path starts with, when it goes on through something that is not
/// a stored property (a subscript, a computed property, an optional chain): the place and type
/// of the value it reads first, such as `rows` in `\.rows[id: 7]?.value`.
///
/// A reader of such a path is compared only when the value at its prefix changed (see
/// ``PrefixGroup``), as a reader of a child store scoped to the prefix would be.
struct StoredPrefix {
  /// The byte offset of the prefix's value in the key path's root.
  let offset: Int
  /// The type of the prefix's value.
  let type: Any.Type
  /// Where the first component after the prefix starts in the key path's buffer (see
  /// ``parse(_:)``).
  let next: Int

  /// The stored prefix of `keyPath`, or `nil` when it has none that Hush can use: the path
  /// starts with something other than a stored property, or is made of stored properties only
  /// (it has an offset of its own: `MemoryLayout.offset(of:)`), or goes through a class
  /// instance (whose changes leave the reference's bytes unchanged), or goes on through a
  /// computed property or subscript from a prefix whose value may hold a class instance (the
  /// getter may read it: `settings.display` reading `settings.model.name`, which changes with
  /// the bytes of `settings` unchanged; see ``ClassFreeTypes``), or the key path's layout is
  /// not the one Hush reads (see ``layoutIsKnown``). Without a prefix, the reader is compared
  /// on every change.
  static func of(_ keyPath: AnyKeyPath) -> StoredPrefix? {
    guard layoutIsKnown, let (offset, type, next, computes) = parse(keyPath),
      !computes || ClassFreeTypes.holdsNoClass(type)
    else { return nil }
    return StoredPrefix(offset: offset, type: type, next: next)
  }

  /// Reads the key path object's components, as the standard library lays them out (its
  /// `KeyPathBuffer`, `RawKeyPathComponent` and `SwiftShims/KeyPath.h`): after the object's
  /// header and one pointer-sized field, a 32-bit buffer header (the size in its low 24 bits)
  /// padded to a pointer; then the components, each a 32-bit header whose bits 24–30 give its
  /// kind, then its body:
  /// - 1, a struct's stored property, and 3, a class's: the offset in the header's low 23
  ///   bits, or in the 32 bits that follow when those are all set;
  /// - 2, computed: padding to a pointer, the id and the getter, the setter when the header's
  ///   bit 22 is set, and when bit 19 is set the arguments: their size, their witnesses, one
  ///   more word when bit 4 is set, and their bytes;
  /// - 4, optional chaining, forcing or wrapping: nothing;
  /// and between two components, at the next pointer-aligned offset, the type of the value
  /// between them.
  ///
  /// Returns the offset and type after the leading struct components, where the next
  /// component starts (from the buffer header), and whether a computed component follows,
  /// when there is at least one of them and at least one other component, and no value along
  /// the path is a class instance; `nil` otherwise, and whenever anything read is not as
  /// expected.
  static func parse(
    _ keyPath: AnyKeyPath
  ) -> (offset: Int, type: Any.Type, next: Int, computes: Bool)? {
    withBuffer(of: keyPath) {
      buffer, end -> (offset: Int, type: Any.Type, next: Int, computes: Bool)? in
      var cursor = word
      var offset = 0
      var prefixType: Any.Type?
      var inPrefix = true
      var computes = false
      var next = 0
      while true {
        guard cursor + 4 <= end else { return nil }
        let header = buffer.load(fromByteOffset: cursor, as: UInt32.self)
        if inPrefix { next = cursor }
        cursor += 4
        switch (header & 0x7F00_0000) >> 24 {
        case 1:
          var stored = header & 0x007F_FFFF
          if stored == 0x007F_FFFF {
            guard cursor + 4 <= end else { return nil }
            stored = buffer.load(fromByteOffset: cursor, as: UInt32.self)
            cursor += 4
          } else if stored > 0x007F_FFFC {
            // An offset not resolved yet: never so in an instantiated key path.
            return nil
          }
          if inPrefix { offset += Int(stored) }
        case 2:
          inPrefix = false
          computes = true
          var size = 4 + 2 * word
          if header & 0x0040_0000 != 0 { size += word }
          if header & 0x0008_0000 != 0 {
            guard cursor + size + 2 * word <= end else { return nil }
            let arguments = buffer.load(fromByteOffset: cursor + size, as: Int.self)
            guard arguments >= 0 else { return nil }
            size += 2 * word + arguments
            if header & 0x10 != 0 { size += word }
          }
          cursor += size
        case 4 where header & 0x00FF_FFFF <= 2:
          inPrefix = false
        default:
          // A class's stored property, or a kind not known.
          return nil
        }
        guard cursor < end else {
          guard cursor == end, !inPrefix, let prefixType else { return nil }
          return (offset, prefixType, next, computes)
        }
        cursor = (cursor + word - 1) & ~(word - 1)
        guard cursor + word <= end else { return nil }
        let type = unsafeBitCast(
          buffer.load(fromByteOffset: cursor, as: UnsafeRawPointer.self), to: Any.Type.self)
        cursor += word
        if type is AnyClass { return nil }
        if inPrefix { prefixType = type }
      }
    }
  }

  /// Calls `body` with the id of the computed component with arguments at `position` of
  /// `keyPath`'s buffer (a position ``parse(_:)`` gave) and its argument bytes; `nil` when the
  /// component there is not one.
  ///
  /// The id names the property or subscript (what the standard library compares key paths
  /// by); the arguments are the subscript's index values, then its generic environment.
  static func withArguments<Result>(
    ofComputedComponentAt position: Int, in keyPath: AnyKeyPath,
    _ body: (_ id: Int, _ arguments: UnsafeRawBufferPointer) -> Result?
  ) -> Result? {
    guard layoutIsKnown else { return nil }
    return withArgumentsUnchecked(ofComputedComponentAt: position, in: keyPath, body)
  }

  /// ``withArguments(ofComputedComponentAt:in:_:)``, before the layout is checked.
  private static func withArgumentsUnchecked<Result>(
    ofComputedComponentAt position: Int, in keyPath: AnyKeyPath,
    _ body: (_ id: Int, _ arguments: UnsafeRawBufferPointer) -> Result?
  ) -> Result? {
    withBuffer(of: keyPath) { buffer, end -> Result? in
      guard position >= word, position % word == 0, position + 4 <= end else { return nil }
      let header = buffer.load(fromByteOffset: position, as: UInt32.self)
      guard (header & 0x7F00_0000) >> 24 == 2, header & 0x0008_0000 != 0 else { return nil }
      let id = buffer.load(fromByteOffset: position + word, as: Int.self)
      // The id and the getter, then the setter if any, then the arguments' size and witnesses.
      var argumentHeader = position + 3 * word
      if header & 0x0040_0000 != 0 { argumentHeader += word }
      guard argumentHeader + 2 * word <= end else { return nil }
      let size = buffer.load(fromByteOffset: argumentHeader, as: Int.self)
      // A component instantiated from another module's descriptor with arguments of its own
      // has one more word before the arguments.
      let start = argumentHeader + (header & 0x10 != 0 ? 3 : 2) * word
      guard size >= 0, start + size <= end else { return nil }
      return body(id, UnsafeRawBufferPointer(start: buffer + start, count: size))
    }
  }

  private static var word: Int { MemoryLayout<Int>.size }

  /// Calls `body` with the start of `keyPath`'s buffer (its header, then the components, from
  /// offset `word`) and the offset of its end (see ``parse(_:)``), while `keyPath` is alive.
  private static func withBuffer<Result>(
    of keyPath: AnyKeyPath, _ body: (_ buffer: UnsafeRawPointer, _ end: Int) -> Result
  ) -> Result {
    withExtendedLifetime(keyPath) {
      // The object's header and its one stored property, then the buffer.
      let buffer = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque()) + 3 * word
      return body(buffer, word + Int(buffer.load(as: UInt32.self) & 0x00FF_FFFF))
    }
  }

  /// Whether key paths are laid out as ``parse(_:)`` reads them: checked once, on key paths
  /// whose prefixes are known, on 64-bit platforms only. When the check fails (a standard
  /// library that lays key paths out otherwise), no key path has a stored prefix, and every
  /// reader of a path through a subscript is compared on every change, as before.
  static let layoutIsKnown: Bool = {
    guard MemoryLayout<Int>.size == 8 else { return false }
    func has<Prefix>(_ keyPath: AnyKeyPath, prefix: KeyPath<LayoutProbe, Prefix>) -> Bool {
      guard let parsed = parse(keyPath),
        let offset = MemoryLayout<LayoutProbe>.offset(of: prefix)
      else { return false }
      return parsed.offset == offset && parsed.type == Prefix.self && parsed.next > 0
    }
    return has(\LayoutProbe.inner.numbers[0], prefix: \.inner.numbers)
      && has(\LayoutProbe.list.count, prefix: \.list)
      && has(\LayoutProbe.optional?.flag, prefix: \.optional)
      && has(\LayoutProbe.table["a"]?.flag, prefix: \.table)
      && has(\LayoutProbe.table["a"]?.numbers[1], prefix: \.table)
      && has(\LayoutProbe.inner.rows[id: 1]?.flag, prefix: \.inner.rows)
      && parse(\LayoutProbe.inner.object.flag) == nil
      && parse(\LayoutProbe.table["a"]?.object.flag) == nil
      && parse(\LayoutProbe.inner.rows[id: 1]?.object.flag) == nil
      && parse(\LayoutProbe.computed.flag) == nil
      && parse(\LayoutProbe.inner.flag) == nil
      && firstArgument(of: \LayoutProbe.inner.rows[id: 4242]?.flag) == 4242
      && firstArgument(of: \LayoutProbe.byNumber[-77]) == -77
  }()

  /// The first argument of the first computed component after the prefix, read as an `Int`
  /// (whatever its type: only for the check of the layout).
  private static func firstArgument(of keyPath: AnyKeyPath) -> Int? {
    guard let (_, _, next, _) = parse(keyPath) else { return nil }
    return withArgumentsUnchecked(ofComputedComponentAt: next, in: keyPath) { _, arguments in
      arguments.count >= MemoryLayout<Int>.size ? arguments.load(as: Int.self) : nil
    }
  }
}

/// Key paths of known layout, for ``StoredPrefix/layoutIsKnown``.
private struct LayoutProbe {
  struct Inner: Identifiable {
    var id = 0
    var flag: Int8 = 0
    var numbers: [Int] = []
    var object = Object()
    var rows: IdentifiedArrayOf<Inner> = []
  }
  final class Object {
    var flag: Int8 = 0
  }
  var flag: Int8 = 0
  var inner = Inner()
  var list: [Int] = []
  var optional: Inner?
  var table: [String: Inner] = [:]
  var byNumber: [Int: Inner] = [:]
  var computed: Inner { inner }
}
