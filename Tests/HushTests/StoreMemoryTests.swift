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
    // change) and is not compared: the next change makes it dormant.
    #expect(store.observers.cells[\AppState.count]?.awaitsRead == true)
    store.send(.addZero)
    #expect(store.observers.active.isEmpty)
    store.send(.increment)
    #expect(store.observers.active.isEmpty)
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
