import Foundation
import Hush

/// One sync-up: its details and past meetings, with editing (a sheet) and deletion (behind an
/// alert). The sync-up is the list's own (`@Shared`, a projection of `$syncUps[id: id]`): an
/// edit here is the list's at once, and saved with it.
public struct SyncUpDetail: Reducer {
  public struct State: Equatable, Sendable {
    public var destination: Destination.State?
    @Shared public var syncUp: SyncUp

    public init(destination: Destination.State? = nil, syncUp: Shared<SyncUp>) {
      self.destination = destination
      self._syncUp = syncUp
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
      /// The user starts a meeting: the app pushes the record screen, which holds the same
      /// sync-up.
      case startMeeting(Shared<SyncUp>)
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
        state.$syncUp.withLock { $0.meetings.remove(atOffsets: offsets) }
        return .none

      case .destination(.presented(.alert(.confirmDeletion))):
        @Shared(.syncUps) var syncUps
        $syncUps.withLock { _ = $0.remove(id: state.syncUp.id) }
        return .run { [dismiss] _ in await dismiss() }

      case .destination(.presented(.alert(.continueWithoutRecording))):
        return .send(.delegate(.startMeeting(state.$syncUp)))

      case .destination(.presented(.alert(.openSettings))):
        return .run { [openSettings] _ in await openSettings() }

      case .destination:
        return .none

      case .doneEditingButtonTapped:
        guard case let .edit(form)? = state.destination else { return .none }
        state.$syncUp.withLock { $0 = form.syncUp }
        state.destination = nil
        return .none

      case .editButtonTapped:
        state.destination = .edit(SyncUpForm.State(syncUp: state.syncUp))
        return .none

      case .startMeetingButtonTapped:
        switch speechClient.authorizationStatus() {
        case .notDetermined, .authorized:
          return .send(.delegate(.startMeeting(state.$syncUp)))
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
