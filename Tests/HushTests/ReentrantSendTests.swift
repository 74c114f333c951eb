import HushTesting
import Observation
import Testing

@testable import Hush

/// Readers notified during a send that send again (a `publisher` sink, an `onChange` that
/// dispatches): whatever order the nested changes come in, every reader sees the final state.
@MainActor
@Suite struct ReentrantSendTests {
  @Test func aPathChangedAgainByNestedSendsShowsTheLastValue() {
    let store = Store<AppState, AppAction>(initialState: AppState()) { state, action in
      switch action {
      case .increment:
        state.count += 1
        state.title = "t\(state.count)"
      case let .setTitle(title):
        state.title = title
      default:
        break
      }
      return .none
    }
    // A reader of `count` that sends twice when notified, while the outer send still has
    // `title` to notify.
    withObservationTracking {
      _ = store.count
    } onChange: {
      MainActor.assumeIsolated {
        store.send(.setTitle("x"))
        store.send(.setTitle("y"))
      }
    }
    let title = RenderProbe { store.title }

    store.send(.increment)

    #expect(title.value == "y")
    #expect(title.renders == 1)
    #expect(store[\.title] == "y")
  }
}
