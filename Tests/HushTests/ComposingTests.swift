import Hush
import HushTesting
import Testing

/// A counter feature written the TCA way: a body of reducers.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var lastEcho = 0
  }

  @CasePathable
  enum Action: Equatable {
    case increment
    case addZero
    case startTimer
    case cancelTimer
    case tick
    case echo(Int)
  }

  let clock: TestClock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .send(.echo(state.count))
      case .addZero:
        state.count += 0
        return .none
      case .startTimer:
        // The deadline is fixed now, so advancing the clock before the effect's task reaches
        // its sleep still wakes it.
        let deadline = clock.now.advanced(by: .seconds(1))
        return .run { [clock] send in
          try? await clock.sleep(until: deadline)
          await send(.tick)
        }
        .cancellable(id: "timer", cancelInFlight: true)
      case .cancelTimer:
        return .cancel(id: "timer")
      case .tick:
        state.count += 100
        return .none
      case let .echo(value):
        state.lastEcho = value
        return .none
      }
    }
  }
}

/// A parent of two counters and a log of what ran, in order.
struct Pair: Reducer {
  struct State: Equatable {
    var left = Counter.State()
    var right = Counter.State()
    var title = ""
    /// The left count the parent saw, set after the child ran.
    var leftCountSeenByParent = -1
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case left(Counter.Action)
    case right(Counter.Action)
    case setTitle(String)
  }

  let clock: TestClock<Duration>
  var logsRight = true

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Counter(clock: clock) }
    if logsRight {
      Scope(\.right, action: \.right) { Counter(clock: clock) }
    } else {
      EmptyReducer()
    }
    Reduce { state, action in
      switch action {
      case .left(.increment):
        state.leftCountSeenByParent = state.left.count
        state.log.append("parent")
        return .send(.setTitle("left \(state.left.count)"))
      case let .setTitle(title):
        state.title = title
        return .none
      case .left, .right:
        return .none
      }
    }
  }
}

@MainActor
@Suite struct ComposingTests {
  @Test func aBodyRunsTheChildBeforeTheParentAndMergesTheirEffects() async {
    let store = TestStore(initialState: Pair.State()) { Pair(clock: TestClock()) }
    await store.send(.left(.increment)) {
      $0.left.count = 1
      $0.leftCountSeenByParent = 1
      $0.log = ["parent"]
    }
    // The child's effect, then the parent's, both delivered.
    await store.receive(.left(.echo(1))) { $0.left.lastEcho = 1 }
    await store.receive(.setTitle("left 1")) { $0.title = "left 1" }
  }

  @Test func aStoreIsMadeFromAFeatureAsInTCA() {
    let store: StoreOf<Counter> = Store(initialState: Counter.State()) {
      Counter(clock: TestClock())
    }
    store.send(.increment)
    #expect(store.count == 1)
    #expect(store.lastEcho == 1)
  }

  @Test func conditionalsOptionalsAndLoopsInTheBuilder() {
    struct Tally: Reducer {
      typealias State = [String]
      typealias Action = Int
      var repeats: Int
      var note: String?

      var body: some Reducer<State, Action> {
        for index in 0..<repeats {
          Reduce { state, action in
            state.append("\(action)×\(index)")
            return .none
          }
        }
        if let note {
          Reduce { state, _ in
            state.append(note)
            return .none
          }
        }
        if repeats > 1 {
          Reduce { state, _ in
            state.append("many")
            return .none
          }
        } else {
          Reduce { state, _ in
            state.append("few")
            return .none
          }
        }
        CombineReducers {
          EmptyReducer()
          Reduce { state, _ in
            state.append("combined")
            return .none
          }
        }
      }
    }
    var state: [String] = []
    _ = Tally(repeats: 2, note: "n").reduce(into: &state, action: 7)
    #expect(state == ["7×0", "7×1", "n", "many", "combined"])
    state = []
    _ = Tally(repeats: 0, note: nil).reduce(into: &state, action: 7)
    #expect(state == ["few", "combined"])
  }

  @Test func siblingScopesDoNotRenderOrCancelEachOther() async {
    let clock = TestClock()
    let store = Store(initialState: Pair.State()) { Pair(clock: clock) }
    let left = store.scope(state: \.left, action: Pair.Action.left)
    let leftCount = RenderProbe { left.count }
    for _ in 0..<100 { store.send(.right(.increment)) }
    #expect(leftCount.renders == 0)
    #expect(store.right.count == 100)

    // Both children start an effect with the same id; neither cancels the other's.
    let leftTimer = store.send(.left(.startTimer))
    store.send(.right(.startTimer))
    #expect(store.effects.inFlightCount == 2)
    store.send(.right(.cancelTimer))
    #expect(store.effects.inFlightCount == 1)
    await clock.advance(by: .seconds(1))
    await leftTimer.finish(advancing: clock, by: .seconds(1))
    #expect(store.left.count == 100)
    #expect(store.right.count == 100)
    #expect(leftCount.renders == 1)
  }

  @Test func childStoresByCaseKeyPath() {
    let store = Store(initialState: Pair.State()) { Pair(clock: TestClock()) }
    let left = store.scope(state: \.left, action: \.left)
    let right = store.scope(\.right, action: \.right)
    // Cached: the same path and action type give the same store.
    #expect(store.scope(state: \.left, action: \.left) === left)
    let leftCount = RenderProbe { left.count }
    right.send(.increment)
    left.send(.increment)
    #expect(store.left.count == 1)
    #expect(store.right.count == 1)
    #expect(store.title == "left 1")
    #expect(leftCount.renders == 1)
  }

  @Test func aBodyCanBeSwitchedOffByACondition() {
    let store = Store(initialState: Pair.State()) { Pair(clock: TestClock(), logsRight: false) }
    store.send(.right(.increment))
    #expect(store.right.count == 0)
  }

  @Test func onChangeRunsOnlyOnARealChangeInBothSpellings() async {
    struct Search: Reducer {
      struct State: Equatable {
        var query = ""
        var page = 3
        var changes: [String] = []
      }
      enum Action: Equatable { case setQuery(String), touch, searched(String) }

      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case let .setQuery(query): state.query = query
          case .touch: state.query += ""
          case .searched: break
          }
          return .none
        }
        .onChange(of: \.query) { oldValue, newValue in
          Reduce { state, _ in
            state.page = 0
            state.changes.append("\(oldValue)→\(newValue)")
            return .none
          }
        }
        .onChange(of: \.query) { oldValue, state in
          state.changes.append("was \(oldValue)")
          return .send(.searched(state.query))
        }
      }
    }
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.touch)
    await store.send(.setQuery(""))
    await store.send(.setQuery("cat")) {
      $0.query = "cat"
      $0.page = 0
      $0.changes = ["→cat", "was "]
    }
    await store.receive(.searched("cat"))
    await store.send(.setQuery("cat"))
  }
}
