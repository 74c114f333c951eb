import Hush
import HushTesting
import Testing

/// TCA spellings that a ported feature uses as they are, through `import Hush` alone: each
/// test is written the way TCA's documentation writes it, and checks what TCA documents.
@MainActor
@Suite struct TCAParityTests {
  // MARK: @DependencyClient

  @Test func aDependencyClientIsCalledWithItsArgumentLabels() async {
    let store = TestStore(initialState: CitySearch.State()) {
      CitySearch()
    } withDependencies: {
      $0.weatherClient.search = { query in ["\(query)ville", "\(query)burg"] }
    }
    await store.send(.searchTapped("Oak")) { $0.isSearching = true }
    await store.receive(\.resultsLoaded) {
      $0.isSearching = false
      $0.results = ["Oakville", "Oakburg"]
    }
  }

  @Test func anEndpointWithADefaultAnswersItAndStillReportsItIsUnimplemented() async {
    let client = WeatherClient()
    var temperature: Int?
    await withKnownIssue {
      temperature = try? await client.temperature(city: "Oslo")
    } matching: { issue in
      issue.description.contains("WeatherClient.temperature")
    }
    #expect(temperature == 20)
  }

  @Test func anUnimplementedEndpointReportsItsNameAndThrows() async {
    // `Self()` is the test value: every endpoint without a default is unimplemented.
    let client = WeatherClient()
    var thrown: (any Error)?
    await withKnownIssue {
      do {
        _ = try await client.search(query: "Oak")
      } catch {
        thrown = error
      }
    } matching: { issue in
      issue.description.contains("WeatherClient.search")
    }
    #expect(thrown != nil)
  }

  // MARK: Effect.concatenate(with:)

  @Test func concatenateWithRunsTheSecondEffectAfterTheFirst() async {
    let store = TestStore(initialState: Saving.State()) { Saving() }
    await store.send(.saveTapped)
    await store.receive(\.saveStarted) { $0.log = ["started"] }
    await store.receive(\.saveFinished) { $0.log = ["started", "finished"] }
  }

  @Test func concatenatingNoneGivesTheOtherEffect() async {
    let store = Store<[String], String>(initialState: []) { log, action in
      log.append(action)
      return action == "go" ? Effect<String>.none.concatenate(with: .send("next")) : .none
    }
    await store.send("go").finish()
    #expect(store.state == ["go", "next"])
  }

  // MARK: StoreTask.cancel() async

  @Test func awaitingCancelStopsTheEffectsOfTheAction() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.startTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.tick) { $0.ticks = 1 }
    await task.cancel()
    await clock.advance(by: .seconds(5))
    // Exhaustive: a tick after the cancel, or a running timer, would fail the test here.
    #expect(task.isCancelled)
  }
}

@DependencyClient
struct WeatherClient: Sendable {
  var search: @Sendable (_ query: String) async throws -> [String]
  var temperature: @Sendable (_ city: String) async throws -> Int = { _ in 20 }
}

extension WeatherClient: TestDependencyKey {
  static let testValue = Self()
}

extension DependencyValues {
  var weatherClient: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}

/// Searches cities with a `@DependencyClient` client, as TCA's search case study does.
struct CitySearch: Reducer {
  struct State: Equatable {
    var isSearching = false
    var results: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case searchTapped(String)
    case resultsLoaded([String])
  }

  @Dependency(\.weatherClient) var weatherClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .searchTapped(query):
        state.isSearching = true
        return .run { send in
          await send(.resultsLoaded((try? await weatherClient.search(query: query)) ?? []))
        }
      case let .resultsLoaded(results):
        state.isSearching = false
        state.results = results
        return .none
      }
    }
  }
}

/// Sends one action, then runs an effect: `concatenate(with:)`.
struct Saving: Reducer {
  struct State: Equatable {
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case saveTapped
    case saveStarted
    case saveFinished
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveTapped:
        return .send(.saveStarted).concatenate(with: .run { send in await send(.saveFinished) })
      case .saveStarted:
        state.log.append("started")
        return .none
      case .saveFinished:
        state.log.append("finished")
        return .none
      }
    }
  }
}

/// A timer that ticks every second until its task is cancelled.
struct Ticker: Reducer {
  struct State: Equatable {
    var ticks = 0
  }

  @CasePathable
  enum Action: Equatable {
    case startTapped
    case tick
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}
