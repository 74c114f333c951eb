import ConcurrencyExtras
import Foundation
import Hush
import HushTesting
import Testing

@testable import SyncUps

extension SpeechClient {
  /// Authorized, transcribing what `transcripts` yields (then failing, when `failing`).
  static func fake(
    _ authorization: SpeechAuthorization, transcripts: [String] = [], failing: Bool = false
  ) -> Self {
    Self(
      authorizationStatus: { authorization },
      requestAuthorization: { authorization },
      startTask: {
        AsyncThrowingStream { continuation in
          for transcript in transcripts { continuation.yield(transcript) }
          if failing {
            continuation.finish(throwing: CancellationError())
          }
        }
      })
  }
}

/// A sync-up of three attendees, six seconds long: two seconds each.
let sixSecondSyncUp = SyncUp(
  id: UUID(0),
  attendees: [
    Attendee(id: UUID(1), name: "Blob"), Attendee(id: UUID(2), name: "Blob Jr"),
    Attendee(id: UUID(3), name: "Blob Sr"),
  ],
  duration: .seconds(6), title: "Design")

@MainActor
@Suite struct RecordMeetingTests {
  let clock = TestClock()

  func store(
    _ state: RecordMeeting.State = RecordMeeting.State(syncUp: Shared(value: sixSecondSyncUp)),
    speech: SpeechClient = .fake(.denied)
  ) -> TestStoreOf<RecordMeeting> {
    TestStore(initialState: state) {
      RecordMeeting()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.speechClient = speech
      $0.uuid = .incrementing
    }
  }

  /// The meeting a save adds to the sync-up.
  func meeting(_ transcript: String = "") -> Meeting {
    Meeting(id: UUID(0), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: transcript)
  }

  @Test func theTimerGivesEachAttendeeATurnThenSaves() async {
    let store = store()
    let onTask = await store.send(.onTask)
    for second in 1...5 {
      await clock.advance(by: .seconds(1))
      await store.receive(\.timerTick) {
        $0.secondsElapsed = second
        $0.speakerIndex = second / 2
      }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 6
      $0.$syncUp.withLock { $0.meetings = [meeting()] }
    }
    await onTask.cancel()
    await store.finish()  // the save's effect dismisses
    #expect(store.isDismissed)
  }

  @Test func theTranscriptFollowsSpeech() async {
    let store = store(speech: .fake(.authorized, transcripts: ["I shipped", "I shipped it"]))
    let onTask = await store.send(.onTask)
    await store.receive(\.speechResult, "I shipped") { $0.transcript = "I shipped" }
    await store.receive(\.speechResult, "I shipped it") { $0.transcript = "I shipped it" }
    await store.send(.endMeetingButtonTapped) { $0.alert = .endMeeting(isDiscardable: true) }
    await store.send(\.alert.confirmSave) {
      $0.alert = nil
      $0.syncUp.meetings = [meeting("I shipped it")]
    }
    await onTask.cancel()
    await store.finish()  // the save's effect dismisses
    #expect(store.isDismissed)
  }

  @Test func endingEarlyAndDiscarding() async {
    let store = store()
    await store.send(.endMeetingButtonTapped) { $0.alert = .endMeeting(isDiscardable: true) }
    await store.send(\.alert.confirmDiscard) { $0.alert = nil }
    await store.finish()
    #expect(store.isDismissed)
  }

  @Test func theTimerPausesWhileTheAlertAsks() async {
    let store = store()
    let onTask = await store.send(.onTask)
    await store.send(.endMeetingButtonTapped) { $0.alert = .endMeeting(isDiscardable: true) }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick)  // no second counted
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) { $0.secondsElapsed = 1 }
    await onTask.cancel()
    await store.finish()
  }

  @Test func nextSpeakerThenTheLastOneEnds() async {
    let store = store()
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 2
    }
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 4
    }
    // No one is left: the meeting can be saved, not discarded.
    await store.send(.nextButtonTapped) { $0.alert = .endMeeting(isDiscardable: false) }
    await store.send(\.alert.confirmSave) {
      $0.alert = nil
      $0.syncUp.meetings = [meeting()]
    }
    await store.finish()
    #expect(store.isDismissed)
  }

  @Test func aSpeechFailureAsksAndTheMeetingGoesOn() async {
    let store = store(speech: .fake(.authorized, transcripts: ["I shipped"], failing: true))
    let onTask = await store.send(.onTask)
    await store.receive(\.speechResult, "I shipped") { $0.transcript = "I shipped" }
    await store.receive(\.speechFailure) {
      $0.transcript = "I shipped ❌"
      $0.alert = .speechRecognizerFailed
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) { $0.secondsElapsed = 1 }
    await onTask.cancel()
    await store.finish()
  }

  @Test func aSpeechFailureCanDiscardTheMeeting() async {
    let store = store(speech: .fake(.authorized, failing: true))
    let onTask = await store.send(.onTask)
    await store.receive(\.speechFailure) { $0.alert = .speechRecognizerFailed }
    await store.send(\.alert.confirmDiscard) { $0.alert = nil }
    await onTask.cancel()
    await store.finish()  // the discard's effect dismisses
    #expect(store.isDismissed)
    #expect(store.state.syncUp.meetings.isEmpty)
  }
}

