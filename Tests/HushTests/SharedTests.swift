import Dependencies
import Foundation
import Hush
import HushTesting
import Observation
import Testing

/// A meeting shared by the features below.
struct Meeting: Equatable, Identifiable, Sendable {
  var id: Int
  var title = ""
  var attendees: [String] = []
}

extension SharedKey where Self == InMemoryKey<Int> {
  /// The count the features below share, named once as TCA's apps name their keys.
  static var count: Self { inMemory("count") }
}

/// A feature that holds a count under an in-memory key and changes it in its reducer.
@Reducer
struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared(.count) var count = 0
    var taps = 0
  }

  enum Action {
    case incrementTapped
    case setTapped(Int)
    case tapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      case let .setTapped(value):
        state.$count.withLock { $0 = value }
        return .none
      case .tapped:
        state.taps += 1
        return .none
      }
    }
  }
}

/// Edits a meeting: scoped into the shared meeting of `MeetingDetail`.
@Reducer
struct MeetingEditor {
  typealias State = Meeting

  enum Action {
    case retitle(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { meeting, action in
      switch action {
      case let .retitle(title):
        meeting.title = title
        return .none
      }
    }
  }
}

/// A feature handed a meeting shared by its parent.
@Reducer
struct MeetingDetail {
  @ObservableState
  struct State: Equatable, Identifiable {
    @Shared var meeting: Meeting
    var notes = ""
    var id: Int { meeting.id }
  }

  enum Action {
    case editor(MeetingEditor.Action)
    case addAttendee(String)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.meeting, action: \.editor) { MeetingEditor() }
    Reduce { state, action in
      switch action {
      case .editor:
        return .none
      case let .addAttendee(name):
        state.$meeting.withLock { $0.attendees.append(name) }
        return .none
      }
    }
  }
}

/// Rows that each hold a shared value.
@Reducer
struct SharedRows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<MeetingDetail.State> = []
  }

  enum Action {
    case rows(IdentifiedActionOf<MeetingDetail>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { MeetingDetail() }
  }
}

@MainActor
@Suite struct SharedTests {
  @Test func twoFeaturesHoldingOneKeyRenderEachOtherChanges() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      let first = Store(initialState: SharedCounter.State()) { SharedCounter() }
      let second = Store(initialState: SharedCounter.State()) { SharedCounter() }
      let firstCount = RenderProbe { first.count }
      let secondCount = RenderProbe { second.count }
      let secondTaps = RenderProbe { second.taps }

      first.send(.incrementTapped)
      #expect(firstCount.renders == 1)
      #expect(secondCount.renders == 1)
      #expect(secondCount.value == 1)
      #expect(secondTaps.renders == 0)

      // An equal write renders nothing.
      second.send(.setTapped(1))
      #expect(firstCount.renders == 1)
      #expect(secondCount.renders == 1)

      second.send(.incrementTapped)
      #expect(firstCount.renders == 2)
      #expect(firstCount.value == 2)

