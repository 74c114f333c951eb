import ArgumentParser

struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo", abstract: "Show renders saved by Hush.")
  func run() async throws { print("demo") }
}
