import ConcurrencyExtras
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
}
