import Foundation
import Testing

@testable import HushLint

/// The linter survives anything: damaged rule examples, extreme nesting and long chains are
/// linted or skipped with a reason naming the file, never a crash or a hang.
@Suite struct LinterFuzzTests {
  /// The inputs' random choices are fixed by this seed, so a failure can be replayed.
  static let seed: UInt64 = 0x4855_5348_2023

  @Test func damagedRuleExamplesAreLintedOrSkippedWithTheirPath() throws {
    var random = SplitMix64(seed: Self.seed)
    var inputs: [Data] = []
    for rule in RuleRegistry.all {
      let examples = rule.description.triggeringExamples + rule.description.nonTriggeringExamples
      for example in examples {
        let bytes = Array(example.strippedCode.utf8)
        inputs += Self.damaged(bytes, random: &random).map { Data($0) }
      }
    }
    try Self.expectSurvives(inputs) { report, paths in
      #expect(report.fileCount + report.problems.count == paths.count)
      // Truncations and flips break UTF-8 in some inputs; those alone may be skipped.
      for problem in report.problems {
        #expect(paths.contains(problem.path))
        #expect(problem.reason == "is not valid UTF-8", "\(problem.path): \(problem.reason)")
      }
    }
    #expect(inputs.count > 1_000)
  }

  @Test func deepNestingIsSkippedAndLongChainsAreLinted() throws {
    let deep = 5_000
    let nested = [
      "let x = " + String(repeating: "(", count: deep) + String(repeating: ")", count: deep),
      "let x = " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep),
      "func f() {" + String(repeating: "{", count: deep) + String(repeating: "}", count: deep)
        + "}",
      "let x: " + String(repeating: "Array<", count: deep) + "Int"
        + String(repeating: ">", count: deep),
      "func f() {" + String(repeating: "if a {", count: deep)
        + String(repeating: "}", count: deep) + "}",
      "struct V: View { var body: some View { " + String(repeating: "VStack { ", count: deep)
        + "Text(\"x\")" + String(repeating: " }", count: deep) + " } }",
      "let x = " + String(repeating: "[(", count: deep),
    ]
    let chains = [
      String(repeating: ")}]", count: deep) + "struct V: View {}",
      "struct V: View { var body: some View { Text(\"x\")"
        + String(repeating: ".padding()", count: deep) + " } }",
      "let x = f" + String(repeating: "()", count: deep),
      "let x = a" + String(repeating: ".b", count: deep),
      String(repeating: "#if A\n", count: 999) + "let x = 1\n"
        + String(repeating: "#endif\n", count: 999),
      "let x = " + String(repeating: "try ", count: deep) + "f()",
      "let x = " + String(repeating: "!", count: deep) + "a",
      String(repeating: "/*", count: deep) + String(repeating: "*/", count: deep) + "\nlet x = 1",
      "let x = 1" + String(repeating: " + 1", count: deep),
    ]
    try Self.expectSurvives((nested + chains).map { Data($0.utf8) }) { report, paths in
      let skipped = Set(report.problems.map(\.path))
      #expect(skipped == Set(paths.prefix(nested.count)), "\(report.problems)")
      for problem in report.problems {
        #expect(
          problem.reason.contains("levels deep") || problem.reason.contains("in a row"),
          "\(problem.path): \(problem.reason)")
      }
      #expect(report.fileCount == chains.count)
    }
  }

  @Test func nestingWithinTheLimitsIsParsed() {
    let depth = SourceLimits.maximumNesting - 2
    let sources = [
      "let x = " + String(repeating: "(", count: depth) + String(repeating: ")", count: depth),
      "func f() {" + String(repeating: "if a {", count: depth)
        + String(repeating: "}", count: depth) + "}",
      "let x = " + String(repeating: "[", count: SourceLimits.maximumBracketRun) + "1"
        + String(repeating: "]", count: SourceLimits.maximumBracketRun),
      #"let s = "((((( [[[[[[[[[[[[[[[[[[ ""# + "\n// [[[[[[[[[[[[[[[[[[\n/* {{{{ */",
      "let s = \"\"\"\n" + String(repeating: "[", count: 40) + "\n\"\"\"\nlet t = 1",
    ]
    for source in sources {
      #expect(SourceLimits.problem(in: source) == nil, "\(source.prefix(60))")
    }
    #expect(SourceLimits.problem(in: String(repeating: "[", count: 13)) != nil)
  }

  /// Variants of `bytes`: truncations, byte flips, unbalanced delimiters, repetition.
  static func damaged(_ bytes: [UInt8], random: inout SplitMix64) -> [[UInt8]] {
    guard !bytes.isEmpty else { return [] }
    var result: [[UInt8]] = []
    for fraction in [4, 2] {
      result.append(Array(bytes.prefix(bytes.count * (fraction - 1) / fraction)))
    }
    result.append(Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))))
    for _ in 0..<3 {
      var flipped = bytes
      let position = Int(random.next() % UInt64(bytes.count))
      flipped[position] = UInt8(truncatingIfNeeded: random.next())
      result.append(flipped)
    }
    let closers = Set(")]}>".utf8)
    result.append(bytes.filter { !closers.contains($0) })
    result.append(Array("{([<\"".utf8) + bytes)
    result.append(bytes + bytes.dropFirst(bytes.count / 3))
    return result
  }

  /// Writes `inputs` as Swift files, lints them all in one run, and checks the report.
  static func expectSurvives(
    _ inputs: [Data], _ check: (LintReport, [String]) -> Void
  ) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let paths = try inputs.enumerated().map { number, input in
      try scratch.write("Input\(number).swift", bytes: input)
    }
    var configuration = Configuration()
    configuration.onlyRules = Set(RuleRegistry.ids)
    let report = Linter(configuration: configuration).lint(files: paths)
    for violation in report.violations {
      #expect(paths.contains(violation.file))
    }
    check(report, paths)
  }
}

/// A small seeded generator (SplitMix64), the same sequence on every machine.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
