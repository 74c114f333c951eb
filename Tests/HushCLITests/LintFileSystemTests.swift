import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `hush lint` over a tree holding everything a file system can hold: it never crashes or
/// hangs, exits 0, 1 or 2, and names the path in every error.
@Suite struct LintFileSystemTests {
  static let printer = """
    import SwiftUI

    struct Printer: View {
      var body: some View {
        let _ = print("render")
        Text("Hi")
      }
    }
    """

  @Test func oddFilesAreSkippedWithTheirPathAndTheRestIsLinted() throws {
    let files = [
      "Printer.swift": Self.printer,
      "Folder.swift/Inner.swift": Self.printer,
      "Deep.swift": "let x = " + String(repeating: "(", count: 5_000)
        + String(repeating: ")", count: 5_000),
    ]
    try HushBinary.withDirectory(files) { directory in
      try Self.makeOddFiles(in: directory)
      let output = try HushBinary.run(["lint"], in: directory, timeout: 120)
      #expect(output.status == 2)
      #expect(
        output.stdout.split(separator: "\n").map { $0.prefix { $0 != ":" } }
          == ["Folder.swift/Inner.swift", "Printer.swift"])
      let errors = output.stderr.split(separator: "\n").dropLast().map(String.init)
      #expect(
        errors == [
          "Big.swift: error: is 50.0 MiB, more than the 4 MiB hush lint reads; exclude it in "
            + ".hush-lint.yml if it is generated; skipped",
          "Deep.swift: error: nests 5000 levels deep, more than the 1000 hush lint parses; "
            + "skipped",
          "Latin.swift: error: is not valid UTF-8; skipped",
          "Pipe.swift: error: is not a regular file; skipped",
        ])
      #expect(
        output.stderr.hasSuffix(
          "hush lint: 2 violations (0 errors, 2 warnings, 0 notes) in 2 files, 4 skipped\n"))
    }
  }

  @Test func namedOddPathsAreUsageErrorsThatNameThem() throws {
    try HushBinary.withDirectory([:]) { directory in
      try Self.makeOddFiles(in: directory)
      let expected = [
        "Dangling.swift": "error: Dangling.swift: is a symbolic link to ./Nowhere.swift, which "
          + "does not exist\n",
        "Loop.swift": "error: Loop.swift: is a symbolic link loop\n",
        "Missing.swift": "error: Missing.swift: does not exist\n",
        "Pipe.swift": "Pipe.swift: error: is not a regular file; skipped\n"
          + "hush lint: no violations in 0 files, 1 skipped\n",
      ]
      for (path, message) in expected {
        let output = try HushBinary.run(["lint", path], in: directory, timeout: 60)
        #expect(output.status == 2, "\(path)")
        #expect(output.stderr == message)
      }
    }
  }

  /// A 50 MiB file (sparse), non-UTF-8 bytes, a dangling symbolic link, a link loop and a FIFO,
  /// all named `*.swift`.
  static func makeOddFiles(in directory: URL) throws {
    let manager = FileManager.default
    let big = directory.appendingPathComponent("Big.swift")
    #expect(manager.createFile(atPath: big.path, contents: Data("let x = 1\n".utf8)))
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: 50 << 20)
    try handle.close()
    try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A]).write(
      to: directory.appendingPathComponent("Latin.swift"))
    try manager.createSymbolicLink(
      atPath: directory.appendingPathComponent("Dangling.swift").path,
      withDestinationPath: "./Nowhere.swift")
    try manager.createSymbolicLink(
      atPath: directory.appendingPathComponent("Loop.swift").path,
      withDestinationPath: "Loop.swift")
    #expect(mkfifo(directory.appendingPathComponent("Pipe.swift").path, 0o644) == 0)
  }
}
