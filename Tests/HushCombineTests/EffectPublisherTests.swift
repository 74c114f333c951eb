import ConcurrencyExtras
import Hush
import HushCombine
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// `Effect.publisher`, as TCA's: a Combine publisher's values sent to the store in order, the
/// effect finished when the publisher completes, the subscription cancelled with the effect.
@MainActor
@Suite struct EffectPublisherTests {
  enum CancelID { case values }

  @Test func sendsEveryValueInOrderAndFinishesWhenThePublisherCompletes() async {
    let store = Store<[Int], Int>(initialState: []) { log, value in
      log.append(value)
      guard value == 0 else { return .none }
      return .publisher { [1, 2, 3].publisher }
    }
    await store.send(0).finish()
    #expect(store.state == [0, 1, 2, 3])
  }

  @Test func cancellingTheEffectCancelsTheSubscription() async {
    let subject = PassthroughSubject<String, Never>()
    let (subscribed, subscription) = AsyncStream<Void>.makeStream()
    let cancelled = LockIsolated(false)
    let store = Store<[String], String>(initialState: []) { log, action in
      log.append(action)
      switch action {
      case "start":
        return .publisher {
          subject.handleEvents(
            receiveSubscription: { _ in subscription.yield() },
            receiveCancel: { cancelled.setValue(true) })
        }
        .cancellable(id: CancelID.values)
      case "stop":
        return .cancel(id: CancelID.values)
      default:
        return .none
      }
    }
    let task = store.send("start")
    for await _ in subscribed { break }
    subject.send("one")
    await store.send("stop").finish()
    await task.finish()
    subject.send("two")  // after the cancellation: never delivered
    #expect(cancelled.value)
    #expect(!store.state.contains("two"))
    #expect(store.state.first == "start")
  }
}
