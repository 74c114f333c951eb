import Foundation
import SwiftSyntax

/// Where each line of a source text starts, found in one pass over its UTF-8 bytes: positions
/// to lines and columns, and a line's text, as `SourceLocationConverter` gives them (lines end
/// at `\n`, `\r` or `\r\n`; columns count UTF-8 bytes from 1), without walking the syntax tree
/// or making a string per line.
struct LineTable: Sendable {
  /// The UTF-8 offset at which each line starts; the first is 0.
  private var starts: [Int]
  /// The source's length in UTF-8 bytes.
  private let length: Int

  init(_ source: String) {
    var source = source
    var starts = [0]
    let length = source.withUTF8 { bytes -> Int in
      starts.reserveCapacity(bytes.count / 32 + 1)
      guard let base = bytes.baseAddress else { return 0 }
      // Without a `\r`, every line ends at a `\n`: found by the C library's vectorized search.
      if memchr(base, Int32(UInt8(ascii: "\r")), bytes.count) == nil {
        var offset = 0
        while offset < bytes.count,
          let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset)
        {
          offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
          starts.append(offset)
        }
        return bytes.count
      }
      var offset = 0
      while offset < bytes.count {
        let byte = bytes[offset]
        offset += 1
        // Most bytes are above both line breaks: one comparison for them.
        guard byte <= UInt8(ascii: "\r") else { continue }
        if byte == UInt8(ascii: "\n") {
          starts.append(offset)
        } else if byte == UInt8(ascii: "\r") {
          if offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
          starts.append(offset)
        }
      }
      return bytes.count
    }
    self.starts = starts
    self.length = length
  }

  /// How many lines the source has: one more than its line breaks.
  var count: Int { starts.count }

  /// The one-based line and column of `position` (a position past the end is on the last
  /// line, as the converter has it).
  func position(of position: AbsolutePosition) -> SourcePosition {
    let offset = min(max(0, position.utf8Offset), length)
    // The last line starting at or before `offset`.
    var low = 0
    var high = starts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= offset { low = middle } else { high = middle }
    }
    return SourcePosition(line: low + 1, column: offset - starts[low] + 1)
  }

  /// The text of line `line` (one-based), without its line break; empty for a line the
  /// source does not have.
  func text(ofLine line: Int, in source: String) -> Substring {
    guard line >= 1, line <= starts.count else { return "" }
    let utf8 = source.utf8
    let start = starts[line - 1]
    var end = line < starts.count ? starts[line] : length
    // Leave out the line break: `\n`, `\r` or `\r\n` (a `\r` inside a line would have ended it).
    for terminator in [UInt8(ascii: "\n"), UInt8(ascii: "\r")]
    where end > start && utf8[utf8.index(utf8.startIndex, offsetBy: end - 1)] == terminator {
      end -= 1
    }
    return Substring(
      utf8[
        utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
  }
}

extension Substring {
  /// The text without the spaces and tabs around it: what `trimmingCharacters(in:
  /// .whitespaces)` gives (Unicode's space separators and the tab), without Foundation's
  /// conversion of the text (tens of thousands of instructions a line).
  var trimmingSpaces: String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      // The one ASCII space separator, the tab, and Unicode's other space separators (whose
      // property is looked up only for scalars past ASCII).
      scalar == " " || scalar == "\t"
        || (!scalar.isASCII && scalar.properties.generalCategory == .spaceSeparator)
    }
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
