import Hush
import Observation

/// Scenario 6: a list shows the rows with an even value, out of 10,000. The change is either
/// unrelated to the rows, a row change that leaves the filtered result equal (a rename), or
/// one that changes it (a value).
public let derivedScenario = Scenario(
  id: "derived",
  title: "6. Derived filter over 10,000 rows",
  operationDescription:
    "one change, then the filtered list re-renders if invalidated (time per change)",
  columnTitle: "change",
  columns: [0, 1, 2],
  columnLabels: ["unrelated change", "row renamed (result equal)", "row value (result differs)"],
  implementations: [
    .init(name: "Hush Store + derived") { kind in
      let frame = Frame()
      let store = makeAppStore(rowCount: rowCount)
      // `elements`: filtering the IdentifiedArray itself would rebuild its hash table.
      let evens = store.derived(\.rows) { rows in
        rows.elements.filter { $0.value % 2 == 0 }.map(\.id)
      }
      let list = TrackedReader(frame: frame) { evens.value.count }
      return Fixture(
        frame: frame, keepAlive: [store, frame, evens, list],
        verify: { operations in
          // The filter runs once at creation, then once per change of the rows.
          let computes = 1 + (kind == 0 ? 0 : operations)
          if evens.computeCount != computes {
            return
              "\(evens.computeCount) filter runs for \(operations) changes, expected \(computes)"
          }
          return kind == 2
            ? verifyRenders(frame, operations: operations, expectedPerChange: 1)
            : verifyNoRenders(frame)
        }
      ) { i in
        switch kind {
        case 0: store.send(.setCount(i + 1))
        case 1: store.send(.renameRow(id: i % rowCount, "Renamed \(i)"))
        default: store.send(.row(id: 0, action: .setValue(i + 1)))
        }
        frame.flush()
      }
    },
    .init(name: "@Observable, filter in body") { kind in
      let frame = Frame()
      let model = ObservableRows(rowCount: rowCount)
      let list = TrackedReader(frame: frame) {
        model.rows.filter { $0.value % 2 == 0 }.count
      }
      return Fixture(
        frame: frame, keepAlive: [model, frame, list],
        verify: { operations in
          if kind == 0, model.count == 0, operations > 0 {
            return "the model did not change: the loop measured nothing"
          }
          return kind == 0
            ? verifyNoRenders(frame)
            : verifyRenders(frame, operations: operations, expectedPerChange: 1)
        }
      ) { i in
        switch kind {
        case 0: model.count = i + 1
        case 1: model.rows[i % rowCount].title = "Renamed \(i)"
        default: model.rows[0].value = i + 1
        }
        frame.flush()
      }
    },
    .init(name: "ObservableObject, filter in body") { kind in
      let frame = Frame()
      let model = PublishedRows(rowCount: rowCount)
      let list = PublishedReader(frame: frame, model: model) {
        model.rows.filter { $0.value % 2 == 0 }.count
      }
      return Fixture(
        frame: frame, keepAlive: [model, frame, list],
        verify: { verifyRenders(frame, operations: $0, expectedPerChange: 1) }
      ) { i in
        switch kind {
        case 0: model.count = i + 1
        case 1: model.rows[i % rowCount].title = "Renamed \(i)"
        default: model.rows[0].value = i + 1
        }
        frame.flush()
      }
    },
  ],
  reportsRenders: true
)

private let rowCount = 10_000

/// Checks that no reader rendered (for changes no reader should see).
@MainActor
func verifyNoRenders(_ frame: Frame) -> String? {
  frame.renders == 0 ? nil : "\(frame.renders) renders, expected none"
}
