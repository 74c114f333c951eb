/// The `// hush-lint:` comments of one file.
///
/// `disable RULE…` turns rules off from its line to the end of the file or a matching
/// `enable RULE…`; `disable-next-line RULE…` turns them off for the following line only. `all`
/// stands for every rule.
struct Suppressions {
  private struct Event {
    var line: Int
    var isDisable: Bool
    var rules: Set<String>
  }

  private var events: [Event] = []
  private var nextLine: [Int: Set<String>] = [:]

  init(source: String) {
    guard containsBytes(source, "hush-lint:") else { return }
    var lineNumber = 0
    // `\r\n` is a single Character, so split on any newline rather than on "\n".
    for line in source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      guard let comment = line.range(of: "//"),
        let directive = line[comment.upperBound...].range(of: "hush-lint:")
      else { continue }
      let words = line[directive.upperBound...].split(whereSeparator: \.isWhitespace)
      guard let command = words.first else { continue }
      let rules = Set(
        words.dropFirst().prefix { !$0.hasPrefix("--") && !$0.hasPrefix("//") }.map {
          String($0).trimmingTrailingComma
        })
      guard !rules.isEmpty else { continue }
      switch command {
      case "disable": events.append(Event(line: lineNumber, isDisable: true, rules: rules))
      case "enable": events.append(Event(line: lineNumber, isDisable: false, rules: rules))
      case "disable-next-line": nextLine[lineNumber + 1, default: []].formUnion(rules)
      default: continue
      }
    }
  }

  /// Whether `rule` is turned off on `line`.
  func isSuppressed(rule: String, line: Int) -> Bool {
    if let rules = nextLine[line], rules.contains(rule) || rules.contains("all") { return true }
    var suppressed = false
    for event in events where event.line <= line {
      if event.rules.contains(rule) || event.rules.contains("all") {
        suppressed = event.isDisable
      }
    }
    return suppressed
  }
}

extension String {
  fileprivate var trimmingTrailingComma: String {
    hasSuffix(",") ? String(dropLast()) : self
  }
}