@MainActor
@Suite struct SyncUpDetailSpeechTests {
  func store(_ authorization: SpeechAuthorization, settings: LockIsolated<Int>? = nil)
    -> TestStoreOf<SyncUpDetail>
  {
    TestStore(initialState: SyncUpDetail.State(syncUp: Shared(value: .design))) {
      SyncUpDetail()
    } withDependencies: {
      $0.speechClient = .fake(authorization)
      if let settings { $0.openSettings = OpenSettings { settings.withValue { $0 += 1 } } }
    }
  }

  @Test func authorizedStartsTheMeeting() async {
    let store = store(.authorized)
    await store.send(.startMeetingButtonTapped)
    await store.receive(\.delegate.startMeeting, Shared(value: .design))
  }

  @Test func notYetAskedStartsTheMeeting() async {
    let store = store(.notDetermined)
    await store.send(.startMeetingButtonTapped)
    await store.receive(\.delegate.startMeeting, Shared(value: .design))
  }

  @Test func restrictedAsksToGoOnWithoutRecording() async {
    let store = store(.restricted)
    await store.send(.startMeetingButtonTapped) {
      $0.destination = .alert(.speechRecognitionRestricted)
    }
    await store.send(\.destination.alert.continueWithoutRecording) { $0.destination = nil }
    await store.receive(\.delegate.startMeeting, Shared(value: .design))
  }

  @Test func deniedOffersTheSettings() async {
    let settings = LockIsolated(0)
    let store = store(.denied, settings: settings)
    await store.send(.startMeetingButtonTapped) {
      $0.destination = .alert(.speechRecognitionDenied)
    }
    await store.send(\.destination.alert.openSettings) { $0.destination = nil }
    await store.finish()
    #expect(settings.value == 1)
  }

  @Test func deniedCanGoOnWithoutRecording() async {
    let store = store(.denied)
    await store.send(.startMeetingButtonTapped) {
      $0.destination = .alert(.speechRecognitionDenied)
    }
    await store.send(\.destination.alert.continueWithoutRecording) { $0.destination = nil }
    await store.receive(\.delegate.startMeeting, Shared(value: .design))
  }
}

@MainActor
@Suite struct AppRecordingTests {
  @Test func aRecordedMeetingIsSavedAndTheRecordScreenPops() async throws {
    @Shared(.syncUps) var syncUps = [sixSecondSyncUp]
    let syncUp = try #require(Shared($syncUps[id: sixSecondSyncUp.id]))
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.uuid = .incrementing
      $0.speechClient = .fake(.authorized)
    }
    let detail = SyncUpDetail.State(syncUp: syncUp)
    await store.send(.path(.push(id: 0, state: .detail(detail)))) {
      $0.path[id: 0] = .detail(detail)
    }
    await store.send(\.path[id: 0].detail.startMeetingButtonTapped)
    // The record screen holds the same sync-up as the detail and the list.
    await store.receive(\.path[id: 0].detail.delegate.startMeeting) {
      $0.path[id: 1] = .record(RecordMeeting.State(syncUp: syncUp))
    }
    await store.send(\.path[id: 1].record.endMeetingButtonTapped) {
      $0.path[id: 1] = .record(
        RecordMeeting.State(alert: .endMeeting(isDiscardable: true), syncUp: syncUp))
    }
    let meeting = Meeting(
      id: UUID(0), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: "")
    await store.send(\.path[id: 1].record.alert.confirmSave) {
      $0.path[id: 1] = .record(RecordMeeting.State(syncUp: syncUp))
      // One write, seen by the list, the detail under the record screen, and the file.
      $0.syncUpsList.syncUps[id: UUID(0)]?.meetings = [meeting]
    }
    #expect(store.state.path[id: 0]?.detail?.syncUp.meetings == [meeting])
    await store.receive(\.path.popFrom) {
      $0.path.pop(from: 1)
    }
    await store.finish()
  }
}
