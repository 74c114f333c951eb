import ConcurrencyExtras
import Dependencies
import Foundation
import Hush
import HushTesting
import Testing

/// A value kept in a file.
struct Stats: Codable, Equatable, Sendable {
  var count = 0
  var maxCount = 0
}

private let statsURL = URL(fileURLWithPath: "/hush-tests/stats.json")

extension SharedKey where Self == FileStorageKey<Stats>.Default {
  /// Declared as TCA's apps declare their keys, with a default.
  fileprivate static var stats: Self {
    Self[.fileStorage(statsURL), default: Stats(count: 7)]
  }
}

/// A feature holding the stats.
@Reducer
private struct StatsFeature {
  @ObservableState
  struct State: Equatable {
    @Shared(.stats) var stats
    var notes = ""
  }

  enum Action {
    case increment
    case note(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.$stats.withLock { $0.count += 1 }
        return .none
      case let .note(note):
        state.notes = note
        return .none
      }
    }
  }
}

/// Runs scheduled work when the test says, to see writes coalesce.
private final class ManualScheduler: Sendable {
  private let work = LockIsolated<[@Sendable () -> Void]>([])

  var pending: Int { work.value.count }

  func schedule(_: Duration, _ body: @escaping @Sendable () -> Void) {
    work.withValue { $0.append(body) }
  }

  /// Runs what is scheduled now (not what that schedules).
  func run() {
    let due = work.withValue { work in
      defer { work.removeAll() }
      return work
    }
    for body in due { body() }
  }
}

extension FileStorage {
  /// Files in memory that no key watches: a change a test makes is read by `load()` only.
  fileprivate static func unwatched(_ files: InMemoryFiles) -> Self {
    FileStorage(read: { files[$0] }, write: { files[$1] = $0 }, schedule: { $1() })
  }
}

private func decode(_ data: Data?) -> Stats? {
  data.flatMap { try? JSONDecoder().decode(Stats.self, from: $0) }
}

private func encode(_ stats: Stats) -> Data {
  (try? JSONEncoder().encode(stats)) ?? Data()
}

