import Foundation
import Hush

/// The app: the list of sync-ups at the root of a navigation stack of details and past
/// meetings. The screens share the list (`@Shared(.syncUps)`), which keeps itself on disk.
public struct AppFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var path: StackState<Path.State>
    public var syncUpsList: SyncUpsList.State

    public init(
      path: StackState<Path.State> = [], syncUpsList: SyncUpsList.State = SyncUpsList.State()
    ) {
      self.path = path
      self.syncUpsList = syncUpsList
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case path(StackActionOf<Path>)
    case syncUpsList(SyncUpsList.Action)
  }

  /// The screens pushed on the stack.
  public struct Path: Reducer {
    @CasePathable @dynamicMemberLookup
    public enum State: Equatable, Sendable {
      case detail(SyncUpDetail.State)
      /// A past meeting of a sync-up (a screen without actions).
      case meeting(Meeting, syncUp: SyncUp)
      case record(RecordMeeting.State)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case detail(SyncUpDetail.Action)
      case record(RecordMeeting.Action)
    }

    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { SyncUpDetail() }
      Scope(state: \.record, action: \.record) { RecordMeeting() }
    }
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.syncUpsList, action: \.syncUpsList) { SyncUpsList() }
    Reduce { state, action in
      switch action {
      case let .syncUpsList(.syncUpTapped(id)):
        // The detail holds the list's own sync-up, not a copy of it.
        guard let syncUp = Shared(state.syncUpsList.$syncUps[id: id]) else { return .none }
        state.path.append(.detail(SyncUpDetail.State(syncUp: syncUp)))
        return .none

      case let .path(.element(_, .detail(.delegate(.startMeeting(syncUp))))):
        state.path.append(.record(RecordMeeting.State(syncUp: syncUp)))
        return .none

      case .path, .syncUpsList:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
  }
}
