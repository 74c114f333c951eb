import Testing

@testable import HushLint

/// Runs every rule's examples: triggering examples must produce exactly one violation per `↓`
/// marker at the marker's position; non-triggering examples must produce none.
@Suite struct RuleExampleTests {
  static let ruleIDs = RuleRegistry.ids

  @Test(arguments: ruleIDs)
  func triggeringExamplesFireAtEveryMarker(ruleID: String) throws {
    let rule = try #require(RuleRegistry.rule(withID: ruleID))
    for example in rule.description.triggeringExamples {
      let violations = lint(example, ruleID: ruleID)
      let expected = example.markerLocations
      #expect(!expected.isEmpty, "triggering example has no marker:\n\(example.code)")
      #expect(
        violations.map(\.position) == expected,
        """
        \(ruleID): expected violations at \(expected), got \(violations.map(\.position)) in:
        \(example.code)
        """,
        sourceLocation: location(of: example))
    }
  }

  @Test(arguments: ruleIDs)
  func nonTriggeringExamplesAreSilent(ruleID: String) throws {
    let rule = try #require(RuleRegistry.rule(withID: ruleID))
    for example in rule.description.nonTriggeringExamples {
      let violations = lint(example, ruleID: ruleID)
      #expect(
        violations.isEmpty,
        """
        \(ruleID): expected no violation, got \(violations.map { "\($0.position) \($0.message)" }):
        \(example.code)
        """,
        sourceLocation: location(of: example))
    }
  }

  @Test(arguments: ruleIDs)
  func everyRuleHasEnoughExamplesAndDocumentation(ruleID: String) throws {
    let description = try #require(RuleRegistry.rule(withID: ruleID)).description
    #expect(description.triggeringExamples.count >= 5)
    #expect(description.nonTriggeringExamples.count >= 5)
    #expect(!description.summary.isEmpty && !description.rationale.isEmpty)
    #expect(description.id.allSatisfy { $0.isLowercase || $0 == "-" })
  }

  @Test func ruleIDsAreUniqueAndSorted() {
    #expect(Set(Self.ruleIDs).count == Self.ruleIDs.count)
    #expect(Self.ruleIDs == Self.ruleIDs.sorted())
    #expect(Self.ruleIDs.count == 17)
  }

  private func lint(_ example: Example, ruleID: String) -> [Violation] {
    var configuration = Configuration()
    configuration.onlyRules = [ruleID]
    return Linter(configuration: configuration).lint(
      source: example.strippedCode, path: "Example.swift")
  }

  private func location(of example: Example) -> SourceLocation {
    SourceLocation(
      fileID: "HushLint/Example.swift", filePath: "\(example.file)", line: Int(example.line),
      column: 1)
  }
}
