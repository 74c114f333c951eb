import HushTesting
import IdentifiedCollections
import IssueReporting
import Testing

@testable import Hush

/// What SwiftUI can hold after rows change: a `ForEach` keeps the collection it last read and
/// asks it for the stores of the rows it animates out. Every test runs with a plain reducer
/// and with a `forEach` element reducer (whose row sends are announced to the store).
@MainActor
@Suite struct StaleStoreTests {
  enum ListAction {
    case row(id: Int, action: RowAction)
    case remove([Int])
    case insert(Row, at: Int)
  }

  /// How many times the list's own reducer ran.
  final class Runs {
    var count = 0
  }

  func makeListStore(
    forEach: Bool, rows: Int = 6, runs: Runs = Runs()
  ) -> Store<AppState, ListAction> {
    let list = Reduce<AppState, ListAction> { state, action in
      runs.count += 1
      switch action {
      case let .row(id, .setValue(value)) where !forEach:
        state.rows[id: id]?.value = value
      case let .row(id, .rename(title)) where !forEach:
        state.rows[id: id]?.title = title
      case .row:
        break
      case let .remove(ids):
        state.rows.removeAll { ids.contains($0.id) }
      case let .insert(row, index):
        state.rows.insert(row, at: index)
      }
      return .none
    }
    let initialState = AppState(rows: makeRows(rows))
    guard forEach else { return Store(initialState: initialState, reducer: list) }
    return Store(
      initialState: initialState,
      reducer: list.forEach(
        \.rows, action: ListAction.row,
        extract: { action in
          guard case let .row(id, rowAction) = action else { return nil }
          return (id, rowAction)
        }
      ) { RowFeature() })
  }

  @Test(arguments: [false, true])
  func aStaleCollectionAnswersForARemovedPositionInsteadOfTrapping(forEach: Bool) {
    let store = makeListStore(forEach: forEach)
    let rows = store.scope(state: \.rows, action: ListAction.row)
    // What ForEach does when it receives the collection.
    #expect(rows.map(\.id) == [0, 1, 2, 3, 4, 5])
    store.send(.remove([0, 1, 2, 3, 4, 5]))
    #expect(rows[4].id == 4)
    #expect(rows[4].title == "Row 4")
    #expect(rows[id: 4]?.value == 0)
    #expect(store.scope(state: \.rows, action: ListAction.row).isEmpty)
  }

  @Test(arguments: [false, true])
  func aStaleCollectionAnswersByPositionAndByIDForEveryStoreItHandedOut(forEach: Bool) {
    let store = makeListStore(forEach: forEach)
    let rows = store.scope(state: \.rows, action: ListAction.row)
    let handedOut = rows.map { $0 }
    handedOut[2].send(.setValue(2))
    store.send(.remove([1, 2, 4]))
    store.send(.row(id: 3, action: .setValue(3)))

    for (position, row) in handedOut.enumerated() {
      #expect(rows[position] === row)
      #expect(rows[id: position] === row)
    }
    #expect(rows.map(\.value) == [0, 0, 2, 3, 0, 0])
    #expect(rows.map(\.title) == (0..<6).map { "Row \($0)" })
  }

