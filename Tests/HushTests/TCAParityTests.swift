import ConcurrencyExtras
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

  @Test func aRunEffectsTaskHasTheNameItWasGiven() async {
    // Apple's OSes name tasks from their 26 versions on (the Swift 6.2 runtime); Linux always.
    guard #available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    let names = LockIsolated<[String?]>([])
    let store = Store<Int, Int>(initialState: 0) { _, _ in
      .run(name: "Autosave") { _ in names.withValue { $0.append(Task.name) } }
        .merge(with: .run { _ in names.withValue { $0.append(Task.name) } })
    }
    await store.send(1).finish()
    #expect(names.value.contains("Autosave"))
    #expect(names.value.contains(nil))
  }

  @Test func anEffectsActionsAreWhatItSends() async {
    let effect = Effect<String>.send("started")
      .concatenate(with: .run { send in await send("loaded") })
      .merge(with: .none)
    var sent: [String] = []
    for await action in effect.actions { sent.append(action) }
    #expect(sent == ["started", "loaded"])
  }

  @Test func endingTheIterationEarlyCancelsTheEffect() async {
    let wasCancelled = LockIsolated(false)
    let (never, keepOpen) = AsyncStream<Int>.makeStream()
    let effect = Effect<Int>.run { send in
      await send(1)
      await withTaskCancellationHandler {
        for await _ in never {}  // waits until the effect is cancelled
      } onCancel: {
        wasCancelled.setValue(true)
      }
      keepOpen.finish()
    }
    for await action in effect.actions {
      #expect(action == 1)
      break
    }
    for _ in 0..<100_000 where !wasCancelled.value { await Task.yield() }
    #expect(wasCancelled.value)
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

  // MARK: TestStore

  @Test func withDependenciesOverridesThemForTheOperationOnly() async {
    let store = TestStore(initialState: CitySearch.State()) {
      CitySearch()
    } withDependencies: {
      $0.weatherClient.search = { _ in ["Oakville"] }
    }
    await store.withDependencies {
      $0.weatherClient.search = { _ in [] }
    } operation: {
      await store.send(.searchTapped("Oak")) { $0.isSearching = true }
      await store.receive(\.resultsLoaded) { $0.isSearching = false }
    }
    await store.send(.searchTapped("Oak")) { $0.isSearching = true }
    await store.receive(\.resultsLoaded, ["Oakville"], timeout: .seconds(5)) {
      $0.isSearching = false
      $0.results = ["Oakville"]
    }
  }

  @Test func withExhaustivityOffAssertsOnlyWhatTheTestMentions() async {
    let store = TestStore(initialState: Saving.State()) { Saving() }
    await store.withExhaustivity(.off) {
      await store.send(.saveTapped)
      // `.saveStarted` is skipped; its change is part of the state this receive starts from.
      await store.receive(\.saveFinished, timeout: .seconds(5)) {
        $0.log = ["started", "finished"]
      }
    }
    #expect(store.exhaustivity == .on)
  }

  @Test func exhaustivityOffCanShowWhatTheTestSkipped() async {
    let store = TestStore(initialState: Saving.State()) { Saving() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.saveTapped)
    // Skips `.saveStarted`: reported as an expected failure (a known issue), which would
    // itself fail the test if nothing were reported.
    await store.receive(\.saveFinished) { $0.log = ["started", "finished"] }

    let search = TestStore(initialState: CitySearch.State()) {
      CitySearch()
    } withDependencies: {
      $0.weatherClient.search = { _ in ["Oakville"] }
    }
    search.exhaustivity = .off(showSkippedAssertions: true)
    await search.send(.searchTapped("Oak")) { $0.isSearching = true }
    // Asserts the results, not that the search ended: that change is reported the same way.
    await search.receive(\.resultsLoaded) { $0.results = ["Oakville"] }
  }

  @Test func skipReceivedActionsAcceptsWhatEffectsSent() async {
    let store = TestStore(initialState: Saving.State()) { Saving() }
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: { issue in
      issue.description.contains("no received actions to skip")
    }
    await store.skipReceivedActions(strict: false)
    await store.send(.saveTapped)
    await store.finish(timeout: .seconds(5))
    await store.skipReceivedActions()
    #expect(store.state.log == ["started", "finished"])
  }

  @Test func skipInFlightEffectsCancelsThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      issue.description.contains("no in-flight effects to skip")
    }
    let task = await store.send(.startTapped)
    await store.skipInFlightEffects()
    await task.finish()
    #expect(task.isCancelled)
  }

  @Test func assertChecksTheStateWithoutAnAction() async {
    let store = TestStore(initialState: Saving.State()) { Saving() }
    store.exhaustivity = .off
    await store.send(.saveTapped)
    await store.finish()
    store.assert { $0.log = ["started", "finished"] }
    withKnownIssue {
      store.assert { $0.log = [] }
    } matching: { issue in
      issue.description.contains("does not match")
    }
  }

  @Test func aTestStoreTaskThatOutlivesItsTimeoutFailsTheTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task: TestStoreTask = await store.send(.startTapped)
    // The timer waits on a test clock nobody advances: it never finishes by itself.
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(10))
    } matching: { issue in
      issue.description.contains("still running")
    }
    await task.cancel()
    await task.finish(timeout: .seconds(5))
  }

  // MARK: Spellings

  @Test func aBindableActionIsMadeWithSet() async {
    let store = TestStore(initialState: NameForm.State()) { NameForm() }
    await store.send(.set(\.name, "Blob")) { $0.name = "Blob" }
  }

  @Test func aStackScreenIsReadAndWrittenInItsCase() {
    var path = StackState<Screen>([.detail("a"), .settings(1)])
    let detail = path.ids[0]
    let settings = path.ids[1]
    #expect(path[id: detail, case: \.detail] == "a")
    #expect(path[id: detail, case: \.settings] == nil)
    path[id: detail, case: \.detail]?.append("b")
    #expect(path[id: detail] == .detail("ab"))
    withKnownIssue {
      path[id: settings, case: \.detail] = "x"
    } matching: { issue in
      issue.description.contains("was dropped")
    }
    #expect(path[id: settings] == .settings(1))
  }

  @Test func aViewSendsItsActionsThroughViewActionSending() async {
    let store = Store(initialState: Saving.State()) { Saving() }
    let view = SavingView(store: store)
    await view.send(.saveTapped).finish()
    #expect(store.log == ["started", "finished"])
  }

  @Test func stackStateEmptiesLikeAnyCollection() {
    var path = StackState<String>(["a", "b"])
    path.removeAll(keepingCapacity: true)
    #expect(path.isEmpty)
  }

  @Test func aSendMadeFromAClosureDeliversWhatItIsCalledWith() {
    let sent = LockIsolated<[String]>([])
    let send = SendOf<Saving>(send: { action in sent.withValue { $0.append("\(action)") } })
    send(.saveStarted)
    #expect(sent.value == ["saveStarted"])
  }

  @Test func aReducerForSomeOSVersionsIsComposedThroughLimitedAvailability() {
    let limited = ReducerBuilder<Int, Int>.buildLimitedAvailability(
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      })
    var state = 1
    let effect: EffectOf<Adder> = limited.reduce(into: &state, action: 2)
    #expect(state == 3)
    _ = effect
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
  enum Action: Equatable, ViewAction {
    case saveTapped
    case saveStarted
    case saveFinished
    case view(View)

    enum View: Equatable {
      case saveTapped
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveTapped, .view(.saveTapped):
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

/// A form with a `BindableAction`.
struct NameForm: Reducer {
  struct State: Equatable {
    var name = ""
  }

  @CasePathable
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

/// The screens of a stack, for `StackState`'s case subscript.
@CasePathable
enum Screen: Equatable {
  case detail(String)
  case settings(Int)
}

/// What a view with `@ViewAction(for: Saving.self)` is in Hush: it conforms to
/// `ViewActionSending`.
struct SavingView: ViewActionSending {
  let store: StoreOf<Saving>
}

/// Adds each action to the state.
struct Adder: Reducer {
  typealias State = Int
  typealias Action = Int

  func reduce(into state: inout Int, action: Int) -> Effect<Int> {
    state += action
    return .none
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
