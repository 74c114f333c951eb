import ArgumentParser
import HushLint

/// `hush lint`: finds the patterns that make SwiftUI do needless work (see
/// ``LintCommandLine``).
///
/// Exit status: 0 when clean, 1 when a violation is at error severity (or any warning with
/// `--strict`), 2 for a usage, configuration or I/O error.
struct LintCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Find patterns that make SwiftUI do needless work.",
    discussion: LintCommandLine.discussion)

  // Options are parsed by `LintCommandLine` rather than by ArgumentParser so that every usage
  // error, such as a missing option value, exits with status 2 as documented, not
  // ArgumentParser's 64.
  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "Swift files or directories, and the options above.", valueName: "path-or-option"))
  var arguments: [String] = []

  func run() async throws {
    let status = LintCommandLine.run(arguments)
    if status != 0 { throw ExitCode(status) }
  }
}
