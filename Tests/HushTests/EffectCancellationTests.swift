import Clocks
import ConcurrencyExtras
import Hush
import Testing

/// Cancellation ids, their scope (one store), and cancellation when a store goes away.
@MainActor
@Suite struct EffectCancellationTests {
  enum Action: Equatable {
    case start
    case stop
    case finished
  }

  enum WorkID { case shared, other }

  /// A store whose `.start` runs one second of work under `WorkID.shared`.
  static func makeStore(
    clock: some Clock<Duration>, probe: EffectProbe
  ) -> Store<Bool, Action> {
    Store(initialState: false) { finished, action in
      switch action {
      case .start:
        return .run { send in
          try await probe.run { try await clock.sleep(for: .seconds(1)) }
          await send(.finished)
        }
        .cancellable(id: WorkID.shared)
      case .stop:
        return .cancel(id: WorkID.shared)
      case .finished:
        finished = true
        return .none
      }
    }
  }

  @Test func cancelIdCancelsTheRunningEffect() async {
    let clock = TestClock()
    let probe = EffectProbe()
    let store = Self.makeStore(clock: clock, probe: probe)
    let task = store.send(.start)
    store.send(.stop)
    await clock.advance(by: .seconds(1))  // would let an uncancelled effect finish
    await task.finish()
    #expect(probe.wasCancelled.value)
    #expect(store.state == false)
  }

  @Test func twoStoresUsingTheSameIdDoNotCancelEachOther() async {
    let clock = TestClock()
    let (probeA, probeB) = (EffectProbe(), EffectProbe())
    let storeA = Self.makeStore(clock: clock, probe: probeA)
    let storeB = Self.makeStore(clock: clock, probe: probeB)
    let taskA = storeA.send(.start)
    let taskB = storeB.send(.start)
    storeB.send(.stop)  // cancels B's work only
    await probeA.waitUntilStarted()
    await clock.advance(by: .seconds(1))
    await taskA.finish(advancing: clock, by: .seconds(1))
    await taskB.finish()
    #expect(probeA.wasCancelled.value == false)
    #expect(storeA.state == true)
    #expect(probeB.wasCancelled.value)
    #expect(storeB.state == false)
  }

  @Test func cancelInFlightReplacesTheRunningEffect() async {
    let clock = TestClock()
    let probes = LockIsolated<[EffectProbe]>([])
    let store = Store<Int, Bool>(initialState: 0) { count, isResult in
      if isResult {
        count += 1
        return .none
      }
      let probe = EffectProbe()
      probes.withValue { $0.append(probe) }
      return .run { send in
        try await probe.run { try await clock.sleep(for: .seconds(1)) }
        await send(true)
      }
      .cancellable(id: WorkID.shared, cancelInFlight: true)
    }
    let first = store.send(false)
    let second = store.send(false)
    for probe in probes.value { await probe.waitUntilStarted() }
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish(advancing: clock, by: .seconds(1))
    #expect(probes.value.map { $0.wasCancelled.value } == [true, false])
    #expect(store.state == 1)
  }

  @Test func cancelIdsCancelsEffectsUnderEveryId() async {
    let clock = TestClock()
    let (probeA, probeB, probeC) = (EffectProbe(), EffectProbe(), EffectProbe())
    let store = Store<Int, Int>(initialState: 0) { _, action in
      switch action {
      case 0:
        return .merge(
          .run { _ in try await probeA.run { try await clock.sleep(for: .seconds(1)) } }
            .cancellable(id: WorkID.shared),
          .run { _ in try await probeB.run { try await clock.sleep(for: .seconds(1)) } }
            .cancellable(id: WorkID.other),
          .run { _ in try await probeC.run { try await clock.sleep(for: .seconds(1)) } }
            .cancellable(id: "unrelated")
        )
      default:
        return .cancel(ids: [WorkID.shared, WorkID.other])
      }
    }
    let task = store.send(0)
    store.send(1)
    await probeC.waitUntilStarted()
    await clock.advance(by: .seconds(1))
    await task.finish(advancing: clock, by: .seconds(1))
    #expect(probeA.wasCancelled.value)
    #expect(probeB.wasCancelled.value)
    #expect(probeC.wasCancelled.value == false)
  }

  @Test func storeTaskCancelCancelsADebouncedEffectAndItsWork() async {
    let clock = TestClock()
    let ran = LockIsolated(false)
    let store = Store<Int, Int>(initialState: 0) { _, _ in
      .run { _ in ran.setValue(true) }
        .debounce(id: WorkID.shared, for: .seconds(1), clock: clock)
    }
    let task = store.send(0)
    #expect(task.isCancelled == false)
    await task.cancel()
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(ran.value == false)
  }

  struct Parent: Equatable {
    var child = false
  }

  @Test func releasingAStoreCancelsEffectsStartedThroughItsChildStores() async {
    let clock = TestClock()
    let probe = EffectProbe()
    var store: Store<Parent, Action>? = Store(initialState: Parent()) { state, action in
      switch action {
      case .start:
        return .run { send in
          try await probe.run { try await clock.sleep(for: .seconds(1)) }
          await send(.finished)
        }
      case .stop:
        return .none
      case .finished:
        state.child = true
        return .none
      }
    }
    var child: Store<Bool, Action>? = store?.scope(state: \.child, action: { $0 })
    let task = child?.send(.start)
    #expect(task?.isCancelled == false)
    child = nil
    store = nil
    // Were the effect not cancelled, this would end its sleep and the test would fail
    // (instead of waiting forever).
    await clock.advance(by: .seconds(1))
    await task?.finish(advancing: clock, by: .seconds(1))
    #expect(probe.wasCancelled.value)
  }
}
