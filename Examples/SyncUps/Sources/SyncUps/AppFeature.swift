import Foundation
import Hush

/// The app: the list of sync-ups at the root of a navigation stack of details and past
/// meetings. It loads the sync-ups when it starts and saves them a second after each change.
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
    case appStarted
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

  enum CancelID { case save }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.syncUpsStorage) var storage
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    // The save follows every change of the list, whichever reducer made it: the list's own,
    // or this one's for a detail's delegate.
    CombineReducers {
      Scope(state: \.syncUpsList, action: \.syncUpsList) { SyncUpsList() }
      Reduce { state, action in
        switch action {
        case .appStarted:
          state.syncUpsList.syncUps = storage.load()
          return .none

        case let .path(.element(_, .detail(.delegate(.syncUpUpdated(syncUp))))):
          state.syncUpsList.syncUps[id: syncUp.id] = syncUp
          return .none

        case let .path(.element(id, .detail(.delegate(.deleteConfirmed)))):
          guard let syncUpID = state.path[id: id]?.detail?.syncUp.id else { return .none }
          state.syncUpsList.syncUps.remove(id: syncUpID)
          return .none

        case let .syncUpsList(.syncUpTapped(id)):
          guard let syncUp = state.syncUpsList.syncUps[id: id] else { return .none }
          state.path.append(.detail(SyncUpDetail.State(syncUp: syncUp)))
          return .none

        case let .path(.element(_, .detail(.delegate(.startMeeting(syncUp))))):
          state.path.append(.record(RecordMeeting.State(syncUp: syncUp)))
          return .none

        case let .path(.element(id, .record(.delegate(.saveMeeting(transcript))))):
          guard let syncUpID = state.path[id: id]?.record?.syncUp.id else { return .none }
          let meeting = Meeting(id: uuid(), date: now, transcript: transcript)
          state.syncUpsList.syncUps[id: syncUpID]?.meetings.insert(meeting, at: 0)
          // The detail under the record screen shows the new meeting too.
          for screen in state.path.ids {
            guard case var .detail(detail)? = state.path[id: screen],
              detail.syncUp.id == syncUpID
            else { continue }
            detail.syncUp.meetings.insert(meeting, at: 0)
            state.path[id: screen] = .detail(detail)
          }
          return .none

        case .path, .syncUpsList:
          return .none
        }
      }
      .forEach(\.path, action: \.path) { Path() }
    }
    .onChange(of: \.syncUpsList.syncUps) { _, syncUps in
      Reduce { _, _ in
        .run { [clock, storage] _ in
          try await clock.sleep(for: .seconds(1))
          try storage.save(syncUps)
        }
        .cancellable(id: CancelID.save, cancelInFlight: true)
      }
    }
  }
}
