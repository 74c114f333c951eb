import ConcurrencyExtras
import Foundation
import Hush
import HushTesting
import Testing

@MainActor
@Suite struct EffectTests {
  enum Action: Equatable {
    case start
    case startBoth
    case loaded(Int)
    case chain
    case finished
  }

  struct State: Equatable {
    var values: [Int] = []
    var finished = false
  }

  static func makeStore() -> Store<State, Action> {
    Store(initialState: State()) { state, action in
      switch action {
      case .start:
        return .run { send in await send(.loaded(1)) }
      case .startBoth:
        return .merge(
          .run { send in await send(.loaded(2)) },
          .run { send in await send(.loaded(3)) },
          .none
        )
      case let .loaded(value):
        state.values.append(value)
        return .none
      case .chain:
        return .send(.finished)
      case .finished:
        state.finished = true
        return .none
      }
    }
  }

  @Test func sendEffectRunsBeforeSendReturns() {
    let store = Self.makeStore()
    let task = store.send(.chain)
    #expect(store.finished)
    #expect(task.isCancelled)  // no asynchronous work was started
  }

  @Test func runEffectSendsBackAndCanBeAwaited() async {
    let store = Self.makeStore()
    let probe = RenderProbe { store.values }
    await store.send(.start).finish()
    #expect(store.values == [1])
    #expect(probe.renders == 1)
  }

  @Test func mergeRunsAllEffects() async {
    let store = Self.makeStore()
    await store.send(.startBoth).finish()
    #expect(store.values.sorted() == [2, 3])
  }

  @Test func runBodyRunsOffTheMainActor() async {
    let ranOnMain = LockIsolated<Bool?>(nil)
    let store = Store<Int, Bool>(initialState: 0) { state, isResult in
      if isResult {
        state += 1
        return .none
      }
      return .run { send in
        ranOnMain.setValue(Thread.isMainThread)
        await send(true)
      }
    }
    await store.send(false).finish()
    #expect(store.state == 1)
    #expect(ranOnMain.value == false)
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let observedCancellation = LockIsolated(false)
    var store: Store<Int, Int>? = Store(initialState: 0) { _, _ in
      .run { _ in
        await withTaskCancellationHandler {
          // Waits until cancelled: a stream that never yields ends when its task is cancelled.
          let (stream, continuation) = AsyncStream<Never>.makeStream()
          for await _ in stream {}
          continuation.finish()
        } onCancel: {
          observedCancellation.setValue(true)
        }
      }
    }
    let task = store?.send(1)
    #expect(task?.isCancelled == false)
    store = nil
    await task?.finish()
    #expect(observedCancellation.value)
  }
}
