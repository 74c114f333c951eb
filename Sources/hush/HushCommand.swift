import ArgumentParser

/// The `hush` command line: a thin shell over the Hush libraries.
@main
struct HushCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hush",
    abstract: "Make SwiftUI apps do as little work as possible.",
    discussion: """
      hush demo    shows the renders a Hush store saves next to ObservableObject and @Observable.
      hush lint    finds the patterns that make SwiftUI do needless work.
      """,
    subcommands: [DemoCommand.self, LintCommand.self]
  )
}
