import Hush
import Observation

/// Scenario 8 (issue 34): N readers each read their row through a subscript path of the root
/// store (`store[\.rows[id: i]?.value]`), the way an app reads state without element stores.
/// Either an unrelated field changes (no reader renders) or one row changes (its reader
/// renders).
public let subscriptReadersScenario = Scenario(
  id: "subscript",
  title: "8. Readers of subscript paths",
  operationDescription:
    "N readers of `store[\\.rows[id: i]?.value]` (or of the dot path `store.rows[id: i]?.value`):"
    + " an unrelated field changes, or one row changes (time per change)",
  columnTitle: "N readers",
  columns: [100, 1_000, 10_000],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush Store, unrelated send") { n in
      subscriptReaders(n) { store, i in store.send(.setCount(i + 1)) }
    },
    .init(name: "@Observable object per row, unrelated write") { n in
      observableRowReaders(n, rendersPerChange: 0) { model, i in model.count = i + 1 }
    },
    .init(name: "Hush Store, one row changes") { n in
      subscriptReaders(n, rendersPerChange: 1) { store, i in
        store.send(.row(id: i % n, action: .setValue(i + 1)))
      }
    },
    .init(name: "@Observable object per row, one row changes") { n in
      observableRowReaders(n, rendersPerChange: 1) { model, i in
        model.rows[i % n].value = i + 1
      }
    },
    .init(name: "Hush Store, dot path `store.rows[id: i]?.value`, one row changes") { n in
      let frame = Frame()
      let store = makeAppStore(rowCount: n)
      let readers = (0..<n).map { j in
        TrackedReader(frame: frame) { store.rows[id: j]?.value ?? -1 }
      }
      return Fixture(
        frame: frame, keepAlive: [store, frame] + readers,
        verify: { operations in
          verifyLiveReaders(frame, operations: operations, rendersPerChange: 1) {
            store.send(.row(id: 0, action: .setValue(-1)))
          }
        }
      ) { i in
        store.send(.row(id: i % n, action: .setValue(i + 1)))
        frame.flush()
      }
    },
  ],
  reportsRenders: true
)

/// One reader per row of a plain-reducer store, each reading `store[\.rows[id: j]?.value]`.
/// After the measured loop, the check changes one row and expects exactly its reader to
/// render: the readers were live all along, even when the loop rendered none.
@MainActor
private func subscriptReaders(
  _ n: Int, rendersPerChange: Int = 0,
  change: @escaping @MainActor (Store<AppState, AppAction>, Int) -> Void
) -> Fixture {
  let frame = Frame()
  let store = makeAppStore(rowCount: n)
  let readers = (0..<n).map { j in TrackedReader(frame: frame) { store[\.rows[id: j]?.value] ?? -1 }
  }
  return Fixture(
    frame: frame, keepAlive: [store, frame] + readers,
    verify: { operations in
      verifyLiveReaders(frame, operations: operations, rendersPerChange: rendersPerChange) {
        store.send(.row(id: 0, action: .setValue(-1)))
      }
    }
  ) { i in
    change(store, i)
    frame.flush()
  }
}

/// The anchor of `subscriptReaders`: one `@Observable` object per row, one reader per row.
@MainActor
private func observableRowReaders(
  _ n: Int, rendersPerChange: Int,
  change: @escaping @MainActor (ObservableRowObjects, Int) -> Void
) -> Fixture {
  let frame = Frame()
  let model = ObservableRowObjects(rowCount: n)
  let readers = model.rows.map { row in TrackedReader(frame: frame) { row.value } }
  return Fixture(
    frame: frame, keepAlive: [model, frame] + readers,
    verify: { operations in
      verifyLiveReaders(frame, operations: operations, rendersPerChange: rendersPerChange) {
        model.rows[0].value = -1
      }
    }
  ) { i in
    change(model, i)
    frame.flush()
  }
}

/// Checks the renders of the measured loop, then that `changeOneRow` renders exactly one
/// reader (so a loop that should render nothing did not measure dead readers).
@MainActor
func verifyLiveReaders(
  _ frame: Frame, operations: Int, rendersPerChange: Int, changeOneRow: () -> Void
) -> String? {
  if frame.renders != operations * rendersPerChange {
    return "\(frame.renders) renders for \(operations) changes, expected \(rendersPerChange) each"
  }
  let before = frame.renders
  changeOneRow()
  frame.flush()
  if frame.renders - before != 1 {
    return "a row change rendered \(frame.renders - before) readers after the loop, expected 1"
  }
  return nil
}
