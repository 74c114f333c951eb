import ArgumentParser

/// `hush demo`: the renders a Hush store saves, beside ObservableObject and @Observable.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Show the renders Hush avoids, next to ObservableObject and @Observable.",
    discussion: """
      Runs the same changes against three models of one app state (an ObservableObject with \
      @Published properties, an @Observable model holding the same structs, and a Hush \
      store) with the same views, and counts each view's renders, one frame per change.
      """
  )

  @Option(help: "The number of rows in the list scenario.")
  var rows = 10_000

  func validate() throws {
    guard (43...1_000_000).contains(rows) else {
      throw ValidationError("--rows must be between 43 and 1000000 (row 42 is edited).")
    }
  }

  @MainActor
  func run() async throws {
    print(await DemoReport.run(DemoScenario.builtIn(rowCount: rows)).formatted(), terminator: "")
  }
}
