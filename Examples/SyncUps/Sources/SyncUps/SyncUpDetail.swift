import Foundation
import Hush

/// One sync-up: its details and past meetings, with editing (a sheet) and deletion (behind an
/// alert). The app keeps the list: the detail tells it what changed through its delegate.
public struct SyncUpDetail: Reducer {
  public struct State: Equatable, Sendable {
    public var destination: Destination.State?
    public var syncUp: SyncUp

    public init(destination: Destination.State? = nil, syncUp: SyncUp) {
      self.destination = destination
      self.syncUp = syncUp
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case cancelEditButtonTapped
    case delegate(Delegate)
    case deleteButtonTapped
    case deleteMeetings(atOffsets: IndexSet)
    case destination(PresentationAction<Destination.Action>)
    case doneEditingButtonTapped
    case editButtonTapped
    case startMeetingButtonTapped

    /// What the app learns from the detail.
    @CasePathable
    public enum Delegate: Equatable, Sendable {
      /// The sync-up changed (edited, or a meeting deleted): the app saves it in the list.
      case syncUpUpdated(SyncUp)
      /// The user confirmed the deletion: the app removes the sync-up; the detail pops.
      case deleteConfirmed
      /// The user starts a meeting: the app pushes the record screen.
      case startMeeting(SyncUp)
    }
  }

  /// What the detail presents: the form that edits the sync-up, or an alert.
  public struct Destination: Reducer {
    @CasePathable @dynamicMemberLookup
    public enum State: Equatable, Sendable {
      case alert(AlertState<Alert>)
      case edit(SyncUpForm.State)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case alert(Alert)
      case edit(SyncUpForm.Action)
    }

    @CasePathable
    public enum Alert: Equatable, Sendable {
      case confirmDeletion
      case continueWithoutRecording
      case openSettings
    }

    public var body: some ReducerOf<Self> {
      Scope(state: \.edit, action: \.edit) { SyncUpForm() }
    }
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.openSettings) var openSettings
  @Dependency(\.speechClient) var speechClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelEditButtonTapped:
        state.destination = nil
        return .none

      case .delegate:
        return .none

      case .deleteButtonTapped:
        state.destination = .alert(.deleteSyncUp)
        return .none

      case let .deleteMeetings(offsets):
        state.syncUp.meetings.remove(atOffsets: offsets)
        return .send(.delegate(.syncUpUpdated(state.syncUp)))

      case .destination(.presented(.alert(.confirmDeletion))):
        return .run { [dismiss] send in
          await send(.delegate(.deleteConfirmed))
          await dismiss()
        }

      case .destination(.presented(.alert(.continueWithoutRecording))):
        return .send(.delegate(.startMeeting(state.syncUp)))

      case .destination(.presented(.alert(.openSettings))):
        return .run { [openSettings] _ in await openSettings() }

      case .destination:
        return .none

      case .doneEditingButtonTapped:
        guard case let .edit(form)? = state.destination else { return .none }
        state.syncUp = form.syncUp
        state.destination = nil
        return .send(.delegate(.syncUpUpdated(state.syncUp)))

      case .editButtonTapped:
        state.destination = .edit(SyncUpForm.State(syncUp: state.syncUp))
        return .none

      case .startMeetingButtonTapped:
        switch speechClient.authorizationStatus() {
        case .notDetermined, .authorized:
          return .send(.delegate(.startMeeting(state.syncUp)))
        case .denied:
          state.destination = .alert(.speechRecognitionDenied)
          return .none
        case .restricted:
          state.destination = .alert(.speechRecognitionRestricted)
          return .none
        }
      }
    }
    .ifLet(\.destination, action: \.destination) { Destination() }
  }
}

extension AlertState where Action == SyncUpDetail.Destination.Alert {
  /// Deleting a sync-up cannot be undone.
  public static let deleteSyncUp = AlertState {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
    ButtonState(role: .cancel) { TextState("Nevermind") }
  } message: {
    TextState("Are you sure you want to delete this sync-up?")
  }

  /// Speech recognition was denied: the user can allow it in the settings, or go on without.
  public static let speechRecognitionDenied = AlertState {
    TextState("Speech recognition denied")
  } actions: {
    ButtonState(action: .continueWithoutRecording) { TextState("Continue without recording") }
    ButtonState(action: .openSettings) { TextState("Open settings") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState(
      """
      You previously denied speech recognition and so your meeting will not be recorded. You \
      can enable speech recognition in settings, or you can continue without recording.
      """)
  }

  /// Speech recognition is restricted on this device: the meeting can go on without it.
  public static let speechRecognitionRestricted = AlertState {
    TextState("Speech recognition restricted")
  } actions: {
    ButtonState(action: .continueWithoutRecording) { TextState("Continue without recording") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState(
      """
      Your device does not support speech recognition and so your meeting will not be \
      recorded.
      """)
  }
}
