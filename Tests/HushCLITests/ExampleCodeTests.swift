import Foundation
import Testing

/// `hush lint` on the repository's own example code.
@Suite struct ExampleCodeTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func lintsTheLintExamples() throws {
    // No cache: it would go in the package root (see `HushBinary.run`). The example's
    // configuration turns on the rules that are opt-in until they are right often enough.
    let output = try HushBinary.run(
      ["lint", "--no-cache", "--config", "Examples/Lint/.hush-lint.yml", "Examples/Lint"],
      in: Self.packageRoot)
    #expect(
      output.stdout == """
        Examples/Lint/FeedView.swift:25:26: warning: 'settings' is only passed on, never read, \
        yet re-renders this view on every change; let the children observe it and keep a plain \
        reference here [unread-observed-object]
        Examples/Lint/FeedView.swift:29:27: warning: 'filter' walks the whole collection on \
        every render; derive it once in the model and pass the result [collection-work-in-body]
        Examples/Lint/FeedView.swift:38:7: warning: 'post' stores a whole Post but the view \
        shows only likes; it also re-renders when body, isHidden, title change. Pass only \
        likes [whole-model-dependency]

        """)
    #expect(
      output.stderr == "hush lint: 3 violations (0 errors, 3 warnings, 0 notes) in 2 files\n")
    #expect(output.status == 0)
  }

  /// Every ```swift block of the README, linted together: whatever it reports, the tool
  /// must not fail on the code (exit status 2) or crash.
  @Test func lintsTheREADMEExamples() throws {
    let readme = Self.packageRoot.appendingPathComponent("README.md")
    guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return }
    var files: [String: String] = [:]
    for (index, block) in text.components(separatedBy: "```swift").dropFirst().enumerated() {
      files["README\(index).swift"] = block.components(separatedBy: "```").first ?? ""
    }
    try HushBinary.withDirectory(files) { directory in
      let output = try HushBinary.run(["lint"], in: directory)
      #expect(output.status == 0 || output.status == 1)
      #expect(output.stderr.hasPrefix("hush lint: "))
    }
  }
}
