import Hush
import IdentifiedCollections
import Observation

/// Scenario 9 (issue 34): one view reads the ids of the rows with an even value, derived from N
/// rows; one row in the middle changes its value, so that it leaves or enters the result on
/// every change (one render per change). The derived value is incremental
/// (`store.derived(\.rows) { $0.filter … .map(\.id) }`), recomputed (a transform that takes the
/// collection), or the anchor's filter in `body`.
public let derivedRowsScenario = Scenario(
  id: "derived-rows",
  title: "9. Derived rows: one row changes",
  operationDescription:
    "one row of N changes and leaves or enters the filtered result, whose reader re-renders"
    + " (time per change)",
  columnTitle: "N rows",
  columns: [100, 1_000, 10_000],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush incremental derived, plain reducer") { n in
      derivedRows(makeAppStore(rowCount: n), n: n) { store in
        store.derived(\.rows) { $0.filter { $0.value % 2 == 0 }.map(\.id) }
      }
    },
    .init(name: "Hush incremental derived, element reducer") { n in
      derivedRows(makeForEachAppStore(rowCount: n), n: n) { store in
        store.derived(\.rows) { $0.filter { $0.value % 2 == 0 }.map(\.id) }
      }
    },
    .init(name: "Hush derived recomputed (the same transform of the collection)") { n in
      derivedRows(makeAppStore(rowCount: n), n: n) { store in
        // The same transform, given the collection (the parameter's type says so): recomputed
        // on every change of the rows, as every derived value was before issue 34.
        store.derived(\.rows) { (rows: IdentifiedArrayOf<Row>) in
          rows.filter { $0.value % 2 == 0 }.map(\.id)
        }
      }
    },
    .init(name: "@Observable, filter in body") { n in
      let frame = Frame()
      let model = ObservableRows(rowCount: n)
      let list = TrackedReader(frame: frame) {
        model.rows.filter { $0.value % 2 == 0 }.map(\.id).count
      }
      return Fixture(
        frame: frame, keepAlive: [model, frame, list],
        verify: { verifyRenders(frame, operations: $0, expectedPerChange: 1) }
      ) { i in
        model.rows[n / 2].value = i + 1
        frame.flush()
      }
    },
  ],
  reportsRenders: true
)

/// One reader of the derived ids; row `n / 2` (value 0 at first, as every row) takes the values
/// 1, 2, 3, …
/// so that it leaves and enters the result in turn.
@MainActor
private func derivedRows(
  _ store: Store<AppState, AppAction>, n: Int,
  derive: (Store<AppState, AppAction>) -> Derived<[Int]>
) -> Fixture {
  let frame = Frame()
  let evens = derive(store)
  let list = TrackedReader(frame: frame) { evens.value.count }
  return Fixture(
    frame: frame, keepAlive: [store, frame, evens, list],
    verify: { operations in
      // Every row starts even; after an odd number of changes, row `n / 2` is odd.
      let expected = n - (operations % 2 == 1 ? 1 : 0)
      if evens.value.count != expected {
        return "\(evens.value.count) even rows after \(operations) changes, expected \(expected)"
      }
      return verifyRenders(frame, operations: operations, expectedPerChange: 1)
    }
  ) { i in
    store.send(.row(id: n / 2, action: .setValue(i + 1)))
    frame.flush()
  }
}
