import Clocks
import ConcurrencyExtras
import HushTesting
import IdentifiedCollections
import Testing

@testable import Hush

/// A released root store frees everything it made: after a realistic run, the state, every
/// cell, scope, child and element store are gone, and every effect's captured objects are
/// released (an effect task cannot be held weakly: the test awaits the release of what it
/// captured).
@MainActor
@Suite struct StoreReleaseTests {
  /// An object to watch: held by the state, or captured by an effect.
  final class Token: Sendable {}

  struct State: Equatable {
    var token = Token()
    var rows = makeRows(6)
    var settings = Settings()

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.token === rhs.token && lhs.rows == rhs.rows && lhs.settings == rhs.settings
    }
  }

  enum Action {
    case row(id: Int, action: RowAction)
    case settings(SettingsAction)
    case remove(Int)
    case insert(Row)
    case startWaiting
    case finished
  }

  /// Weak references to everything a run made, each with what it is.
  final class Watched {
    private var entries: [(name: String, object: () -> AnyObject?)] = []

    func add(_ name: String, _ object: AnyObject) {
      entries.append((name, { [weak object] in object }))
    }

    var alive: [String] {
      entries.filter { $0.object() != nil }.map(\.name)
    }

    var count: Int { entries.count }
  }

  func makeStore(clock: TestClock<Duration>, watched: Watched) -> Store<State, Action> {
    let row = Reduce<Row, RowAction> { row, action in
      switch action {
      case let .setValue(value):
        row.value = value
        guard value == 99 else { return .none }
        let captured = Token()
        watched.add("token captured by row \(row.id)'s effect", captured)
        return .run { _ in
          try? await clock.sleep(for: .seconds(60))
          withExtendedLifetime(captured) {}
        }
      case let .rename(title):
        row.title = title
        return .none
      }
    }
    let app = Reduce<State, Action> { state, action in
      switch action {
      case .row, .finished:
        return .none
      case let .settings(.setTheme(theme)):
        state.settings.theme = theme
        return .none
      case .settings(.bumpFont):
        state.settings.fontSize += 1
        return .none
      case let .remove(id):
        state.rows.remove(id: id)
        return .none
      case let .insert(row):
        state.rows.append(row)
        return .none
      case .startWaiting:
        let captured = Token()
        watched.add("token captured by the root effect", captured)
        return .run { send in
          try? await clock.sleep(for: .seconds(60))
          withExtendedLifetime(captured) {}
          await send(.finished)
        }
      }
    }
    .forEach(
      \.rows, action: Action.row,
      extract: { action in
        guard case let .row(id, rowAction) = action else { return nil }
        return (id, rowAction)
      }
    ) { row }
    return Store(initialState: State(), reducer: app)
  }

  @Test func aReleasedStoreFreesItsStateCellsScopesStoresAndEffectCaptures() async {
    let clock = TestClock()
    let watched = Watched()
    do {
      let store = makeStore(clock: clock, watched: watched)
      watched.add("root store", store)
      watched.add("root state", store.host)
      watched.add("state token", store.state.token)

      let rows = store.scope(state: \.rows, action: Action.row)
      watched.add("element stores", rows.elements)
      watched.add("rows scope", rows.elements.collection)
      let list = RenderProbe { store.scope(state: \.rows, action: Action.row).ids }
      let rowStores = rows.map { $0 }
      var probes = rowStores.map { row in RenderProbe { row.value } }
      for (index, row) in rowStores.enumerated() {
        watched.add("row store \(index)", row)
        watched.add("row scope \(index)", row.host)
      }
      let settings = store.scope(state: \.settings, action: Action.settings)
      watched.add("settings store", settings)
      watched.add("settings scope", settings.host)
      let theme = RenderProbe { settings.theme }

      // Effects in flight: a row's, and the root's.
      rowStores[1].send(.setValue(99))
      store.send(.startWaiting)
      // Rows removed and re-added, readers dropped and created.
      store.send(.remove(2))
      store.send(.insert(Row(id: 2, title: "Back")))
      probes.removeLast(3)
      let fresh = store.scope(state: \.rows, action: Action.row)[id: 2]
      let freshValue = fresh.map { row in RenderProbe { row.value } }
      fresh?.send(.setValue(5))
      settings.send(.setTheme("dark"))
      rowStores[0].send(.setValue(1))

      #expect(theme.value == "dark")
      #expect(freshValue?.value == 5)
      #expect(probes[0].value == 1)
      #expect(list.renders == 1)  // removed and re-added before it rendered again
      #expect(store.effects.inFlightCount == 2)
      if let fresh {
        watched.add("re-added row store", fresh)
        watched.add("re-added row scope", fresh.host)
      }
      for (path, cell) in store.observers.cells { watched.add("root cell \(path)", cell) }
      for (path, cell) in rowStores[0].observers.cells { watched.add("row 0 cell \(path)", cell) }
      for (path, cell) in settings.observers.cells { watched.add("settings cell \(path)", cell) }
      #expect(watched.alive.count == watched.count)
    }
    // The effects are cancelled with the store; their tasks end on their own threads.
    await yieldUntil { watched.alive.isEmpty }
    #expect(watched.alive == [])
  }

  @Test func aStaleCollectionReleasesItsStoresWithIt() {
    let watched = Watched()
    var rows: StoreCollection<Int, Row, RowAction>?
    do {
      let store = makeStore(clock: TestClock(), watched: watched)
      watched.add("root store", store)
      rows = store.scope(state: \.rows, action: Action.row)
      for row in rows! { watched.add("row store \(row.id)", row) }
      store.send(.remove(3))
    }
    // The collection holds the stores it handed out, and they hold the root.
    #expect(watched.alive.count == 7)
    #expect(rows?[3].title == "Row 3")
    rows = nil
    #expect(watched.alive == [])
  }
}
