import Hush
import HushCombine
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

@MainActor
@Suite struct StorePublisherTests {
  struct State: Equatable {
    var title = "Hello"
    var count = 0
  }

  enum Action {
    case setTitle(String)
    case increment
  }

  static func makeStore() -> Store<State, Action> {
    Store(initialState: State()) { state, action in
      switch action {
      case let .setTitle(title): state.title = title
      case .increment: state.count += 1
      }
      return .none
    }
  }

  @Test func publishesCurrentValueThenRealChangesOnly() {
    let store = Self.makeStore()
    var titles: [String] = []
    let cancellable = store.publisher(\.title).sink { titles.append($0) }
    store.send(.increment)
    store.send(.setTitle("Hello"))
    store.send(.setTitle("World"))
    store.title = "World"
    store.send(.setTitle("Again"))
    #expect(titles == ["Hello", "World", "Again"])
    cancellable.cancel()
    store.send(.setTitle("After"))
    #expect(titles == ["Hello", "World", "Again"])
  }

  @Test func theStatesPublisherAndItsMembersAreWrittenAsInTCA() {
    let store = Self.makeStore()
    var states: [State] = []
    var titles: [String] = []
    let all = store.publisher.sink { states.append($0) }
    let titlePublisher: StorePublisher<String> = store.publisher.title
    let title = Subscribers.Sink<String, Never>(
      receiveCompletion: { _ in }, receiveValue: { titles.append($0) })
    titlePublisher.receive(subscriber: title)
    store.send(.increment)
    store.send(.setTitle("Hello"))
    store.send(.setTitle("World"))
    #expect(titles == ["Hello", "World"])
    #expect(
      states == [
        State(), State(title: "Hello", count: 1), State(title: "World", count: 1),
      ])
    // A subscription keeps the store alive until it is cancelled (the sink made by hand is
    // not an `AnyCancellable`, which would cancel when released).
    all.cancel()
    title.cancel()
  }

  @Test func subscriberReadsTheNewStateInTheSink() {
    let store = Self.makeStore()
    var seen: [Int] = []
    let cancellable = store.publisher(\.count).sink { _ in seen.append(store.count) }
    store.send(.increment)
    store.send(.increment)
    #expect(seen == [0, 1, 2])
    withExtendedLifetime(cancellable) {}
  }

  @Test func eachSubscriptionObservesIndependently() {
    let store = Self.makeStore()
    var first: [Int] = []
    var second: [Int] = []
    let a = store.publisher(\.count).sink { first.append($0) }
    store.send(.increment)
    let b = store.publisher(\.count).sink { second.append($0) }
    store.send(.increment)
    #expect(first == [0, 1, 2])
    #expect(second == [1, 2])
    withExtendedLifetime((a, b)) {}
  }
}
