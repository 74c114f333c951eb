import Foundation
import Testing

/// `hush lint` end to end: the built binary, its exact output and exit status.
@Suite struct LintCommandTests {
  static let badge = """
    import SwiftUI

    struct Badge: View {
      @ObservedObject var model: Model
      var body: some View {
        Text("Hello")
      }
    }

    """

  static let printer = """
    import SwiftUI

    struct Printer: View {
      var body: some View {
        let _ = print("render")
        Text("Hi")
      }
    }

    """

  static let clean = """
    import SwiftUI

    struct Greeting: View {
      let name: String
      var body: some View { Text("Hello, \\(name)") }
    }

    """

  static let badgeWarning =
    "Badge.swift:4:23: warning: 'model' is an @ObservedObject that this view never reads; it "
    + "re-renders the view on every change of the object: remove it [unread-observed-object]\n"

  @Test func defaultFormatIsXcodeAndWarningsExitZero() throws {
    try HushBinary.withDirectory(["Badge.swift": Self.badge]) { directory in
      let output = try HushBinary.run(["lint"], in: directory)
      #expect(output.stdout == Self.badgeWarning)
      #expect(
        output.stderr == "hush lint: 1 violation (0 errors, 1 warnings, 0 notes) in 1 file\n")
      #expect(output.status == 0)
    }
  }

  @Test func cleanTreeExitsZeroWithSummary() throws {
    try HushBinary.withDirectory(["Sources/Greeting.swift": Self.clean]) { directory in
      let output = try HushBinary.run(["lint", "Sources"], in: directory)
      #expect(
        output == .init(status: 0, stdout: "", stderr: "hush lint: no violations in 1 file\n"))
    }
  }

  @Test func strictMakesWarningsFail() throws {
    try HushBinary.withDirectory(["Badge.swift": Self.badge]) { directory in
      let output = try HushBinary.run(["lint", "--strict"], in: directory)
      #expect(output.stdout == Self.badgeWarning)
      #expect(output.status == 1)
    }
  }

  @Test func configuredErrorSeverityFails() throws {
    try HushBinary.withDirectory([
      "Badge.swift": Self.badge,
      ".hush-lint.yml": "severity:\n  unread-observed-object: error\n",
    ]) { directory in
      let output = try HushBinary.run(["lint"], in: directory)
      #expect(
        output.stdout == Self.badgeWarning.replacingOccurrences(of: "warning:", with: "error:"))
      #expect(
        output.stderr == "hush lint: 1 violation (1 errors, 0 warnings, 0 notes) in 1 file\n")
      #expect(output.status == 1)
    }
  }

  @Test func rootIsWhereTheConfigurationIsFound() throws {
    try HushBinary.withDirectory([
      "App/Badge.swift": Self.badge,
      "App/.hush-lint.yml": "severity:\n  unread-observed-object: error\n",
    ]) { directory in
      let app = directory.appendingPathComponent("App").path
      let output = try HushBinary.run(["lint", "--root", app, "App/Badge.swift"], in: directory)
      #expect(
        output.stdout
          == "App/" + Self.badgeWarning.replacingOccurrences(of: "warning:", with: "error:"))
      #expect(output.status == 1)
      // Without it, the current directory's (none here) applies.
      let plain = try HushBinary.run(["lint", "App/Badge.swift"], in: directory)
      #expect(plain.stdout == "App/" + Self.badgeWarning)
      #expect(plain.status == 0)
    }
  }

  @Test func stampIsWrittenOnlyWhenTheLintPasses() throws {
    try HushBinary.withDirectory([
      "Badge.swift": Self.badge,
      "strict.yml": "severity:\n  unread-observed-object: error\n",
    ]) { directory in
      let stamp = directory.appendingPathComponent("out/lint.stamp.swift")
      try FileManager.default.createDirectory(
        at: stamp.deletingLastPathComponent(), withIntermediateDirectories: true)
      let failing = try HushBinary.run(
        ["lint", "--config", "strict.yml", "--stamp", stamp.path, "Badge.swift"], in: directory)
      #expect(failing.status == 1)
      #expect(!FileManager.default.fileExists(atPath: stamp.path))
      let passing = try HushBinary.run(
        ["lint", "--stamp", stamp.path, "Badge.swift"], in: directory)
      #expect(passing.status == 0)
      #expect(
        try String(contentsOf: stamp, encoding: .utf8)
          == "// hush lint passed with 1 violation\n")
      let unwritable = try HushBinary.run(
        ["lint", "--stamp", directory.appendingPathComponent("missing/stamp").path, "Badge.swift"],
        in: directory)
      #expect(unwritable.status == 2)
      #expect(unwritable.stderr.hasSuffix("cannot write the stamp file\n"))
    }
  }

  @Test func aCachedRunPrintsWhatTheFirstDid() throws {
    try HushBinary.withDirectory([
      "Badge.swift": Self.badge, "Printer.swift": Self.printer, "Greeting.swift": Self.clean,
    ]) { directory in
      let cacheFolder = directory.appendingPathComponent(".cache/hush-lint")
      let first = try HushBinary.run(["lint", "--format", "json"], in: directory)
      let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
      #expect(cacheFiles.count == 1)
      let second = try HushBinary.run(["lint", "--format", "json"], in: directory)
      #expect(second == first)
      #expect(first.stdout.contains("impure-body") && first.stdout.contains("unread-observed"))
      let uncached = try HushBinary.run(["lint", "--format", "json", "--no-cache"], in: directory)
      #expect(uncached == first)

      // An explicit cache; a corrupt one is ignored with a note, then replaced.
      let explicit = directory.appendingPathComponent("lint-cache.json")
      try Data("not json".utf8).write(to: explicit)
      let noted = try HushBinary.run(["lint", "--cache-path", explicit.path], in: directory)
      #expect(
        noted.stderr.hasPrefix(
          "hush lint: ignoring the cache at \(explicit.path): it is not a hush lint cache\n"))
      let again = try HushBinary.run(["lint", "--cache-path", explicit.path], in: directory)
      #expect(again.stdout == noted.stdout)
      #expect(
        again.stderr == "hush lint: 2 violations (0 errors, 2 warnings, 0 notes) in 3 files\n")
    }
  }

  @Test func jsonFormat() throws {
    try HushBinary.withDirectory(["Printer.swift": Self.printer]) { directory in
      let output = try HushBinary.run(["lint", "--format", "json"], in: directory)
      #expect(
        output.stdout == """
          [
            {
              "column" : 13,
              "file" : "Printer.swift",
              "line" : 5,
              "message" : "print in body runs on every render; remove it, or log from an action",
              "rule" : "impure-body",
              "severity" : "warning"
            }
          ]

          """)
      #expect(output.status == 0)
    }
  }

  @Test func githubFormat() throws {
    try HushBinary.withDirectory(["Printer.swift": Self.printer]) { directory in
      let output = try HushBinary.run(["lint", "--format", "github"], in: directory)
      #expect(
        output.stdout
          == "::warning file=Printer.swift,line=5,col=13,title=impure-body::print in body runs on "
          + "every render; remove it, or log from an action\n")
    }
  }

  @Test func sarifFormatHasRuleMetadataAndResults() throws {
    try HushBinary.withDirectory(["Printer.swift": Self.printer], provisional: false) {
      directory in
      let output = try HushBinary.run(["lint", "--format", "sarif"], in: directory)
      let log = try #require(
        try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
      #expect(log["version"] as? String == "2.1.0")
      let run = try #require((log["runs"] as? [[String: Any]])?.first)
      let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
      let rules = try #require(driver["rules"] as? [[String: Any]])
      // The rules on by default: not the eight opt-in ones.
      #expect(rules.count == 9)
      let ids = rules.compactMap { $0["id"] as? String }
      #expect(ids.contains("impure-body") && !ids.contains("lazy-chain"))
      #expect(!ids.contains("collection-work-in-body") && !ids.contains("unread-observed-object"))
      #expect(!ids.contains("expensive-view-init"))
      #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] != nil })
      let results = try #require(run["results"] as? [[String: Any]])
      #expect(results.count == 1)
      let result = try #require(results.first)
      #expect(result["ruleId"] as? String == "impure-body")
      #expect(result["level"] as? String == "warning")
      #expect(ids[result["ruleIndex"] as? Int ?? -1] == "impure-body")
      let location = try #require((result["locations"] as? [[String: Any]])?.first)
      let physical = try #require(location["physicalLocation"] as? [String: Any])
      #expect(
        (physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Printer.swift")
      #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 5)
    }
  }

  @Test func unknownConfigurationKeyIsAnErrorNamingTheLine() throws {
    try HushBinary.withDirectory([
      "Badge.swift": Self.badge,
      ".hush-lint.yml": "excluded: []\ndisabled_rule:\n  - impure-body\n",
    ]) { directory in
      let output = try HushBinary.run(["lint"], in: directory)
      #expect(
        output.stderr
          == ".hush-lint.yml:2: error: unknown key 'disabled_rule'; expected one of "
          + "disabled_rules, opt_in_rules, severity, excluded, included\n")
      #expect(output.stdout == "")
      #expect(output.status == 2)
    }
  }

  @Test func unknownRuleInConfigurationIsAnErrorNamingTheLine() throws {
    try HushBinary.withDirectory([
      "Badge.swift": Self.badge,
      "lint.yml": "disabled_rules:\n  - impure-body\n  - no-such-rule\n",
    ]) { directory in
      let output = try HushBinary.run(["lint", "--config", "lint.yml"], in: directory)
      #expect(
        output.stderr
          == "lint.yml:3: error: unknown rule 'no-such-rule'; run 'hush lint --list-rules'\n")
      #expect(output.status == 2)
    }
  }

  @Test func disabledRulesAndExcludedPathsAreRespected() throws {
    try HushBinary.withDirectory([
      "App/Badge.swift": Self.badge,
      "App/Printer.swift": Self.printer,
      "Generated/Printer.swift": Self.printer,
      ".hush-lint.yml": "disabled_rules: [unread-observed-object]\nexcluded:\n  - Generated\n",
    ]) { directory in
      let output = try HushBinary.run(["lint", "--format", "github"], in: directory)
      #expect(output.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
      #expect(output.stdout.hasPrefix("::warning file=App/Printer.swift,line=5,"))
      #expect(output.stderr.hasSuffix("in 2 files\n"))
    }
  }

  @Test func optInRulesRunOnlyWhenEnabled() throws {
    let source = "let first = items.map { $0.price }.filter { $0 > 10 }.first\n"
    try HushBinary.withDirectory(["Chain.swift": source]) { directory in
      #expect(try HushBinary.run(["lint"], in: directory).stdout == "")
      try Data("opt_in_rules: [lazy-chain]\n".utf8).write(
        to: directory.appendingPathComponent(".hush-lint.yml"))
      let output = try HushBinary.run(["lint"], in: directory)
      #expect(
        output.stdout
          == "Chain.swift:1:19: warning: map → filter builds 2 intermediate arrays for a result "
          + "used once; start the chain with .lazy [lazy-chain]\n")
    }
  }

  @Test func suppressionComments() throws {
    let source = """
      import SwiftUI

      struct A: View {
        // hush-lint:disable-next-line unread-observed-object
        @ObservedObject var first: Model
        // hush-lint:disable all
        @ObservedObject var second: Model
        // hush-lint:enable all
        @ObservedObject var third: Model
        var body: some View { Text("x") }
      }

      """
    try HushBinary.withDirectory(["A.swift": source]) { directory in
      let output = try HushBinary.run(["lint", "--format", "github"], in: directory)
      #expect(output.stdout.hasPrefix("::warning file=A.swift,line=9,col=23,"))
      #expect(output.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
    }
  }

  @Test func skipsBuildAndDependencyDirectories() throws {
    try HushBinary.withDirectory([
      ".build/checkouts/Badge.swift": Self.badge,
      "Pods/Badge.swift": Self.badge,
      "Carthage/Checkouts/Badge.swift": Self.badge,
      "DerivedData/Badge.swift": Self.badge,
      "Templates/View.xctemplate/___FILEBASENAME___.swift": Self.badge,
      "Sources/Greeting.swift": Self.clean,
      "Sources/notes.txt": "not swift",
    ]) { directory in
      let output = try HushBinary.run(["lint"], in: directory)
      #expect(
        output == .init(status: 0, stdout: "", stderr: "hush lint: no violations in 1 file\n"))
    }
  }

  @Test func baselineSuppressesRecordedViolationsEvenWhenTheyMove() throws {
    try HushBinary.withDirectory(["Badge.swift": Self.badge]) { directory in
      let write = try HushBinary.run(
        ["lint", "--write-baseline", "baseline.json"], in: directory)
      #expect(write.status == 0)
      #expect(write.stderr == "Wrote 1 violation to baseline.json\n")
      let moved = "// A new comment\n\n" + Self.badge
      try Data(moved.utf8).write(to: directory.appendingPathComponent("Badge.swift"))
      let clean = try HushBinary.run(["lint", "--baseline", "baseline.json"], in: directory)
      #expect(clean.stdout == "")
      #expect(clean.stderr == "hush lint: no violations in 1 file, 1 in the baseline\n")
      try Data((moved + Self.printer.replacingOccurrences(of: "import SwiftUI\n", with: "")).utf8)
        .write(to: directory.appendingPathComponent("Badge.swift"))
      let fresh = try HushBinary.run(
        ["lint", "--baseline", "baseline.json", "--strict"], in: directory)
      #expect(fresh.stdout.contains("[impure-body]"))
      #expect(!fresh.stdout.contains("[unread-observed-object]"))
      #expect(fresh.status == 1)
    }
  }

  @Test func usageAndInputErrorsExitTwo() throws {
    try HushBinary.withDirectory([
      "README.md": "# Hi\n", "Badge.swift": Self.badge,
    ]) { directory in
      let missing = try HushBinary.run(["lint", "Missing.swift"], in: directory)
      #expect(
        missing == .init(status: 2, stdout: "", stderr: "error: Missing.swift: does not exist\n"))
      let notSwift = try HushBinary.run(["lint", "README.md"], in: directory)
      #expect(notSwift.status == 2)
      #expect(notSwift.stderr == "error: README.md: is not a Swift source file (.swift)\n")
      let format = try HushBinary.run(["lint", "--format", "xml"], in: directory)
      #expect(format.status == 2)
      #expect(
        format.stderr
          == "error: unknown format 'xml'; expected one of xcode, json, sarif, github\n")
      let option = try HushBinary.run(["lint", "--frobnicate"], in: directory)
      #expect(option.status == 2)
      let baseline = try HushBinary.run(["lint", "--baseline", "none.json"], in: directory)
      #expect(baseline.status == 2)
      #expect(baseline.stderr.hasSuffix("error: none.json: could not be read\n"))
      let explain = try HushBinary.run(["lint", "--explain", "nope"], in: directory)
      #expect(explain.status == 2)
    }
  }

  @Test func everyUsageErrorExitsTwo() throws {
    try HushBinary.withDirectory(["Badge.swift": Self.badge]) { directory in
      let missing = try HushBinary.run(["lint", "--format"], in: directory)
      #expect(
        missing
          == .init(
            status: 2, stdout: "",
            stderr: "error: missing value for '--format'; see 'hush lint --help'\n"))
      let flagValue = try HushBinary.run(["lint", "--strict=yes"], in: directory)
      #expect(flagValue.status == 2)
      #expect(flagValue.stderr == "error: unknown option '--strict=yes'; see 'hush lint --help'\n")
      let optionAsValue = try HushBinary.run(["lint", "--config", "--strict"], in: directory)
      #expect(optionAsValue.status == 2)
    }
  }

  @Test func inlineValuesAndSeparator() throws {
    try HushBinary.withDirectory(["-odd.swift": Self.badge]) { directory in
      let output = try HushBinary.run(
        ["lint", "--format=github", "--", "-odd.swift"], in: directory)
      #expect(output.stdout.hasPrefix("::warning file=-odd.swift,line=4,col=23,"))
      #expect(output.status == 0)
      let help = try HushBinary.run(["lint", "--help"], in: directory)
      #expect(help.status == 0)
      #expect(help.stdout.contains("--write-baseline <file>"))
    }
  }

  @Test func nonUTF8FilesAreReportedAndSkipped() throws {
    try HushBinary.withDirectory(["Badge.swift": Self.badge]) { directory in
      try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A]).write(
        to: directory.appendingPathComponent("Latin.swift"))
      let output = try HushBinary.run(["lint"], in: directory)
      #expect(output.stdout == Self.badgeWarning)
      #expect(
        output.stderr
          == "Latin.swift: error: is not valid UTF-8; skipped\n"
          + "hush lint: 1 violation (0 errors, 1 warnings, 0 notes) in 1 file, 1 skipped\n")
      #expect(output.status == 2)
    }
  }

  @Test func filesThatDoNotParseStillGetRules() throws {
    let broken =
      Self.printer.replacingOccurrences(of: "Text(\"Hi\")", with: "Text(\"Hi\"")
      + "func (\n"
    try HushBinary.withDirectory(["Broken.swift": broken]) { directory in
      let output = try HushBinary.run(["lint", "--format", "github"], in: directory)
      #expect(output.stdout.contains("title=impure-body"))
      #expect(output.status == 0)
    }
  }

  @Test func listRulesAndExplain() throws {
    try HushBinary.withDirectory([:]) { directory in
      let list = try HushBinary.run(["lint", "--list-rules"], in: directory)
      #expect(list.status == 0)
      let lines = list.stdout.split(separator: "\n")
      #expect(lines.count == 17)
      #expect(lines.first?.hasPrefix("action-ping-pong") == true)
      #expect(lines.contains { $0.hasPrefix("lazy-chain") && $0.contains("opt-in") })
      let explain = try HushBinary.run(["lint", "--explain", "anyview-row"], in: directory)
      #expect(explain.status == 0)
      #expect(explain.stdout.hasPrefix("anyview-row: AnyView(…) or .eraseToAnyView() as the row"))
      #expect(
        explain.stdout.contains(
          "Before:\n    ForEach(items) { item in AnyView(Row(item: item)) }\n"))
      #expect(explain.stdout.hasSuffix("After:\n    ForEach(items) { item in Row(item: item) }\n"))
    }
  }
}
