import Hush
import Observation

/// How many rows a screen shows: the rows the scenario below observes, whatever N is.
let observedRowCount = 20

/// Scenario 13 (issue 51): N rows of which only 20 are on screen, each read through its
/// element store by one reader (a `List` keeps about 20 row views alive); a plain reducer
/// writes them in place (`state.rows[id: id]?.value = v`). The work per change should follow
/// the 20 observed rows, not the N held.
public let observedRowsScenario = Scenario(
  id: "observed",
  title: "13. A plain reducer with 20 of N rows observed",
  operationDescription:
    "one observed row changes through a plain reducer (or one such write, then 16 unrelated"
    + " sends), then its reader re-renders (time per operation)",
  columnTitle: "N rows",
  columns: [1_000, 10_000, 100_000],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush Store, plain reducer, one observed row changes") { n in
      observedHushRows(n, unrelatedSends: 0)
    },
    .init(name: "@Observable object per row, one observed row changes") { n in
      observedObservableRows(n, unrelatedWrites: 0)
    },
    .init(name: "Hush Store, plain reducer, one row write then 16 unrelated sends") { n in
      observedHushRows(n, unrelatedSends: 16)
    },
    .init(name: "@Observable object per row, one row write then 16 unrelated writes") { n in
      observedObservableRows(n, unrelatedWrites: 16)
    },
    // The memory floor of the 20-observed target: the state's own size plus 20 readers.
    .init(name: "the state alone, and 20 @Observable objects each read by one reader") { n in
      let frame = Frame()
      let state = AppState(rowCount: n)
      let observed = observedIDs(n).map(ObservableRow.init(id:))
      let readers = observed.map { row in TrackedReader(frame: frame) { row.value } }
      return Fixture(
        frame: frame, keepAlive: [StateBox(state), frame] + observed + readers,
        verify: {
          verifyRenders(frame, operations: $0, expectedPerChange: 1)
            ?? verifyReaders(readers, changing: readers.count, operations: $0)
        }
      ) { i in
        observed[i % observed.count].value = i + 1
        frame.flush()
      }
    },
    // As a `ForEach` over the rows does: every row's store is made and kept, 20 are read.
    .init(name: "Hush Store, plain reducer, every row's store made, one observed row changes") {
      n in
      observedHushRows(n, unrelatedSends: 0, storesMade: n)
    },
  ],
  reportsRenders: true
)

/// The ids of the observed rows, spread over the collection.
private func observedIDs(_ n: Int) -> [Int] {
  let count = min(observedRowCount, n)
  return (0..<count).map { $0 * (n / count) }
}

/// A plain-reducer store over `n` rows; 20 element stores, each read by one reader. Operation
/// `i` writes `i + 1` to observed row `i % 20` through its element store (a row view's send),
/// then sends `unrelatedSends` actions that change the count, which no reader reads. With
/// `storesMade` above 20, the stores of the first `storesMade` rows are made and kept too (no
/// reader reads them), as a `ForEach` over the rows does.
@MainActor
private func observedHushRows(_ n: Int, unrelatedSends: Int, storesMade: Int = 0) -> Fixture {
  let frame = Frame()
  let store = makeAppStore(rowCount: n)
  let rows = store.scope(state: \.rows, action: AppAction.row)
  let rowStores = observedIDs(n).map { id in rows[id: id]! }
  let readers = rowStores.map { row in TrackedReader(frame: frame) { row.value } }
  let made: [AnyObject] = rows.prefix(storesMade).map { $0 }
  return Fixture(
    frame: frame, keepAlive: [store, frame] + rowStores + readers + made,
    verify: {
      verifyRenders(frame, operations: $0, expectedPerChange: 1)
        ?? verifyReaders(readers, changing: readers.count, operations: $0)
    }
  ) { i in
    rowStores[i % rowStores.count].send(.setValue(i + 1))
    for k in 0..<unrelatedSends { store.send(.setCount(i &* 17 &+ k)) }
    frame.flush()
  }
}

/// The anchor: one `@Observable` object per row, the same 20 rows read by one reader each.
@MainActor
private func observedObservableRows(_ n: Int, unrelatedWrites: Int) -> Fixture {
  let frame = Frame()
  let model = ObservableRowObjects(rowCount: n)
  let observed = observedIDs(n).map { model.rows[$0] }
  let readers = observed.map { row in TrackedReader(frame: frame) { row.value } }
  return Fixture(
    frame: frame, keepAlive: [model, frame] + readers,
    verify: {
      verifyRenders(frame, operations: $0, expectedPerChange: 1)
        ?? verifyReaders(readers, changing: readers.count, operations: $0)
    }
  ) { i in
    observed[i % observed.count].value = i + 1
    for k in 0..<unrelatedWrites { model.count = i &* 17 &+ k }
    frame.flush()
  }
}

/// Holds a value for a fixture's lifetime.
private final class StateBox<Value> {
  let value: Value
  init(_ value: Value) { self.value = value }
}
