import Clocks
import ConcurrencyExtras
import Hush
import HushTesting
import Testing

/// `TestStore.useMainSerialExecutor`: a test store runs its effects one job at a time, in the
/// order they were enqueued, as TCA's does, so the actions of concurrent effects arrive in the
/// same order on every run; a test turns it off when its effects must run in parallel.
@MainActor
@Suite struct SerialEffectsTests {
  enum Action: Equatable {
    case start
    case step(effect: Int, step: Int)
    case whereDoEffectsRun
    case ranOnTheSerialQueue(Bool)
    case load
    case loaded(Int)
  }

  /// Four effects, each sending three steps, checking that no other effect runs while it does.
  static func reduce(overlaps: LockIsolated<Int>, running: LockIsolated<Int>)
    -> @MainActor (inout [String], Action) -> Effect<Action>
  {
    { state, action in
      switch action {
      case .start:
        return .merge(
          (0..<4).map { effect in
            .run { send in
              for step in 0..<3 {
                running.withValue {
                  if $0 > 0 { overlaps.withValue { $0 += 1 } }
                  $0 += 1
                }
                // Work that does not suspend: another effect on another thread would overlap.
                var sum = 0
                for value in 0..<20_000 { sum &+= value &* value }
                running.withValue { $0 -= 1 }
                if sum == 42 { return }
                await send(.step(effect: effect, step: step))
              }
            }
          })
      case .step:
        return .none
      case .whereDoEffectsRun:
        return .run { send in await send(.ranOnTheSerialQueue(SerialEffectQueue.isCurrent)) }
      case .ranOnTheSerialQueue:
        return .none
      case .load:
        // A dependency that answers at once, after a few hops of its own.
        return .run { send in
          for _ in 0..<5 { await Task.yield() }
          await send(.loaded(await MainActor.run { 42 }))
        }
      case let .loaded(value):
        state.append("loaded \(value)")
        return .none
      }
    }
  }

  static func makeStore() -> (TestStore<[String], Action>, overlaps: LockIsolated<Int>) {
    let overlaps = LockIsolated(0)
    let reducer = reduce(overlaps: overlaps, running: LockIsolated(0))
    return (TestStore(initialState: [], reducer: reducer), overlaps)
  }

  @Test func concurrentEffectsTakeTurnsInTheOrderTheyStarted() async {
    let (store, overlaps) = Self.makeStore()
    #expect(store.useMainSerialExecutor)
    await store.send(.start)
    // Round by round, in the order the effects started: each one sends, and its next step
    // waits behind the others' first.
    for step in 0..<3 {
      for effect in 0..<4 {
        await store.receive(.step(effect: effect, step: step))
      }
    }
    await store.finish()
    #expect(overlaps.value == 0)
  }

  @Test func aTestWhoseEffectsMustRunInParallelTurnsItOff() async {
    let (store, _) = Self.makeStore()
    await store.send(.whereDoEffectsRun)
    await store.receive(.ranOnTheSerialQueue(true))
    store.useMainSerialExecutor = false
    #expect(!store.useMainSerialExecutor)
    await store.send(.whereDoEffectsRun)
    await store.receive(.ranOnTheSerialQueue(false))
    await store.finish()
  }

  @Test func aStepSeesWhatEffectsDidWithDependenciesThatAnsweredAtOnce() async {
    let (store, _) = Self.makeStore()
    store.exhaustivity = .off
    await store.send(.load)
    // As in TCA: the effect ran to its end before `send` returned, so the next step (here a
    // look at the store's state; in a ported test, a send to a child the response presented)
    // sees its action reduced.
    #expect(store.store.state == ["loaded 42"])
    await store.finish()
  }

  enum TimerAction: Equatable {
    case start
    case tick
  }

  /// TCA's SyncUps meeting timer, advanced by six ticks in one step, with work to do after
  /// each tick (a few milliseconds, as a transcription would take) before it sleeps again: the
  /// clock gives the effect it wakes its turns before it looks for the next sleep, so every
  /// tick arrives, on every run. (Without them, the clock's twenty yields took a quarter of a
  /// millisecond and ticks were lost: the timer reached its next sleep after the clock had
  /// moved past it.)
  @Test func aClockAdvancedByManyTicksAtOnceDeliversEveryTick() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) { (count: inout Int, action: TimerAction) in
      switch action {
      case .start:
        return .run { send in
          await withDiscardingTaskGroup { group in
            group.addTask {
              for await _ in clock.timer(interval: .seconds(1)).prefix(6) {
                await send(.tick)
                var work: UInt64 = 1
                for _ in 0..<2_000_000 { work = work &* 6_364_136_223_846_793_005 &+ 1 }
                if work == 0 { return }
              }
            }
          }
        }
      case .tick:
        count += 1
        return .none
      }
    }
    #expect(EffectTurns.isOn || EffectTurns.everyTaskOnMain)
    await store.send(.start)
    await clock.advance(by: .seconds(6))
    for tick in 1...6 {
      await store.receive(.tick) { $0 = tick }
    }
    await store.finish()
  }
}
