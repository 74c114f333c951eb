import Hush
import Observation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// Scenario 14 (issue 51): what grows with the number of rows. The first render of a list of
/// N rows (the store, or the model, made and every row read once by its own reader), a row
/// taken out of the middle and put back while every other row has a reader, and the store (or
/// the model) made over N rows with nothing but its count read. Each beside `@Observable`
/// objects and `ObservableObject` row models (one per row, each row view observing its own).
public let scaleRowsScenario = Scenario(
  id: "scale",
  title: "14. Rows at scale: first render, insert and remove",
  operationDescription:
    "N rows made and each read once by its own reader, then one row changes (a first"
    + " render); or the middle row removed or inserted again beside N - 1 row readers and a"
    + " reader of the count; or N rows made and only the count read, then changed (time per"
    + " operation)",
  columnTitle: "N rows",
  columns: [1_000, 10_000],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush Store, first render (element store per row)") { n in
      firstRender { frame in
        let store = makeAppStore(rowCount: n)
        let rows = store.scope(state: \.rows, action: AppAction.row)
        let readers = rows.map { row in TrackedReader(frame: frame) { row.value } }
        return ([store] + readers, { rows[id: n / 2]!.send(.setValue(1)) })
      }
    },
    .init(name: "@Observable object per row, first render") { n in
      firstRender { frame in
        let model = ObservableRowObjects(rowCount: n)
        let readers = model.rows.map { row in TrackedReader(frame: frame) { row.value } }
        return ([model] + readers, { model.rows[n / 2].value = 1 })
      }
    },
    .init(name: "Hush Store, middle row removed or inserted, N - 1 row readers") { n in
      let frame = Frame()
      let store = makeAppStore(rowCount: n)
      let rows = store.scope(state: \.rows, action: AppAction.row)
      let middle = n / 2
      let readers =
        rows.filter { $0.id != middle }.map { row in TrackedReader(frame: frame) { row.value } }
        + [TrackedReader(frame: frame) { store.rows.count }]
      return insertRemove(
        frame: frame, keepAlive: [store] + readers, readers: readers,
        remove: { store.send(.removeRow(id: middle)) },
        insert: { store.send(.insertRow(Row(id: middle), at: middle)) })
    },
    .init(name: "@Observable objects in an array, middle row removed or inserted") { n in
      let frame = Frame()
      let model = ObservableRowList(rowCount: n)
      let middle = n / 2
      let removed = model.rows[middle]
      let readers =
        model.rows.filter { $0.id != middle }.map { row in
          TrackedReader(frame: frame) { row.value }
        } + [TrackedReader(frame: frame) { model.rows.count }]
      return insertRemove(
        frame: frame, keepAlive: [model] + readers, readers: readers,
        remove: { model.rows.remove(at: middle) },
        insert: { model.rows.insert(removed, at: middle) })
    },
    .init(name: "ObservableObject per row, first render") { n in
      firstRender { frame in
        let model = PublishedRowList(rowCount: n)
        let readers = model.rows.map { row in
          PublishedReader(frame: frame, model: row) { row.value }
        }
        return ([model] + readers, { model.rows[n / 2].value = 1 })
      }
    },
    .init(name: "ObservableObject per row in a published array, middle row removed or inserted") {
      n in
      let frame = Frame()
      let model = PublishedRowList(rowCount: n)
      let middle = n / 2
      let removed = model.rows[middle]
      let readers =
        model.rows.filter { $0.id != middle }.map { row in
          PublishedReader(frame: frame, model: row) { row.value }
        } + [PublishedReader(frame: frame, model: model) { model.rows.count }]
      return insertRemove(
        frame: frame, keepAlive: [model] + readers, readers: readers,
        remove: { model.rows.remove(at: middle) },
        insert: { model.rows.insert(removed, at: middle) })
    },
    .init(name: "Hush Store made over N rows, its count read") { n in
      firstRender { frame in
        let store = makeAppStore(rowCount: n)
        let reader = TrackedReader(frame: frame) { store.count }
        return ([store, reader], { store.send(.setCount(1)) })
      }
    },
    .init(name: "@Observable objects made, the count read") { n in
      firstRender { frame in
        let model = ObservableRowObjects(rowCount: n)
        let reader = TrackedReader(frame: frame) { model.count }
        return ([model, reader], { model.count = 1 })
      }
    },
    .init(name: "ObservableObject per row made, the count read") { n in
      firstRender { frame in
        let model = PublishedRowList(rowCount: n)
        let reader = PublishedReader(frame: frame, model: model) { model.count }
        return ([model, reader], { model.count = 1 })
      }
    },
  ],
  reportsRenders: true
)

/// `ObservableRow` objects in one observed array, for inserts and removals.
@Observable
public final class ObservableRowList {
  public var rows: [ObservableRow]

  public init(rowCount: Int) {
    rows = (0..<rowCount).map(ObservableRow.init(id:))
  }
}

/// Each operation makes the list with `make` (what it holds, and a change of one row), which
/// renders every row once, then makes that change: exactly one reader renders again. Nothing is
/// kept between operations.
@MainActor
private func firstRender(
  make: @escaping @MainActor (Frame) -> (keepAlive: [AnyObject], change: @MainActor () -> Void)
) -> Fixture {
  let frame = Frame()
  return Fixture(
    frame: frame, keepAlive: [frame],
    verify: { verifyRenders(frame, operations: $0, expectedPerChange: 1) }
  ) { _ in
    let made = make(frame)
    withExtendedLifetime(made.keepAlive) {
      made.change()
      frame.flush()
    }
  }
}

/// Operation `i` removes the middle row (even `i`) or puts it back (odd `i`): only the
/// reader of the count (the last of `readers`) renders, once per operation.
@MainActor
private func insertRemove(
  frame: Frame, keepAlive: [AnyObject], readers: [Reader],
  remove: @escaping @MainActor () -> Void, insert: @escaping @MainActor () -> Void
) -> Fixture {
  Fixture(
    frame: frame, keepAlive: [frame] + keepAlive,
    verify: { operations in
      if let reader = readers.dropLast().first(where: { $0.renders > 0 }) {
        return "a row reader rendered \(reader.renders) times; only the count's should"
      }
      return verifyRenders(frame, operations: operations, expectedPerChange: 1)
    }
  ) { i in
    if i % 2 == 0 { remove() } else { insert() }
    frame.flush()
  }
}
