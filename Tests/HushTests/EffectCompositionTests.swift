import Clocks
import ConcurrencyExtras
import Dispatch
import Hush
import Testing

/// `concatenate`, `map`, and where effect work runs.
@MainActor
@Suite struct EffectCompositionTests {
  @Test func concatenateStartsEachEffectWhenThePreviousOneFinished() async {
    let clock = TestClock()
    let log = LockIsolated<[String]>([])
    let (firstStarted, firstStartedContinuation) = AsyncStream<Void>.makeStream()
    let store = Store<[String], String>(initialState: []) { received, action in
      guard action == "go" else {
        received.append(action)
        return .none
      }
      return .concatenate(
        .run { send in
          log.withValue { $0.append("first started") }
          firstStartedContinuation.yield()
          try await clock.sleep(for: .seconds(1))
          await send("first")
        },
        .send("between"),
        .run { send in
          log.withValue { $0.append("second started") }
          await send("second")
        }
      )
    }
    let task = store.send("go")
    var firstStartedIterator = firstStarted.makeAsyncIterator()
    await firstStartedIterator.next()
    await clock.advance(by: .milliseconds(500))
    #expect(log.value == ["first started"])  // the second waits for the first
    await clock.advance(by: .milliseconds(500))
    await task.finish(advancing: clock, by: .seconds(1))
    #expect(log.value == ["first started", "second started"])
    #expect(store.state == ["first", "between", "second"])
  }

  @Test func cancellingAConcatenationSkipsTheRest() async {
    let clock = TestClock()
    let store = Store<[String], String>(initialState: []) { received, action in
      switch action {
      case "go":
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send("first")
          },
          .send("second")
        )
        .cancellable(id: "chain")
      case "stop":
        return .cancel(id: "chain")
      default:
        received.append(action)
        return .none
      }
    }
    let task = store.send("go")
    store.send("stop")
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.state.isEmpty)
  }

  enum Child: Equatable {
    case load
    case loaded(Int)
  }

  enum Parent: Equatable {
    case child(Child)
  }

  @Test func mapEmbedsAChildEffectAndKeepsItsCancellation() async {
    let clock = TestClock()
    let store = Store<[Int], Parent>(initialState: []) { values, action in
      switch action {
      case .child(.load):
        let child: Effect<Child> = .merge(
          .send(.loaded(1)),
          .run { send in await send(.loaded(2)) },
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.loaded(3))
          }
          .cancellable(id: "slow", cancelInFlight: true)
        )
        return child.map(Parent.child)
      case let .child(.loaded(value)):
        values.append(value)
        return value == 2 ? Effect<Child>.cancel(id: "slow").map(Parent.child) : .none
      }
    }
    await store.send(.child(.load)).finish()
    #expect(store.state == [1, 2])  // 3 was cancelled by the mapped cancel
  }

  enum Work: Equatable {
    case crunch
    case crunched(onMainQueue: Bool, result: UInt64)
  }

  /// Marks the main dispatch queue, through which the main actor runs its jobs on every
  /// platform (on Linux, not always on the main thread).
  nonisolated static let mainQueueKey = DispatchSpecificKey<Bool>()

  /// Whether the caller runs on the main dispatch queue, so on the main actor.
  nonisolated static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  /// Busy work that never suspends: a fixed number of steps of a random-number generator.
  nonisolated static func crunch() -> UInt64 {
    var state: UInt64 = 1
    for _ in 0..<1_000_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    }
    return state
  }

  /// The operation of `Effect.run` runs off the main actor, so work in it that never
  /// suspends leaves the main actor free. Asked of the queue the work runs on, not timed: a
  /// form of this test that worked until the main actor handled a second action held a pool
  /// thread until then, and under ThreadSanitizer on a two-core machine the main actor did
  /// not run again before that work's ten-minute bound (CI failed on it).
  @Test func aCPUHeavyEffectDoesNotBlockTheMainActor() async {
    DispatchQueue.main.setSpecific(key: Self.mainQueueKey, value: true)
    #expect(Self.isOnMainQueue)  // the probe sees the main actor
    let store = Store<[Work], Work>(initialState: []) { log, action in
      switch action {
      case .crunch:
        return .run { send in
          let onMainQueue = Self.isOnMainQueue
          await send(.crunched(onMainQueue: onMainQueue, result: Self.crunch()))
        }
      case .crunched:
        log.append(action)
        return .none
      }
    }
    await store.send(.crunch).finish()
    #expect(store.state == [.crunched(onMainQueue: false, result: Self.crunch())])
  }
}
