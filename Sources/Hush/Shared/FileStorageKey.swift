import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting

/// A key of a value kept in a JSON file, as swift-sharing's `.fileStorage`.
///
/// ```swift
/// extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
///   static var syncUps: Self {
///     Self[.fileStorage(.documentsDirectory.appending(component: "sync-ups.json")), default: []]
///   }
/// }
///
/// @Shared(.syncUps) var syncUps
/// ```
///
/// - **Reading**: the file is read when the first holder of the key is made; a missing file
///   gives the default. A file that cannot be read or decoded gives the default too, with a
///   reported issue, and is left as it is: the next change of the value keeps its bytes beside
///   it (`sync-ups.json.corrupt`) before writing the new value. (Not at once: the file may be
///   fixed by hand, or read by a later version of the app, and a value nobody changed need not
///   be written.)
/// - **Writing**: atomically (a temporary file, then a rename), so that a crash leaves the
///   previous file whole. The first change is written at once; the changes in the second that
///   follows are coalesced into one write at its end. Pending writes are written when the app
///   resigns active or terminates (macOS, iOS, tvOS, visionOS), when the last holder of the key goes
///   away, and by `try await $value.save()`.
/// - **Changes made outside the app** (another process, a sync) are seen while a holder
///   lives: the file is read again, and the readers of what changed render (see
///   `FileWatcher`); an equal value renders nothing, and the app's own writes are not read
///   back.
/// - **In tests** the storage is in memory (`@Dependency(\.defaultFileStorage)`, a new one
///   per test): nothing touches the disk.
public struct FileStorageKey<Value: Sendable>: SharedKey {
  let url: URL
  let storage: FileStorage
  private let writer: FileWriter<Value>

  init(
    url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var storage
    self.url = url
    self.storage = storage
    self.writer = FileWriter(url: url, storage: storage, decode: decode, encode: encode)
  }

  /// The file, in its storage.
  public var id: FileStorageKeyID {
    FileStorageKeyID(url: url.standardizedFileURL, storage: storage.id)
  }

  /// The value in the file, or `nil` (the default) when there is no file or it cannot be read
  /// (reported).
  public func load(initialValue: Value?) -> Value? {
    writer.load()
  }

  /// Writes the value: at once, or at the end of the second that follows the last write.
  public func save(_ value: Value) {
    writer.save(value)
  }
}

extension FileStorageKey: ObservedSharedKey {
  /// Reads the file again when it changed outside the app, while a holder lives.
  func subscribe(_ didChange: @escaping @Sendable (Value) -> Void) -> AnyObject {
    let writer = writer
    let watch = storage.watch(url) {
      if let value = writer.fileChanged() { didChange(value) }
    }
    return watch ?? NotWatched()
  }
}

/// What a holder keeps when its file cannot be watched.
private final class NotWatched: Sendable {}

extension FileStorageKey: ExplicitlyPersistedKey {
  func reload() throws -> Value? {
    try writer.read()
  }

  func saveNow(_ value: Value) throws {
    try writer.write(value)
  }
}

extension FileStorageKey: CustomStringConvertible {
  public var description: String { ".fileStorage(\(url.path))" }
}

/// The identity of a ``FileStorageKey``: its file in its storage.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: ObjectIdentifier
}

extension SharedReaderKey {
  /// A value kept as JSON in the file at `url`: `@Shared(.fileStorage(url)) var stats =
  /// Stats()`.
  public static func fileStorage<Value: Codable & Sendable>(
    _ url: URL, decoder: JSONDecoder? = nil, encoder: JSONEncoder? = nil
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = UncheckedSendable(decoder ?? JSONDecoder())
    let encoder = UncheckedSendable(
      encoder
        ?? {
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
          return encoder
        }())
    return fileStorage(
      url,
      decode: { try decoder.value.decode(Value.self, from: $0) },
      encode: { try encoder.value.encode($0) })
  }

