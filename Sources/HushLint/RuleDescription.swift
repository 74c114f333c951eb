/// What a rule is, why it exists, and the examples that are its tests.
///
/// Every rule has one static description. The first triggering example and the first
/// non-triggering example are shown by `hush lint --explain` as the "before" and "after".
public struct RuleDescription: Sendable {
  /// The rule's identifier in kebab-case, as used in configuration and suppression comments.
  public let id: String
  /// A human-readable name.
  public let name: String
  /// One line saying what the rule finds.
  public let summary: String
  /// Why the pattern costs work, and what to write instead.
  public let rationale: String
  /// The severity used when the configuration does not set one.
  public let defaultSeverity: Severity
  /// Whether the rule only runs when enabled through `opt_in_rules`.
  public let isOptIn: Bool
  /// Why a rule that is opt-in only until it is right often enough is off by default: its
  /// precision measured on apps it was never tuned on (`Docs/LintPrecision.md`). `nil` for a
  /// rule on by default, or opt-in by nature.
  public let optInReason: String?
  /// Whether the rule only runs on files that `import ComposableArchitecture`.
  public let requiresComposableArchitecture: Bool
  /// Code that must produce a violation at every `↓` marker, and nowhere else.
  public let triggeringExamples: [Example]
  /// Code that must produce no violation.
  public let nonTriggeringExamples: [Example]
  /// What `hush lint --fix` does for this rule's violations, when it has a mechanical fix.
  public let mechanicalFix: String?

  /// Creates a rule description; an `optInReason` makes the rule opt-in.
  public init(
    id: String,
    name: String,
    summary: String,
    rationale: String,
    defaultSeverity: Severity = .warning,
    isOptIn: Bool = false,
    optInReason: String? = nil,
    requiresComposableArchitecture: Bool = false,
    triggeringExamples: [Example],
    nonTriggeringExamples: [Example],
    mechanicalFix: String? = nil
  ) {
    self.id = id
    self.name = name
    self.summary = summary
    self.rationale = rationale
    self.defaultSeverity = defaultSeverity
    self.isOptIn = isOptIn || optInReason != nil
    self.optInReason = optInReason
    self.requiresComposableArchitecture = requiresComposableArchitecture
    self.triggeringExamples = triggeringExamples
    self.nonTriggeringExamples = nonTriggeringExamples
    self.mechanicalFix = mechanicalFix
  }
}
