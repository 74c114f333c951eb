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
    case ping
    case crunched(sawPing: Bool)
  }

  /// Work that never suspends, until `pinged` is signalled: short bursts of arithmetic between
  /// blocking waits of 10 ms. Run on the main actor, it would hold the main actor until its
  /// bound, and the ping could not be handled before it ended.
  ///
  /// It blocks rather than spins: a form of this test that spun held a whole core, and on a
  /// loaded two-core machine under ThreadSanitizer the main actor, sharing the other core with
  /// the rest of the suite, did not handle the ping within ten minutes. The bound (15 minutes,
  /// below the 20 that CI gives a test run) only ends a broken run.
  ///
  /// - Returns: Whether the ping arrived while it worked.
  nonisolated static func crunch(until pinged: DispatchSemaphore) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(15 * 60))
    var state: UInt64 = 1
    while clock.now < deadline {
      for _ in 0..<10_000 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      }
      if pinged.wait(timeout: .now() + .milliseconds(10)) == .success { return state != 0 }
    }
    return false
  }

  @Test func aCPUHeavyEffectDoesNotBlockTheMainActor() async {
    let pinged = DispatchSemaphore(value: 0)
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let store = Store<[String], Work>(initialState: []) { log, action in
      switch action {
      case .crunch:
        return .run { send in
          startedContinuation.yield()
          await send(.crunched(sawPing: Self.crunch(until: pinged)))
        }
      case .ping:
        pinged.signal()
        log.append("ping")
        return .none
      case let .crunched(sawPing):
        log.append("crunched, saw ping: \(sawPing)")
        return .none
      }
    }
    let task = store.send(.crunch)
    var startedIterator = started.makeAsyncIterator()
    await startedIterator.next()
    store.send(.ping)  // handled on the main actor while the effect works
    await task.finish()
    #expect(store.state == ["ping", "crunched, saw ping: true"])
  }
}
