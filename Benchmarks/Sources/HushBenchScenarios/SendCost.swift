import Hush
import Observation

/// Scenario 2: one field changes, with one reader of it and R live readers of other fields
/// (row views, each reading its own row: R distinct observed paths).
public let sendCostScenario = Scenario(
  id: "send",
  title: "2. Send cost",
  operationDescription:
    "one field changes (one reader of it re-renders) beside R live readers of other fields"
    + " (time per change)",
  columnTitle: "R other readers",
  columns: [0, 10, 1_000, 10_000],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush Store, send") { r in
      let frame = Frame()
      let store = makeAppStore(rowCount: r)
      let rowStores = store.scope(state: \.rows, action: AppAction.row).map { $0 }
      let others = rowStores.map { row in TrackedReader(frame: frame) { row.value } }
      let reader = TrackedReader(frame: frame) { store.count }
      return Fixture(
        frame: frame, keepAlive: [store, frame, reader] + rowStores + others,
        verify: {
          verifyRenders(frame, operations: $0, expectedPerChange: 1)
            ?? verifyReaders([reader] + others, changing: 1, operations: $0)
        }
      ) { i in
        store.send(.setCount(i + 1))
        frame.flush()
      }
    },
    .init(name: "@Observable property write") { r in observablePropertyWriteFixture(r: r) },
    .init(name: "ObservableObject @Published write") { r in
      let frame = Frame()
      let model = PublishedRows(rowCount: r)
      let others = (0..<r).map { j in
        PublishedReader(frame: frame, model: model) { model.rows[j].value }
      }
      let reader = PublishedReader(frame: frame, model: model) { model.count }
      return Fixture(
        frame: frame, keepAlive: [model, frame, reader] + others,
        verify: {
          verifyRenders(frame, operations: $0, expectedPerChange: r + 1)
            ?? verifyReaders(
              [reader] + others, changing: 1, operations: $0, everyReaderRenders: true)
        }
      ) { i in
        model.count = i + 1
        frame.flush()
      }
    },
  ],
  reportsRenders: true
)

/// The anchor of scenarios 2 and 11: an `@Observable` model's count changes, with one reader
/// of it and R readers of one row object each.
@MainActor
func observablePropertyWriteFixture(r: Int) -> Fixture {
  let frame = Frame()
  let model = ObservableRowObjects(rowCount: r)
  let others = model.rows.map { row in TrackedReader(frame: frame) { row.value } }
  let reader = TrackedReader(frame: frame) { model.count }
  return Fixture(
    frame: frame, keepAlive: [model, frame, reader] + others,
    verify: {
      verifyRenders(frame, operations: $0, expectedPerChange: 1)
        ?? verifyReaders([reader] + others, changing: 1, operations: $0)
    }
  ) { i in
    model.count = i + 1
    frame.flush()
  }
}
