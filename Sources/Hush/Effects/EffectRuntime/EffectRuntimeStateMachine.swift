/// The bookkeeping of the effects one root store runs: which tasks are in flight, under which
/// cancellation ids, and which throttle windows are open.
///
/// A value type with no locking and no side effects: ``EffectRuntime`` holds it under its lock,
/// and every mutation that has something to cancel returns the tasks, so that the storage
/// cancels them after releasing the lock.
///
/// Each cancellation id is in one of these states:
///
/// - **idle**: nothing runs under the id and no throttle window is open (the id has no entry
///   in `tokensByID` nor in `windows`).
/// - **running**: one or more tasks were started under the id and have neither finished nor
///   been cancelled (`tokensByID[id]` holds their tokens). A task leaves this set when it
///   finishes (``finished(_:)``) or when the id is cancelled (``cancel(_:)``), whichever
///   comes first; a cancelled task that is still winding down no longer counts as in flight,
///   because it can no longer send anything.
/// - **throttling**: a throttle window is open (`windows[id]`), possibly with the latest
///   effect waiting for the trailing edge. The window closes when its interval elapses with
///   nothing pending, or when the id is cancelled. An id can be running and throttling at
///   once: the window's timer and the throttled effects run under the id.
///
/// The store as a whole is either alive or gone; when it goes, ``cancelAll()`` returns every
/// task, and the machine is empty.
struct EffectRuntimeStateMachine<Action> {
  /// An in-flight task and the ids it runs under.
  struct Running {
    let task: Task<Void, Never>
    let ids: [EffectID]
  }

  /// An open throttle window.
  struct Window {
    /// Tells this window from a later one under the same id.
    let token: Int
    /// The timer task that ends the window, once it was started.
    var timer: Task<Void, Never>?
    /// The latest effect that arrived during the window (throttles with `latest: true`).
    var pending: Effect<Action>?
  }

  /// What to do with an effect that reaches a throttle.
  enum ThrottleDecision {
    /// No window was open: run the effect now; a window with this token is now open.
    case runNow(window: Int)
    /// A window is open; the effect waits for its end (replacing any earlier one). The task
    /// is the window's timer, which runs it.
    case deferred(timer: Task<Void, Never>?)
    /// A window is open and the throttle keeps the first effect of each window only.
    case dropped
  }

  private var running: [Int: Running] = [:]
  private var tokensByID: [EffectID: Set<Int>] = [:]
  private var windows: [EffectID: Window] = [:]

  /// The number of open throttle windows (for tests that wait for a window to close).
  var openWindowCount: Int { windows.count }
  private var lastToken = 0

  /// The tasks that are in flight: started, and neither finished nor cancelled.
  var inFlight: [Task<Void, Never>] { running.values.map { $0.task } }

  /// The number of tasks in flight.
  var inFlightCount: Int { running.count }

  /// A fresh token for a task about to start, or for a throttle window.
  mutating func makeToken() -> Int {
    lastToken &+= 1
    return lastToken
  }

  /// Records that `task`, started with `token`, runs under `ids`.
  mutating func started(_ task: Task<Void, Never>, token: Int, ids: [EffectID]) {
    running[token] = Running(task: task, ids: ids)
    for id in ids { tokensByID[id, default: []].insert(token) }
  }

  /// Records that the task with `token` finished. Does nothing if it was cancelled before.
  mutating func finished(_ token: Int) {
    guard let entry = running.removeValue(forKey: token) else { return }
    forget(token, under: entry.ids)
  }

  /// Stops tracking everything under `ids` and closes their throttle windows.
  ///
  /// - Returns: The tasks to cancel.
  ///
  /// An id also reaches the same id in the child scopes below the one that cancels: a parent's
  /// `.cancel(id:)` stops its children's effects under that id (a child's own ids are scoped
  /// to it), while a child's never reaches its parent's or a sibling's.
  mutating func cancel(_ ids: some Sequence<EffectID>) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    for id in ids {
      cancel(exactly: id, into: &tasks)
      let below =
        (tokensByID.keys.filter { $0.isScoped(below: id) })
        + windows.keys.filter { $0.isScoped(below: id) }
      for scoped in below { cancel(exactly: scoped, into: &tasks) }
    }
    return tasks
  }

  private mutating func cancel(exactly id: EffectID, into tasks: inout [Task<Void, Never>]) {
    if let window = windows.removeValue(forKey: id), let timer = window.timer {
      tasks.append(timer)
    }
    guard let tokens = tokensByID.removeValue(forKey: id) else { return }
    for token in tokens {
      guard let entry = running.removeValue(forKey: token) else { continue }
      forget(token, under: entry.ids)
      tasks.append(entry.task)
    }
  }

  /// Stops tracking everything.
  ///
  /// - Returns: The tasks to cancel.
  mutating func cancelAll() -> [Task<Void, Never>] {
    // Closures, not key path literals: a key path into this generic type is instantiated at
    // run time on every call (tens of microseconds per released store).
    guard !running.isEmpty || !windows.isEmpty else { return [] }
    let tasks = running.values.map { $0.task } + windows.values.compactMap { $0.timer }
    running = [:]
    tokensByID = [:]
    windows = [:]
    return tasks
  }

  /// Decides what happens to `effect`, throttled under `id`.
  mutating func throttle(
    id: EffectID, latest: Bool, effect: Effect<Action>
  ) -> ThrottleDecision {
    guard var window = windows[id] else {
      let token = makeToken()
      windows[id] = Window(token: token)
      return .runNow(window: token)
    }
    guard latest else { return .dropped }
    window.pending = effect
    windows[id] = window
    return .deferred(timer: window.timer)
  }

  /// Records the timer task of the window `token` of `id`.
  mutating func windowStarted(_ timer: Task<Void, Never>, id: EffectID, token: Int) {
    guard windows[id]?.token == token else { return }
    windows[id]?.timer = timer
  }

  /// The interval of window `token` of `id` elapsed.
  ///
  /// - Returns: The pending effect to run now, keeping the window open for another interval;
  ///   or `nil`, closing the window, when nothing is pending or the window is no longer open.
  mutating func windowElapsed(id: EffectID, token: Int) -> Effect<Action>? {
    guard var window = windows[id], window.token == token else { return nil }
    guard let pending = window.pending else {
      windows[id] = nil
      return nil
    }
    window.pending = nil
    windows[id] = window
    return pending
  }

  private mutating func forget(_ token: Int, under ids: [EffectID]) {
    for id in ids {
      tokensByID[id]?.remove(token)
      if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
    }
  }
}
