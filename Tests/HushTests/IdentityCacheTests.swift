import ConcurrencyExtras
import HushTesting
import Observation
import Testing

@testable import Hush

/// The identity caches in front of the cell table and the child stores: a key path object
/// read again finds its cell without hashing, and never a cell the table dropped.
@MainActor
@Suite struct IdentityCacheTests {
  struct Values: Equatable {
    var values = Array(repeating: 0, count: 80)
  }

  /// A store whose action adds its value to every element.
  static func makeStore() -> Store<Values, Int> {
    Store(initialState: Values()) { state, action in
      for index in state.values.indices { state.values[index] += action }
      return .none
    }
  }

  /// Reads `keyPath` under observation tracking; `fired` turns true on the next change.
  static func track(
    _ store: Store<Values, Int>, _ keyPath: KeyPath<Values, Int>
  ) -> LockIsolated<Bool> {
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = store[keyPath]
    } onChange: {
      fired.setValue(true)
    }
    return fired
  }

  @Test func aCellTheTableDroppedIsNotFoundThroughItsKeyPathObject() {
    let store = Self.makeStore()
    let first: KeyPath<Values, Int> = \.values[0]
    // `first` is read first (first to notify, so among the cells the table drops once more
    // than `dormantLimit` went dormant), then after all the others (so it is a recent key
    // path object when that happens).
    _ = Self.track(store, first)
    let others = (1..<80).map { index in
      Self.track(store, \Values.values[index])
    }
    _ = Self.track(store, first)
    store.send(1)  // every cell notifies and goes dormant: the table drops most of them
    #expect(others.allSatisfy { $0.value })
    #expect(store.observers.recentCellsMatchCells)

    let fired = Self.track(store, first)
    #expect(store.observers.recentCellsMatchCells)
    store.send(1)
    #expect(fired.value)
    #expect(store[first] == 2)
  }

  @Test func aKeyPathObjectReadAgainGetsTheSameCell() {
    let store = Self.makeStore()
    let path: KeyPath<Values, Int> = \.values[3]
    let fired = Self.track(store, path)
    _ = store[path]
    _ = store[path]
    #expect(store.observers.recentCellsMatchCells)
    store.send(2)
    #expect(fired.value)
    #expect(store[path] == 2)
  }

  struct Parent: Equatable {
    var child = Values()
  }

  enum ParentAction {
    case child(Int)
    case other(String)
  }

  @Test func aScopedStoreIsFoundByItsKeyPathObjectAndActionType() {
    let store = Store<Parent, ParentAction>(initialState: Parent()) { state, action in
      if case let .child(value) = action { state.child.values[0] += value }
      return .none
    }
    let path: WritableKeyPath<Parent, Values> = \.child
    let child = store.scope(state: path, action: ParentAction.child)
    #expect(store.scope(state: path, action: ParentAction.child) === child)
    // Another action type is another store, with its own actions.
    let other: Store<Values, String> = store.scope(state: path, action: ParentAction.other)
    #expect(store.scope(state: path, action: ParentAction.other) === other)
    child.send(5)
    other.send("ignored")
    #expect(store.child.values[0] == 5)
  }

  @Test func aReleasedScopedStoreIsMadeAgain() {
    let store = Store<Parent, ParentAction>(initialState: Parent()) { state, action in
      if case let .child(value) = action { state.child.values[0] += value }
      return .none
    }
    let path: WritableKeyPath<Parent, Values> = \.child
    weak var released: Store<Values, Int>?
    do {
      let child = store.scope(state: path, action: ParentAction.child)
      released = child
      child.send(1)
    }
    #expect(released == nil)
    let child = store.scope(state: path, action: ParentAction.child)
    child.send(2)
    #expect(child.values[0] == 3)
  }

  /// The child stores a store made are kept by its host: a new store of a row, over the scope
  /// its last store left (a reader keeps it), makes child stores of its own, which send
  /// through it, and is not handed the children of the store that went away.
  @Test func aNewStoreOfARowWhoseScopeLivedOnMakesItsOwnChildStores() {
    let store = makeAppStore(AppState(rows: makeRows(3)))
    weak var oldRow: Store<Row, RowAction>?
    weak var oldChild: Store<Double, Double>?
    var probe: RenderProbe<Double>?
    var oldScope: ObjectIdentifier?
    do {
      let row = store.scope(state: \.rows, action: AppAction.row)[id: 1]!
      let child = row.scope(state: \.value, action: RowAction.setValue)
      child.send(2)
      #expect(child.state == 2)
      probe = RenderProbe { row.value }
      oldRow = row
      oldChild = child
      oldScope = ObjectIdentifier(row.hostObject)
    }
    // The reader's cell stays active until a change reaches it, and keeps the row's scope.
    probe = nil
    #expect(oldRow == nil)
    #expect(oldChild == nil)
    let row = store.scope(state: \.rows, action: AppAction.row)[id: 1]!
    #expect(ObjectIdentifier(row.hostObject) == oldScope)
    let child = row.scope(state: \.value, action: RowAction.setValue)
    #expect(child.state == 2)
    let childProbe = RenderProbe { child.state }
    child.send(7)
    #expect(store.rows[id: 1]?.value == 7)
    #expect(childProbe.value == 7)
    #expect(childProbe.renders == 1)
    #expect(row.scope(state: \.value, action: RowAction.setValue) === child)
    _ = probe
  }
}
