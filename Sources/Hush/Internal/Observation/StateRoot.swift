import IssueReporting

/// The state of a root store and the observers of its paths.
final class StateRoot<State>: ObservationHost, ElementMutationTarget, SharedValueObserver {
  typealias Value = State

  /// No dynamic exclusivity checks (each send would call into the runtime twice): touched on
  /// the main actor only, and never read while the reducer mutates it in place. A reducer has
  /// no store to read from, readers are notified after the mutation ends, and element
  /// reducers that announce mutations during it are given pointers, not the property.
  @exclusivity(unchecked) private(set) var state: State
  /// Whether a reducer is running on the state now: a send or a write that reaches this root
  /// then (a reducer that holds its own store, through a dependency) is reported and dropped
  /// by ``Store`` and ``mutateValue(cause:_:)``, instead of running a second reducer inside
  /// the first, on state the first is mutating in place. Unchecked for the same reason.
  @exclusivity(unchecked) private(set) var isReducing = false
  /// A constant (read without retaining it: a send reads it several times).
  let observers = ObserverSet<State>()
  /// The state's changes (see ``ChangeClock``), which every set of the store tree reaches
  /// through its host (see ``ObservationHost/clock``).
  private let changeClock = ChangeClock()
  var clock: Unmanaged<ChangeClock> { Unmanaged.passUnretained(changeClock) }
  /// Reused between changes so that a change that invalidates nothing allocates nothing.
  private var changedBuffer: [ObservationCell] = []
  var changeLog: ((ChangeLogEntry) -> Void)?
  let pathDescription = ""

  /// Whether the state may hold a ``Shared`` (see ``SharedHolders``): the root then compares
  /// its readers when a shared value changes.
  private let mayHoldShared: Bool
  /// ``SharedChanges/generation`` when the readers were last compared.
  private var sharedGeneration = 0

  init(state: State) {
    self.state = state
    self.mayHoldShared = SharedHolders.mayHoldShared(State.self)
    observers.attach(to: self)
    if mayHoldShared {
      sharedGeneration = SharedChanges.generation
      SharedChanges.register(self)
    }
  }

  deinit {
    if mayHoldShared { SharedChanges.unregister(ObjectIdentifier(self)) }
  }

  func withCurrentValue(_ body: (UnsafePointer<State>) -> Void) {
    guard mayHoldShared else { return withUnsafePointer(to: &state, body) }
    // A shared value read here is tracked by this store, per path (see `StoreStateReading`).
    StoreStateReading.perform { withUnsafePointer(to: &state, body) }
  }

  func mutateValue(cause: @autoclosure () -> ChangeLogEntry.Cause, _ body: (inout State) -> Void) {
    guard !isReducing else {
      reportIssue(
        """
        The state of a store was written while its reducer was running (\(cause())). The \
        write was dropped.

        A reducer changes the state it is given; a store it reaches (through a dependency) \
        is the same state, in the middle of that change. Change the state in the reducer, \
        or return an effect that sends an action.
        """)
      return
    }
    mutate(cause: cause(), body)
  }

  /// Runs `body` on the state, then notifies the readers of every path whose value changed.
  ///
  /// - Complexity: the cost of `body`, plus O(active observers) comparisons, plus the readers
  ///   of what changed.
  func mutate<Result>(
    cause: @autoclosure () -> ChangeLogEntry.Cause, _ body: (inout State) -> Result
  ) -> Result {
    let clock = changeClock
    if clock.awaitingRead != nil { clock.retireUnreadCells() }
    clock.generation &+= 1
    guard let changeLog else {
      let result = reduce(body)
      propagateChanges(recorder: nil)
      return result
    }
    let before = state
    let result = reduce(body)
    let recorder = ChangeRecorder()
    propagateChanges(recorder: recorder)
    changeLog(
      ChangeLogEntry(
        cause: cause(), changes: recorder.changes,
        stateChanged: !isSameValue(before, state)))
    return result
  }

  /// Runs `body` on the state; element reducers inside it may announce in-place element
  /// mutations (see ``ElementMutation``) while some reader is active.
  private func reduce<Result>(_ body: (inout State) -> Result) -> Result {
    isReducing = true
    defer { isReducing = false }
    if observers.isInactive { return body(&state) }
    // The state's address taken as a pointer argument, and the run set up here rather than
    // in closures (a closure and its context per send).
    return reduce(body, at: &state)
  }

  private func reduce<Result>(
    _ body: (inout State) -> Result, at state: UnsafeMutablePointer<State>
  ) -> Result {
    let outer = ReducerRun.current
    ReducerRun.current = ReducerRun(state: state, size: MemoryLayout<State>.size, target: self)
    defer { ReducerRun.current = outer }
    return body(&state.pointee)
  }

  func prepareForElementMutation(
    _ mutation: ElementMutation, at offset: Int, size: Int, in base: UnsafeRawPointer
  ) {
    observers.prepareForElementMutation(mutation, at: offset, size: size, in: base)
  }

  func observersDidChangeActivity(isActive: Bool) {}

  func sharedValueDidChange() {
    guard !isReducing, !observers.isInactive else { return }
    mutate(cause: .sharedValue) { _ in }
  }

  private func propagateChanges(recorder: ChangeRecorder?) {
    // A shared value changed since the last comparison: compare through every getter.
    // (Only a state that may hold one: for any other, the flag is off, as it is outside every
    // comparison; a comparison nested in another's runs after that one ends, when readers
    // are notified.)
    var comparesAll = false
    let previousSharedGeneration = sharedGeneration
    if mayHoldShared, sharedGeneration != SharedChanges.generation {
      sharedGeneration = SharedChanges.generation
      comparesAll = true
    }
    guard !observers.isInactive else { return }
    // A reader notified below may change the state again (re-entrantly): it then works on a
    // buffer of its own.
    var changed = changedBuffer
    changedBuffer = []
    if comparesAll {
      SharedChanges.isComparingAll = true
      SharedChanges.comparingSince = previousSharedGeneration
    }
    withUnsafePointer(to: &state) {
      observers.collectChanges(in: $0, into: &changed, recorder: recorder)
    }
    if comparesAll { SharedChanges.isComparingAll = false }
    for cell in changed {
      cell.deactivateAndNotify(clock: changeClock)
    }
    // One `removeLast` per cell (one, usually) rather than `removeAll(keepingCapacity:)`,
    // which goes through the generic range replacement (about 190 instructions per send).
    while !changed.isEmpty { changed.removeLast() }
    changedBuffer = changed
  }
}

/// Whether two values are the same: identical bytes, or equal by `==`.
private func isSameValue<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  if hasSameBits(lhs, rhs) { return true }
  return equalityFunction(for: Value.self)?(lhs, rhs) ?? false
}
