// A parent that reacts to a child's action by matching it inside its own case, as apps did
// before delegate actions: the child's send of that action reaches the parent and is not a
// round trip for nothing. The parent's forwarding of a child's action as its own (zashi-ios'
// root) is one.
import ComposableArchitecture

@Reducer
struct AppFeature {
  @ObservableState
  struct State: Equatable {
    var library = Library.State()
    var isLocked = false
    var alert: String?
  }

  enum Action {
    case library(Library.Action)
    case failed
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.library, action: \.library) { Library() }
    Reduce { state, action in
      switch action {
      case .library(.locked):
        state.isLocked = true
        return .none
      case .library(.failed):
        return .send(.failed)  // expect: action-ping-pong
      case .failed:
        state.alert = "Something went wrong"
        return .none
      case .library:
        return .none
      }
    }
  }
}
