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
/// ends waits a moment for effects winding down; on the main thread they could not move). A
/// test clock's yields take their turns behind the effects (``EffectTurns``).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SerialEffectExecutor: @unchecked Sendable {
  private let queue = DispatchQueue(label: "Hush.TestStore.effects")
  private let lock = NSLock()
  private var jobsEnqueued = 0

  init() {
    queue.setSpecific(key: SerialEffectQueue.key.value, value: true)
    EffectTurns.begin(queue)
  }

  deinit {
    EffectTurns.end(queue)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    lock.withLock { jobsEnqueued += 1 }
    currentQueue.async { job.runSynchronously(on: executor) }
  }

  /// The effects' queue, or the main queue while a test runs every task on the main thread
  /// (`uncheckedUseMainSerialExecutor`, as TCA's tests may set): the effects then take their
  /// turns among the process's tasks, as in TCA.
  private var currentQueue: DispatchQueue {
    EffectTurns.everyTaskOnMain ? .main : queue
  }

  /// Runs `body` while no job starts: those enqueued meanwhile wait until it returns (a job
  /// running already finishes its turn; on the main queue, none can start while `body` runs on
  /// the main actor).
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
        currentQueue.async { done.resume() }
      }
      await Task.yield()
      if lock.withLock({ jobsEnqueued }) == before { return }
    }
  }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension SerialEffectExecutor: TaskExecutor {}

/// While a test store's serial executor lives, a background-priority task starts only after
/// the jobs queued before it on every live store's effects' queue, and the main actor's, have
/// run: those tasks are the yields (`Task.megaYield`) with which a test clock's `advance` gives
/// the effects it woke their turns before it looks for the next sleep. Each yield lets an
/// effect take a step (its job on the effects' queue, or the send it made on the main actor),
/// so a timer advanced by several ticks at once reaches each next sleep in time, on every run,
/// however loaded the machine. Without it a tick raced the yields (three thread wake-ups
/// against twenty yields on the pool) and was lost on a loaded machine. Other tasks, and those
/// an effect starts from its queue (an `ImmediateClock`'s yields in an effect), are left alone.
///
/// The first serial executor installs the hook (Swift's `swift_task_enqueueGlobal_hook`, the
/// one ConcurrencyExtras' `uncheckedUseMainSerialExecutor` sets), the last removes it; a hook
/// someone else installed (`uncheckedUseMainSerialExecutor`, which moves every task to the
/// main thread) is left as it is.
package enum EffectTurns {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private static let hook = UncheckedSendable(
    dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook")?.assumingMemoryBound(to: Hook?.self))
  /// The effects' queues of the live serial executors, oldest first, and whether the hook is
  /// ours to remove.
  private static let state = LockIsolated((queues: [DispatchQueue](), installed: false))

  private static let ours: Hook = { job, original in
    guard job.priority.rawValue <= TaskPriority.background.rawValue, !SerialEffectQueue.isCurrent
    else { return original(job) }
    let queues = state.withValue { $0.queues }
    let start = UncheckedSendable((job, original))
    afterTurns(of: queues[...]) { start.value.1(start.value.0) }
  }

  /// Runs `body` after a turn of each queue, one after the other, then of the main queue.
  private static func afterTurns(
    of queues: ArraySlice<DispatchQueue>, _ body: @escaping @Sendable () -> Void
  ) {
    guard let first = queues.first else { return DispatchQueue.main.async(execute: body) }
    let rest = UncheckedSendable(queues.dropFirst())
    first.async { afterTurns(of: rest.value, body) }
  }

  private static func isOurs(_ hook: Hook?) -> Bool {
    guard let hook else { return false }
    return unsafeBitCast(hook, to: UnsafeRawPointer.self)
      == unsafeBitCast(ours, to: UnsafeRawPointer.self)
  }

  /// Whether a serial executor lives and background tasks wait for the effects' turns.
  package static var isOn: Bool { isOurs(hook.value?.pointee) }

  /// Whether another hook runs every task on the main thread (ConcurrencyExtras'
  /// `uncheckedUseMainSerialExecutor`, which TCA's tests may set).
  package static var everyTaskOnMain: Bool {
    guard let current = hook.value?.pointee else { return false }
    return !isOurs(current)
  }

  static func begin(_ queue: DispatchQueue) {
    state.withValue {
      $0.queues.append(queue)
      guard $0.queues.count == 1, let hook = hook.value, hook.pointee == nil else { return }
      hook.pointee = ours
      $0.installed = true
    }
  }

  static func end(_ queue: DispatchQueue) {
    state.withValue {
      $0.queues.removeAll { $0 === queue }
      guard $0.queues.isEmpty, $0.installed else { return }
      if isOurs(hook.value?.pointee) { hook.value?.pointee = nil }
      $0.installed = false
    }
  }
}

/// Whether the calling code runs on a test store's serial effect queue.
package enum SerialEffectQueue {
  // Wrapped: the key is `Sendable` in Linux's Dispatch, not in every Apple SDK's.
  static let key = UncheckedSendable(DispatchSpecificKey<Bool>())

  package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key.value) ?? false }
}
