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
  /// Calls the closure when the file may have changed outside this storage (another process,
  /// a test), for as long as the returned object lives; `nil` when it cannot watch.
  let watch: @Sendable (URL, @escaping @Sendable () -> Void) -> AnyObject?

  /// A storage from its operations (for tests that control when coalesced writes happen).
  package init(
    read: @escaping @Sendable (URL) throws -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void,
    schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void,
    watch: @escaping @Sendable (URL, @escaping @Sendable () -> Void) -> AnyObject? = { _, _ in
      nil
    }
  ) {
    let identity = StorageIdentity()
    self.identity = identity
    self.id = ObjectIdentifier(identity)
    self.read = read
    self.write = write
    self.schedule = schedule
    self.watch = watch
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
    },
    watch: { url, didChange in FileWatcher(url: url, didChange: didChange) })

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
      write: { data, url in files.store(data, at: url) },
      schedule: { _, work in work() },
      watch: { url, didChange in files.watch(url, didChange) })
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

/// A watch of a file in memory: ends when released.
private final class InMemoryWatch: Sendable {
  private let files: InMemoryFiles
  private let url: URL

  init(files: InMemoryFiles, url: URL) {
    self.files = files
    self.url = url
  }

  deinit {
    files.unwatch(url, ObjectIdentifier(self))
  }
}

/// Files kept in memory by URL, for tests: see ``FileStorage/inMemory(_:)``.
public final class InMemoryFiles: Sendable {
  private let files = LockIsolated<[URL: Data]>([:])
  /// What the storages watching a file call when a test changes it, by file and watcher.
  private let watchers = LockIsolated<[URL: [ObjectIdentifier: @Sendable () -> Void]]>([:])

  public init() {}

  /// The bytes of the file at `url`, or `nil` when there is none.
  ///
  /// Setting them is a change made outside the app (another process, a sync): the shared
  /// values kept in the file read it again, and their readers render what changed.
  public subscript(url: URL) -> Data? {
    get { files.value[url.standardizedFileURL] }
    set {
      store(newValue, at: url)
      let watching = watchers.value[url.standardizedFileURL].map { Array($0.values) } ?? []
      for didChange in watching { didChange() }
    }
  }

  /// The storage's own write: no watcher is told.
  func store(_ data: Data?, at url: URL) {
    files.withValue { $0[url.standardizedFileURL] = data }
  }

  /// Calls `didChange` when a test sets the file at `url`, while the result lives.
  func watch(_ url: URL, _ didChange: @escaping @Sendable () -> Void) -> AnyObject {
    let url = url.standardizedFileURL
    let token = InMemoryWatch(files: self, url: url)
    watchers.withValue { $0[url, default: [:]][ObjectIdentifier(token)] = didChange }
    return token
  }

  fileprivate func unwatch(_ url: URL, _ token: ObjectIdentifier) {
    watchers.withValue { $0[url]?[token] = nil }
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
