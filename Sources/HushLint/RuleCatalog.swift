/// Human-readable listings of the rules, for `hush lint --list-rules` and `--explain`.
public enum RuleCatalog {
  /// One line per rule: id, default severity, flags and summary.
  public static func list() -> String {
    let width = RuleRegistry.ids.map(\.count).max() ?? 0
    return RuleRegistry.all.map { rule in
      let description = rule.description
      var flags = description.defaultSeverity.rawValue
      if description.isOptIn { flags += ", opt-in" }
      if description.requiresComposableArchitecture { flags += ", TCA" }
      let id = description.id.padding(toLength: width + 2)
      return "\(id)\(flags.padding(toLength: 22))\(description.summary)\n"
    }.joined()
  }

  /// The rule's summary, rationale, and its first triggering and non-triggering examples as
  /// "before" and "after"; `nil` for an unknown id.
  public static func explain(_ id: String) -> String? {
    guard let description = RuleRegistry.rule(withID: id)?.description else { return nil }
    var flags = ["default severity: \(description.defaultSeverity.rawValue)"]
    if description.isOptIn {
      flags.append(
        "opt-in (enable with opt_in_rules)"
          + (description.optInReason.map {
            ": off by default until it is right often enough, \($0)"
          }
            ?? ""))
    }
    if description.requiresComposableArchitecture {
      flags.append("only in files that import ComposableArchitecture")
    }
    var text = "\(description.id): \(description.summary)\n"
    text += flags.joined(separator: "; ") + "\n\n"
    text += description.rationale + "\n"
    if let before = description.triggeringExamples.first {
      text += "\nBefore:\n" + indented(before.strippedCode) + "\n"
    }
    if let after = description.nonTriggeringExamples.first {
      text += "\nAfter:\n" + indented(after.code) + "\n"
    }
    if let fix = description.mechanicalFix {
      text += "\nhush lint --fix: " + fix + "\n"
    }
    return text
  }

  private static func indented(_ code: String) -> String {
    code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
      .joined(separator: "\n")
  }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self + " " : self + String(repeating: " ", count: length - count)
  }
}
