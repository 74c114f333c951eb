import Hush
import Observation

/// Scenario 5: a slider writes 1,000 times beside 1,000 live readers of unrelated state; the
/// slider's own view re-renders on every write, a heavy preview at most 15 times a second
/// (through `Throttled`), and the unrelated readers should never render.
public let highFrequencyInputScenario = Scenario(
  id: "input",
  title: "5. High-frequency input",
  operationDescription:
    "one slider write, then the invalidated views re-render; beside 1,000 readers of"
    + " unrelated rows (time per write; renders per write, all views)",
  columnTitle: "unrelated readers",
  columns: [1_000],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush Store + Throttled preview") { r in
      let frame = Frame()
      let store = makeAppStore(rowCount: r)
      let rowStores = store.scope(state: \.rows, action: AppAction.row).map { $0 }
      let unrelated = rowStores.map { row in TrackedReader(frame: frame) { row.value } }
      // The slider is bound to the throttled value's input; the store gets it too.
      let level = Throttled(0, every: .seconds(1) / 15)
      let slider = TrackedReader(frame: frame) { level.input }
      let preview = TrackedReader(frame: frame) { level.output }
      return Fixture(
        frame: frame,
        keepAlive: [store, frame, level, slider, preview] + rowStores + unrelated,
        verify: { operations in
          // The slider renders per write; the preview at most once per 1/15 s window.
          frame.renders >= operations ? nil : "\(frame.renders) renders for \(operations) writes"
        }
      ) { i in
        level.input = i + 1
        store.send(.setSlider(i + 1))
        frame.flush()
      }
    },
    .init(name: "@Observable property write") { r in
      let frame = Frame()
      let model = ObservableRowObjects(rowCount: r)
      let unrelated = model.rows.map { row in TrackedReader(frame: frame) { row.value } }
      let slider = TrackedReader(frame: frame) { model.slider }
      let preview = TrackedReader(frame: frame) { model.slider }
      return Fixture(
        frame: frame, keepAlive: [model, frame, slider, preview] + unrelated,
        verify: { verifyRenders(frame, operations: $0, expectedPerChange: 2) }
      ) { i in
        model.slider = i + 1
        frame.flush()
      }
    },
    .init(name: "ObservableObject @Published write") { r in
      let frame = Frame()
      let model = PublishedRows(rowCount: r)
      let unrelated = (0..<r).map { j in
        PublishedReader(frame: frame, model: model) { model.rows[j].value }
      }
      let slider = PublishedReader(frame: frame, model: model) { model.slider }
      let preview = PublishedReader(frame: frame, model: model) { model.slider }
      return Fixture(
        frame: frame, keepAlive: [model, frame, slider, preview] + unrelated,
        verify: { verifyRenders(frame, operations: $0, expectedPerChange: r + 2) }
      ) { i in
        model.slider = i + 1
        frame.flush()
      }
    },
  ],
  reportsRenders: true
)
