import ConcurrencyExtras
import CustomDump
import Hush
import IssueReporting

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A store for tests that proves a feature's reducer and effects exhaustively: every state
/// change is asserted, every action an effect sends is received, and no effect is still
/// running when the test ends.
///
/// ```swift
/// @Test func search() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Search()) { state, action in
///     searchReducer(&state, action, clock: clock)
///   }
///   await store.send(.queryChanged("cat")) { $0.query = "cat" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.resultsLoaded(["Tom"])) { $0.results = ["Tom"] }
///   await store.finish()
/// }
/// ```
///
/// A failure is reported as an issue, in Swift Testing and in XCTest alike: a wrong expected
/// state shows a diff (`−` expected, `+` actual), an unexpected action names itself, and a test
/// that ends with actions it did not receive or effects still running fails when the store
/// goes away (or at ``assertNoPendingEffects(fileID:filePath:line:column:)``).
///
/// A passing test never waits for time to pass: ``timeout`` counts scheduler turns by default
/// (with a one-second floor that only a failing test reaches), and a test moves time forward
/// by advancing the `TestClock` it injected.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The store under test, for scoping it or rendering it with a `RenderProbe`.
  public let store: Store<State, Action>

  /// How long ``receive(_:assert:fileID:filePath:line:column:)`` and
  /// ``finish(fileID:filePath:line:column:)`` wait for effects.
  public var timeout: TestStoreTimeout

  /// Whether every state change and received action must be asserted (`.on`, the default),
  /// or only those the test mentions (`.off`).
  ///
  /// With `.off`, a state assertion checks only what its closure sets, `receive` skips the
  /// actions before the one it expects, and the end of the test does not fail on actions
  /// it did not receive or effects still running.
  public var exhaustivity: Exhaustivity {
    get { endChecks.value.exhaustivity }
    set { endChecks.withValue { $0.exhaustivity = newValue } }
  }

  /// The state the test asserted so far (the store's current state after every assertion).
  public private(set) var state: State

  private let recorder: TestStoreRecorder<State, Action>
  /// The shared values the reducer and effects wrote since the last assertion, with their
  /// values then.
  private let sharedChanges: SharedChangeTracker
  private let dismissal: Dismissal

  /// Whether the feature dismissed itself: one of its effects called `dismiss()`
  /// (`@Dependency(\.dismiss)`) outside any presentation of its own. Its effects end then, as
  /// in TCA (a timer it started does not keep the test running), and actions sent after it are
  /// reported.
  public var isDismissed: Bool { dismissal.isDismissed.value }
  private let effects: EffectRuntime<Action>
  private let endChecks: LockIsolated<EndChecks>

  /// Whether the store's effects run serially (`true` by default, as in TCA): one job at a
  /// time, in the order they were enqueued, so a test that receives the actions of merged or
  /// concurrent effects sees them in the same order on every run. After each `send` and
  /// `receive`, the store lets them run until none has work it can do at once, so the test's
  /// next step sees what an effect did with a dependency that answered right away.
  ///
  /// TCA's name, with a narrower reach: TCA moves every task of the process to the main
  /// thread while a test store lives; Hush runs the tasks of this store's effects (and the
  /// child tasks they start with `async let` or a task group) on a serial queue of their own.
  /// Tests running in parallel keep the concurrent executor, and the main actor stays free
  /// while effects work. An unstructured `Task { }` or `Task.detached { }` that an effect
  /// starts runs on the concurrent executor. A test clock's `advance` gives the effects it
  /// wakes their turns (its yields wait behind the effects' jobs), so a timer advanced by
  /// several ticks at once delivers every tick. A test that sets ConcurrencyExtras'
  /// `uncheckedUseMainSerialExecutor`, as TCA's SyncUps tests do, gets TCA's behaviour: the
  /// effects run on the main thread among every other task. A test whose effects must run in
  /// parallel (one waits, blocking its thread, for another) turns it off:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Feature.State()) { Feature() }
  /// store.useMainSerialExecutor = false
  /// ```
  ///
  /// Changing it applies to the effects started afterwards. It needs task executors (iOS 18,
  /// macOS 15, tvOS 18, watchOS 11, visionOS 2, and Linux); before those it stays `false`.
  public var useMainSerialExecutor: Bool {
    get {
      guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return false }
      return effects.taskExecutor != nil
    }
    set {
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        guard newValue != useMainSerialExecutor else { return }
        effects.taskExecutor = newValue ? SerialEffectExecutor() : nil
      }
    }
  }

  /// The dependencies the next actions are reduced with, and their effects run with.
  ///
  /// They start as the test values (`context` is `.test`) with the overrides of
  /// `withDependencies`; a test can change them between steps:
  ///
  /// ```swift
  /// store.dependencies.date.now = Date(timeIntervalSince1970: 60)
  /// await store.send(.save) { $0.savedAt = Date(timeIntervalSince1970: 60) }
  /// ```
  public var dependencies: DependencyValues {
    get { store.dependencies }
    set { store.dependencies = newValue }
  }

  /// Creates a test store of a feature, as in TCA.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Search.State()) {
  ///   Search()
  /// } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// The store reduces with the test values of dependencies (`context` is `.test`): a
  /// dependency the test did not override and that has no test value fails the test when the
  /// feature uses it.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - timeout: How long to wait for effects.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for the whole test; the state and the
  ///     reducer are made with them too.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    timeout: TestStoreTimeout = .default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    let dismissal = Dismissal()
    let (state, reducer, dependencies) = Dependencies.withDependencies {
      $0.context = .test
      $0.dismiss = DismissEffect { dismissal.dismiss() }
      $0.stackElementID = .incrementing()
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues._current)
    }
    self.init(
      initialState: state, dependencies: dependencies, dismissal: dismissal, timeout: timeout,
      fileID: fileID, filePath: filePath, line: line, column: column
    ) { reducer.reduce(into: &$0, action: $1) }
  }

  /// Creates a test store from a reducer.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer under test.
  ///   - timeout: How long to wait for effects.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    timeout: TestStoreTimeout = .default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, timeout: timeout,
      fileID: fileID, filePath: filePath, line: line, column: column
    ) { reducer.reduce(into: &$0, action: $1) }
  }

  /// Creates a test store from a closure that reduces each action.
  ///
  /// ```swift
  /// let store = TestStore(initialState: 0) { (count: inout Int, action: CounterAction) in
  ///   count += 1
  ///   return .none
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - timeout: How long to wait for effects.
  ///   - reducer: The reducer under test.
  public convenience init(
    initialState: State,
    timeout: TestStoreTimeout = .default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    reducer: @escaping @MainActor (_ state: inout State, _ action: Action) -> Effect<Action>
  ) {
    let dismissal = Dismissal()
    var dependencies = DependencyValues._current
    dependencies.context = .test
    dependencies.dismiss = DismissEffect { dismissal.dismiss() }
    dependencies.stackElementID = .incrementing()
    self.init(
      initialState: initialState, dependencies: dependencies, dismissal: dismissal,
      timeout: timeout,
      fileID: fileID, filePath: filePath, line: line, column: column, reducer: reducer)
  }

  private init(
    initialState: State,
    dependencies: DependencyValues,
    dismissal: Dismissal,
    timeout: TestStoreTimeout,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt,
    reducer: @escaping @MainActor (_ state: inout State, _ action: Action) -> Effect<Action>
  ) {
    let endChecks = LockIsolated(
      EndChecks(
        exhaustivity: .on, fileID: fileID, filePath: filePath, line: line, column: column))
    let recorder = TestStoreRecorder<State, Action>(endChecks: endChecks)
    let sharedChanges = SharedChangeTracker()
    var dependencies = dependencies
    dependencies.sharedChangeTracker = sharedChanges
    self.sharedChanges = sharedChanges
    self.store = Store(initialState: initialState, dependencies: dependencies) {
      state, action in
      // The stack id the reducer starts from: an expected-state closure starts from it too.
      let nextStackID = DependencyValues._current.stackElementID.peek()
      let effect = reducer(&state, action)
      recorder.record(action, state: state, nextStackID: nextStackID)
      return effect
    }
    self.recorder = recorder
    self.dismissal = dismissal
    let effects = store.effects
    dismissal.cancelEffects.setValue { [weak effects] in effects?.cancelAll() }
    self.effects = effects
    self.endChecks = endChecks
    self.state = initialState
    self.timeout = timeout
    self.useMainSerialExecutor = true
  }

  deinit {
    let checks = endChecks.value
    if checks.exhaustivity != .off {
      Self.reportPending(
        unreceived: checks.unreceived, running: Self.inFlightAfterGrace(effects),
        exhaustivity: checks.exhaustivity, fileID: checks.fileID, filePath: checks.filePath,
        line: checks.line, column: checks.column)
      Self.reportSharedChanges(
        sharedChanges, exhaustivity: checks.exhaustivity,
        at: Location(
          fileID: checks.fileID, filePath: checks.filePath, line: checks.line,
          column: checks.column))
    }
    effects.cancelAll()
  }

  /// Fails for shared values the reducer or effects changed after the last assertion.
  private nonisolated static func reportSharedChanges(
    _ sharedChanges: SharedChangeTracker, exhaustivity: Exhaustivity, at location: Location
  ) {
    let changes = sharedChanges.changeDescriptions
    sharedChanges.reset()
    guard !changes.isEmpty else { return }
    exhaustivity.reportUnasserted(
      """
      Shared values changed after the last assertion:
      \(changes.map { "  • \($0)" }.joined(separator: "\n"))
      Assert them with `store.assert { $0.$count.withLock { $0 = 1 } }`.
      """, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  /// The number of effects in flight, after giving those that are winding down a moment.
  ///
  /// An effect that sent its last action is still running until its body returns, an
  /// instant later on another thread; a test that just received that action must not fail
  /// for it. This waits at most one second — long enough for a loaded machine running tests
  /// in parallel to schedule that thread — and only while effects are in flight (so only a
  /// failing test pays it in full): an effect that waits for a clock, a stream or the main
  /// actor is still reported.
  private nonisolated static func inFlightAfterGrace(_ effects: EffectRuntime<Action>) -> Int {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(1))
    var running = effects.inFlightCount
    while running > 0, clock.now < deadline {
      sched_yield()  // let the effect's thread have this core
      running = effects.inFlightCount
    }
    return running
  }

  // MARK: Sending

  /// Sends an action and asserts the state it leads to.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// The closure gets the state before the action and sets what the action should change;
  /// the result must equal the store's state after the reducer ran (actions the effect sends
  /// right away with `.send` are received separately). With exhaustivity on, the test must
  /// have received every action effects sent before it sends the next one.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one;
  ///     `nil` when the action must not change the state.
  /// - Returns: The task of the effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    if isDismissed {
      location.report(
        """
        Can't send an action to a dismissed feature: it dismissed itself with "dismiss()". The \
        action was not sent: \(action)
        """)
      return StoreTask(nil)
    }
    if !recorder.received.isEmpty {
      exhaustivity.reportUnasserted(
        """
        Must handle \(recorder.received.count) received \
        action\(recorder.received.count == 1 ? "" : "s") before sending an action:

        \(recorder.unreceivedList)
        """, at: location)
      acceptReceivedActions()
    }
    // The effects the action starts wait until the state is asserted (as on TCA's main
    // serial executor): a shared value they write is a change of a later step.
    let task = holdingEffects {
      recorder.isSendingFromTest = true
      let task = store.send(action)
      recorder.isSendingFromTest = false
      if let sent = recorder.sentState.take() {
        assertState(
          sent.state, updateStateToExpectedResult, nextStackID: sent.nextStackID,
          location: location)
      }
      return task
    }
    await settle()
    return task
  }

  /// Runs `body` with the effects on the serial executor held: their jobs wait until it
  /// returns.
  private func holdingEffects<R>(_ body: () -> R) -> R {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      if let executor = effects.taskExecutor as? SerialEffectExecutor {
        return executor.holding(body)
      }
    }
    return body()
  }

  /// Gives the effects their turns before the test's next step: on the serial executor,
  /// until none has work it can do at once (a test then sees, as in TCA, what an effect did
  /// with a dependency that answered right away); otherwise one yield.
  private func settle() async {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      if let executor = effects.taskExecutor as? SerialEffectExecutor {
        return await executor.drain()
      }
    }
    await Task.yield()
  }

  // MARK: Receiving

  /// Asserts that an effect sent `expectedAction`, and the state it led to.
  ///
  /// ```swift
  /// await store.receive(.resultsLoaded(["Tom"])) { $0.results = ["Tom"] }
  /// ```
  ///
  /// Waits for the action if it has not arrived yet (see ``timeout``).
  ///
  /// - Parameters:
  ///   - expectedAction: The action the next received action must equal.
  ///   - duration: How long to wait for the action, instead of ``timeout``.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one.
  public func receive(
    _ expectedAction: Action,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      expected: String(customDumping: expectedAction),
      matching: { $0 == expectedAction },
      mismatch: { received in
        diff(expectedAction, received, format: .proportional).map {
          "\($0.indented)\n\n(Expected: −, Received: +)"
        } ?? String(customDumping: received).indented
      },
      updateStateToExpectedResult,
      timeout: duration,
      location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action that `isMatching` accepts, and the state it led
  /// to. Use it for actions that are not `Equatable`, or to match a case whatever its payload.
  ///
  /// ```swift
  /// await store.receive(where: { if case .resultsLoaded = $0 { true } else { false } }) {
  ///   $0.results = ["Tom"]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: Whether a received action is the expected one.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one.
  public func receive(
    where isMatching: @escaping (_ action: Action) -> Bool,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      isMatching, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action that `isMatching` accepts, and the state it led
  /// to, as TCA spells it (an unlabeled predicate): the same as
  /// ``receive(where:assert:fileID:filePath:line:column:)``, with a timeout of its own.
  ///
  /// ```swift
  /// await store.receive({ $0 == .resultsLoaded(["Tom"]) }, timeout: .seconds(2)) {
  ///   $0.results = ["Tom"]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: Whether a received action is the expected one.
  ///   - duration: How long to wait for the action, instead of ``timeout``.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one.
  public func receive(
    _ isMatching: @escaping (_ action: Action) -> Bool,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expected: "an action matching the predicate",
      matching: isMatching,
      mismatch: { String(customDumping: $0).indented },
      updateStateToExpectedResult,
      timeout: duration,
      location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func receive(
    expected: String,
    matching isMatching: @escaping (Action) -> Bool,
    mismatch: (Action) -> String,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    timeout duration: Duration? = nil,
    location: Location
  ) async {
    let exhaustive = exhaustivity == .on
    let timeout = self.timeout(waiting: duration)
    let arrived = await waitUntil(timeout: timeout) { [recorder] in
      exhaustive
        ? !recorder.received.isEmpty : recorder.received.contains { isMatching($0.action) }
    }
    guard arrived else {
      let running = effects.inFlightCount
      location.report(
        """
        Expected to receive \(expected), but received \
        \(recorder.received.isEmpty ? "no action" : "no matching action")\
        \(running == 0 ? "." : ", after waiting for \(timeout) with \(running) effect\(running == 1 ? "" : "s") still running. Does the test need to advance a clock?")
        """)
      return
    }
    if !exhaustive {
      while let first = recorder.received.first, !isMatching(first.action) {
        exhaustivity.reportUnasserted(
          "Skipped receiving an action:\n\n\(String(customDumping: first.action).indented)",
          at: location)
        state = recorder.received.removeFirst().state
      }
    }
    let (action, actual, nextStackID) = recorder.received.removeFirst()
    guard isMatching(action) else {
      location.report(
        """
        Received an unexpected action:

        \(mismatch(action))
        """)
      state = actual
      return
    }
    holdingEffects {
      assertState(
        actual, updateStateToExpectedResult, nextStackID: nextStackID, location: location)
    }
    await settle()
  }

  // MARK: Ending

  /// Waits for every effect in flight to finish, and fails if some are still running when
  /// the ``timeout`` ran out.
  ///
  /// ```swift
  /// await store.send(.refresh) { $0.isLoading = true }
  /// await store.receive(.loaded([1, 2])) { $0.isLoading = false; $0.items = [1, 2] }
  /// await store.finish()
  /// ```
  ///
  /// - Parameter duration: How long to wait, instead of ``timeout``.
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = self.timeout(waiting: duration)
    let finished = await waitUntil(timeout: timeout) { [effects] in effects.inFlightCount == 0 }
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    if exhaustivity != .off {
      Self.reportSharedChanges(sharedChanges, exhaustivity: exhaustivity, at: location)
    }
    guard !finished else { return }
    let running = effects.inFlightCount
    location.report(
      """
      Expected effects to finish, but \(running) \(running == 1 ? "is" : "are") still running \
      after waiting for \(timeout). Advance the clock they wait on, cancel them, or \
      receive what they send.
      """)
  }

  /// Fails if the test did not receive every action effects sent, or effects are still
  /// running; then skips those actions and cancels those effects, so that each problem is
  /// reported once. The store checks the same when it goes away.
  ///
  /// ```swift
  /// await store.send(.start)
  /// store.assertNoPendingEffects()   // fails: the effect .start started is running
  /// ```
  public func assertNoPendingEffects(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    if exhaustivity != .off {
      Self.reportPending(
        unreceived: endChecks.value.unreceived, running: Self.inFlightAfterGrace(effects),
        exhaustivity: exhaustivity, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
    acceptReceivedActions()
    effects.cancelAll()
  }

  /// Accepts the actions received so far without asserting them; the state moves on to the
  /// state after the last one. As in TCA.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.skipReceivedActions()   // whatever the effects sent so far
  /// ```
  ///
  /// - Parameter strict: Whether to fail when there is no received action to skip.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.yield()
    if strict && recorder.received.isEmpty {
      Location(fileID: fileID, filePath: filePath, line: line, column: column).report(
        "There were no received actions to skip.")
    }
    acceptReceivedActions()
  }

  /// Cancels the effects in flight; the test does not need to wait for them. As in TCA.
  ///
  /// - Parameter strict: Whether to fail when there is no effect in flight.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.yield()
    if strict && effects.inFlightCount == 0 {
      Location(fileID: fileID, filePath: filePath, line: line, column: column).report(
        "There were no in-flight effects to skip.")
    }
    effects.cancelAll()
  }

  /// Asserts the state as it is now, with no action: what the reducer did since the last
  /// assertion (in a non-exhaustive test, the part the test cares about). As in TCA.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refresh)
  /// store.assert { $0.isLoading = true }
  /// ```
  ///
  /// As in TCA, a closure that states the state as it already was (what the initial state
  /// holds, for instance) passes.
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    assertState(
      store.state, updateStateToExpectedResult,
      nextStackID: dependencies.stackElementID.peek(), mayLeaveStateUnchanged: true,
      location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// How long a wait lasts: `duration` on the continuous clock when a call gives one, the
  /// store's ``timeout`` otherwise.
  private func timeout(waiting duration: Duration?) -> TestStoreTimeout {
    duration.map { .duration($0) } ?? timeout
  }

  /// Accepts the actions received so far; the asserted state moves on past them.
  private func acceptReceivedActions() {
    if let last = recorder.received.last { state = last.state }
    recorder.received.removeAll()
  }

  // MARK: Helpers

  /// Compares `actual` with what `updateStateToExpectedResult` makes of the previous state.
  /// The closure runs with a stack id generator rewound to where the reducer's started
  /// (`nextStackID`), so that `$0.path.append(…)` makes the ids the reducer made.
  private func assertState(
    _ actual: State,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    nextStackID: StackElementID,
    mayLeaveStateUnchanged: Bool = false,
    location: Location
  ) {
    let previous = state
    defer {
      state = actual
      sharedChanges.reset()
    }
    // Shared values: the closure starts from their values at the previous step (exhaustive)
    // or from the live ones (not exhaustive), and changes those; `Shared ==` and the diff
    // then compare them with the live values (see `SharedChangeTracker`).
    let sharedValuesChanged = sharedChanges.hasChanges
    let sharedChangeList = sharedValuesChanged ? sharedChanges.changeDescriptions : []
    if exhaustivity != .on { sharedChanges.reset() }
    // Runs the test's closure as the reducer ran: stack ids from where it started, shared
    // values as the test expects them.
    func expect(_ state: inout State, by update: (inout State) throws -> Void) throws {
      try withDependencies {
        $0.stackElementID = .incrementing(from: nextStackID.generation)
      } operation: {
        try sharedChanges.assert { try update(&state) }
      }
    }
    var expected = exhaustivity == .on ? previous : actual
    do {
      if let updateStateToExpectedResult {
        try expect(&expected, by: updateStateToExpectedResult)
      }
    } catch {
      location.report("Threw an error while asserting the state: \(error)")
      return
    }
    let matches = sharedChanges.assert { expected == actual }
    if !matches {
      // `diff` is nil when both dump the same (a type whose `==` sees what a dump does not).
      let difference = sharedChanges.assert {
        diff(expected, actual, format: .proportional).map {
          "\($0.indented)\n\n(Expected: −, Actual: +)"
        }
          ?? "Expected:\n\(String(customDumping: expected).indented)\n"
          + "Actual:\n\(String(customDumping: actual).indented)"
      }
      location.report(
        """
        A state change does not match expectation:

        \(difference)\(sharedChangeList.isEmpty ? "" : sharedChangesHint(sharedChangeList))
        """)
      return
    }
    if exhaustivity == .on, updateStateToExpectedResult != nil, !mayLeaveStateUnchanged,
      !sharedValuesChanged, actual == previous
    {
      location.report(
        """
        Expected the state to change, but it did not change; omit the trailing closure when \
        an action leaves the state as it is.
        """)
    }
    if exhaustivity == .off(showSkippedAssertions: true), let updateStateToExpectedResult {
      // What an exhaustive assertion would have required: the changes the test skipped (shared
      // values are compared live: their previous values are gone with the snapshots).
      sharedChanges.reset()
      var exhaustive = previous
      do {
        try expect(&exhaustive, by: updateStateToExpectedResult)
      } catch {
        return
      }
      sharedChanges.reset()
      if exhaustive != actual, let difference = diff(exhaustive, actual) {
        exhaustivity.reportUnasserted(
          """
          Skipped asserting these state changes:

          \(difference.indented)

          (Asserted: −, Actual: +)
          """, at: location)
      }
    }
  }

  /// Waits until `condition` holds, effects can no longer make it hold, or the ``timeout``
  /// ran out. Returns as soon as the condition holds.
  private func waitUntil(
    timeout: TestStoreTimeout, _ condition: @escaping @MainActor () -> Bool
  ) async -> Bool {
    if condition() { return true }
    let (events, continuation) = AsyncStream<WaitEvent>.makeStream()
    let listener = recorder.addListener { continuation.yield(.received) }
    let timer = startTimer(timeout, continuation)
    var watcher = watch(effects.inFlight, continuation)
    defer {
      recorder.removeListener(listener)
      timer.cancel()
      watcher.cancel()
      continuation.finish()
    }
    for await event in events {
      if condition() { return true }
      switch event {
      case .received:
        continue
      case .timedOut:
        return false
      case .effectsFinished:
        let inFlight = effects.inFlight
        guard inFlight.isEmpty else {
          watcher = watch(inFlight, continuation)
          continue
        }
        // Nothing runs any more; let actions already on their way to the main actor land.
        for _ in 0..<10 {
          await Task.yield()
          if condition() { return true }
        }
        return false
      }
    }
    return condition()
  }

  private nonisolated static func reportPending(
    unreceived: [String], running: Int, exhaustivity: Exhaustivity,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    if !unreceived.isEmpty {
      exhaustivity.reportUnasserted(
        """
        The store received \(unreceived.count) unexpected \
        action\(unreceived.count == 1 ? "" : "s") that the test did not receive:

        \(unreceived.map { "  • \($0)" }.joined(separator: "\n"))

        Receive them with 'store.receive', or skip them with 'store.skipReceivedActions()'.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if running > 0 {
      exhaustivity.reportUnasserted(
        """
        \(running) effect\(running == 1 ? " is" : "s are") still running at the end of the \
        test. Await 'store.finish()' (advancing the clocks they wait on), cancel them, or \
        skip them with 'store.skipInFlightEffects()'.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// Whether a ``TestStore`` requires every state change and received action to be asserted.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be accounted for.
  case on
  /// Only what the test asserts is checked. With `showSkippedAssertions`, what it did not
  /// assert (skipped received actions, state changes, effects still running) is reported as
  /// expected failures, which a test report shows and which never fail the test, as in TCA.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, and what it skips is not reported.
  public static let off = Self.off(showSkippedAssertions: false)

  /// Reports what a test did not assert: a failure with `.on`, an expected failure with
  /// `.off(showSkippedAssertions: true)`, nothing with `.off`.
  nonisolated func reportUnasserted(
    _ message: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    switch self {
    case .on:
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    case .off(showSkippedAssertions: true):
      withExpectedIssue(
        "Skipped assertion (exhaustivity is off)", fileID: fileID, filePath: filePath,
        line: line, column: column
      ) {
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    case .off(showSkippedAssertions: false):
      break
    }
  }

  func reportUnasserted(_ message: String, at location: Location) {
    reportUnasserted(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// What a failure adds when shared values changed: which ones, and how to assert them.
private func sharedChangesHint(_ changes: [String]) -> String {
  """


  Shared values changed since the previous step:
  \(changes.map { "  • \($0)" }.joined(separator: "\n"))
  Assert a shared change as any other: `$0.$count.withLock { $0 = 1 }` (or `$0.count = 1`).
  """
}

/// Whether the feature dismissed itself; its effects end then, as a dismissed feature's do
/// in TCA (a timer it started does not keep the test running).
private final class Dismissal: Sendable {
  let isDismissed = LockIsolated(false)
  /// Cancels the store's effects; set once the store is made.
  let cancelEffects = LockIsolated<(@Sendable () -> Void)?>(nil)

  func dismiss() {
    isDismissed.setValue(true)
    cancelEffects.value?()
  }
}

/// What wakes up a test store waiting for effects.
private enum WaitEvent: Sendable {
  case received, timedOut, effectsFinished
}

/// A task that reports when all of `tasks` finished.
private func watch(
  _ tasks: [Task<Void, Never>], _ continuation: AsyncStream<WaitEvent>.Continuation
) -> Task<Void, Never> {
  Task.detached {
    for task in tasks { await task.value }
    continuation.yield(.effectsFinished)
  }
}

/// A task that reports when `timeout` ran out.
///
/// A timeout counted in yields runs out only when it ran out both on the main actor (where
/// effects deliver their actions) and on the cooperative pool (where their work runs), so a
/// busy main actor or a busy pool cannot make it run out before the effects had their turns.
private func startTimer(
  _ timeout: TestStoreTimeout, _ continuation: AsyncStream<WaitEvent>.Continuation
) -> Task<Void, Never> {
  Task.detached {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await waitOnTheMainActor(timeout) }
      group.addTask { await timeout.wait() }
      await group.waitForAll()
    }
    continuation.yield(.timedOut)
  }
}

@MainActor
private func waitOnTheMainActor(_ timeout: TestStoreTimeout) async {
  await timeout.wait()
}

/// What the end-of-test check needs, readable from `deinit` on any thread.
struct EndChecks: Sendable {
  var exhaustivity: Exhaustivity
  var unreceived: [String] = []
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// Where an assertion was written.
struct Location {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Records what the reducer of a test store handles: the state after the action the test
/// sent, and every other action (sent by effects) with the state after it.
@MainActor
final class TestStoreRecorder<State, Action> {
  var isSendingFromTest = false
  var sentState: (state: State, nextStackID: StackElementID)?
  var received: [(action: Action, state: State, nextStackID: StackElementID)] = [] {
    didSet {
      let descriptions = received.map { String(customDumping: $0.action) }
      endChecks.withValue { $0.unreceived = descriptions }
    }
  }
  private var listeners: [Int: @MainActor () -> Void] = [:]
  private var lastListener = 0
  private let endChecks: LockIsolated<EndChecks>

  init(endChecks: LockIsolated<EndChecks>) {
    self.endChecks = endChecks
  }

  func record(_ action: Action, state: State, nextStackID: StackElementID) {
    if isSendingFromTest {
      isSendingFromTest = false
      sentState = (state, nextStackID)
      return
    }
    received.append((action, state, nextStackID))
    for listener in listeners.values { listener() }
  }

  var unreceivedList: String {
    received.map { "  • \(String(customDumping: $0.action))" }.joined(separator: "\n")
  }

  func addListener(_ listener: @escaping @MainActor () -> Void) -> Int {
    lastListener += 1
    listeners[lastListener] = listener
    return lastListener
  }

  func removeListener(_ id: Int) {
    listeners[id] = nil
  }
}

extension String {
  var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  \($0)" }
      .joined(separator: "\n")
  }
}

extension Optional {
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}

/// A test store of the state and actions of the feature `R`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