      // A send that does not touch the shared value renders nothing of it.
      second.send(.tapped)
      #expect(firstCount.renders == 2)
      #expect(secondCount.renders == 2)
      #expect(secondTaps.renders == 1)
    }
  }

  @Test func aKeyHeldOutsideAnyStoreIsTheSameValue() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var count = 10
      let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
      // The storage held a value already: the default is not used.
      #expect(store.count == 10)
      let probe = RenderProbe { store.count }

      $count.withLock { $0 += 5 }
      #expect(probe.renders == 1)
      #expect(probe.value == 15)

      $count.withLock { $0 = 15 }
      #expect(probe.renders == 1)
    }
  }

  @Test func aReaderOfOnePathRendersOnlyWhenItsValueChanged() {
    let meeting = Shared(value: Meeting(id: 1, title: "Standup"))
    let store = Store(initialState: MeetingDetail.State(meeting: meeting)) { MeetingDetail() }
    let title = RenderProbe { store[\.meeting.title] }
    let attendees = RenderProbe { store[\.meeting.attendees] }
    let notes = RenderProbe { store.notes }
    let editor = store.scope(state: \.meeting, action: \.editor)
    let editorTitle = RenderProbe { editor.title }

    // Outside any store.
    meeting.withLock { $0.attendees.append("Blob") }
    #expect(title.renders == 0)
    #expect(editorTitle.renders == 0)
    #expect(attendees.renders == 1)
    #expect(attendees.value == ["Blob"])

    // Through the child store scoped into the shared value.
    editor.send(.retitle("Retro"))
    #expect(title.renders == 1)
    #expect(editorTitle.renders == 1)
    #expect(editorTitle.value == "Retro")
    #expect(attendees.renders == 1)

    // Through a projection of a field.
    meeting.title.withLock { $0 = "Planning" }
    #expect(title.value == "Planning")
    #expect(title.renders == 2)
    #expect(attendees.renders == 1)

    // Equal writes render nothing.
    meeting.withLock { $0.title = "Planning" }
    store.send(.editor(.retitle("Planning")))
    #expect(title.renders == 2)
    #expect(editorTitle.renders == 2)
    #expect(notes.renders == 0)
  }

  @Test func aReaderOfTheWholeStateRendersWhenTheSharedValueChanges() {
    let meeting = Shared(value: Meeting(id: 1))
    let store = Store(initialState: MeetingDetail.State(meeting: meeting)) { MeetingDetail() }
    let whole = RenderProbe { store.state }

    meeting.withLock { $0.title = "Standup" }
    #expect(whole.renders == 1)
    #expect(whole.value.meeting.title == "Standup")
  }

  @Test func aChangeOfAnotherSharedValueRendersNothing() {
    enum Screen: Equatable {
      case detail(MeetingDetail.State)
      case empty
    }
    let held = Shared(value: Meeting(id: 1))
    let other = Shared(value: Meeting(id: 2))
    let store = Store<Screen, Bool>(initialState: .detail(MeetingDetail.State(meeting: held))) {
      screen, isEmpty in
      if isEmpty { screen = .empty }
      return .none
    }
    // The whole screen, an enum holding a shared value: searched, not taken as changed.
    let screen = RenderProbe { store.state }

    other.withLock { $0.title = "Other" }
    #expect(screen.renders == 0)

    held.withLock { $0.title = "Held" }
    #expect(screen.renders == 1)
    #expect(
      screen.value
        == .detail(MeetingDetail.State(meeting: Shared(value: Meeting(id: 1, title: "Held")))))

    store.send(true)
    #expect(screen.renders == 2)
    held.withLock { $0.title = "Gone" }
    #expect(screen.renders == 2)
  }

  @Test func elementStoresOfRowsHoldingSharedValues() {
    let first = Shared(value: Meeting(id: 1, title: "One"))
    let second = Shared(value: Meeting(id: 2, title: "Two"))
    let store = Store(
      initialState: SharedRows.State(rows: [
        MeetingDetail.State(meeting: first), MeetingDetail.State(meeting: second),
      ])
    ) { SharedRows() }
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    let titles = rows.map { row in RenderProbe { row[\.meeting.title] } }
    #expect(titles.map(\.value) == ["One", "Two"])

    second.withLock { $0.title = "Deux" }
    #expect(titles[0].renders == 0)
    #expect(titles[1].renders == 1)
    #expect(titles[1].value == "Deux")

    rows[0].send(.editor(.retitle("Un")))
    #expect(titles[0].renders == 1)
    #expect(titles[1].renders == 1)
    #expect(first.wrappedValue.title == "Un")
  }

  @Test func projections() {
    let meetings = Shared(
      value: IdentifiedArrayOf<Meeting>(uniqueElements: [Meeting(id: 1), Meeting(id: 2)]))
    let second = try! #require(Shared(meetings[id: 2]))
    second.withLock { $0.title = "Two" }
    #expect(meetings.wrappedValue[id: 2]?.title == "Two")
    #expect(meetings[id: 3].wrappedValue == nil)
    #expect(Shared(meetings[id: 3]) == nil)

    let all = [Shared<Meeting>](meetings)
    #expect(all.map(\.id) == [1, 2])
    all[0].title.withLock { $0 = "One" }
    #expect(meetings.wrappedValue[id: 1]?.title == "One")

    // A removed element reads its last value, and a write to it is dropped.
    meetings.withLock { _ = $0.remove(id: 2) }
    #expect(second.wrappedValue.title == "Two")
    second.withLock { $0.title = "Gone" }
    #expect(meetings.wrappedValue.count == 1)

    let reader = SharedReader(meetings)
    let count = meetings.count
    #expect(reader.wrappedValue.count == 1)
    #expect(count.wrappedValue == 1)
    meetings.withLock { $0.append(Meeting(id: 3)) }
    #expect(count.wrappedValue == 2)
    #expect(SharedReader(meetings[id: 3])?.wrappedValue.id == 3)
    #expect(Shared(meetings) == meetings)
    #expect("\(all[0])".contains("One"))
  }

  @Test func sharedReaderOfAKey() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("name")) var name = "Blob"
      @SharedReader(.inMemory("name")) var reader = "Other"
      #expect(reader == "Blob")
      $name.withLock { $0 = "Blob Jr." }
      #expect(reader == "Blob Jr.")
      #expect($reader.count.wrappedValue == 8)
    }
  }

  @Test func aKeyOfAnotherTypeIsReported() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("value")) var number = 1
      withKnownIssue {
        @Shared(.inMemory("value")) var text = "one"
        #expect(text == "one")
      } matching: { issue in
        issue.description.contains("holds a value of another type")
      }
      #expect(number == 1)
    }
  }

  @Test func theChangeLogNamesAChangeMadeOutsideTheStore() {
    let meeting = Shared(value: Meeting(id: 1))
    let store = Store(initialState: MeetingDetail.State(meeting: meeting)) { MeetingDetail() }
    var entries: [ChangeLogEntry] = []
    store.changeLog = { entries.append($0) }
    let title = RenderProbe { store[\.meeting.title] }
    meeting.withLock { $0.title = "Standup" }
    #expect(title.renders == 1)
    #expect(entries.map(\.cause) == [.sharedValue])
    // (A computed property's key path has no name at run time: the path ends `.title`.)
    #expect(entries.first?.changes.count == 1)
    #expect(entries.first?.changes.first?.path.hasSuffix(".title") == true)
    #expect(entries.first?.changes.first?.newValue.contains("Standup") == true)
  }

  @Test func aWriteMayReadTheValueItWrites() throws {
    // SyncUps' delete: `$syncUps.withLock { $0.remove(id: state.syncUp.id) }`, where `syncUp`
    // is a part of `syncUps`. The read inside sees the value before the write.
    let meetings = Shared<IdentifiedArrayOf<Meeting>>(value: [Meeting(id: 1), Meeting(id: 2)])
    let second = try #require(Shared(meetings[id: 2]))
    meetings.withLock { _ = $0.remove(id: second.wrappedValue.id) }
    #expect(meetings.wrappedValue.ids == [1])
    let first = try #require(Shared(meetings[id: 1]))
    meetings.withLock { $0[id: 1]?.title = "Was \(first.wrappedValue.title.isEmpty)" }
    #expect(first.wrappedValue.title == "Was true")
  }

  @Test func writesFromOtherThreadsReachTheStoreAndLoseNothing() async {
    let meeting = Shared(value: Meeting(id: 1))
    let store = Store(initialState: MeetingDetail.State(meeting: meeting)) { MeetingDetail() }
    let attendees = RenderProbe { store[\.meeting.attendees.count] }
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask { meeting.withLock { $0.attendees.append("\(index)") } }
      }
    }
    #expect(meeting.wrappedValue.attendees.count == 100)
    // The stores hear of a change made off the main thread in a main-actor task.
    await yieldUntil { attendees.value == 100 }
    #expect(attendees.value == 100)
    #expect(attendees.renders >= 1)
  }
}
