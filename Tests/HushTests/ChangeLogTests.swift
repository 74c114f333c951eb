import Hush
import HushTesting
import Testing

@MainActor
@Suite struct ChangeLogTests {
  @Test func logsTheExactLinesOfAScriptedSequence() {
    let store = makeAppStore(AppState(rows: makeRows(3)))
    var lines: [String] = []
    store.changeLog = { lines.append($0.description) }
    let count = RenderProbe { store.count }
    let countAgain = RenderProbe { store.count + 1 }
    let title = RenderProbe { store.title }
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let rowValue = RenderProbe { rows[1].value }
    let settings = store.scope(state: \.settings, action: AppAction.settings)
    let theme = RenderProbe { settings.theme }

    store.send(.increment)
    store.send(.addZero)
    store.send(.renameCat("Felix"))
    store.title = "World"
    rows[1].send(.setValue(2.5))
    settings.send(.setTheme("dark"))
    settings.fontSize = 14
    store.send(.setCount(5))
    withExtendedLifetime([count, countAgain, title, rowValue, theme] as [AnyObject]) {}

    #expect(
      lines == [
        "send increment: count 0 → 1 (2 reads)",
        "send addZero: invalidated nothing (no change)",
        #"send renameCat("Felix"): invalidated nothing (the change is not read)"#,
        #"write title: title "Hello" → "World" (1 read)"#,
        "send row(id: 1, action: HushTests.RowAction.setValue(2.5)): rows[id: 1].value 0.0 → 2.5 (1 read)",
        #"send settings(HushTests.SettingsAction.setTheme("dark")): settings.theme "light" → "dark" (1 read)"#,
        "write settings.fontSize: invalidated nothing (the change is not read)",
        // The count readers were notified by the first send and have not rendered since.
        "send setCount(5): invalidated nothing (the change is not read)",
      ])
  }

  @Test func entriesTellWhatChanged() {
    let store = makeAppStore()
    var entries: [ChangeLogEntry] = []
    store.changeLog = { entries.append($0) }
    let count = RenderProbe { store.count }
    store.send(.increment)
    store.send(.addZero)
    #expect(entries.count == 2)
    #expect(entries[0].cause == .send("increment"))
    #expect(entries[0].changes == [.init(path: "count", oldValue: "0", newValue: "1", reads: 1)])
    #expect(!entries[0].invalidatedNothing)
    #expect(entries[1].invalidatedNothing)
    #expect(!entries[1].stateChanged)
    withExtendedLifetime(count) {}
  }

  @Test func turningTheLogOffStopsIt() {
    let store = makeAppStore()
    var lines = 0
    store.changeLog = { _ in lines += 1 }
    store.send(.increment)
    store.changeLog = nil
    store.send(.increment)
    #expect(lines == 1)
    #expect(store.changeLog == nil)
  }
}
