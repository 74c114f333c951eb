import Foundation
import Hush
import HushTesting
import Testing

@testable import SyncUps

/// A scripted session on the app — add a sync-up, open it, edit it, record a meeting for 30
/// ticks, end it, open the meeting — with one probe per view on screen, reading what that
/// view's `body` reads (`SyncUpsViews.swift`). Every probe's renders are pinned after every
/// step: the list and its row render 0 times while the record screen ticks.
@MainActor
@Suite struct SyncUpsRenderTableTests {
  /// The views, in the table's columns.
  static let views = ["Stack", "List", "Row", "Form", "Detail", "Record"]

  @MainActor
  final class Session {
    let clock = TestClock()
    /// The app's files (`sync-ups.json`), in memory.
    let files = InMemoryFiles()
    let store: StoreOf<AppFeature>
    let list: StoreOf<SyncUpsList>
    /// Each view on screen: a closure that reads its renders, as a frame.
    var probes: [Int: @MainActor () -> Int] = [:]
    var seen: [Int: Int] = [:]
    var table: [(step: String, renders: [Int?])] = []

    init() {
      let clock = self.clock
      let files = self.files
      store = Store(initialState: AppFeature.State()) {
        AppFeature()
      } withDependencies: {
        $0.continuousClock = clock
        $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
        $0.uuid = .incrementing
        $0.speechClient = .fake(.authorized)
        $0.defaultFileStorage = .inMemory(files)
      }
      list = store.scope(state: \.syncUpsList, action: \.syncUpsList)
      show(0) {
        let store = self.store
        let probe = RenderProbe { store.scope(state: \.path, action: \.path).ids }
        return { probe.renders }
      }
      show(1) {
        let list = self.list
        let probe = RenderProbe {
          (
            list[\.syncUps.ids],
            list.scope(state: \.destination?.add, action: \.destination.add) != nil,
            list.scope(state: \.destination?.alert, action: \.destination.alert) != nil
          )
        }
        return { probe.renders }
      }
    }

    func show(_ view: Int, _ makeProbe: () -> @MainActor () -> Int) {
      probes[view] = makeProbe()
      seen[view] = 0
    }

    func hide(_ view: Int) {
      probes[view] = nil
    }

    /// Ends a step: reads every probe on screen, as a frame does.
    func frame(_ step: String) {
      var renders = [Int?](repeating: nil, count: views.count)
      for (view, probe) in probes {
        let count = probe()
        renders[view] = count - seen[view]!
        seen[view] = count
      }
      table.append((step, renders))
    }

    var screens: StackStores<AppFeature.Path.State, AppFeature.Path.Action> {
      store.scope(state: \.path, action: \.path)
    }

    /// The form's probe: what the form view reads (its title field and attendee fields).
    func showForm(_ form: StoreOf<SyncUpForm>) {
      show(3) {
        let probe = RenderProbe { (form[\.syncUp.title], form[\.syncUp.attendees]) }
        return { probe.renders }
      }
    }

    /// Waits for the effects that `condition` waits for (they run on other tasks). The bound
    /// matters only when the session is broken: with both cores busy (the suite runs beside
    /// tests that block threads), 10,000 yields were once too few, in CI on b9fa506.
    func settle(_ condition: () -> Bool) async {
      var yields = 0
      while !condition(), yields < 1_000_000 {
        await Task.yield()
        yields += 1
      }
      #expect(condition(), "the session did not settle")
    }

    /// Waits until an effect sleeps on the clock (`asleep`), or until none does. Advancing the
    /// clock before the timer sleeps would be lost: the timer would then sleep a second past it.
    func waitForClock(asleep: Bool) async {
      for _ in 0..<100_000 {
        // `checkSuspension` throws when something sleeps on the clock.
        let sleeping = (try? await clock.checkSuspension()) == nil
        if sleeping == asleep { return }
      }
      Issue.record(asleep ? "nothing slept on the clock" : "effects still slept on the clock")
    }

    /// What `sync-ups.json` holds.
    var saved: IdentifiedArrayOf<SyncUp>? {
      files[.syncUpsFile].flatMap {
        try? JSONDecoder().decode(IdentifiedArrayOf<SyncUp>.self, from: $0)
      }
    }
  }

