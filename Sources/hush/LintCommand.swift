import ArgumentParser

// Placeholder until issue 4 lands: the linter command.
struct LintCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint", abstract: "Find patterns that make SwiftUI do needless work.")
  func run() async throws { throw ValidationError("hush lint is not built yet") }
}
