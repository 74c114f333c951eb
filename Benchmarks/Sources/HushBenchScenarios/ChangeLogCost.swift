import Hush

/// Scenario 7: what the change log costs: a send beside 1,000 live readers that invalidates
/// none of them, with the log off and on. Off, a send allocates nothing (see the malloc counts
/// of `swift package benchmark`).
public let changeLogScenario = Scenario(
  id: "changelog",
  title: "7. Change log cost",
  operationDescription:
    "a send that changes a field no reader reads, beside 1,000 live row readers (time per send)",
  columnTitle: "log",
  columns: [0, 1],
  columnLabels: ["log off", "log on"],
  implementations: [
    .init(name: "Hush Store, send") { logOn in
      let frame = Frame()
      let store = makeAppStore(rowCount: 1_000)
      let rowStores = store.scope(state: \.rows, action: AppAction.row).map { $0 }
      let readers = rowStores.map { row in TrackedReader(frame: frame) { row.value } }
      let log = LogCounter()
      if logOn == 1 {
        store.changeLog = { entry in log.record(entry) }
      }
      return Fixture(
        frame: frame, keepAlive: [store, frame, log] + rowStores + readers,
        verify: { operations in
          if operations > 0, store.count == 0 { return "the sends changed nothing" }
          if logOn == 1, operations > 0, log.unreadChanges == 0 { return "the log got no entry" }
          return verifyNoRenders(frame)
        }
      ) { i in
        store.send(.setCount(i + 1))
        frame.flush()
      }
    }
  ],
  reportsRenders: true
)

/// Counts the log entries for changes no reader reads.
final class LogCounter {
  private(set) var unreadChanges = 0

  func record(_ entry: ChangeLogEntry) {
    if entry.invalidatedNothing && entry.stateChanged { unreadChanges += 1 }
  }
}
