import Foundation
import Testing

/// `HushBinary.withDirectory` leaves nothing behind in the temporary directory.
@Suite struct HushBinaryTests {
  struct Failure: Error {}

  static let files = ["A.swift": "let a = 1\n", "Nested/B.swift": "let b = 2\n"]

  @Test func directoryHoldsTheFilesAndIsRemovedAfterTheBodyReturns() throws {
    var scratch: URL?
    let contents = try HushBinary.withDirectory(Self.files) { directory in
      scratch = directory
      return try Self.files.keys.sorted().map {
        try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)
      }
    }
    #expect(contents == ["let a = 1\n", "let b = 2\n"])
    let directory = try #require(scratch)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func directoryIsRemovedWhenTheBodyThrows() throws {
    var scratch: URL?
    #expect(throws: Failure.self) {
      try HushBinary.withDirectory(Self.files) { directory in
        scratch = directory
        throw Failure()
      }
    }
    let directory = try #require(scratch)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func directoryExistsEvenWithoutFiles() throws {
    var scratch: URL?
    let isDirectory = try HushBinary.withDirectory([:]) { directory in
      scratch = directory
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
      return exists && isDirectory.boolValue
    }
    #expect(isDirectory)
    let directory = try #require(scratch)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }
}
