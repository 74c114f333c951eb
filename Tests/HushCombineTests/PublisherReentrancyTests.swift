import Hush
import HushCombine
import Observation
import Testing

/// A `publisher` sink that sends while the store is still notifying the send that triggered
/// it: a view reading another path must still end with the final value.
@MainActor
@Suite struct PublisherReentrancyTests {
  struct State: Equatable {
    var title = "Hello"
    var count = 0
  }

  enum Action {
    case setTitle(String)
    case incrementAndRename
  }

  final class Flag: @unchecked Sendable {
    var dirty = false
  }

  @Test func aSinkThatSendsTwiceLeavesViewsWithTheLastValue() {
    let store = Store<State, Action>(initialState: State()) { state, action in
      switch action {
      case let .setTitle(title):
        state.title = title
      case .incrementAndRename:
        state.count += 1
        state.title = "renamed"
      }
      return .none
    }
    let cancellable = store.publisher(\.count).dropFirst().sink { _ in
      store.send(.setTitle("x"))
      store.send(.setTitle("y"))
    }
    // A view showing the title, re-rendered on the next frame as SwiftUI does.
    let flag = Flag()
    func render() -> String {
      withObservationTracking {
        store.title
      } onChange: {
        flag.dirty = true
      }
    }
    _ = render()

    store.send(.incrementAndRename)

    #expect(flag.dirty)
    #expect(render() == "y")
    withExtendedLifetime(cancellable) {}
  }
}