@MainActor
@Suite struct FileStorageTests {
  @Test func aMissingFileGivesTheDefaultAndAWriteCreatesIt() {
    let files = InMemoryFiles()
    withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      @Shared(.stats) var stats
      #expect(stats == Stats(count: 7))
      #expect(files[statsURL] == nil)  // the default is not written
      $stats.withLock { $0.count += 1 }
      #expect(decode(files[statsURL]) == Stats(count: 8))
    }
  }

  @Test func aHoldersDefaultReplacesTheKeys() {
    withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      @Shared(.stats) var stats = Stats(count: 1)
      #expect(stats.count == 1)
      @Shared(.fileStorage(statsURL)) var same = Stats()
      #expect(same.count == 1)  // one value per file: the first holder's
    }
  }

  @Test func aRestartReadsWhatWasWritten() {
    let files = InMemoryFiles()
    withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      do {
        let store = Store(initialState: StatsFeature.State()) { StatsFeature() }
        store.send(.increment)
        store.send(.increment)
      }
      // Every holder went away: the next one reads the file.
      let store = Store(initialState: StatsFeature.State()) { StatsFeature() }
      #expect(store.stats.count == 9)
    }
  }

  @Test func aCorruptFileGivesTheDefaultAndIsKeptUntilTheValueChanges() {
    let files = InMemoryFiles()
    let corrupt = Data("{ not json".utf8)
    files[statsURL] = corrupt
    withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      withKnownIssue {
        @Shared(.stats) var stats
        #expect(stats == Stats(count: 7))
        #expect(files[statsURL] == corrupt)
        $stats.withLock { $0.count = 1 }
      } matching: { issue in
        issue.description.contains("Could not read the shared value in /hush-tests/stats.json")
          && issue.description.contains("stats.json.corrupt")
      }
      #expect(decode(files[statsURL]) == Stats(count: 1))
      #expect(files[statsURL.appendingPathExtension("corrupt")] == corrupt)
    }
  }

  @Test func writesInTheSecondAfterAWriteAreCoalesced() {
    let files = InMemoryFiles()
    let scheduler = ManualScheduler()
    let writes = LockIsolated(0)
    let storage = FileStorage(
      read: { files[$0] },
      write: { data, url in
        writes.withValue { $0 += 1 }
        files[url] = data
      },
      schedule: { scheduler.schedule($0, $1) })
    withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      @Shared(.stats) var stats
      $stats.withLock { $0.count = 1 }
      #expect(writes.value == 1)  // the first at once
      $stats.withLock { $0.count = 2 }
      $stats.withLock { $0.count = 3 }
      #expect(writes.value == 1)
      #expect(decode(files[statsURL])?.count == 1)
      scheduler.run()  // the second is over: the last value
      #expect(writes.value == 2)
      #expect(decode(files[statsURL])?.count == 3)
      scheduler.run()  // a quiet second: the window closes
      #expect(writes.value == 2)
      #expect(scheduler.pending == 0)
      $stats.withLock { $0.count = 4 }
      #expect(writes.value == 3)  // at once again
    }
  }

  @Test func aPendingWriteIsWrittenWhenTheLastHolderGoesAwayOrOnSave() async throws {
    let files = InMemoryFiles()
    let scheduler = ManualScheduler()
    let storage = FileStorage(
      read: { files[$0] }, write: { files[$1] = $0 }, schedule: { scheduler.schedule($0, $1) })
    try await withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      do {
        @Shared(.stats) var stats
        $stats.withLock { $0.count = 1 }
        $stats.withLock { $0.count = 2 }
        #expect(decode(files[statsURL])?.count == 1)
        try await $stats.save()
        #expect(decode(files[statsURL])?.count == 2)
        $stats.withLock { $0.count = 3 }
      }
      #expect(decode(files[statsURL])?.count == 3)
    }
  }

  @Test func aFailedWriteIsReportedAndTheNextChangeWritesAgain() {
    let files = InMemoryFiles()
    let isFull = LockIsolated(true)
    struct DiskFull: Error {}
    let storage = FileStorage(
      read: { files[$0] },
      write: { data, url in
        if isFull.value { throw DiskFull() }
        files[url] = data
      },
      schedule: { $1() })
    withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      @Shared(.stats) var stats
      withKnownIssue {
        $stats.withLock { $0.count = 1 }
      } matching: { issue in
        issue.description.contains("Could not save the shared value in /hush-tests/stats.json")
      }
      #expect(stats.count == 1)
      isFull.setValue(false)
      $stats.withLock { $0.count = 2 }
      #expect(decode(files[statsURL])?.count == 2)
    }
  }

  @Test func loadReadsTheFileAgainAndRendersWhatChanged() async throws {
    let files = InMemoryFiles()
    try await withDependencies {
      $0.defaultFileStorage = .unwatched(files)
    } operation: {
      let store = Store(initialState: StatsFeature.State()) { StatsFeature() }
      let count = RenderProbe { store[\.stats.count] }
      let maxCount = RenderProbe { store[\.stats.maxCount] }
      files[statsURL] = encode(Stats(count: 7, maxCount: 9))  // changed elsewhere
      try await store.state.$stats.load()
      #expect(count.renders == 0)
      #expect(maxCount.renders == 1)
      #expect(maxCount.value == 9)
    }
  }

  @Test func loadThrowsForACorruptFileAndKeepsTheValue() async {
    let files = InMemoryFiles()
    await withDependencies {
      $0.defaultFileStorage = .unwatched(files)
    } operation: {
      @Shared(.stats) var stats
      files[statsURL] = Data("[]".utf8)
      await #expect(throws: DecodingError.self) { try await $stats.load() }
      #expect(stats == Stats(count: 7))
    }
  }

  @Test func twoFeaturesHoldingOneFileRenderEachOthersChanges() {
    withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      let first = Store(initialState: StatsFeature.State()) { StatsFeature() }
      let second = Store(initialState: StatsFeature.State()) { StatsFeature() }
      let secondCount = RenderProbe { second[\.stats.count] }
      let secondNotes = RenderProbe { second.notes }
      first.send(.increment)
      #expect(secondCount.value == 8)
      #expect(secondCount.renders == 1)
      first.send(.note("x"))
      #expect(secondNotes.renders == 0)
    }
  }

  @Test func aTestStoreAssertsAFileStoredValue() async {
    // Files of the test's own (the default test storage would live as long as the process).
    let files = InMemoryFiles()
    let store = TestStore(initialState: StatsFeature.State()) {
      StatsFeature()
    } withDependencies: {
      $0.defaultFileStorage = .inMemory(files)
    }
    await store.send(.increment) {
      $0.$stats.withLock { $0.count = 8 }
    }
    #expect(decode(files[statsURL])?.count == 8)
  }
}

