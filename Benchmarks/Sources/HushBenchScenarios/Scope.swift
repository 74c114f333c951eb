import Hush
import Observation

private let scopeRows = 10_000

/// Scenario 4: scoping. Columns are variants, not sizes:
/// 0. re-scope a cached child store and read one of its fields, as a parent view's body does;
/// 1. create a child store (none cached: the previous one was released);
/// 2. the element stores of a 10,000-row collection, cached (time per row);
/// 3. the element stores of a 10,000-row collection, created afresh (time per row).
public let scopeScenario = Scenario(
  id: "scope",
  title: "4. Scope",
  operationDescription:
    "getting a child store (or the @Observable child object) and reading it (time per store)",
  columnTitle: "variant",
  columns: [0, 1, 2, 3],
  columnLabels: [
    "cached child + read", "create child", "element store, cached (10k rows)",
    "element store, create (10k rows)",
  ],
  implementations: [
    .init(name: "Hush Store .scope") { variant in
      let store = makeAppStore(rowCount: variant >= 2 ? scopeRows : 0)
      switch variant {
      case 0:
        let child = store.scope(state: \.settings, action: AppAction.settings)
        return Fixture(frame: nil, keepAlive: [store, child]) { _ in
          let child = store.scope(state: \.settings, action: AppAction.settings)
          blackHole(child.fontSize)
        }
      case 1:
        return Fixture(frame: nil, keepAlive: [store]) { _ in
          blackHole(store.scope(state: \.settings, action: AppAction.settings))
        }
      case 2:
        let held = store.scope(state: \.rows, action: AppAction.row).map { $0 }
        return Fixture(frame: nil, unitsPerOperation: scopeRows, keepAlive: [store] + held) { _ in
          let rows = store.scope(state: \.rows, action: AppAction.row)
          for index in rows.indices { blackHole(rows[index]) }
        }
      default:
        return Fixture(frame: nil, unitsPerOperation: scopeRows, keepAlive: [store]) { _ in
          let rows = store.scope(state: \.rows, action: AppAction.row)
          for index in rows.indices { blackHole(rows[index]) }
        }
      }
    },
    .init(name: "@Observable child objects") { variant in
      let model = ObservableRowObjects(rowCount: variant >= 2 ? scopeRows : 0)
      switch variant {
      case 0:
        return Fixture(frame: nil, keepAlive: [model]) { _ in
          blackHole(model.settings.fontSize)
        }
      case 2:
        return Fixture(frame: nil, unitsPerOperation: scopeRows, keepAlive: [model]) { _ in
          for row in model.rows { blackHole(row) }
        }
      default:
        return nil  // nothing to create: the objects exist already
      }
    },
  ],
  reportsRenders: false
)