  static func text(_ table: [(step: String, renders: [Int?])]) -> String {
    table.map { step, renders in
      renders.map { $0.map(String.init) ?? "·" }.joined(separator: " ") + "  " + step
    }
    .joined(separator: "\n")
  }

  @Test func theListRendersNothingWhileAMeetingIsRecorded() async throws {
    let session = Session()
    let list = session.list

    list.send(.addSyncUpButtonTapped)
    let addForm = list.scope(state: \.destination?.add, action: \.destination.add)!
    session.showForm(addForm)
    session.frame("Add a sync-up")

    addForm.syncUp.title = "Design"
    session.frame("Type its title")

    addForm.send(.binding(.set(\.syncUp.attendees[0].name, "Blob")))
    session.frame("Name the attendee")

    list.send(.confirmAddSyncUpButtonTapped)
    session.hide(3)
    let id = list.syncUps.ids[0]
    session.show(2) {
      let probe = RenderProbe {
        (list[\.syncUps[id: id]?.title], list[\.syncUps[id: id]?.attendees.count])
      }
      return { probe.renders }
    }
    session.frame("Add it")

    list.send(.syncUpTapped(id))
    let detail = session.screens[0].scope(state: \.detail, action: \.detail)!
    session.show(4) {
      let probe = RenderProbe {
        (
          detail[\.syncUp.title], detail[\.syncUp.meetings],
          detail.scope(state: \.destination?.edit, action: \.destination.edit) != nil,
          detail.scope(state: \.destination?.alert, action: \.destination.alert) != nil
        )
      }
      return { probe.renders }
    }
    session.frame("Open it")

    detail.send(.editButtonTapped)
    let editForm = detail.scope(state: \.destination?.edit, action: \.destination.edit)!
    session.showForm(editForm)
    session.frame("Edit it")

    editForm.syncUp.title = "Design review"
    session.frame("Retitle it")

    detail.send(.doneEditingButtonTapped)
    session.hide(3)
    session.frame("Done")

    detail.send(.startMeetingButtonTapped)
    await session.settle { session.screens.count == 2 }
    let record = session.screens[1].scope(state: \.record, action: \.record)!
    session.show(5) {
      let probe = RenderProbe {
        (
          record.secondsElapsed, record.speakerIndex, record[\.syncUp.duration],
          record[\.syncUp.attendees.count],
          record.scope(state: \.alert, action: \.alert) != nil
        )
      }
      return { probe.renders }
    }
    session.frame("Start the meeting")

    #expect(session.saved == list.syncUps)  // the list saves itself (here, in memory)
    let onTask = record.send(.onTask)  // the record view's `.task`
    for tick in 1...30 {
      await session.waitForClock(asleep: true)  // the timer sleeps until the next second
      await session.clock.advance(by: .seconds(1))
      await session.settle { record.secondsElapsed == tick }
      session.frame("Tick \(tick)")
    }

    record.send(.endMeetingButtonTapped)
    session.frame("End the meeting")

    record.send(.alert(.presented(.confirmSave)))
    await session.settle { session.screens.count == 1 }
    session.hide(5)
    session.frame("Save it")
    await onTask.cancel()
    #expect(session.saved?[id: id]?.meetings.count == 1)

    let meeting = detail.syncUp.meetings[0]
    session.store.send(
      .path(.push(id: 2, state: .meeting(meeting, syncUp: detail.syncUp))))
    session.frame("Open the meeting")

    // A view counts from the step it appears in (0 there: its first render is not counted).
    let ticks = (1...30).map { "0 0 0 · 0 1  Tick \($0)" }.joined(separator: "\n")
    #expect(
      Self.text(session.table) == """
        0 1 · 0 · ·  Add a sync-up
        0 0 · 1 · ·  Type its title
        0 0 · 1 · ·  Name the attendee
        0 1 0 · · ·  Add it
        1 0 0 · 0 ·  Open it
        0 0 0 0 1 ·  Edit it
        0 0 0 1 0 ·  Retitle it
        0 0 1 · 1 ·  Done
        1 0 0 · 0 0  Start the meeting
        \(ticks)
        0 0 0 · 0 1  End the meeting
        1 0 0 · 1 ·  Save it
        1 0 0 · 0 ·  Open the meeting
        """)
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md"),
      encoding: .utf8)
    #expect(
      readme.contains(Self.text(session.table)),
      "Examples/SyncUps/README.md does not show the measured table:\n\(Self.text(session.table))")
  }
}
