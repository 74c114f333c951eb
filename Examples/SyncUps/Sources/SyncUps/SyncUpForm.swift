import Foundation
import Hush

/// Edits a sync-up: its title, length, theme and attendees. Used for a new sync-up (a draft
/// the list adds or discards) and to edit one (a draft the detail keeps or discards).
public struct SyncUpForm: Reducer {
  public struct State: Equatable, Sendable {
    public var focus: Field?
    public var syncUp: SyncUp

    /// A form for `syncUp`, with one empty attendee to type into when it has none.
    public init(focus: Field? = .title, syncUp: SyncUp) {
      self.focus = focus
      self.syncUp = syncUp
      if self.syncUp.attendees.isEmpty {
        @Dependency(\.uuid) var uuid
        self.syncUp.attendees.append(Attendee(id: uuid()))
      }
    }

    /// The field with the keyboard focus.
    public enum Field: Hashable, Sendable {
      case attendee(Attendee.ID)
      case title
    }
  }

  @CasePathable
  public enum Action: BindableAction, Equatable, Sendable {
    case addAttendeeButtonTapped
    case binding(BindingAction<State>)
    case deleteAttendees(atOffsets: IndexSet)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addAttendeeButtonTapped:
        let attendee = Attendee(id: uuid())
        state.syncUp.attendees.append(attendee)
        state.focus = .attendee(attendee.id)
        return .none

      case .binding:
        return .none

      case let .deleteAttendees(offsets):
        state.syncUp.attendees.remove(atOffsets: offsets)
        if state.syncUp.attendees.isEmpty {
          state.syncUp.attendees.append(Attendee(id: uuid()))
        }
        // The focus moves to the attendee now where the first deleted one was.
        guard let first = offsets.first else { return .none }
        let index = min(first, state.syncUp.attendees.count - 1)
        state.focus = .attendee(state.syncUp.attendees[index].id)
        return .none
      }
    }
  }
}

/// A form is the form of its sync-up: a sheet presents it with `.sheet(item:)`, which needs an
/// `Identifiable` store (a Hush store is `Identifiable` when its state is).
extension SyncUpForm.State: Identifiable {
  public var id: SyncUp.ID { syncUp.id }
}
