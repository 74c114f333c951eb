import Testing

@testable import HushLint

@Suite struct ConfigurationTests {
  @Test func parsesEveryKey() throws {
    let yaml = """
      disabled_rules: [anyview-row]
      opt_in_rules:
        - lazy-chain
      severity:
        impure-body: error
      excluded: ["Generated/**"]
      included: Sources
      """
    let configuration = try Configuration.parse(yaml: yaml, path: "/repo/.hush-lint.yml")
    #expect(configuration.disabledRules == ["anyview-row"])
    #expect(configuration.optInRules == ["lazy-chain"])
    #expect(configuration.severities == ["impure-body": .error])
    #expect(configuration.excluded == ["Generated/**"])
    #expect(configuration.included == ["Sources"])
    #expect(configuration.rootDirectory == "/repo")
    #expect(!configuration.isEnabled(AnyViewRowRule.description))
    #expect(configuration.isEnabled(LazyChainRule.description))
    #expect(configuration.severity(for: ImpureBodyRule.description) == .error)
  }

  @Test func defaultsEnableEveryRuleButOptIn() {
    let configuration = Configuration()
    #expect(!configuration.isEnabled(LazyChainRule.description))
    #expect(configuration.isEnabled(ImpureBodyRule.description))
    let optIn = RuleRegistry.all.filter { $0.description.isOptIn }
    #expect(Linter().enabledRules.count == RuleRegistry.all.count - optIn.count)
    // Opt-in by nature, or until a fresh sample shows the rule right often enough.
    #expect(
      optIn.allSatisfy {
        $0.description.optInReason != nil || $0.description.id == LazyChainRule.description.id
      })
  }

  @Test func emptyFileIsTheDefault() throws {
    let configuration = try Configuration.parse(yaml: "", path: ".hush-lint.yml")
    #expect(configuration.disabledRules.isEmpty && configuration.severities.isEmpty)
  }

  @Test(arguments: [
    (
      "disabled_rules: [x]\n",
      ".hush-lint.yml:1: error: unknown rule 'x'; run 'hush lint --list-rules'"
    ),
    (
      "excluded: []\nrules: []\n",
      ".hush-lint.yml:2: error: unknown key 'rules'; expected one of disabled_rules, "
        + "opt_in_rules, severity, excluded, included"
    ),
    (
      "severity:\n  impure-body: loud\n",
      ".hush-lint.yml:2: error: unknown severity 'loud' for impure-body; expected info, "
        + "warning or error"
    ),
    ("- a\n- b\n", ".hush-lint.yml:1: error: expected a mapping of keys"),
    ("severity: [a]\n", ".hush-lint.yml:1: error: 'severity' must map rule ids to severities"),
  ])
  func invalidConfigurationNamesTheLine(yaml: String, message: String) {
    #expect(throws: ConfigurationError.self) {
      try Configuration.parse(yaml: yaml, path: ".hush-lint.yml")
    }
    do {
      _ = try Configuration.parse(yaml: yaml, path: ".hush-lint.yml")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func malformedYAMLIsAnErrorWithALine() {
    do {
      _ = try Configuration.parse(yaml: "severity:\n  a: [\n", path: "c.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.line != nil)
      #expect(error.description.hasPrefix("c.yml:"))
    }
  }
}

@Suite struct GlobTests {
  @Test(arguments: [
    ("Generated", "Generated/A.swift", true),
    ("Generated/**", "Generated/Deep/A.swift", true),
    ("**/Mocks", "Sources/App/Mocks/M.swift", true),
    ("*.generated.swift", "A.generated.swift", true),
    ("Sources/*.swift", "Sources/A.swift", true),
    ("Sources/*.swift", "Sources/Sub/A.swift", false),
    ("Sources/?.swift", "Sources/AB.swift", false),
    ("Tests", "Sources/Tests.swift", false),
    ("./Generated/", "Generated/A.swift", true),
    ("Gen", "Generated/A.swift", false),
  ])
  func matches(pattern: String, path: String, expected: Bool) {
    #expect(Glob(pattern).matches(path) == expected)
  }
}
