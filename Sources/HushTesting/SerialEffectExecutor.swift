import Dispatch

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
final class SerialEffectExecutor {
  private let queue = DispatchQueue(label: "Hush.TestStore.effects")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension SerialEffectExecutor: TaskExecutor {}
