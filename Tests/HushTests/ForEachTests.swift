import HushTesting
import IdentifiedCollections
import IssueReporting
import Testing

@testable import Hush

/// The element reducer of `Row`.
struct RowFeature: Reducer {
  func reduce(into row: inout Row, action: RowAction) -> Effect<RowAction> {
    switch action {
    case let .setValue(value):
      row.value = value
      // Echoes a negative value as a title, to show the element's effects are embedded.
      return value < 0 ? .send(.rename("negative")) : .none
    case let .rename(title):
      row.title = title
      return .none
    }
  }
}

func extractRow(_ action: AppAction) -> (Int, RowAction)? {
  guard case let .row(id, rowAction) = action else { return nil }
  return (id, rowAction)
}

/// The app with rows reduced by `RowFeature` through `forEach`. The parent answers a rename to
/// "selected" by deselecting the previously selected row, as a list with one selection does.
@MainActor
func makeForEachStore(_ state: AppState) -> Store<AppState, AppAction> {
  let app = Reduce<AppState, AppAction> { state, action in
    switch action {
    case let .row(id, .rename("selected")):
      for other in state.rows where other.id != id && other.title == "selected" {
        state.rows[id: other.id]?.title = "Row \(other.id)"
      }
    case .increment:
      state.count += 1
    case let .appendRow(row):
      state.rows.append(row)
    default:
      break
    }
    return .none
  }
  .forEach(\.rows, action: AppAction.row, extract: extractRow) { RowFeature() }
  // An outer reducer that changes a row, then runs the rest.
  let wrapped = Reduce<AppState, AppAction> { state, action in
    if case let .row(id, .setValue(100)) = action {
      state.rows[id: id + 1]?.value = 7
    }
    return app.reduce(into: &state, action: action)
  }
  return Store(initialState: state, reducer: wrapped)
}

@MainActor
@Suite struct ForEachTests {
  /// The address of the buffer of the rows at `path`, read without tracking.
  func rowsBuffer<State, Action>(
    _ store: Store<State, Action>, _ path: KeyPath<State, IdentifiedArrayOf<Row>>
  ) -> UnsafeRawPointer? {
    var address: UnsafeRawPointer?
    store.observers.host.withCurrentValue { state in
      address = state.pointee[keyPath: path].elements.withUnsafeBufferPointer {
        $0.baseAddress.map(UnsafeRawPointer.init)
      }
    }
    return address
  }

