import ConcurrencyExtras
import Dependencies
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where `.fileStorage` keys read and write their files, as swift-sharing's `FileStorage`:
/// the file system in the app, memory in tests (`@Dependency(\.defaultFileStorage)`).
///
/// ```swift
/// let store = TestStore(initialState: SyncUpsList.State()) {
///   SyncUpsList()
/// } withDependencies: {
///   $0.defaultFileStorage = .inMemory   // the test value already
/// }
/// ```
public struct FileStorage: Sendable {
  /// What tells one storage from another: keys of the same file in two storages are two
  /// values.
  let id: ObjectIdentifier
  /// Holds the object `id` names, so that it stays unique.
  private let identity: AnyObject & Sendable
  /// The file's bytes, or `nil` when there is no file.
  let read: @Sendable (URL) throws -> Data?
  /// Replaces the file's bytes, atomically.
  let write: @Sendable (Data, URL) throws -> Void
  /// Runs the closure after the duration (where the writes that follow a write are
  /// coalesced).
  let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

  /// A storage from its operations (for tests that control when coalesced writes happen).
  package init(
    read: @escaping @Sendable (URL) throws -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void,
    schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void
  ) {
    let identity = StorageIdentity()
    self.identity = identity
    self.id = ObjectIdentifier(identity)
    self.read = read
    self.write = write
    self.schedule = schedule
  }

  /// The file system: each write goes to a temporary file beside the file, then replaces the
  /// file by a rename, so that a crash in between leaves the previous file whole.
  public static let fileSystem = FileStorage(
    read: { url in
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      return try Data(contentsOf: url)
    },
    write: { data, url in try writeAtomically(data, to: url) },
    schedule: { duration, work in
      let nanoseconds =
        duration.components.seconds * 1_000_000_000
        + duration.components.attoseconds / 1_000_000_000
      DispatchQueue.global(qos: .utility).asyncAfter(
        deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: work)
    })

  /// Files in memory, empty: each test value of `defaultFileStorage` is a new one. Writes
  /// happen at once (nothing to coalesce in memory).
  public static var inMemory: FileStorage { inMemory(InMemoryFiles()) }

  /// The files in `files`, in memory: a test seeds a file (or a corrupt one) before the
  /// feature reads it, and reads what the feature wrote.
  ///
  /// ```swift
  /// let files = InMemoryFiles()
  /// files[url] = Data("not json".utf8)
  /// let store = TestStore(initialState: SyncUpsList.State()) { SyncUpsList() }
  ///   withDependencies: { $0.defaultFileStorage = .inMemory(files) }
  /// ```
  public static func inMemory(_ files: InMemoryFiles) -> FileStorage {
    FileStorage(
      read: { files[$0] },
      write: { data, url in files[url] = data },
      schedule: { _, work in work() })
  }

  /// Writes `data` to a temporary file in `url`'s directory, flushes it to the disk, then
  /// renames it over `url` (atomic on one file system): the file holds the old bytes or the
  /// new ones, never a part. `beforeRename` runs in between (where a test stops, as a crash
  /// would).
  package static func writeAtomically(
    _ data: Data, to url: URL, beforeRename: () throws -> Void = {}
  ) throws {
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try handle.synchronize()
      try beforeRename()
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(
          .fileWriteUnknown,
          userInfo: [
            NSFilePathErrorKey: url.path,
            NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
          ])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}

private final class StorageIdentity: Sendable {}

/// Files kept in memory by URL, for tests: see ``FileStorage/inMemory(_:)``.
public final class InMemoryFiles: Sendable {
  private let files = LockIsolated<[URL: Data]>([:])

  public init() {}

  /// The bytes of the file at `url`, or `nil` when there is none.
  public subscript(url: URL) -> Data? {
    get { files.value[url.standardizedFileURL] }
    set { files.withValue { $0[url.standardizedFileURL] = newValue } }
  }

  /// The URLs of the files there are.
  public var urls: [URL] { Array(files.value.keys) }
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var testValue: FileStorage { .inMemory }
  static var previewValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// Where `.fileStorage` keys keep their files: the file system in the app, memory in tests
  /// and previews (a new one per test).
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}
