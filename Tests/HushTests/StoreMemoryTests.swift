import HushTesting
import Testing

@testable import Hush

@MainActor
@Suite struct StoreMemoryTests {
  @Test func observedPathsAreOnlyThoseLiveReadersRead() {
    let store = makeAppStore()
    #expect(store.observers.cells.isEmpty)
    var probe: RenderProbe<Int>? = RenderProbe { store.count }
    _ = probe?.value
    #expect(store.observers.cells.count == 1)
    #expect(store.observers.active.count == 1)
    probe = nil
    // The reader went away; its path costs nothing after the next change it would have seen.
    store.send(.increment)
    #expect(store.observers.cells.isEmpty)
    #expect(store.observers.active.isEmpty)
    store.send(.increment)
    #expect(store.observers.cells.isEmpty)
  }

  @Test func scopeNodeLeavesItsParentWhenItsReadersAreGone() {
    let store = makeAppStore()
    let settings = store.scope(state: \.settings, action: AppAction.settings)
    var probe: RenderProbe<String>? = RenderProbe { settings.theme }
    #expect(store.observers.active.count == 1)
    probe = nil
    settings.send(.setTheme("dark"))
    #expect(store.observers.active.isEmpty)
    #expect(settings.observers.cells.isEmpty)
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
