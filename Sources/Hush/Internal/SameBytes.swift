#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether the `count` bytes at `lhs` and `rhs` are the same. Small values (a row, a field)
/// are compared a word at a time, inline: a comparison in a scan of thousands of rows costs a
/// few instructions, not a call. Larger ones go to `memcmp`.
@inlinable
@inline(__always)
func hasSameBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
  if count > 64 { return memcmp(lhs, rhs, count) == 0 }
  var offset = 0
  while offset + 8 <= count {
    if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset += 8
  }
  while offset < count {
    if lhs.load(fromByteOffset: offset, as: UInt8.self)
      != rhs.load(fromByteOffset: offset, as: UInt8.self)
    {
      return false
    }
    offset += 1
  }
  return true
}

/// Whether the bytes at `pointer` are those of `buffer`.
@inlinable
@inline(__always)
func hasSameBytes(_ pointer: UnsafeRawPointer, _ buffer: UnsafeRawBufferPointer) -> Bool {
  guard let base = buffer.baseAddress else { return true }
  return hasSameBytes(pointer, base, count: buffer.count)
}

/// Whether two values have the same bits. A value that holds references has the same bits as
/// another only when it holds the same objects; a value that holds a buffer shares it then.
@inlinable
func hasSameBits<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in
      guard let base = rhs.baseAddress else { return true }
      return hasSameBytes(base, lhs)
    }
  }
}
