import Foundation

/// Finds the Swift files to lint under the paths given on the command line.
///
/// Directories are searched recursively for `.swift` files, skipping build products and
/// dependency folders (`.build`, `Pods`, `Carthage`, `DerivedData`), hidden directories, Xcode
/// file templates (`*.xctemplate`, not compiled: `___FILEBASENAME___`), and
/// whatever the configuration excludes.
public struct FileCollector: Sendable {
  /// Directory names never searched.
  public static let skippedDirectories: Set<String> = [
    ".build", "Pods", "Carthage", "DerivedData", ".git", ".swiftpm",
  ]

  /// The configuration whose `excluded` and `included` globs apply.
  public var configuration: Configuration

  /// Creates a collector.
  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// The Swift files under `paths`, sorted, without duplicates.
  ///
  /// A path that names a file is linted even if it is not under an included glob, but it must
  /// exist and end in `.swift`.
  ///
  /// - Throws: ``FileProblem`` for a path that does not exist or is not a Swift file.
  public func collect(_ paths: [String]) throws(FileProblem) -> [String] {
    var result: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw FileProblem(path: path, reason: Self.whyMissing(path))
      }
      if !isDirectory.boolValue {
        guard path.hasSuffix(".swift") else {
          throw FileProblem(path: path, reason: "is not a Swift source file (.swift)")
        }
        if !isExcluded(path) { result.append(path) }
        continue
      }
      var visited: Set<String> = []
      result += swiftFiles(under: path, visited: &visited)
    }
    var seen = Set<String>()
    return result.filter { seen.insert($0).inserted }.sorted()
  }

  /// Why `path` cannot be followed: a symbolic link that loops or leads nowhere, or nothing.
  static func whyMissing(_ path: String) -> String {
    let manager = FileManager.default
    var seen: Set<String> = []
    var current = path
    while let target = try? manager.destinationOfSymbolicLink(atPath: current) {
      guard seen.insert(current).inserted, seen.count <= 40 else {
        return "is a symbolic link loop"
      }
      current =
        target.hasPrefix("/")
        ? target
        : ((current as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(target)
    }
    return seen.isEmpty
      ? "does not exist" : "is a symbolic link to \(current), which does not exist"
  }

  private func swiftFiles(under directory: String, visited: inout Set<String>) -> [String] {
    // Symbolic links can make cycles; each real directory is searched once.
    let realPath = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    guard visited.insert(realPath).inserted else { return [] }
    var result: [String] = []
    let manager = FileManager.default
    guard let entries = try? manager.contentsOfDirectory(atPath: directory) else { return [] }
    for entry in entries.sorted() {
      let path = directory == "." ? entry : (directory as NSString).appendingPathComponent(entry)
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        guard !Self.skippedDirectories.contains(entry), !entry.hasPrefix("."),
          !entry.hasSuffix(".xctemplate"), !isExcluded(path)
        else { continue }
        result += swiftFiles(under: path, visited: &visited)
      } else if entry.hasSuffix(".swift"), !isExcluded(path), isIncluded(path) {
        result.append(path)
      }
    }
    return result
  }

  private func relative(_ path: String) -> String {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let root = URL(fileURLWithPath: configuration.rootDirectory).standardizedFileURL.path
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }

  private func isExcluded(_ path: String) -> Bool {
    guard !configuration.excluded.isEmpty else { return false }
    let relativePath = relative(path)
    return configuration.excluded.contains { Glob($0).matches(relativePath) }
  }

  private func isIncluded(_ path: String) -> Bool {
    guard !configuration.included.isEmpty else { return true }
    let relativePath = relative(path)
    return configuration.included.contains { Glob($0).matches(relativePath) }
  }
}
