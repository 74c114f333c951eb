/// What `hush lint` refuses to parse, because the Swift parser would take minutes or run out of
/// stack on it: files over a size, nesting deeper than a limit, and long runs of `[`.
///
/// No hand-written Swift comes near these limits; generated or corrupt files can, and they are
/// reported as skipped with the reason, never left to hang or crash the run.
public enum SourceLimits {
  /// Files larger than this are skipped: 4 MiB. Parsing is linear but slow in a debug build
  /// (about 50 KB a second on a 2-core machine), and the largest hand-written files in the
  /// public apps we lint are under 1 MB.
  public static let maximumBytes = 4 << 20
  /// Brackets and generic arguments nested deeper than this are refused: the parser's time
  /// grows with the square of generic nesting (5,000 levels took 44 s).
  public static let maximumNesting = 1_000
  /// Runs of `[` (with `(` between) longer than this are refused: the parser's look-ahead for
  /// array types takes exponential time on them (22 in a row took 37 s, 26 over a minute).
  public static let maximumBracketRun = 12

  /// Why `source` is refused, as a phrase ("nests 5000 levels deep, …"), or `nil`.
  ///
  /// - Complexity: O(n) in the length of `source`, one pass over its UTF-8 bytes.
  public static func problem(in source: String) -> String? {
    var scanner = Scanner()
    var source = source
    source.withUTF8 { scanner.scan($0) }
    if scanner.deepest > maximumNesting {
      return "nests \(scanner.deepest) levels deep, more than the \(maximumNesting) "
        + "hush lint parses"
    }
    if scanner.longestRun > maximumBracketRun {
      return "opens \(scanner.longestRun) '[' in a row, more than the \(maximumBracketRun) "
        + "the Swift parser reads in reasonable time"
    }
    return nil
  }

  /// The deepest nesting and the longest run of `[` in `source`, scanned a stretch of plain
  /// code at a time (`stretches`) or byte by byte: the two must agree (a test checks).
  static func measure(_ source: String, stretches: Bool) -> (deepest: Int, longestRun: Int) {
    var scanner = Scanner()
    var source = source
    source.withUTF8 { bytes in
      if stretches {
        scanner.scan(bytes)
      } else {
        for byte in bytes { scanner.consume(byte) }
      }
    }
    return (scanner.deepest, scanner.longestRun)
  }

  /// Counts nesting outside comments and string literals. Interpolations are counted as
  /// string content: a guess that errs towards parsing.
  private struct Scanner {
    enum State { case code, lineComment, blockComment(depth: Int), string(multiline: Bool) }

    var state = State.code
    var depth = 0
    var genericDepth = 0
    var deepest = 0
    var run = 0
    var longestRun = 0
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    var escaped = false
    var quotes = 0

    /// Consumes `bytes`, as ``consume(_:)`` byte by byte does, going through plain code a
    /// stretch at a time: most of a file is names, spaces and punctuation that open, close
    /// and start nothing, and a stretch of them only ends a run of `[` (unless it is all
    /// spaces) and leaves its last two bytes as the ones seen before.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
      Self.plainCode.withUnsafeBufferPointer { classes in
        var index = 0
        while index < bytes.count {
          if case .code = state {
            let start = index
            // The classes of the stretch's bytes, or-ed: `otherPlain` if one was not a space.
            var seen: UInt8 = 0
            while index < bytes.count {
              let byteClass = classes[Int(bytes[index])]
              guard byteClass != 0 else { break }
              seen |= byteClass
              index += 1
            }
            if index > start {
              if seen & Self.otherPlain != 0 { run = 0 }
              beforePrevious = index - start >= 2 ? bytes[index - 2] : previous
              previous = bytes[index - 1]
            }
            guard index < bytes.count else { break }
          }
          consume(bytes[index])
          index += 1
        }
      }
    }

    /// The class of each byte in code: 0 for one that may open, close or start something,
    /// ``space`` for a space, ``otherPlain`` for the rest (see ``isPlainCode(_:)``).
    private static let plainCode: [UInt8] = (0...255).map { byte in
      let byte = UInt8(byte)
      guard isPlainCode(byte) else { return 0 }
      return byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        ? space : otherPlain
    }
    private static let space: UInt8 = 1
    private static let otherPlain: UInt8 = 2

    mutating func consume(_ byte: UInt8) {
      let last = previous
      let beforeLast = beforePrevious
      beforePrevious = last
      previous = byte
      switch state {
      case .code: code(byte, after: last, beforeLast)
      case .lineComment:
        if byte == UInt8(ascii: "\n") { state = .code }
      case .blockComment(let level):
        if last == UInt8(ascii: "*"), byte == UInt8(ascii: "/") {
          state = level == 1 ? .code : .blockComment(depth: level - 1)
          previous = 0  // the `/` of `*/` does not start anything
        } else if last == UInt8(ascii: "/"), byte == UInt8(ascii: "*") {
          state = .blockComment(depth: level + 1)
          previous = 0
        }
      case .string(let multiline):
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          quotes += 1
          if !multiline || quotes == 3 { state = .code }
        } else {
          quotes = 0
          if byte == UInt8(ascii: "\n"), !multiline { state = .code }
        }
      }
    }

    private mutating func code(_ byte: UInt8, after last: UInt8, _ beforeLast: UInt8) {
      switch byte {
      case UInt8(ascii: "/") where last == UInt8(ascii: "/"):
        state = .lineComment
      case UInt8(ascii: "*") where last == UInt8(ascii: "/"):
        state = .blockComment(depth: 1)
        previous = 0
      case UInt8(ascii: "\""):
        // The third quote of `"""` opens a multi-line literal; `""` closed an empty one.
        let multiline = last == UInt8(ascii: "\"") && beforeLast == UInt8(ascii: "\"")
        state = .string(multiline: multiline)
        quotes = 0
        escaped = false
      case UInt8(ascii: "["):
        run += 1
        longestRun = max(longestRun, run)
        open()
      case UInt8(ascii: "("):
        open()
      case UInt8(ascii: "{"):
        run = 0
        open()
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth = max(0, depth - 1)
        run = 0
      case UInt8(ascii: "<") where isIdentifierByte(last):
        genericDepth += 1
        deepest = max(deepest, depth + genericDepth)
        run = 0
      case UInt8(ascii: ">") where genericDepth > 0:
        genericDepth -= 1
        run = 0
      case UInt8(ascii: "\n"), UInt8(ascii: ";"):
        genericDepth = 0
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        break
      default:
        run = 0
      }
    }

    /// Whether `byte`, in code, at most ends a run of `[` (the `default` of
    /// `code(_:after:_:)`) or is a space (its `break`), whatever came before it.
    static func isPlainCode(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\""), UInt8(ascii: "["),
        UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: ")"), UInt8(ascii: "]"),
        UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\n"),
        UInt8(ascii: ";"):
        false
      default: true
      }
    }

    private mutating func open() {
      depth += 1
      deepest = max(deepest, depth + genericDepth)
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
  }
}
