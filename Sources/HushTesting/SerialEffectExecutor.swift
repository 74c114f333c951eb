import ConcurrencyExtras
import Foundation

/// The serial executor a test store runs its effects on by default, as TCA's test store does:
/// every job of the store's effect tasks (and of the child tasks they start with `async let` or
/// a task group) runs one at a time, in the order it was enqueued, so effects take their turns
/// in the same order on every run, and the actions they send reach the main actor in that
/// order.
///
/// Unlike TCA's (ConcurrencyExtras' `uncheckedUseMainSerialExecutor`, a process-wide hook that
/// moves every task of the process to the main thread), it is a task executor preference of
/// one store's effect tasks, on a queue of their own: tests running in parallel keep the
/// concurrent executor, and the main actor stays free while the effects work (a test that
/// ends waits a moment for effects winding down; on the main thread they could not move).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SerialEffectExecutor: @unchecked Sendable {
  private let queue = DispatchQueue(label: "Hush.TestStore.effects")
  private let lock = NSLock()
  private var jobsEnqueued = 0

  init() {
    queue.setSpecific(key: SerialEffectQueue.key.value, value: true)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    lock.withLock { jobsEnqueued += 1 }
    queue.async { job.runSynchronously(on: executor) }
  }

  /// Runs `body` while no job starts: those enqueued meanwhile wait until it returns (a job
  /// running already finishes its turn).
  func holding<R>(_ body: () -> R) -> R {
    queue.suspend()
    defer { queue.resume() }
    return body()
  }

  /// Lets the effects run until none of them has work left on this executor: each round
  /// waits for the jobs queued so far, then gives the main actor a turn (where the actions
  /// they sent are reduced, and the effects they started are queued); it ends after a round
  /// that queued nothing new, or after `rounds`. What TCA's test store gets from running
  /// everything on the main thread and yielding after each step: a test's next step sees
  /// what the effects did with what they could do at once.
  @MainActor
  func drain(rounds: Int = 100) async {
    for _ in 0..<rounds {
      let before = lock.withLock { jobsEnqueued }
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        queue.async { done.resume() }
      }
      await Task.yield()
      if lock.withLock({ jobsEnqueued }) == before { return }
    }
  }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension SerialEffectExecutor: TaskExecutor {}

/// Whether the calling code runs on a test store's serial effect queue (for the package's
/// tests).
package enum SerialEffectQueue {
  // Wrapped: the key is `Sendable` in Linux's Dispatch, not in every Apple SDK's.
  static let key = UncheckedSendable(DispatchSpecificKey<Bool>())

  package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key.value) ?? false }
}
