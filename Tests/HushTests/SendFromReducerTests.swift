import HushTesting
import IdentifiedCollections
import IssueReporting
import Testing

@testable import Hush

/// A reducer that reaches its own store (a dependency that holds it) and sends to it, or
/// writes through it, while it runs: reported and dropped, never a second reducer run inside
/// the first on the state the first is changing in place.
@MainActor
@Suite struct SendFromReducerTests {
  enum Action: Equatable {
    case sendAgain
    case writeAgain
    case increment
    case row(id: Int, action: RowAction)
  }

  /// What a dependency holding the store gives a reducer (weakly: the store holds the
  /// reducer).
  final class StoreBox {
    weak var store: Store<AppState, Action>?
    weak var rowStore: Store<Row, RowAction>?
  }

  func makeStore(box: StoreBox, forEach: Bool = false) -> Store<AppState, Action> {
    let list = Reduce<AppState, Action> { state, action in
      switch action {
      case .sendAgain:
        state.count += 1
        box.store?.send(.increment)
        state.count += 10
      case .writeAgain:
        state.count += 1
        box.store?.count = 100
        state.title = "after"
      case .increment:
        state.count += 1
      case let .row(id, .setValue(value)) where !forEach:
        state.rows[id: id]?.value = value
      case .row:
        break
      }
      return .none
    }
    let initialState = AppState(rows: makeRows(4))
    guard forEach else { return Store(initialState: initialState, reducer: list) }
    // The row reducer sends to the row's own store while its element is being mutated in
    // place (the element mutation of `forEach` is announced to the readers' scopes).
    let rowFeature = Reduce<Row, RowAction> { row, action in
      switch action {
      case let .setValue(value):
        row.value = value
        if value == 9 { box.rowStore?.send(.rename("again")) }
        if value == 8 { box.store?.send(.row(id: row.id, action: .rename("again"))) }
      case let .rename(title):
        row.title = title
      }
      return .none
    }
    return Store(
      initialState: initialState,
      reducer: list.forEach(
        \.rows, action: Action.row,
        extract: { action in
          guard case let .row(id, rowAction) = action else { return nil }
          return (id, rowAction)
        }
      ) { rowFeature })
  }

  @Test func aSendFromInsideTheReducerIsReportedAndDropped() {
    let box = StoreBox()
    let store = makeStore(box: box)
    box.store = store
    let count = RenderProbe { store.count }
    withKnownIssue {
      store.send(.sendAgain)
    } matching: { issue in
      issue.description.contains("while its reducer was running")
        && issue.description.contains("increment")
    }
    // The outer reducer's writes before and after the nested send, and nothing of it.
    #expect(store.count == 11)
    #expect(count.renders == 1)
    // The store works on afterwards.
    store.send(.increment)
    #expect(store.count == 12)
    #expect(count.renders == 2)
  }

  @Test func aWriteFromInsideTheReducerIsReportedAndDropped() {
    let box = StoreBox()
    let store = makeStore(box: box)
    box.store = store
    let title = RenderProbe { store.title }
    withKnownIssue {
      store.send(.writeAgain)
    } matching: { issue in
      issue.description.contains("written while its reducer was running")
    }
    #expect(store.count == 1)
    #expect(store.title == "after")
    #expect(title.renders == 1)
  }

  /// The sequence that freed scopes an element mutation still held: a row's reducer sending
  /// to its own row store, or to the list's store, during `forEach`'s in-place mutation, with
  /// readers on the rows (their scopes active).
  @Test(arguments: [9.0, 8.0])
  func aSendFromInsideAnElementMutationIsReportedAndTheMutationFinishes(value: Double) {
    let box = StoreBox()
    let store = makeStore(box: box, forEach: true)
    box.store = store
    let rows = store.scope(state: \.rows, action: Action.row)
    let row = rows[id: 2]!
    box.rowStore = row
    let list = RenderProbe { store.scope(state: \.rows, action: Action.row).ids }
    let values = rows.map { row in RenderProbe { row.value } }
    let titles = rows.map { row in RenderProbe { row.title } }
    withKnownIssue {
      row.send(.setValue(value))
    } matching: { issue in
      issue.description.contains("while its reducer was running")
    }
    #expect(store.rows[id: 2]?.value == value)
    #expect(store.rows[id: 2]?.title == "Row 2")
    #expect(values.map(\.renders) == [0, 0, 1, 0])
    #expect(titles.map(\.renders) == [0, 0, 0, 0])
    #expect(list.renders == 0)
    // Sends after it reach the rows as before.
    row.send(.rename("later"))
    rows[id: 1]!.send(.setValue(1))
    #expect(titles.map(\.renders) == [0, 0, 1, 0])
    #expect(values.map(\.renders) == [0, 1, 1, 0])
    #expect(store.rows.map(\.title) == ["Row 0", "Row 1", "later", "Row 3"])
  }
}
