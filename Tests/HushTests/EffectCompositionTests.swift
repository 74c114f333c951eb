import Clocks
import ConcurrencyExtras
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

  /// Busy work that never suspends, until `pinged` is set or a bound is reached (seconds of
  /// work): run on the main actor, it would end at its bound before a ping could be handled.
  ///
  /// - Returns: Whether the ping arrived while it worked.
  nonisolated static func crunch(until pinged: LockIsolated<Bool>) -> Bool {
    // Busy until the main actor handled the ping. The deadline only bounds a broken run (work
    // on the main actor never sees the ping); it is long because other tests may hold the main
    // actor for minutes when the whole suite runs in parallel under ThreadSanitizer on a
    // loaded machine (120 s was once too short there).
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(600))
    var state: UInt64 = 1
    var iterations = 0
    while !pinged.value {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      iterations += 1
      if iterations % 100_000 == 0, clock.now > deadline { break }
    }
    return pinged.value && state != 0
  }

  @Test func aCPUHeavyEffectDoesNotBlockTheMainActor() async {
    let pinged = LockIsolated(false)
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let store = Store<[String], Work>(initialState: []) { log, action in
      switch action {
      case .crunch:
        return .run { send in
          startedContinuation.yield()
          await send(.crunched(sawPing: Self.crunch(until: pinged)))
        }
      case .ping:
        pinged.setValue(true)
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
    store.send(.ping)  // handled on the main actor while the effect computes
    await task.finish()
    #expect(store.state == ["ping", "crunched, saw ping: true"])
  }
}