  /// A value kept in the file at `url`, in a format of your own.
  public static func fileStorage<Value: Sendable>(
    _ url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// Reads and writes one key's file: coalesces writes, keeps a corrupt file's bytes.
///
/// Every operation runs under one lock, disk access included, so that writes reach the file
/// in the order of the values.
private final class FileWriter<Value: Sendable>: PendingWriter, @unchecked Sendable {
  /// How long the writes that follow a write are coalesced.
  static var coalescing: Duration { .seconds(1) }

  let url: URL
  let storage: FileStorage
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data
  /// Guards what follows.
  private let lock = NSLock()
  /// The last value saved while a window is open, not written yet.
  private var pending: Value?
  /// Whether a write happened less than ``coalescing`` ago.
  private var isWindowOpen = false
  /// The bytes of a file that could not be decoded, kept beside it before the next write.
  private var unreadable: Data?
  /// The bytes last read from the file or written to it: a change seen by the watcher that
  /// leaves them as they are is the app's own write, or none.
  private var known: Data?

  init(
    url: URL, storage: FileStorage, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    self.url = url
    self.storage = storage
    self.decode = decode
    self.encode = encode
  }

  deinit {
    // The last holder went away: what it changed is not lost.
    flush()
  }

  func read() throws -> Value? {
    try lock.withLock {
      guard let data = try storage.read(url) else { return nil }
      return try decodeRead(data)
    }
  }

  /// Decodes bytes just read from the file, under the lock: remembers them as the file's
  /// bytes, and keeps them aside when they cannot be decoded.
  private func decodeRead(_ data: Data) throws -> Value {
    known = data
    do {
      let value = try decode(data)
      unreadable = nil
      return value
    } catch {
      unreadable = data
      throw error
    }
  }

  func load() -> Value? {
    do {
      return try read()
    } catch {
      let keptAside =
        lock.withLock { unreadable != nil }
        ? "The file is left as it is until the value changes; then its bytes are kept beside "
          + "it, as \(url.lastPathComponent).corrupt, and the new value is written."
        : "The file is left as it is until the value changes."
      reportIssue(
        """
        Could not read the shared value in \(url.path): \(error)

        The default value is used. \(keptAside)
        """)
      return nil
    }
  }

  func save(_ value: Value) {
    let opensWindow = lock.withLock {
      if isWindowOpen {
        pending = value
        return false
      }
      isWindowOpen = true
      writeLocked(value)
      return true
    }
    guard opensWindow else { return }
    PendingWrites.register(self)
    // Outside the lock: a storage may run it at once (in memory).
    scheduleWindowEnd()
  }

  /// Writes `value` now, and drops a pending one (older).
  func write(_ value: Value) throws {
    try lock.withLock {
      pending = nil
      try writeLockedThrowing(value)
    }
  }

  /// Writes the pending value, if there is one.
  func flush() {
    lock.withLock {
      guard let value = pending else { return }
      pending = nil
      writeLocked(value)
    }
  }

  private func scheduleWindowEnd() {
    storage.schedule(Self.coalescing) { [weak self] in self?.windowEnded() }
  }

  private func windowEnded() {
    let wrote = lock.withLock {
      guard let value = pending else {
        isWindowOpen = false
        return false
      }
      pending = nil
      writeLocked(value)
      return true
    }
    if wrote {
      scheduleWindowEnd()
    } else {
      PendingWrites.unregister(self)
    }
  }

  private func writeLocked(_ value: Value) {
    do {
      try writeLockedThrowing(value)
    } catch {
      reportIssue(
        """
        Could not save the shared value in \(url.path): \(error)

        The value is kept in memory; its next change is written again.
        """)
    }
  }

  private func writeLockedThrowing(_ value: Value) throws {
    let data = try encode(value)
    if let unreadable {
      try storage.write(unreadable, url.appendingPathExtension("corrupt"))
      self.unreadable = nil
    }
    try storage.write(data, url)
    known = data
  }

  /// The file may have changed outside the app: its value when it did and could be read, or
  /// `nil`. A change while a write is pending is not read: the pending write replaces it. A
  /// file that cannot be decoded is reported, and kept (as at launch) until the value next
  /// changes.
  func fileChanged() -> Value? {
    let result: Result<Value, any Error>? = lock.withLock {
      guard pending == nil, let data = try? storage.read(url), data != known else { return nil }
      return Result { try decodeRead(data) }
    }
    switch result {
    case let .success(value):
      return value
    case let .failure(error):
      reportIssue(
        """
        The shared value in \(url.path) changed outside the app and could not be read: \(error)

        The value is kept as it is. The file is left as it is until the value changes; then its \
        bytes are kept beside it, as \(url.lastPathComponent).corrupt, and the new value is \
        written.
        """)
      return nil
    case nil:
      return nil
    }
  }
}

/// A writer that may hold a write not done yet.
private protocol PendingWriter: AnyObject, Sendable {
  func flush()
}

/// The writers whose coalescing window is open, written when the app resigns active or
/// terminates.
private enum PendingWrites {
  private struct Weak: @unchecked Sendable {
    weak var writer: (any PendingWriter)?
  }

  private static let writers = LockIsolated<[ObjectIdentifier: Weak]>([:])

  static func register(_ writer: any PendingWriter) {
    installObservers
    writers.withValue { $0[ObjectIdentifier(writer)] = Weak(writer: writer) }
  }

  static func unregister(_ writer: any PendingWriter) {
    _ = writers.withValue { $0.removeValue(forKey: ObjectIdentifier(writer)) }
  }

  static func flushAll() {
    let pending = writers.value.values.compactMap(\.writer)
    for writer in pending { writer.flush() }
  }

  /// Observes the app's lifecycle notifications, once.
  private static let installObservers: Void = {
    // The notifications' names, rather than UIKit's and AppKit's constants: the runtime does
    // not link either.
    #if os(macOS)
      let names = [
        "NSApplicationWillResignActiveNotification", "NSApplicationWillTerminateNotification",
      ]
    #elseif os(iOS) || os(tvOS) || os(visionOS)
      let names = [
        "UIApplicationWillResignActiveNotification", "UIApplicationWillTerminateNotification",
      ]
    #else
      let names: [String] = []
    #endif
    for name in names {
      _ = NotificationCenter.default.addObserver(
        forName: Notification.Name(name), object: nil, queue: nil
      ) { _ in
        flushAll()
      }
    }
  }()
}

/// A key whose storage a holder reads and writes when it asks (`$value.load()`,
/// `$value.save()`).
protocol ExplicitlyPersistedKey<Value>: SharedKey {
  /// The stored value now, or `nil` when there is none; throws when it cannot be read.
  func reload() throws -> Value?
  /// Writes `value` now.
  func saveNow(_ value: Value) throws
}
