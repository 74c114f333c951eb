import Foundation
import Hush
import HushTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The code of the "Dependencies" article (Sources/Hush/Documentation.docc), compiled and run;
// see `DocumentationCodeTests`.

// snippet: forecasts
struct Forecasts: Sendable {
  var today: @Sendable (_ city: String) async throws -> String
}

extension Forecasts: DependencyKey {
  static let liveValue = Forecasts { city in
    var components = URLComponents(string: "https://wttr.in")!
    components.path = "/\(city)"
    components.queryItems = [URLQueryItem(name: "format", value: "3")]
    let (data, _) = try await URLSession.shared.data(from: components.url!)
    return String(decoding: data, as: UTF8.self)
  }
  static let testValue = Forecasts { city in "Sunny in \(city)" }
}

extension DependencyValues {
  var forecasts: Forecasts {
    get { self[Forecasts.self] }
    set { self[Forecasts.self] = newValue }
  }
}
// end snippet

// snippet: weather
struct Weather: Reducer {
  struct State: Equatable {
    var city = ""
    var forecast: String?
    var checkedAt: Date?
  }

  @CasePathable
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case forecastLoaded(String)
  }

  enum CancelID { case forecast }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.forecasts) var forecasts

  var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.city) { _, city in
        Reduce { _, _ in
          .run { [forecasts] send in
            await send(.forecastLoaded(try await forecasts.today(city)))
          }
          .debounce(id: CancelID.forecast, for: .milliseconds(500), clock: clock)
        }
      }
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case let .forecastLoaded(forecast):
        state.forecast = forecast
        state.checkedAt = now
        return .none
      }
    }
  }
}
// end snippet

// snippet: trip
struct Trip: Reducer {
  struct State: Equatable {
    var departure = Weather.State()
    var arrival = Weather.State()
  }

  @CasePathable
  enum Action: Equatable {
    case departure(Weather.Action)
    case arrival(Weather.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.departure, action: \.departure) {
      Weather()
    }
    Scope(state: \.arrival, action: \.arrival) {
      Weather()
        .dependency(\.forecasts.today, { city in "Sunny in \(city), as every day" })
    }
  }
}
// end snippet

@MainActor
@Suite struct DependenciesArticleTests {
  @Test func aPreviewStore() async {
    // snippet: preview-store
    let store = Store(initialState: Weather.State()) {
      Weather()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.forecasts.today = { city in "Snow in \(city)" }
    }
    // end snippet
    await store.send(.binding(.set(\.city, "Oslo"))).finish()
    #expect(store.forecast == "Snow in Oslo")
  }

  @Test func theArticleTest() async {
    // snippet: weather-test
    let clock = TestClock()
    let store = TestStore(initialState: Weather.State()) {
      Weather()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 0)
    }
    await store.send(\.binding.city, "Oslo") { $0.city = "Oslo" }
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.forecastLoaded, "Sunny in Oslo") {
      $0.forecast = "Sunny in Oslo"
      $0.checkedAt = Date(timeIntervalSince1970: 0)
    }

    store.dependencies.forecasts.today = { _ in throw CancellationError() }
    await store.send(\.binding.city, "Bergen") { $0.city = "Bergen" }
    await clock.advance(by: .milliseconds(500))
    await store.finish()  // the failed request sent nothing
    // end snippet
  }

  @Test func theTripTest() async {
    // snippet: trip-test
    let store = TestStore(initialState: Trip.State()) {
      Trip()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.date.now = Date(timeIntervalSince1970: 0)
    }
    await store.send(\.arrival.binding.city, "Rome") { $0.arrival.city = "Rome" }
    await store.receive(\.arrival.forecastLoaded, "Sunny in Rome, as every day") {
      $0.arrival.forecast = "Sunny in Rome, as every day"
      $0.arrival.checkedAt = Date(timeIntervalSince1970: 0)
    }
    await store.send(\.departure.binding.city, "Oslo") { $0.departure.city = "Oslo" }
    await store.receive(\.departure.forecastLoaded, "Sunny in Oslo") {
      $0.departure.forecast = "Sunny in Oslo"
      $0.departure.checkedAt = Date(timeIntervalSince1970: 0)
    }
    // end snippet
  }
}
