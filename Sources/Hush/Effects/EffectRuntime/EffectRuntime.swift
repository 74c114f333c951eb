import Foundation

/// The effects one root store runs, behind a lock: the store's `deinit` (on any thread)
/// cancels them, and the tasks remove themselves when they finish (on any thread).
///
/// The logic lives in ``EffectRuntimeStateMachine``; this type only takes the lock around
/// it and cancels tasks after releasing the lock. Pending throttled effects are stored here
/// but only read and written on the main actor (by the store's interpreter); other threads
/// only release them.
package final class EffectRuntime<Action>: @unchecked Sendable {
  private let lock = NSLock()
  private var machine = EffectRuntimeStateMachine<Action>()

  /// Whether the runtime lives as long as the process (the one for work outside of stores'
  /// effects): its tasks then hold it strongly. A store's runtime is held weakly by its
  /// tasks, so that a store that goes away is not kept by a task that ignores cancellation;
  /// an immortal one is not, because the weak reference's side table of an object never
  /// freed reads as a leak to LeakSanitizer.
  private let isImmortal: Bool

  init(immortal: Bool = false) {
    isImmortal = immortal
  }

  /// The executor the effects' tasks prefer, set by a test store that runs them serially
  /// (`nil`: the global concurrent executor). Read when an effect starts.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  package var taskExecutor: (any TaskExecutor)? {
    get { withLock { _ in _taskExecutor as? any TaskExecutor } }
    set { withLock { _ in _taskExecutor = newValue } }
  }
  /// An `any TaskExecutor`, stored untyped: the type is newer than the deployment targets.
  private var _taskExecutor: (any AnyObject & Sendable)?

  /// A detached task for an effect, on ``taskExecutor`` when there is one.
  func detachedTask(
    name: String? = nil, priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let executor = _taskExecutor  // read under the lock: `makeTask` runs in `start`
    if let name, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return Task.detached(
        name: name, executorPreference: executor as? any TaskExecutor, priority: priority,
        operation: operation)
    }
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      if let executor = executor as? any TaskExecutor {
        return Task.detached(
          executorPreference: executor, priority: priority, operation: operation)
      }
    }
    return Task.detached(priority: priority, operation: operation)
  }

  private func withLock<R>(_ body: (inout EffectRuntimeStateMachine<Action>) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&machine)
  }

  /// Starts a task made by `makeTask` and tracks it under `ids` until it calls the
  /// `finished` closure it is given (its last act) or is cancelled.
  ///
  /// `makeTask` runs under the lock, so the task cannot report that it finished before it
  /// was recorded; it must only create the task.
  func start(
    ids: [EffectID],
    _ makeTask: (_ finished: @escaping @Sendable () -> Void) -> Task<Void, Never>
  ) -> Task<Void, Never> {
    withLock { machine in
      let token = machine.makeToken()
      let task =
        isImmortal
        ? makeTask { [self] in self.withLock { $0.finished(token) } }
        : makeTask { [weak self] in self?.withLock { $0.finished(token) } }
      machine.started(task, token: token, ids: ids)
      return task
    }
  }

  /// Cancels everything that runs under `ids` and closes their throttle windows.
  func cancel(_ ids: some Sequence<EffectID>) {
    for task in withLock({ $0.cancel(ids) }) { task.cancel() }
  }

  /// Cancels every effect; the store went away.
  package func cancelAll() {
    for task in withLock({ $0.cancelAll() }) { task.cancel() }
  }

  /// The tasks in flight: started, and neither finished nor cancelled.
  package var inFlight: [Task<Void, Never>] {
    withLock { $0.inFlight }
  }

  /// The number of tasks in flight.
  package var inFlightCount: Int {
    withLock { $0.inFlightCount }
  }

  /// The number of open throttle windows: a test waits for it to drop after advancing its
  /// clock past a window's end (the window's timer wakes on another task).
  package var openThrottleWindowCount: Int {
    withLock { $0.openWindowCount }
  }

  func throttle(
    id: EffectID, latest: Bool, effect: Effect<Action>
  ) -> EffectRuntimeStateMachine<Action>.ThrottleDecision {
    withLock { $0.throttle(id: id, latest: latest, effect: effect) }
  }

  func windowStarted(_ timer: Task<Void, Never>, id: EffectID, token: Int) {
    withLock { $0.windowStarted(timer, id: id, token: token) }
  }

  func windowElapsed(id: EffectID, token: Int) -> Effect<Action>? {
    withLock { $0.windowElapsed(id: id, token: token) }
  }
}
