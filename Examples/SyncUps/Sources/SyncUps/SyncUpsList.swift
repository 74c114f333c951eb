import Foundation
import Hush

/// The list of sync-ups, and the sheet that adds one. The list is `@Shared(.syncUps)`: the
/// screens that show a sync-up change it in place, and it is saved wherever it changes.
public struct SyncUpsList: Reducer {
  public struct State: Equatable, Sendable {
    public var destination: Destination.State?
    /// Shared with every screen that shows a sync-up, and kept on disk.
    @Shared(.syncUps) public var syncUps: IdentifiedArrayOf<SyncUp>

    public init(destination: Destination.State? = nil) {
      self.destination = destination
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case addSyncUpButtonTapped
    case confirmAddSyncUpButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case discardAddSyncUpButtonTapped
    case delete(atOffsets: IndexSet)
    /// A row was tapped: the app pushes its detail.
    case syncUpTapped(SyncUp.ID)
  }

  /// What the list presents: the form of a new sync-up, or an alert about it.
  public struct Destination: Reducer {
    @CasePathable @dynamicMemberLookup
    public enum State: Equatable, Sendable {
      case add(SyncUpForm.State)
      case alert(AlertState<Alert>)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case add(SyncUpForm.Action)
      case alert(Alert)
    }

    @CasePathable
    public enum Alert: Equatable, Sendable {
      case addAnAttendee
    }

    public var body: some ReducerOf<Self> {
      Scope(state: \.add, action: \.add) { SyncUpForm() }
    }
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addSyncUpButtonTapped:
        state.destination = .add(SyncUpForm.State(syncUp: SyncUp(id: uuid())))
        return .none

      case .confirmAddSyncUpButtonTapped:
        guard case var .add(form)? = state.destination else { return .none }
        form.syncUp.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
        guard !form.syncUp.attendees.isEmpty else {
          // Nobody to time: the draft stays, behind an alert that says why.
          state.destination = .alert(.noAttendees)
          return .none
        }
        state.$syncUps.withLock { _ = $0.append(form.syncUp) }
        state.destination = nil
        return .none

      case .destination:
        return .none

      case .discardAddSyncUpButtonTapped:
        state.destination = nil
        return .none

      case let .delete(offsets):
        state.$syncUps.withLock { $0.remove(atOffsets: offsets) }
        return .none

      case .syncUpTapped:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) { Destination() }
  }
}

extension AlertState where Action == SyncUpsList.Destination.Alert {
  /// A sync-up needs someone to time.
  public static let noAttendees = AlertState {
    TextState("Add an attendee")
  } actions: {
    ButtonState(action: .addAnAttendee) { TextState("OK") }
  } message: {
    TextState("A sync-up needs at least one attendee with a name.")
  }
}
