import HushTesting
import IdentifiedCollections
import Testing

@testable import Hush

@MainActor
@Suite struct StoreMemoryTests {
  @Test func aPathCostsNothingAfterTheChangeItsGoneReaderWouldHaveSeen() {
    let store = makeAppStore()
    #expect(store.observers.cells.isEmpty)
    var probe: RenderProbe<Int>? = RenderProbe { store.count }
    _ = probe?.value
    #expect(store.observers.cells.count == 1)
    #expect(store.observers.active.count == 1)
    probe = nil
    // The reader went away; its path is compared until the next change it would have seen.
    store.send(.increment)
    // Notified, the cell waits for a read (the reader usually renders again before the next
    // change) and is not compared: the next change starts by making it dormant.
    #expect(store.observers.cells[\AppState.count]?.awaitsRead == true)
    store.send(.addZero)
    #expect(store.observers.active.isEmpty)
    store.send(.increment)
    #expect(store.observers.active.isEmpty)
  }

  /// A row view notified by its row's change that goes away before it renders again: its
  /// row scope leaves the collection's active scopes at the next change, whatever it changes
  /// (the row's cell is not reached by a change that leaves the row alone).
  @Test func aRowScopeWhoseReaderWentAwayUnreadLeavesAtTheNextChange() {
    typealias RowsScope = ScopeNode<AppState, IdentifiedArrayOf<Row>>
    let store = makeAppStore(AppState(rows: makeRows(3)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    var probe: RenderProbe<Double>? = RenderProbe { rows[id: 1]!.value }
    let others = [0, 2].map { id in RenderProbe { rows[id: id]!.value } }
    let scope = store.observers.allActive.compactMap { $0 as? RowsScope }.first
    func rowScopes() -> Int? { scope?.observers.allActive.filter(\.isElementScope).count }
    #expect(rowScopes() == 3)
    rows[id: 1]!.send(.setValue(5))
    probe = nil
    #expect(rowScopes() == 3)
    rows[id: 2]!.send(.setValue(7))
    #expect(others[1].value == 7)
    #expect(rowScopes() == 2)
    #expect(others.map(\.renders) == [0, 1])
    _ = probe
  }

  @Test func aReaderThatRendersBeforeTheNextChangeKeepsItsCellAndScopeActive() {
    let store = makeAppStore()
    let settings = store.scope(state: \.settings, action: AppAction.settings)
    let probe = RenderProbe { settings.theme }
    let scope = store.observers.active.first
    let cell = settings.observers.active.first
    #expect(scope != nil && cell != nil)
    for theme in ["dark", "light", "dark"] {
      settings.send(.setTheme(theme))
      #expect(probe.value == theme)
      // Neither left its active list to come back on the re-render.
      #expect(store.observers.active.count == 1 && store.observers.active.first === scope)
      #expect(settings.observers.active.count == 1 && settings.observers.active.first === cell)
    }
    #expect(probe.renders == 3)
  }

  @Test func aReaderThatRendersAgainReusesItsCell() {
    let store = makeAppStore()
    let probe = RenderProbe { store.count }
    let cell = store.observers.cells[\AppState.count]
    store.send(.increment)
    store.send(.increment)  // not compared: the cell is dormant until read
    #expect(store.observers.active.isEmpty)
    #expect(probe.value == 2)  // woken with the current value
    #expect(store.observers.cells[\AppState.count] === cell)
    #expect(store.observers.active.count == 1)
    store.send(.addZero)
    #expect(probe.renders == 1)
  }

  /// A set keeps its first cell apart from its dictionary until a second one comes (an
  /// element store's row view usually reads one path): the same cell answers its path before,
  /// during and after the move, and each path's reader renders for its own changes only.
  @Test func aFirstCellMovedIntoTheDictionaryBySecondOneKeepsItsReaders() {
    let store = makeAppStore()
    let count = RenderProbe { store.count }
    let cell = store.observers.cells[\AppState.count]
    #expect(store.observers.cells.count == 1)
    store.send(.increment)
    #expect(count.value == 1)
    // A second path: the first cell moves into the dictionary, unchanged.
    let title = RenderProbe { store.title }
    #expect(store.observers.cells.count == 2)
    #expect(store.observers.cells[\AppState.count] === cell)
    #expect(store.observers.recentCellsMatchCells)
    store.send(.increment)
    store.send(.setTitle("Bye"))
    #expect(count.value == 2)
    #expect(title.value == "Bye")
    #expect(count.renders == 2)
    #expect(title.renders == 1)
    // Read again through the same key path objects, and through another object of the same
    // path (found by equality, not identity).
    #expect(store.observers.cells[\AppState.count] === cell)
    #expect(store[\AppState.count] == 2)
    #expect(store.observers.cells.count == 2)
  }

  /// A path read through another key path object than the one that made the first cell finds
  /// that cell (the set compares key path objects first, then key paths by equality).
  @Test func aFirstCellIsFoundByAnEqualKeyPath() {
    let store = makeAppStore(AppState(rows: makeRows(3)))
    // A key path with a subscript argument is a new object each time it is made.
    func value(of id: Int) -> KeyPath<AppState, Double?> { \.rows[id: id]?.value }
    let first = value(of: 1)
    let probe = RenderProbe { store[first] }
    let cell = store.observers.cells[first]
    let equal = value(of: 1)
    #expect(equal == first && equal !== first)
    #expect(store[equal] == 0)
    #expect(store.observers.cells.count == 1)
    #expect(store.observers.cells[equal] === cell)
    store.send(.row(id: 1, action: .setValue(2)))
    #expect(probe.value == 2)
    #expect(probe.renders == 1)
  }

  @Test func dormantCellsAreBounded() {
    var state = AppState(rows: makeRows(200))
    let store = makeAppStore(state)
    var probes: [RenderProbe<Double?>]? = (0..<200).map { id in
      RenderProbe { store[\.rows[id: id]?.value] }
    }
    #expect(store.observers.cells.count == 200)
    probes = nil
    for id in 0..<200 { state.rows[id: id]?.value = 1 }
    store.send(.replaceState(state))
    #expect(store.observers.active.isEmpty)
    #expect(store.observers.cells.count <= ObserverSet<AppState>.dormantLimit)
    _ = probes
  }

  @Test func scopeNodeLeavesItsParentWhenItsReadersAreGone() {
    let store = makeAppStore()
    let settings = store.scope(state: \.settings, action: AppAction.settings)
    var probe: RenderProbe<String>? = RenderProbe { settings.theme }
    #expect(store.observers.active.count == 1)
    probe = nil
    settings.send(.setTheme("dark"))
    // The cell waits for a read until the next change that reaches it.
    #expect(store.observers.active.count == 1)
    settings.send(.setTheme("light"))
    #expect(store.observers.active.isEmpty)
    #expect(settings.observers.active.isEmpty)
    _ = probe
  }

  @Test func storeReleasesWithItsReaders() {
    weak var weakStore: Store<AppState, AppAction>?
    do {
      let store = makeAppStore(AppState(rows: makeRows(3)))
      weakStore = store
      let probe = RenderProbe { store.scope(state: \.rows, action: AppAction.row).map(\.title) }
      #expect(probe.value.count == 3)
    }
    #expect(weakStore == nil)
  }
}
