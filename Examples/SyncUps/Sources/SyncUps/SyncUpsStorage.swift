import ConcurrencyExtras
import Foundation
import Hush
import IssueReporting

/// Where the sync-ups are kept: a JSON file in the app, memory in tests.
///
/// A file that cannot be read or decoded loads as an empty list and is reported, never
/// crashed on; it is then moved aside (`….corrupt`), so that the next save cannot overwrite
/// what it held. A file that does not exist yet (the first launch) loads as an empty list.
public struct SyncUpsStorage: Sendable {
  /// The saved sync-ups (empty when there are none, or when they could not be read).
  public var load: @Sendable () -> IdentifiedArrayOf<SyncUp>
  /// Saves the sync-ups.
  public var save: @Sendable (IdentifiedArrayOf<SyncUp>) throws -> Void

  public init(
    load: @escaping @Sendable () -> IdentifiedArrayOf<SyncUp>,
    save: @escaping @Sendable (IdentifiedArrayOf<SyncUp>) throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// Storage in a JSON file at `url`.
  public static func file(at url: URL) -> Self {
    Self(
      load: {
        let data: Data
        do {
          data = try Data(contentsOf: url)
        } catch {
          if !FileManager.default.fileExists(atPath: url.path) { return [] }
          reportIssue(
            "Could not read the sync-ups at \(url.path): \(error). Starting with none.")
          return []
        }
        do {
          return try JSONDecoder().decode(IdentifiedArrayOf<SyncUp>.self, from: data)
        } catch {
          let aside = url.appendingPathExtension("corrupt")
          try? FileManager.default.removeItem(at: aside)
          let moved = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
          reportIssue(
            """
            The sync-ups at \(url.path) could not be decoded: \(error). Starting with none; \
            \(moved ? "the file was kept as \(aside.lastPathComponent)" : "the file was left in place").
            """)
          return []
        }
      },
      save: { syncUps in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(syncUps).write(to: url, options: .atomic)
      })
  }

  /// Storage in memory, starting with `syncUps`: for tests and previews.
  public static func inMemory(_ syncUps: IdentifiedArrayOf<SyncUp> = []) -> Self {
    let stored = LockIsolated(syncUps)
    return Self(load: { stored.value }, save: { stored.setValue($0) })
  }
}

extension SyncUpsStorage: DependencyKey {
  public static var liveValue: Self {
    let documents =
      FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return .file(at: documents.appendingPathComponent("sync-ups.json"))
  }

  public static var testValue: Self { .inMemory() }
}

extension DependencyValues {
  /// Where the sync-ups are kept.
  public var syncUpsStorage: SyncUpsStorage {
    get { self[SyncUpsStorage.self] }
    set { self[SyncUpsStorage.self] = newValue }
  }
}
