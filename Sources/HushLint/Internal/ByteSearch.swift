import Foundation

/// Whether `text` contains `needle`, compared byte for byte in UTF-8.
///
/// For the hot paths of a lint: `String.contains` goes through Foundation's UTF-16 search
/// (which also converts the string) and `utf8.firstRange(of:)` through an unspecialized generic
/// one; on a whole app each took several percent of a lint.
func containsBytes(_ text: String, _ needle: String) -> Bool {
  containsBytes(text, needle, in: 0..<text.utf8.count)
}

/// Whether the UTF-8 bytes of `text` at the offsets `range` (clamped to the text) contain
/// `needle`.
func containsBytes(_ text: String, _ needle: String, in range: Range<Int>) -> Bool {
  var text = text
  var needle = needle
  return text.withUTF8 { whole in
    let haystack = UnsafeBufferPointer(
      rebasing: whole[range.clamped(to: 0..<whole.count)])
    return needle.withUTF8 { pattern in
      guard let first = pattern.first, haystack.count >= pattern.count else {
        return pattern.isEmpty
      }
      guard let base = haystack.baseAddress else { return false }
      var start = 0
      let last = haystack.count - pattern.count
      while start <= last {
        // The next place the first byte occurs, found by the C library's vectorized search.
        guard let found = memchr(base + start, Int32(first), last - start + 1) else {
          return false
        }
        start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        var matched = 1
        while matched < pattern.count, haystack[start + matched] == pattern[matched] {
          matched += 1
        }
        if matched == pattern.count { return true }
        start += 1
      }
      return false
    }
  }
}
