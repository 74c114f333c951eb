import Clocks
import Hush
import HushTesting
import Testing

/// The search-field feature of the Effects article, proven with a `TestStore` and a
/// `TestClock`.
@MainActor
@Suite struct SearchFeatureTests {
  struct Search: Equatable {
    var query = ""
    var results: [String] = []
  }

  enum Action: Equatable {
    case queryChanged(String)
    case resultsLoaded([String])
  }

  enum SearchID { case request }

  static func reducer(
    clock: some Clock<Duration>, api: @escaping @Sendable (String) async throws -> [String]
  ) -> Reduce<Search, Action> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        guard !query.isEmpty else {
          state.results = []
          return .cancel(id: SearchID.request)
        }
        return .run { send in await send(.resultsLoaded(try await api(query))) }
          .debounce(id: SearchID.request, for: .milliseconds(300), clock: clock)
      case let .resultsLoaded(results):
        state.results = results
        return .none
      }
    }
  }

  @Test func typingFastSearchesOnceForTheLastQuery() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search(),
      reducer: Self.reducer(clock: clock) { query in ["\(query) 1", "\(query) 2"] })
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("ca")) { $0.query = "ca" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("cat")) { $0.query = "cat" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(["cat 1", "cat 2"])) { $0.results = ["cat 1", "cat 2"] }
    await store.finish()
  }

  @Test func clearingTheFieldCancelsThePendingSearch() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search(results: ["old"]),
      reducer: Self.reducer(clock: clock) { _ in ["never"] })
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.results = []
    }
    await clock.advance(by: .seconds(1))
    await store.finish()  // nothing was received: the test store would fail on it at the end
  }

  @Test func aTestThatForgetsToAdvanceTheClockFails() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search(),
      reducer: Self.reducer(clock: clock) { query in [query] },
      timeout: .yields(1_000))
    await store.send(.queryChanged("cat")) { $0.query = "cat" }
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.description.contains("1 is still running")
    }
    store.timeout = .default
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(["cat"])) { $0.results = ["cat"] }
  }
}
