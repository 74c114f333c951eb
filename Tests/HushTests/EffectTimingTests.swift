import Clocks
import ConcurrencyExtras
import Hush
import Testing

/// Debounce and throttle, on a `TestClock` advanced by hand.
@MainActor
@Suite struct EffectTimingTests {
  // MARK: Search field (debounce)

  enum SearchAction: Equatable {
    case queryChanged(String)
    case response(String)
  }

  struct SearchState: Equatable {
    var query = ""
    var responses: [String] = []
  }

  enum SearchID { case request }

  /// A search feature whose request is `api`, debounced by 300 ms.
  static func makeSearchStore(
    clock: some Clock<Duration>,
    api: @escaping @Sendable (String) async throws -> String
  ) -> Store<SearchState, SearchAction> {
    Store(initialState: SearchState()) { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .run { send in await send(.response(try await api(query))) }
          .debounce(id: SearchID.request, for: .milliseconds(300), clock: clock)
      case let .response(result):
        state.responses.append(result)
        return .none
      }
    }
  }

  @Test func twentyKeystrokesFiftyMillisecondsApartMakeOneRequestWithTheLastQuery() async {
    let clock = TestClock()
    let requests = LockIsolated<[String]>([])
    let store = Self.makeSearchStore(clock: clock) { query in
      requests.withValue { $0.append(query) }
      return "results for \(query)"
    }
    let letters = Array("abcdefghijklmnopqrst")
    var lastTask: StoreTask?
    for count in 1...20 {
      lastTask = store.send(.queryChanged(String(letters.prefix(count))))
      await clock.advance(by: .milliseconds(50))
    }
    #expect(requests.value.isEmpty)  // 50 ms after the last keystroke: still quiet
    await clock.advance(by: .milliseconds(250))
    await lastTask?.finish(advancing: clock, by: .milliseconds(300))
    #expect(requests.value == ["abcdefghijklmnopqrst"])
    #expect(store.responses == ["results for abcdefghijklmnopqrst"])
  }

  @Test func aKeystrokeCancelsTheStartedRequestAndItsLateResultIsNeverSent() async {
    let clock = TestClock()
    let (started, startedContinuation) = AsyncStream<String>.makeStream()
    // The request for "c" ignores cancellation until the test lets it answer, so its result
    // arrives after the next keystroke cancelled it.
    let (gate, openGate) = AsyncStream<Void>.makeStream()
    let cancelled = LockIsolated<[String]>([])
    let store = Self.makeSearchStore(clock: clock) { query in
      startedContinuation.yield(query)
      if query == "c" {
        for await _ in gate { break }
        if Task.isCancelled { cancelled.withValue { $0.append(query) } }
      }
      return query
    }
    var startedQueries = started.makeAsyncIterator()

    let first = store.send(.queryChanged("c"))
    await clock.advance(by: .milliseconds(300))
    #expect(await startedQueries.next() == "c")

    let second = store.send(.queryChanged("ca"))  // cancels the request for "c"
    openGate.yield()
    await first.finish()
    #expect(cancelled.value == ["c"])
    #expect(store.responses.isEmpty)  // the late "c" result was dropped

    await clock.advance(by: .milliseconds(300))
    #expect(await startedQueries.next() == "ca")
    await second.finish(advancing: clock, by: .milliseconds(300))
    #expect(store.responses == ["ca"])
  }

  @Test func cancellingTheDebounceIdDropsTheWaitingRequest() async {
    let clock = TestClock()
    let requests = LockIsolated(0)
    let store = Store<Int, Bool>(initialState: 0) { count, isCancel in
      if isCancel { return .cancel(id: SearchID.request) }
      return .run { _ in requests.withValue { $0 += 1 } }
        .debounce(id: SearchID.request, for: .milliseconds(300), clock: clock)
    }
    let task = store.send(false)
    store.send(true)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(requests.value == 0)
  }

  // MARK: Slider (throttle)

  enum SliderAction: Equatable {
    case moved(Int)
    case apply(Int)
  }

  enum SliderID { case value }

  static func makeSliderStore(
    clock: some Clock<Duration>, latest: Bool
  ) -> Store<[Int], SliderAction> {
    Store(initialState: []) { applied, action in
      switch action {
      case let .moved(value):
        return .send(.apply(value))
          .throttle(id: SliderID.value, for: .seconds(1) / 15, clock: clock, latest: latest)
      case let .apply(value):
        applied.append(value)
        return .none
      }
    }
  }

  /// Moves the slider to 0, 1, …, 119 at 120 evenly spaced instants over one second, then
  /// lets the last window end.
  ///
  /// Without `latest`, each window closes before the next instant (its timer wakes on another
  /// task, which a busy machine may run late); with `latest`, the trailing value opens the
  /// next window, and instants do not wait.
  static func moveSlider120TimesInOneSecond(
    _ store: Store<[Int], SliderAction>, clock: TestClock<Duration>, latest: Bool
  ) async {
    let start = clock.now
    var last: StoreTask?
    var windowEnd: TestClock<Duration>.Instant?
    for value in 0..<120 {
      let now = start.advanced(by: .seconds(1) * value / 120)
      await clock.advance(to: now)
      if !latest, let end = windowEnd, now >= end {
        _ = await yieldUntil { store.effects.openThrottleWindowCount == 0 }
      }
      let wasOpen = store.effects.openThrottleWindowCount > 0
      last = store.send(.moved(value))
      if !wasOpen { windowEnd = now.advanced(by: .seconds(1) / 15) }
    }
    await clock.advance(to: start.advanced(by: .seconds(1) + .seconds(1) / 15))
    // The task of a throttled action ends when its window closed, after any trailing value.
    await last?.finish(advancing: clock, by: .seconds(1) / 15)
  }

  @Test func throttleWithLatestDeliversAboutFifteenValuesEndingWithTheFinalOne() async {
    let clock = TestClock()
    let store = Self.makeSliderStore(clock: clock, latest: true)
    await Self.moveSlider120TimesInOneSecond(store, clock: clock, latest: true)
    let applied = store.state
    #expect((15...16).contains(applied.count), "\(applied)")
    #expect(applied.first == 0)  // the leading edge
    #expect(applied.last == 119)  // the final value
    #expect(applied == applied.sorted())
  }

  @Test func throttleWithoutLatestDeliversTheFirstValueOfEachWindow() async {
    let clock = TestClock()
    let store = Self.makeSliderStore(clock: clock, latest: false)
    await Self.moveSlider120TimesInOneSecond(store, clock: clock, latest: false)
    // Windows of 1/15 s are 8 slider steps long; each delivers the value that opened it:
    // 0, 8, 16, …, 112. A window can only end later than its deadline (when the machine is
    // busy, the timer may wake after the next value arrived), never earlier.
    let applied = store.state
    let gaps = zip(applied, applied.dropFirst()).map { $1 - $0 }
    #expect(applied.first == 0)
    #expect(gaps.allSatisfy { $0 >= 8 }, "two values in one window: \(applied)")
    #expect(gaps.allSatisfy { $0 <= 9 }, "a window opened late: \(applied)")
    #expect((14...15).contains(applied.count), "\(applied)")
  }

  @Test func cancellingAThrottleIdClosesItsWindowAndDropsThePendingValue() async {
    let clock = TestClock()
    let store = Store<[Int], SliderAction?>(initialState: []) { applied, action in
      switch action {
      case let .moved(value):
        return .send(.apply(value))
          .throttle(id: SliderID.value, for: .seconds(1), clock: clock, latest: true)
      case let .apply(value):
        applied.append(value)
        return .none
      case nil:
        return .cancel(id: SliderID.value)
      }
    }
    store.send(.moved(1))  // leading edge
    store.send(.moved(2))  // pending
    store.send(nil)  // drops 2, closes the window
    store.send(.moved(3))  // a new window: leading edge again
    await clock.advance(by: .seconds(2))
    #expect(store.state == [1, 3])
  }
}