  @Test func aRowSendRendersOnlyThatRowAndDoesNotCopyTheRows() {
    let store = makeForEachStore(AppState(rows: makeRows(1_000)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let list = RenderProbe { rows.ids.count }
    let probes = rows.map { row in RenderProbe { row.value } }
    let buffer = rowsBuffer(store, \.rows)

    rows[5].send(.setValue(1))
    rows[700].send(.setValue(2))
    rows[700].send(.setValue(2))  // unchanged: no render

    #expect(probes[5].renders == 1)
    #expect(probes[5].value == 1)
    #expect(probes[700].renders == 1)
    #expect(probes.map(\.renders).reduce(0, +) == 2)
    #expect(list.renders == 0)
    // The row changed in place: the collection was not copied.
    #expect(rowsBuffer(store, \.rows) == buffer)
    #expect(store.state.rows[id: 5]?.value == 1)
  }

  @Test func theParentAnsweringARowActionChangesOtherRowsToo() {
    let store = makeForEachStore(AppState(rows: makeRows(10)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let titles = rows.map { row in RenderProbe { row.title } }

    rows[2].send(.rename("selected"))
    #expect(titles[2].value == "selected")
    rows[6].send(.rename("selected"))
    // Row 2 was deselected by the parent reducer, after the element reducer ran.
    #expect(titles[2].value == "Row 2")
    #expect(titles[6].value == "selected")
    #expect(titles.map(\.renders) == [0, 0, 2, 0, 0, 0, 1, 0, 0, 0])
  }

  @Test func aRowChangedBeforeTheElementReducerRunsIsSeen() {
    let store = makeForEachStore(AppState(rows: makeRows(10)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let values = rows.map { row in RenderProbe { row.value } }

    // The outer reducer sets row 4 to 7, then the element reducer sets row 3 to 100.
    rows[3].send(.setValue(100))
    #expect(values[3].value == 100)
    #expect(values[4].value == 7)
    #expect(values.map(\.renders) == [0, 0, 0, 1, 1, 0, 0, 0, 0, 0])
  }

  @Test func readersOfTheWholeCollectionRenderAndReadersOfItsShapeDoNot() {
    let store = makeForEachStore(AppState(rows: makeRows(10)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let whole = RenderProbe { store.rows as IdentifiedArrayOf<Row> }
    let count = RenderProbe { store[\.rows.count] }
    let ids = RenderProbe { store.scope(state: \.rows, action: AppAction.row).ids }

    rows[1].send(.setValue(3))
    #expect(whole.renders == 1)
    #expect(whole.value[id: 1]?.value == 3)
    #expect(count.renders == 0)
    #expect(ids.renders == 0)

    store.send(.appendRow(Row(id: 10, title: "Row 10")))
    #expect(count.renders == 1)
    #expect(ids.renders == 1)
  }

  @Test func severalRowSendsBeforeAFrameAreAllSeen() {
    let store = makeForEachStore(AppState(rows: makeRows(10)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let values = rows.map { row in RenderProbe { row.value } }
    let counter = RenderProbe { store.count }

    for id in [1, 8, 1] {
      rows[id].send(.setValue(Double(id + 10)))
    }
    store.send(.increment)
    store.send(.row(id: 9, action: .setValue(1)))  // sent to the root store directly

    #expect(values.map(\.value) == [0, 11, 0, 0, 0, 0, 0, 0, 18, 1])
    #expect(values.map(\.renders) == [0, 1, 0, 0, 0, 0, 0, 0, 1, 1])
    #expect(counter.renders == 1)
  }

  struct Feature: Equatable {
    var title = "Feature"
    var rows = makeRows(20)
  }

  struct Outer: Equatable {
    var count = 0
    var feature = Feature()
  }

  enum OuterAction {
    case feature(FeatureAction)
  }

  enum FeatureAction {
    case row(id: Int, action: RowAction)
  }

  @Test func nestedCollectionsThroughChildStores() {
    let feature = Reduce<Feature, FeatureAction> { _, _ in .none }
      .forEach(
        \.rows, action: FeatureAction.row,
        extract: { action in
          guard case let .row(id, rowAction) = action else { return nil }
          return (id, rowAction)
        }
      ) { RowFeature() }
    let store = Store<Outer, OuterAction>(initialState: Outer()) { state, action in
      switch action {
      case let .feature(action):
        return feature.reduce(into: &state.feature, action: action).map(OuterAction.feature)
      }
    }
    let child = store.scope(state: \.feature, action: OuterAction.feature)
    let rows = child.scope(state: \.rows, action: FeatureAction.row)
    let values = rows.map { row in RenderProbe { row.value } }
    let title = RenderProbe { child.title }
    let rootReader = RenderProbe { store[\.feature.title] }
    let before = rowsBuffer(store, \.feature.rows)

    rows[12].send(.setValue(5))
    rows[3].send(.setValue(6))

    #expect(values.map(\.renders) == (0..<20).map { [3, 12].contains($0) ? 1 : 0 })
    #expect(values[12].value == 5)
    #expect(title.renders == 0)
    #expect(rootReader.renders == 0)
    #expect(rowsBuffer(store, \.feature.rows) == before)
  }

  @Test func theChangeLogSeesRowChangesMadeByTheElementReducer() {
    let store = makeForEachStore(AppState(rows: makeRows(3)))
    var lines: [String] = []
    store.changeLog = { lines.append($0.description) }
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let value = RenderProbe { rows[1].value }

    rows[1].send(.setValue(2.5))
    rows[2].send(.setValue(1))  // not read
    #expect(value.value == 2.5)
    #expect(
      lines == [
        "send row(id: 1, action: HushTests.RowAction.setValue(2.5)): rows[id: 1].value 0.0 → 2.5 (1 read)",
        "send row(id: 2, action: HushTests.RowAction.setValue(1.0)): invalidated nothing (the change is not read)",
      ])
  }

  @Test func anActionForAMissingRowIsReportedAndChangesNothing() {
    let store = makeForEachStore(AppState(rows: makeRows(3)))
    let before = store.state
    withKnownIssue {
      store.send(.row(id: 42, action: .setValue(1)))
    } matching: { issue in
      issue.description.contains("id 42")
    }
    #expect(store.state == before)
  }

  @Test func elementEffectsSendEmbeddedActions() async {
    let store = TestStore(
      initialState: AppState(rows: makeRows(3)),
      reducer: Reduce<AppState, AppAction> { _, _ in .none }
        .forEach(\.rows, action: AppAction.row, extract: extractRow) { RowFeature() })
    await store.send(.row(id: 1, action: .setValue(-1))) { $0.rows[id: 1]?.value = -1 }
    await store.receive(.row(id: 1, action: .rename("negative"))) {
      $0.rows[id: 1]?.title = "negative"
    }
  }

  @Test func theReducerWorksOutsideAStore() {
    let reducer = Reduce<AppState, AppAction> { _, _ in .none }
      .forEach(\.rows, action: AppAction.row, extract: extractRow) { RowFeature() }
    var state = AppState(rows: makeRows(3))
    _ = reducer.reduce(into: &state, action: .row(id: 2, action: .rename("two")))
    #expect(state.rows[id: 2]?.title == "two")
    #expect(ReducerRun.current == nil)
  }
}
