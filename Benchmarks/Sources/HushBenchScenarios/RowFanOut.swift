import Hush
import Observation

/// Scenario 1: N row readers over one collection; one row's field changes per iteration and
/// every invalidated reader re-renders at the end of the frame.
public let rowFanOutScenario = Scenario(
  id: "fanout",
  title: "1. Row fan-out",
  operationDescription:
    "one row's value changes, then every invalidated row view re-renders (time per change)",
  columnTitle: "N rows",
  columns: [10, 1_000, 10_000],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush Store, forEach row reducer") { n in
      let store = makeForEachAppStore(rowCount: n)
      return hushRowFanOut(n, root: store, rows: store.scope(state: \.rows, action: AppAction.row))
    },
    .init(name: "Hush Store, plain reducer") { n in
      let store = makeAppStore(rowCount: n)
      return hushRowFanOut(n, root: store, rows: store.scope(state: \.rows, action: AppAction.row))
    },
    .init(name: "Hush Store, forEach by case path") { n in
      let store = makeCasePathForEachAppStore(rowCount: n)
      return hushRowFanOut(n, root: store, rows: store.scope(state: \.rows, action: \.rows))
    },
    .init(name: "@Observable class with [Row]") { n in
      let frame = Frame()
      let model = ObservableRows(rowCount: n)
      let readers = (0..<n).map { j in TrackedReader(frame: frame) { model.rows[j].value } }
      return Fixture(
        frame: frame, keepAlive: [model, frame] + readers,
        verify: {
          verifyRenders(frame, operations: $0, expectedPerChange: n)
            ?? verifyReaders(readers, changing: n, operations: $0, everyReaderRenders: true)
        }
      ) { i in
        model.rows[i % n].value = i + 1
        frame.flush()
      }
    },
    .init(name: "@Observable object per row") { n in
      let frame = Frame()
      let model = ObservableRowObjects(rowCount: n)
      let readers = model.rows.map { row in TrackedReader(frame: frame) { row.value } }
      return Fixture(
        frame: frame, keepAlive: [model, frame] + readers,
        verify: {
          verifyRenders(frame, operations: $0, expectedPerChange: 1)
            ?? verifyReaders(readers, changing: n, operations: $0)
        }
      ) { i in
        model.rows[i % n].value = i + 1
        frame.flush()
      }
    },
    .init(name: "ObservableObject, @Published [Row]") { n in
      let frame = Frame()
      let model = PublishedRows(rowCount: n)
      let readers = (0..<n).map { j in
        PublishedReader(frame: frame, model: model) { model.rows[j].value }
      }
      return Fixture(
        frame: frame, keepAlive: [model, frame] + readers,
        verify: {
          verifyRenders(frame, operations: $0, expectedPerChange: n)
            ?? verifyReaders(readers, changing: n, operations: $0, everyReaderRenders: true)
        }
      ) { i in
        model.rows[i % n].value = i + 1
        frame.flush()
      }
    },
  ],
  reportsRenders: true
)

/// Checks that every change rendered exactly `expectedPerChange` readers, and so that the
/// readers were alive and notified across the measured loop.
@MainActor
func verifyRenders(_ frame: Frame, operations: Int, expectedPerChange: Int) -> String? {
  if operations > 0, frame.renders == 0 { return "no reader rendered: the loop measured nothing" }
  if frame.renders != operations * expectedPerChange {
    return "\(frame.renders) renders for \(operations) changes, expected \(expectedPerChange) each"
  }
  return nil
}

/// Checks which readers rendered and what they show, after `operations` changes where change
/// `i` writes `i + 1` to what reader `i % changing` reads: each of the first `changing` readers
/// re-rendered once per change of its value and shows the last value written to it; the other
/// readers (of paths no change touches) did not render, unless every change invalidates every
/// reader (`everyReaderRenders`: an `ObservableObject`, an array in one `@Observable`
/// property), when each reader rendered once per change. A total alone would pass a run where
/// the wrong reader rendered, or the right one rendered a stale value.
@MainActor
func verifyReaders(
  _ readers: [Reader], changing: Int, operations: Int, everyReaderRenders: Bool = false
) -> String? {
  for (index, reader) in readers.enumerated() {
    let changes =
      index < changing
      ? operations / changing + (index < operations % changing ? 1 : 0) : 0
    let expected = everyReaderRenders ? operations : changes
    if reader.renders != expected {
      return
        "reader \(index) rendered \(reader.renders) times in \(operations) changes, expected \(expected)"
    }
    // The last change of this reader's value was change `index + changing * (changes - 1)`.
    let value = index + changing * (changes - 1) + 1
    if changes > 0, reader.lastValue != value {
      return
        "reader \(index) shows \(reader.lastValue) after \(operations) changes, expected \(value)"
    }
  }
  return nil
}

/// One reader per row, each through its element store of `rows` (of the store `root`); a row
/// view sends through its own element store.
@MainActor
func hushRowFanOut(
  _ n: Int, root: AnyObject, rows: StoreCollection<Int, Row, RowAction>
) -> Fixture {
  let frame = Frame()
  let rowStores = rows.map { $0 }
  let readers = rowStores.map { row in TrackedReader(frame: frame) { row.value } }
  return Fixture(
    frame: frame, keepAlive: [root, frame] + rowStores + readers,
    verify: {
      verifyRenders(frame, operations: $0, expectedPerChange: 1)
        ?? verifyReaders(readers, changing: n, operations: $0)
    }
  ) { i in
    rowStores[i % n].send(.setValue(i + 1))
    frame.flush()
  }
}
