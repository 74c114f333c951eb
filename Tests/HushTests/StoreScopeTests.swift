import Hush
import HushTesting
import IdentifiedCollections
import Testing

@MainActor
@Suite struct StoreScopeTests {
  @Test func scopedStoreIsCachedAndForwardsActions() {
    let store = makeAppStore()
    let settings = store.scope(state: \.settings, action: AppAction.settings)
    #expect(settings === store.scope(state: \.settings, action: AppAction.settings))
    let theme = RenderProbe { settings.theme }
    settings.send(.setTheme("dark"))
    #expect(store.settings.theme == "dark")
    #expect(theme.renders == 1)
    #expect(theme.value == "dark")
    settings.send(.bumpFont)
    #expect(theme.renders == 1)
  }

  @Test func childWritesReachTheRootReaders() {
    let store = makeAppStore()
    let settings = store.scope(state: \.settings, action: AppAction.settings)
    let rootTheme = RenderProbe { store[\.settings.theme] }
    let childTheme = RenderProbe { settings.theme }
    settings.theme = "sepia"
    #expect(rootTheme.renders == 1)
    #expect(childTheme.renders == 1)
    #expect(rootTheme.value == "sepia")
    settings.fontSize = 20
    #expect(rootTheme.renders == 1)
    #expect(childTheme.renders == 1)
  }

  @Test func scopedAndRootReadersAgreeAfterEveryChange() {
    let store = makeAppStore()
    let settings = store.scope(state: \.settings, action: AppAction.settings)
    let root = RenderProbe { store[\.settings.fontSize] }
    let child = RenderProbe { settings.fontSize }
    for step in 0..<50 {
      switch step % 4 {
      case 0: store.send(.settings(.bumpFont))
      case 1: settings.fontSize = step
      case 2: store.send(.replaceState(AppState(settings: Settings(fontSize: step / 2))))
      default: store.send(.increment)
      }
      #expect(root.value == child.value)
      #expect(root.renders == child.renders)
      #expect(child.value == store.state.settings.fontSize)
    }
  }

  @Test func tenThousandRowReadersOneRowChangeIsOneRender() {
    let store = makeAppStore(AppState(rows: makeRows(10_000)))
    let list = RenderProbe { store.scope(state: \.rows, action: AppAction.row).count }
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let rowProbes = rows.map { row in RenderProbe { row.value } }

    rows[id: 4_321]!.send(.setValue(1))
    let rendered = rowProbes.filter { $0.renders > 0 }
    #expect(rendered.count == 1)
    #expect(rowProbes[4_321].renders == 1)
    #expect(rowProbes[4_321].value == 1)
    #expect(list.renders == 0)

    store.send(.appendRow(Row(id: 10_000, title: "New")))
    #expect(list.renders == 1)
    #expect(list.value == 10_001)
    #expect(rowProbes.filter { $0.renders > 0 }.count == 1)
  }

  @Test func elementStoresKeepIdentityAndIgnoreOtherRows() {
    let store = makeAppStore(AppState(rows: makeRows(3)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let first = rows[0]
    #expect(first.id == 0)
    #expect(store.scope(state: \.rows, action: AppAction.row)[0] === first)
    let title = RenderProbe { first.title }
    rows[1].send(.rename("Other"))
    store.send(.appendRow(Row(id: 9, title: "Nine")))
    #expect(title.renders == 0)
    first.send(.rename("First"))
    #expect(title.renders == 1)
    #expect(store.rows[id: 0]?.title == "First")
    first.value = 3  // a write through an element store
    #expect(store.rows[id: 0]?.value == 3)
  }

  @Test func removedRowKeepsItsLastValueAndStopsCosting() {
    var state = AppState(rows: makeRows(2))
    let store = makeAppStore(state)
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let second = rows[1]
    let probe = RenderProbe { second.title }
    state.rows.remove(id: 1)
    store.send(.replaceState(state))
    #expect(second.title == "Row 1")
    #expect(probe.renders == 0)
    store.send(.increment)
    #expect(store.scope(state: \.rows, action: AppAction.row).count == 1)
  }
}