  /// The collection alone keeps the stores it handed out, whether few of its elements' (kept
  /// by id) or many (kept by position, from a quarter of them on).
  @Test(arguments: [false, true], [3, 9, 10, 40])
  func aStaleCollectionKeepsTheStoresItHandedOutWhenNothingElseHoldsThem(
    forEach: Bool, handedOut: Int
  ) {
    let store = makeListStore(forEach: forEach, rows: 40)
    let rows = store.scope(state: \.rows, action: ListAction.row)
    // Scattered positions, read by position and by id; no store is kept here.
    var identities: [Int: ObjectIdentifier] = [:]
    for step in 0..<handedOut {
      let position = step * 7 % 40
      let row = step.isMultiple(of: 2) ? rows[position] : rows[id: position]!
      identities[position] = ObjectIdentifier(row)
    }
    store.send(.remove(Array(0..<40)))
    #expect(identities.count == handedOut)
    for (position, identity) in identities {
      #expect(ObjectIdentifier(rows[position]) == identity)
      #expect(ObjectIdentifier(rows[id: position]!) == identity)
      #expect(rows[position].title == "Row \(position)")
    }
    // A row whose store was never handed out has none left to answer.
    let never = (0..<40).first { identities[$0] == nil }
    if let never { #expect(rows[id: never] == nil) }
  }

  @Test(arguments: [false, true])
  func aRemovedRowAnswersItsLastValueAndItsReadersAreNotInvalidated(forEach: Bool) {
    let store = makeListStore(forEach: forEach)
    let list = RenderProbe { store.scope(state: \.rows, action: ListAction.row).ids }
    let rows = store.scope(state: \.rows, action: ListAction.row)
    let values = rows.map { row in RenderProbe { row.value } }
    rows[3].send(.setValue(7))
    #expect(values[3].value == 7)

    store.send(.remove([3]))
    #expect(list.renders == 1)
    #expect(list.value == [0, 1, 2, 4, 5])
    #expect(values.map(\.renders) == [0, 0, 0, 1, 0, 0])
    #expect(values[3].value == 7)
    #expect(rows[3].value == 7)

    // A reader of the removed row, created after the removal, renders for nothing that follows.
    let late = RenderProbe { rows[3].value }
    store.send(.row(id: 2, action: .setValue(2)))
    store.send(.insert(Row(id: 3, title: "Back", value: 30), at: 3))
    #expect(late.renders == 0)
    #expect(late.value == 7)
    #expect(values.map(\.renders) == [0, 0, 1, 1, 0, 0])
    #expect(list.renders == 2)
  }

  @Test(arguments: [false, true])
  func anActionToARemovedRowIsReportedAndChangesNothing(forEach: Bool) {
    let runs = Runs()
    let store = makeListStore(forEach: forEach, runs: runs)
    let row = store.scope(state: \.rows, action: ListAction.row)[1]
    store.send(.remove([1]))
    let before = store.state
    let runsBefore = runs.count

    withKnownIssue {
      row.send(.setValue(9))
    } matching: { issue in
      let description = issue.description
      return description.contains("id 1 of rows") && description.contains("removed")
        && description.contains("setValue(9.0)")
    }
    #expect(runs.count == runsBefore)
    #expect(store.state == before)
    #expect(row.value == 0)

    // A write through a removed row's store (a binding of a row animating out) is dropped.
    row.value = 5
    #expect(store.state == before)
    #expect(row.value == 0)
  }

  /// A row store that found its row present skips the lookup on its next sends while the
  /// list is observed (removals are tracked then); a row removed in the meantime is still
  /// caught.
  @Test(arguments: [false, true])
  func aRowRemovedWhileTheListIsObservedIsCaughtAfterASend(forEach: Bool) {
    let runs = Runs()
    let store = makeListStore(forEach: forEach, runs: runs)
    let list = RenderProbe { store.scope(state: \.rows, action: ListAction.row).ids }
    let row = store.scope(state: \.rows, action: ListAction.row)[id: 1]!
    row.send(.setValue(1))
    row.send(.setValue(2))
    #expect(store.rows[id: 1]?.value == 2)
    store.send(.remove([1]))
    #expect(list.value == [0, 2, 3, 4, 5])
    expectASendToRemovedRowOneIsDropped(row, store: store, runs: runs)
  }

  /// Sends to `row`, the store of the removed row 1, and expects the action reported and
  /// dropped (the list's reducer does not run).
  func expectASendToRemovedRowOneIsDropped(
    _ row: Store<Row, RowAction>, store: Store<AppState, ListAction>, runs: Runs,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let runsBefore = runs.count
    withKnownIssue {
      row.send(.setValue(9))
    } matching: { issue in
      issue.description.contains("id 1 of rows") && issue.description.contains("removed")
    }
    #expect(runs.count == runsBefore, sourceLocation: sourceLocation)
    #expect(store.rows[id: 1] == nil, sourceLocation: sourceLocation)
  }

  /// A row found present while the list was observed, removed while nobody observed the list
  /// (removals were not tracked), is looked up again once the list is observed again.
  @Test(arguments: [false, true])
  func aRowRemovedWhileTheListWasUnobservedIsCaughtWhenItIsObservedAgain(forEach: Bool) {
    let runs = Runs()
    let store = makeListStore(forEach: forEach, runs: runs)
    var list: RenderProbe<[Int]>? = RenderProbe {
      Array(store.scope(state: \.rows, action: ListAction.row).ids)
    }
    _ = list?.value
    let row = store.scope(state: \.rows, action: ListAction.row)[id: 1]!
    row.send(.setValue(1))
    #expect(store.rows[id: 1]?.value == 1)
    // The list's reader goes away; two changes of the ids let its path go dormant, and the
    // list's scope with it.
    list = nil
    store.send(.remove([4]))
    store.send(.remove([5]))
    store.send(.remove([1]))
    // While the list is not observed, and once it is again (a new period of tracking, in
    // which the row was never found present).
    expectASendToRemovedRowOneIsDropped(row, store: store, runs: runs)
    list = RenderProbe { Array(store.scope(state: \.rows, action: ListAction.row).ids) }
    #expect(list?.value == [0, 2, 3])
    expectASendToRemovedRowOneIsDropped(row, store: store, runs: runs)
  }

  @Test(arguments: [false, true])
  func aReAddedIDGetsALiveStoreOnAFreshReadAndTheOldStoreStaysStale(forEach: Bool) {
    let store = makeListStore(forEach: forEach)
    let stale = store.scope(state: \.rows, action: ListAction.row)
    let old = stale[3]
    let oldValue = RenderProbe { old.value }
    store.send(.remove([3]))
    store.send(.insert(Row(id: 3, title: "Back", value: 30), at: 0))

    let fresh = store.scope(state: \.rows, action: ListAction.row)
    #expect(fresh.ids == [3, 0, 1, 2, 4, 5])
    let new = fresh[0]
    #expect(new !== old)
    #expect(fresh[id: 3] === new)
    #expect(new.value == 30)
    let newValue = RenderProbe { new.value }
    new.send(.setValue(31))
    #expect(newValue.renders == 1)
    #expect(newValue.value == 31)
    #expect(store.state.rows[id: 3]?.value == 31)

    // The old store answers the removed row's last value, and still reports its actions.
    #expect(stale[id: 3] === old)
    #expect(old.value == 0)
    #expect(old.title == "Row 3")
    #expect(oldValue.renders == 0)
    withKnownIssue {
      old.send(.setValue(1))
    }
    #expect(store.state.rows[id: 3]?.value == 31)
    #expect(newValue.renders == 1)
  }

  @Test(arguments: [false, true])
  func aRemovedIDThatTheCollectionNeverHandedOutIsNil(forEach: Bool) {
    let store = makeListStore(forEach: forEach)
    let rows = store.scope(state: \.rows, action: ListAction.row)
    _ = rows[0]
    store.send(.remove([0, 2]))
    #expect(rows[id: 0]?.title == "Row 0")
    #expect(rows[id: 2] == nil)
    #expect(rows[id: 42] == nil)
    #expect(rows[id: 1]?.title == "Row 1")
  }

  @Test func rowsKeyedByAnotherIDAreIdentifiedByTheirOwnID() {
    struct Titled: Equatable {
      var rows = IdentifiedArray(uniqueElements: makeRows(3), id: \Row.title)
    }
    enum TitledAction { case row(String, RowAction) }
    let store = Store<Titled, TitledAction>(initialState: Titled()) { state, action in
      if case let .row(title, .setValue(value)) = action { state.rows[id: title]?.value = value }
      return .none
    }
    let rows = store.scope(state: \.rows, action: TitledAction.row)
    #expect(rows.ids == ["Row 0", "Row 1", "Row 2"])
    // What ForEach reads: the element's own `Identifiable` id, not the collection's key.
    #expect(rows.map(\.id) == [0, 1, 2])
    rows[1].send(.setValue(4))
    #expect(store.rows[id: "Row 1"]?.value == 4)
  }
}
