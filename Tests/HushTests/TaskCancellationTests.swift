import Clocks
import ConcurrencyExtras
import Foundation
import Hush
import Testing

/// `Task.cancel(id:)` and `withTaskCancellation(id:cancelInFlight:operation:)`: work inside an
/// effect that the store cancels by id, scoped to the feature as the effect operators are.
@MainActor
@Suite struct TaskCancellationTests {
  enum WorkID { case shared }

  /// A feature whose `.start` runs one second of work in `withTaskCancellation(id:)`, and
  /// whose `.cancelFromTask` cancels the id with `Task.cancel(id:)` inside an effect.
  struct Worker: Reducer {
    struct State: Equatable {
      var finished: [Int] = []
      var cancelled: [Int] = []
    }
    @CasePathable
    enum Action: Equatable {
      case start(Int)
      case stop
      case cancelFromTask
      case finished(Int)
      case cancelled(Int)
    }
    let clock: TestClock<Duration>
    let probe: EffectProbe
    var cancelInFlight = false

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .start(run):
        return .run { [clock, probe, cancelInFlight] send in
          do {
            try await withTaskCancellation(id: WorkID.shared, cancelInFlight: cancelInFlight) {
              try await probe.run { try await clock.sleep(for: .seconds(1)) }
            }
            await send(.finished(run))
          } catch {
            await send(.cancelled(run))
          }
        }
      case .stop:
        return .cancel(id: WorkID.shared)
      case .cancelFromTask:
        return .run { _ in Task.cancel(id: WorkID.shared) }
      case let .finished(run):
        state.finished.append(run)
        return .none
      case let .cancelled(run):
        state.cancelled.append(run)
        return .none
      }
    }
  }

  @Test func theReducersCancelIdCancelsTheOperation() async {
    let clock = TestClock()
    let probe = EffectProbe()
    let store = Store(initialState: Worker.State()) { Worker(clock: clock, probe: probe) }
    let task = store.send(.start(1))
    await probe.waitUntilStarted()
    store.send(.stop)
    await clock.advance(by: .seconds(1))  // would let an uncancelled operation finish
    await task.finish()
    #expect(probe.wasCancelled.value)
    #expect(store.state == Worker.State(finished: [], cancelled: [1]))
  }

  @Test func taskCancelInAnEffectCancelsTheOperation() async {
    let clock = TestClock()
    let probe = EffectProbe()
    let store = Store(initialState: Worker.State()) { Worker(clock: clock, probe: probe) }
    let task = store.send(.start(1))
    await probe.waitUntilStarted()
    await store.send(.cancelFromTask).finish()
    await task.finish()
    #expect(store.state.cancelled == [1])
  }

  @Test func taskCancelInAnEffectCancelsACancellableEffect() async {
    let clock = TestClock()
    let probe = EffectProbe()
    let store = Store<[String], String>(initialState: []) { log, action in
      log.append(action)
      switch action {
      case "start":
        return .run { send in
          try await probe.run { try await clock.sleep(for: .seconds(1)) }
          await send("finished")
        }
        .cancellable(id: WorkID.shared)
      case "cancel":
        return .run { _ in Task.cancel(id: WorkID.shared) }
      default:
        return .none
      }
    }
    let task = store.send("start")
    await probe.waitUntilStarted()
    await store.send("cancel").finish()
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(probe.wasCancelled.value)
    #expect(store.state == ["start", "cancel"])
  }

  @Test func cancelInFlightCancelsTheEarlierOperation() async {
    let clock = TestClock()
    let (first, second) = (EffectProbe(), EffectProbe())
    let probes = LockIsolated([first, second])
    let store = Store<Worker.State, Worker.Action>(initialState: Worker.State()) {
      Reduce { state, action in
        guard case let .start(run) = action else {
          return Worker(clock: clock, probe: first).reduce(into: &state, action: action)
        }
        let probe = probes.withValue { $0.removeFirst() }
        return Worker(clock: clock, probe: probe, cancelInFlight: true)
          .reduce(into: &state, action: .start(run))
      }
    }
    let task1 = store.send(.start(1))
    await first.waitUntilStarted()
    let task2 = store.send(.start(2))
    await second.waitUntilStarted()
    await task1.finish()
    await clock.advance(by: .seconds(1))
    await task2.finish()
    #expect(store.state == Worker.State(finished: [2], cancelled: [1]))
  }

  // MARK: Scoping

  struct Pair: Reducer {
    struct State: Equatable {
      var left = Worker.State()
      var right = Worker.State()
    }
    @CasePathable
    enum Action: Equatable {
      case left(Worker.Action)
      case right(Worker.Action)
      case cancelAllFromTask
      case stopAll
    }
    let clock: TestClock<Duration>
    let left: EffectProbe
    let right: EffectProbe

    var body: some Reducer<State, Action> {
      Scope(state: \.left, action: \.left) { Worker(clock: clock, probe: left) }
      Scope(state: \.right, action: \.right) { Worker(clock: clock, probe: right) }
      Reduce { _, action in
        switch action {
        case .cancelAllFromTask: return .run { _ in Task.cancel(id: WorkID.shared) }
        case .stopAll: return .cancel(id: WorkID.shared)
        case .left, .right: return .none
        }
      }
    }
  }

  /// Starts both children's work and waits until it runs.
  func startedPair() async -> (Store<Pair.State, Pair.Action>, TestClock<Duration>, StoreTask) {
    let clock = TestClock()
    let (left, right) = (EffectProbe(), EffectProbe())
    let store = Store(initialState: Pair.State()) {
      Pair(clock: clock, left: left, right: right)
    }
    let tasks = [store.send(.left(.start(1))), store.send(.right(.start(1)))]
    await left.waitUntilStarted()
    await right.waitUntilStarted()
    let both = StoreTask(
      Task {
        for task in tasks { await task.finish() }
      })
    return (store, clock, both)
  }

  @Test func aChildsTaskCancelReachesItsOwnWorkOnly() async {
    let (store, clock, task) = await startedPair()
    await store.send(.left(.cancelFromTask)).finish()
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.left == Worker.State(finished: [], cancelled: [1]))
    #expect(store.state.right == Worker.State(finished: [1], cancelled: []))
  }

  @Test func aChildsReducerCancelReachesItsOwnOperationOnly() async {
    let (store, clock, task) = await startedPair()
    store.send(.right(.stop))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.left == Worker.State(finished: [1], cancelled: []))
    #expect(store.state.right == Worker.State(finished: [], cancelled: [1]))
  }

  @Test func aParentsTaskCancelReachesItsChildrensOperations() async {
    let (store, clock, task) = await startedPair()
    await store.send(.cancelAllFromTask).finish()
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.left.cancelled == [1])
    #expect(store.state.right.cancelled == [1])
  }

  @Test func aParentsReducerCancelReachesItsChildrensOperations() async {
    let (store, clock, task) = await startedPair()
    store.send(.stopAll)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.left.cancelled == [1])
    #expect(store.state.right.cancelled == [1])
  }

  // MARK: Outside of effects

  @Test func outsideOfEffectsTaskCancelReachesTheOperation() async {
    let id = UUID()  // the registry outside of effects is shared by the whole process
    let clock = TestClock()
    let probe = EffectProbe()
    let work = Task {
      try await withTaskCancellation(id: id) {
        try await probe.run { try await clock.sleep(for: .seconds(1)) }
        return "finished"
      }
    }
    await probe.waitUntilStarted()
    Task.cancel(id: id)
    await clock.advance(by: .seconds(1))
    #expect(await work.result.isFailure)
    #expect(probe.wasCancelled.value)
  }

  @Test func aNonThrowingOperationNeedsNoTryAndReturnsItsValue() async {
    let answer = await withTaskCancellation(id: UUID()) { 6 * 7 }
    #expect(answer == 42)
  }

  @Test func cancellingTheCallerCancelsTheOperation() async {
    let clock = TestClock()
    let probe = EffectProbe()
    let caller = Task {
      try await withTaskCancellation(id: UUID()) {
        try await probe.run { try await clock.sleep(for: .seconds(1)) }
      }
    }
    await probe.waitUntilStarted()
    caller.cancel()
    #expect(await caller.result.isFailure)
    #expect(probe.wasCancelled.value)
  }
}

extension Result {
  fileprivate var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
