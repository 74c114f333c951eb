import IdentifiedCollections
import Testing

@testable import Hush

/// The stored prefix Hush finds in a key path (`rows` in `\.rows[id: 7]?.value`), which
/// decides which readers a change compares.
@Suite struct StoredPrefixTests {
  struct Row: Identifiable, Equatable {
    var id: Int
    var value = 0
    var tags: [String] = []
    var model: Model?
  }
  /// A row that holds no class instance.
  struct ValueRow: Identifiable, Equatable {
    var id: Int
    var value = 0
    var tags: [String] = []
  }
  final class Model: Equatable {
    var name = ""
    static func == (lhs: Model, rhs: Model) -> Bool { lhs === rhs }
  }
  struct Settings: Equatable {
    var flag = false
    var fontSize = 12
    var names: [String: Int] = [:]
    var model = Model()
  }
  struct State: Equatable {
    var count = 0
    var settings = Settings()
    var rows: IdentifiedArrayOf<Row> = []
    var valueRows: IdentifiedArrayOf<ValueRow> = []
    var selected: Row?
    var numbers: [Int] = []
    var model = Model()
    var doubled: Int { count * 2 }
  }

  /// Asserts that `keyPath`'s prefix is `prefix`.
  func expectPrefix<Prefix>(
    _ keyPath: AnyKeyPath, _ prefix: KeyPath<State, Prefix>,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let found = StoredPrefix.of(keyPath)
    #expect(found?.offset == MemoryLayout<State>.offset(of: prefix), sourceLocation: sourceLocation)
    #expect(found?.type == Prefix.self, sourceLocation: sourceLocation)
  }

  @Test func theLayoutIsTheOneHushReads() {
    #expect(StoredPrefix.layoutIsKnown)
  }

  @Test func subscriptsAndOptionalChainsStopThePrefix() {
    expectPrefix(\State.valueRows[id: 7]?.value, \.valueRows)
    expectPrefix(\State.valueRows[id: 7]?.tags[0], \.valueRows)
    expectPrefix(\State.valueRows[0].value, \.valueRows)
    expectPrefix(\State.numbers[3], \.numbers)
    expectPrefix(\State.numbers.count, \.numbers)
    expectPrefix(\State.settings.names["a"], \.settings.names)
    expectPrefix(\State.selected?.value, \.selected)
    expectPrefix(\State.selected!.tags, \.selected)
  }

  @Test func pathsWithoutAUsablePrefixHaveNone() {
    // Stored properties only: the path has an offset of its own.
    #expect(StoredPrefix.of(\State.settings.fontSize) == nil)
    // A computed property first.
    #expect(StoredPrefix.of(\State.doubled) == nil)
    #expect(StoredPrefix.of(\State.doubled.bitWidth) == nil)
    // Through a class instance, at any depth: its changes leave the bytes of the reference
    // unchanged.
    #expect(StoredPrefix.of(\State.model.name) == nil)
    #expect(StoredPrefix.of(\State.settings.model.name) == nil)
    #expect(StoredPrefix.of(\State.rows[id: 1]?.model?.name) == nil)
    #expect(StoredPrefix.of(\State.selected?.model?.name.count) == nil)
    // A computed property or subscript over a value that may hold a class instance: its getter
    // may read the instance, which changes with the bytes unchanged.
    #expect(StoredPrefix.of(\State.rows[id: 7]?.value) == nil)
    #expect(StoredPrefix.of(\State.settings.names.count) != nil)
  }
}
