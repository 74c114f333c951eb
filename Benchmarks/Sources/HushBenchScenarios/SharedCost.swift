import Hush
import Observation

// Issue 49: a shared value (`@Shared`) written beside R live readers of other paths, against
// the same write of a plain state property, and `@Observable`'s property write.

/// The state of `makeAppStore`'s rows, with its count shared.
struct SharedCountState: Equatable {
  @Shared var count: Int
  var rows: IdentifiedArrayOf<Row>
}

enum SharedCountAction {
  case setCount(Int)
}

/// A store's count changes by `write`, with one reader of `count` and R readers of
/// `store[\.rows[id: i]?.value]`.
@MainActor
private func countWriteFixture<State, Action>(
  store: Store<State, Action>, r: Int, rows: KeyPath<State, IdentifiedArrayOf<Row>>,
  count: KeyPath<State, Int>, write: @escaping @MainActor (Int) -> Void
) -> Fixture {
  let frame = Frame()
  let others = (0..<r).map { id in
    TrackedReader(frame: frame) { store[rows.appending(path: \.[id: id]?.value)] ?? -1 }
  }
  let reader = TrackedReader(frame: frame) { store[count] }
  return Fixture(
    frame: frame, keepAlive: [store, frame, reader] + others,
    verify: {
      verifyRenders(frame, operations: $0, expectedPerChange: 1)
        ?? verifyReaders([reader] + others, changing: 1, operations: $0)
    }
  ) { i in
    write(i + 1)
    frame.flush()
  }
}

/// The count shared, written with `withLock` in the reducer or outside any store.
@MainActor
private func sharedCountFixture(r: Int, writesOutsideTheStore: Bool) -> Fixture {
  let count = Shared(value: 0)
  let store = Store<SharedCountState, SharedCountAction>(
    initialState: SharedCountState(
      count: count, rows: IdentifiedArray(uniqueElements: (0..<r).map(Row.init(id:))))
  ) { state, action in
    switch action {
    case let .setCount(value):
      state.$count.withLock { $0 = value }
    }
    return .none
  }
  return countWriteFixture(store: store, r: r, rows: \.rows, count: \.count) { value in
    if writesOutsideTheStore {
      count.withLock { $0 = value }
    } else {
      store.send(.setCount(value))
    }
  }
}

/// A shared value changes, with one reader of it and R live readers of other paths.
public let sharedCostScenario = Scenario(
  id: "shared",
  title: "11. Shared value write",
  operationDescription:
    "a shared count changes (one reader of it re-renders) beside R live readers of other"
    + " paths (time per change)",
  columnTitle: "R other readers",
  columns: [0, 1_000],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush, `$count.withLock` in the reducer") { r in
      sharedCountFixture(r: r, writesOutsideTheStore: false)
    },
    .init(name: "Hush, `count.withLock` outside any store") { r in
      sharedCountFixture(r: r, writesOutsideTheStore: true)
    },
    .init(name: "Hush, a plain state property (send)") { r in
      let store = makeAppStore(rowCount: r)
      return countWriteFixture(store: store, r: r, rows: \.rows, count: \.count) {
        store.send(.setCount($0))
      }
    },
    .init(name: "@Observable property write") { r in observablePropertyWriteFixture(r: r) },
  ],
  reportsRenders: true
)

/// A count as a plain state property, for the read beside the shared one.
struct PlainCountState: Equatable {
  var count: Int
}

/// One body evaluation under `withObservationTracking` reading `read()`; between samples (and
/// once more at the check, for a run of one sample), `write` fires (and so removes) the
/// observations the loop registered.
@MainActor
private func trackedCountReadFixture(
  keepAlive: [AnyObject], read: @escaping @MainActor () -> Int,
  write: @escaping @MainActor (Int) -> Void
) -> Fixture {
  let fired = Counter()
  var writes = 0
  return Fixture(
    frame: nil, keepAlive: keepAlive + [fired],
    betweenSamples: {
      writes += 1
      write(writes)
    },
    verify: { _ in
      writes += 1
      write(writes)
      return fired.value == 0 ? "no evaluation was notified" : nil
    }
  ) { _ in
    let value = withObservationTracking {
      read()
    } onChange: {
      fired.bump()
    }
    blackHole(value)
  }
}

/// A view body reads a count through a store (shared, plain), `@Observable`'s property, and a
/// shared count held outside any store (tracked by Observation as one value).
public let sharedReadScenario = Scenario(
  id: "shared-read",
  title: "12. Shared value read",
  operationDescription:
    "one body evaluation under withObservationTracking reading a count through the store"
    + " (time per evaluation)",
  columnTitle: "paths",
  columns: [1],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush, a shared count (`store.count`)") { _ in
      let store = Store<SharedCountState, SharedCountAction>(
        initialState: SharedCountState(count: Shared(value: 0), rows: [])
      ) { state, action in
        switch action {
        case let .setCount(value): state.$count.withLock { $0 = value }
        }
        return .none
      }
      return trackedCountReadFixture(keepAlive: [store], read: { store.count }) {
        store.send(.setCount($0))
      }
    },
    .init(name: "Hush, a plain state property (`store.count`)") { _ in
      let store = Store<PlainCountState, SharedCountAction>(
        initialState: PlainCountState(count: 0)
      ) { state, action in
        switch action {
        case let .setCount(value): state.count = value
        }
        return .none
      }
      return trackedCountReadFixture(keepAlive: [store], read: { store.count }) {
        store.send(.setCount($0))
      }
    },
    .init(name: "@Observable (model.f0)") { _ in
      let model = ObservableFields()
      return trackedCountReadFixture(keepAlive: [model], read: { model.f0 }) { model.f0 = $0 }
    },
    .init(name: "Hush, a shared count held outside any store (a view's `@Shared`)") { _ in
      let count = Shared(value: 0)
      return trackedCountReadFixture(keepAlive: [], read: { count.wrappedValue }) { value in
        count.withLock { $0 = value }
      }
    },
  ],
  reportsRenders: false
)