/// The file system: atomic writes, a crash before the rename, unreadable paths.
@Suite struct FileSystemStorageTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("FileSystemStorageTests-\(UUID().uuidString)")

  @Test func aValueRoundTripsThroughADirectoryThatDoesNotExistYet() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("nested/stats.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      do {
        @Shared(.fileStorage(url)) var stats = Stats()
        $stats.withLock { $0.count = 3 }
        $stats.withLock { $0.count = 4 }
        try await $stats.save()
      }
      #expect(decode(try Data(contentsOf: url)) == Stats(count: 4))
      @Shared(.fileStorage(url)) var stats = Stats()
      #expect(stats.count == 4)
    }
    // Only the file: no temporary file left beside it.
    let names = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("nested").path)
    #expect(names == ["stats.json"])
  }

  @Test func aCrashBetweenTheWriteAndTheRenameLeavesTheOldFileWhole() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    struct Crash: Error {}
    let url = directory.appendingPathComponent("stats.json")
    try FileStorage.writeAtomically(encode(Stats(count: 1)), to: url)
    #expect(throws: Crash.self) {
      try FileStorage.writeAtomically(encode(Stats(count: 2)), to: url) {
        // The new bytes are on the disk, in the temporary file, not in the file.
        #expect(decode(try Data(contentsOf: url)) == Stats(count: 1))
        throw Crash()
      }
    }
    #expect(decode(try Data(contentsOf: url)) == Stats(count: 1))
  }

  @Test func anUnreadablePathGivesTheDefaultAndAnIssue() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    // A directory where the file should be: it exists and cannot be read as a file.
    let url = directory.appendingPathComponent("stats.json")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      withKnownIssue {
        @Shared(.fileStorage(url)) var stats = Stats(count: 5)
        #expect(stats.count == 5)
      } matching: { issue in
        issue.description.contains("Could not read the shared value in \(url.path)")
      }
    }
  }

  @MainActor @Test func aFileChangedOutsideTheAppRendersTheReadersOfWhatChangedInEveryHolder() {
    let files = InMemoryFiles()
    withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      let first = Store(initialState: StatsFeature.State()) { StatsFeature() }
      let second = Store(initialState: StatsFeature.State()) { StatsFeature() }
      @Shared(.stats) var outside
      let count = RenderProbe { first[\.stats.count] }
      let maxCount = RenderProbe { first[\.stats.maxCount] }
      let secondMaxCount = RenderProbe { second[\.stats.maxCount] }
      let whole = RenderProbe { outside }
      // Another process writes the file.
      files[statsURL] = encode(Stats(count: 7, maxCount: 9))
      #expect(maxCount.renders == 1)
      #expect(maxCount.value == 9)
      #expect(secondMaxCount.renders == 1)
      #expect(whole.renders == 1)
      #expect(count.renders == 0)
      // The same value in other bytes: read, equal, nothing renders.
      files[statsURL] = Data(#"{ "maxCount": 9, "count": 7 }"#.utf8)
      #expect(maxCount.renders == 1)
      #expect(whole.renders == 1)
      // The app's own write is not read back as a change.
      first.send(.increment)
      #expect(count.renders == 1)
      #expect(whole.renders == 2)
      #expect(decode(files[statsURL]) == Stats(count: 8, maxCount: 9))
    }
  }

  @MainActor @Test func aCorruptFileWrittenOutsideTheAppIsReportedAndKeptUntilTheValueChanges() {
    let files = InMemoryFiles()
    withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      @Shared(.stats) var stats
      let whole = RenderProbe { stats }
      withKnownIssue {
        files[statsURL] = Data("{ not json".utf8)
      } matching: { issue in
        issue.description.contains("changed outside the app and could not be read")
      }
      #expect(stats == Stats(count: 7))
      #expect(whole.renders == 0)
      #expect(files[statsURL] == Data("{ not json".utf8))
      $stats.withLock { $0.count = 1 }
      #expect(files[statsURL.appendingPathExtension("corrupt")] == Data("{ not json".utf8))
      #expect(decode(files[statsURL]) == Stats(count: 1))
    }
  }
}
