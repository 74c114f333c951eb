import ConcurrencyExtras
import Dependencies
import Hush
import HushTesting
import Testing

/// A feature whose effects change a shared count.
@Reducer
private struct SharedCountEffects {
  @ObservableState
  struct State: Equatable {
    @Shared(.count) var count = 0
  }

  enum Action: Equatable {
    case addInEffect(Int)
    case addQuietly(Int)
    case added
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addInEffect(amount):
        return .run { [count = state.$count] send in
          count.withLock { $0 += amount }
          await send(.added)
        }
      case let .addQuietly(amount):
        return .run { [count = state.$count] _ in count.withLock { $0 += amount } }
      case .added:
        return .none
      }
    }
  }
}

/// `TestStore` asserts shared values as TCA's does: the test's closure starts from the value
/// at the previous step and states the new one; a change the test does not state fails.
@MainActor
@Suite struct SharedTestStoreTests {
  @Test func aSharedChangeIsAssertedWithWithLock() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    await store.send(.incrementTapped) {
      $0.$count.withLock { $0 += 1 }
    }
    #expect(store.state.count == 2)
  }

  @Test func aSharedChangeIsAssertedByAssignment() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.setTapped(7)) { $0.count = 7 }
    await store.send(.tapped) { $0.taps = 1 }
  }

  @Test func aWrongExpectationFailsWithADiffAndChangesNothing() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    let messages = LockIsolated<[String]>([])
    await withKnownIssue {
      await store.send(.incrementTapped) {
        $0.$count.withLock { $0 = 5 }
      }
    } matching: { issue in
      messages.withValue { $0.append(issue.description) }
      return true
    }
    #expect(messages.value.count == 1)
    let message = messages.value.first ?? ""
    #expect(message.contains("A state change does not match expectation"))
    #expect(message.contains("−") && message.contains("5"))
    #expect(message.contains("+") && message.contains("1"))
    // The test's closure changed its expectation, not the shared value.
    #expect(store.state.count == 1)
    @Shared(.count) var count = 0
    #expect(count == 1)
  }

  @Test func anUnassertedSharedChangeFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    let messages = LockIsolated<[String]>([])
    await withKnownIssue {
      await store.send(.incrementTapped)
    } matching: { issue in
      messages.withValue { $0.append(issue.description) }
      return true
    }
    #expect(messages.value.count == 1)
    let message = messages.value.first ?? ""
    #expect(message.contains("A state change does not match expectation"))
    #expect(message.contains(#".inMemory("count"): 0 → 1"#))
    #expect(message.contains("$0.$count.withLock"))
    // The next step starts from the live value.
    await store.send(.incrementTapped) { $0.count = 2 }
  }

  @Test func anUnassertedSharedChangeBesideAnAssertedOneFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.incrementTapped) { $0.taps = 0 }
    } matching: { issue in
      issue.description.contains(#".inMemory("count"): 0 → 1"#)
    }
  }

  @Test func withExhaustivityOffTheClosureStartsFromTheLiveValue() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.incrementTapped)
    await store.send(.incrementTapped) { $0.$count.withLock { $0 += 0 } }
    await store.send(.tapped) { $0.count = 2 }
    await withKnownIssue {
      await store.send(.incrementTapped) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains("does not match expectation")
    }
  }

  @Test func aChangeByAnEffectIsAssertedWhereItsActionIsReceived() async {
    let store = TestStore(initialState: SharedCountEffects.State()) { SharedCountEffects() }
    await store.send(.addInEffect(10))
    await store.receive(.added) {
      $0.$count.withLock { $0 = 10 }
    }
    await store.send(.addInEffect(5))
    await store.receive(.added) { $0.count = 15 }
  }

  @Test func aChangeAfterTheLastAssertionFailsAtTheEnd() async {
    let store = TestStore(initialState: SharedCountEffects.State()) { SharedCountEffects() }
    await store.send(.addQuietly(3))
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("Shared values changed after the last assertion")
        && issue.description.contains(#".inMemory("count"): 0 → 3"#)
    }
  }

  @Test func aChangeAfterTheLastAssertionIsAssertedWithAssert() async {
    let store = TestStore(initialState: SharedCountEffects.State()) { SharedCountEffects() }
    await store.send(.addQuietly(3))
    store.assert { $0.$count.withLock { $0 = 3 } }
    await store.finish()
  }

  @Test func anAssertionOfTheStateAsItIsPasses() async {
    // As in TCA: `assert` may state what the state already holds (an initial value).
    let store = TestStore(initialState: SharedCounter.State(taps: 2)) { SharedCounter() }
    store.assert { $0.taps = 2 }
  }

  @Test func aChildScopedIntoASharedValue() async {
    let meeting = Shared(value: Meeting(id: 1, title: "Standup"))
    let store = TestStore(initialState: MeetingDetail.State(meeting: meeting)) {
      MeetingDetail()
    }
    await store.send(.editor(.retitle("Retro"))) {
      $0.$meeting.withLock { $0.title = "Retro" }
    }
    await store.send(.addAttendee("Blob")) {
      $0.meeting.attendees = ["Blob"]
    }
    await withKnownIssue {
      await store.send(.editor(.retitle("Planning"))) { $0.meeting.title = "Plan" }
    } matching: { issue in
      issue.description.contains("does not match expectation")
        && issue.description.contains("Plan")
    }
    #expect(meeting.wrappedValue.title == "Planning")
  }
}
