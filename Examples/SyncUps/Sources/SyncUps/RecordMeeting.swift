import Foundation
import Hush

/// A meeting in progress: a timer that gives each attendee a turn, a transcript from speech
/// recognition, and an early end behind an alert (save or discard). When the time is up, the
/// meeting is saved and the screen pops; when it is popped, its timer and recognition stop.
public struct RecordMeeting: Reducer {
  public struct State: Equatable, Sendable {
    public var alert: AlertState<Action.Alert>?
    public var secondsElapsed: Int
    public var speakerIndex: Int
    @Shared public var syncUp: SyncUp
    public var transcript: String

    public init(
      alert: AlertState<Action.Alert>? = nil, secondsElapsed: Int = 0, speakerIndex: Int = 0,
      syncUp: Shared<SyncUp>, transcript: String = ""
    ) {
      self.alert = alert
      self.secondsElapsed = secondsElapsed
      self.speakerIndex = speakerIndex
      self._syncUp = syncUp
      self.transcript = transcript
    }

    /// How long the meeting has left.
    public var durationRemaining: Duration {
      syncUp.duration - .seconds(secondsElapsed)
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case endMeetingButtonTapped
    case nextButtonTapped
    case onTask
    case speechFailure
    case speechResult(String)
    case timerTick

    @CasePathable
    public enum Alert: Equatable, Sendable {
      case confirmDiscard
      case confirmSave
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.speechClient) var speechClient
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDiscard)):
        return .run { [dismiss] _ in await dismiss() }

      case .alert(.presented(.confirmSave)):
        return save(&state)

      case .alert:
        return .none

      case .endMeetingButtonTapped:
        state.alert = .endMeeting(isDiscardable: true)
        return .none

      case .nextButtonTapped:
        guard state.speakerIndex < state.syncUp.attendees.count - 1 else {
          state.alert = .endMeeting(isDiscardable: false)
          return .none
        }
        state.speakerIndex += 1
        state.secondsElapsed = state.speakerIndex * state.secondsPerAttendee
        return .none

      case .onTask:
        return .run { [clock, speechClient] send in
          var authorization = speechClient.authorizationStatus()
          if authorization == .notDetermined {
            authorization = await speechClient.requestAuthorization()
          }
          await withDiscardingTaskGroup { group in
            if authorization == .authorized {
              group.addTask {
                do {
                  for try await transcript in await speechClient.startTask() {
                    await send(.speechResult(transcript))
                  }
                } catch {
                  await send(.speechFailure)
                }
              }
            }
            group.addTask {
              while (try? await clock.sleep(for: .seconds(1))) != nil {
                await send(.timerTick)
              }
            }
          }
        }

      case .speechFailure:
        if !state.transcript.isEmpty { state.transcript += " ❌" }
        state.alert = .speechRecognizerFailed
        return .none

      case let .speechResult(transcript):
        state.transcript = transcript
        return .none

      case .timerTick:
        // The clock stops while an alert asks the user something.
        guard state.alert == nil else { return .none }
        state.secondsElapsed += 1
        guard state.secondsElapsed.isMultiple(of: state.secondsPerAttendee) else { return .none }
        if state.secondsElapsed >= Int(state.syncUp.duration.components.seconds) {
          return save(&state)
        }
        state.speakerIndex += 1
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert)
  }

  /// Adds the meeting to the sync-up (the list's own, so the detail under this screen shows
  /// it and it is saved), then pops the screen.
  private func save(_ state: inout State) -> Effect<Action> {
    let meeting = Meeting(id: uuid(), date: now, transcript: state.transcript)
    state.$syncUp.withLock { $0.meetings.insert(meeting, at: 0) }
    return .run { [dismiss] _ in await dismiss() }
  }
}

extension RecordMeeting.State {
  var secondsPerAttendee: Int {
    max(Int(syncUp.durationPerAttendee.components.seconds), 1)
  }
}

extension AlertState where Action == RecordMeeting.Action.Alert {
  /// Ends the meeting early: save it, or (when it may be discarded) throw it away.
  public static func endMeeting(isDiscardable: Bool) -> Self {
    AlertState {
      TextState("End meeting?")
    } actions: {
      ButtonState(action: .confirmSave) { TextState("Save and end") }
      if isDiscardable {
        ButtonState(role: .destructive, action: .confirmDiscard) { TextState("Discard") }
      }
      ButtonState(role: .cancel) { TextState("Resume") }
    } message: {
      TextState("You are ending the meeting early. What would you like to do?")
    }
  }

  /// Speech recognition failed: the meeting can go on without a transcript.
  public static let speechRecognizerFailed = AlertState {
    TextState("Speech recognition failure")
  } actions: {
    ButtonState(role: .cancel) { TextState("Continue meeting") }
    ButtonState(role: .destructive, action: .confirmDiscard) { TextState("Discard meeting") }
  } message: {
    TextState(
      """
      The speech recognizer has failed for some reason and so your meeting will no longer be \
      recorded. What do you want to do?
      """)
  }
}
