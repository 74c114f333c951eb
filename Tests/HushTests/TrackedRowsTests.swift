import Hush
import HushTesting
import IdentifiedCollections
import Testing

/// `store.rows`, the dot path to an identified collection: a row read by id tracks that row,
/// the ids track the ids, and everything else still tracks (or is) the whole collection.
@MainActor
@Suite struct TrackedRowsTests {
  @Test(arguments: [false, true])
  func aRowReadByIDRendersOnlyWhenThatRowChanges(forEach: Bool) {
    let state = AppState(rows: makeRows(100))
    let store = forEach ? makeForEachStore(state) : makeAppStore(state)
    let rows = (0..<100).map { id in RenderProbe { store.rows[id: id]?.value } }
    let ids = RenderProbe { store.rows.ids.count }
    let count = RenderProbe { store.rows.count }

    store.send(.row(id: 42, action: .setValue(3)))
    #expect(rows[42].value == 3)
    #expect(rows.map(\.renders).reduce(0, +) == 1)
    #expect(ids.renders == 0)
    // Any other property of the collection tracks all of it.
    #expect(count.renders == 1)

    store.send(.increment)
    #expect(rows.map(\.renders).reduce(0, +) == 1)

    store.send(.appendRow(Row(id: 100, title: "New")))
    #expect(rows.map(\.renders).reduce(0, +) == 1)
    #expect(ids.renders == 1)
    #expect(ids.value == 101)
  }

  @Test(arguments: [false, true])
  func aRowReadByPositionRendersWhenThatRowChangesOrRowsMove(forEach: Bool) {
    let state = AppState(rows: makeRows(10))
    let store = forEach ? makeForEachStore(state) : makeAppStore(state)
    let rows = (0..<10).map { position in RenderProbe { store.rows[position].value } }

    store.send(.row(id: 4, action: .setValue(7)))
    #expect(rows[4].value == 7)
    #expect(rows.map(\.renders) == [0, 0, 0, 0, 1, 0, 0, 0, 0, 0])

    store.send(.increment)
    #expect(rows.map(\.renders).reduce(0, +) == 1)

    // The ids changed: every position may hold another row now.
    store.send(.appendRow(Row(id: 10, title: "New")))
    #expect(rows.map(\.renders) == [1, 1, 1, 1, 2, 1, 1, 1, 1, 1])
    #expect(rows[4].value == 7)

    // A write by position still goes through the writable dynamic member.
    store.rows[2].value = 9
    #expect(rows[2].value == 9)
    #expect(rows.map(\.renders).reduce(0, +) == 12)
  }

  @Test func aRemovedRowsReaderRendersNil() {
    let store = makeAppStore(AppState(rows: makeRows(3)))
    let row = RenderProbe { store.rows[id: 1]?.title }
    store.rows.remove(id: 1)
    #expect(row.renders == 1)
    #expect(row.value == nil)
    store.rows.append(Row(id: 1, title: "Back"))
    #expect(row.renders == 2)
    #expect(row.value == "Back")
  }

  /// Where the collection value is needed, `store.rows` is the `IdentifiedArray`.
  @Test func theCollectionIsStillThereWhereItIsNeeded() {
    let store = makeAppStore(AppState(rows: makeRows(3)))
    func titles(_ rows: IdentifiedArrayOf<Row>) -> [String] { rows.map(\.title) }

    let typed: IdentifiedArrayOf<Row> = store.rows
    #expect(typed.count == 3)
    #expect(titles(store.rows) == typed.map(\.title))
    var visited: [Int] = []
    for row in store.rows { visited.append(row.id) }
    #expect(visited == [0, 1, 2])
    #expect(store.rows.map(\.id) == [0, 1, 2])
    #expect(store.rows.filter { $0.id > 0 }.count == 2)
    #expect(store.rows == typed)
    #expect(store.rows.first?.id == 0)
    #expect(!store.rows.isEmpty)
    #expect(store.rows.ids == [0, 1, 2])

    // Writes go through the writable dynamic member.
    store.rows[id: 1]?.value = 5
    #expect(store.rows[id: 1]?.value == 5)
    store.rows = []
    #expect(store.rows.isEmpty)
  }
}

@MainActor
func trackedRowsSpellings(_ store: Store<AppState, AppAction>) -> Bool {
  let empty = store.rows.isEmpty
  let count = store.rows.count
  let last = store.rows.last
  let elements = store.rows.elements
  let under = store.rows.underestimatedCount
  return empty && count == 0 && last == nil && elements.isEmpty && under == 0
}
