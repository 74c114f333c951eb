/// The state of a root store and the observers of its paths.
final class StateRoot<State>: ObservationHost {
  typealias Value = State

  private(set) var state: State
  private(set) lazy var observers = ObserverSet<State>(host: self)
  /// Reused between changes so that a change that invalidates nothing allocates nothing.
  private var changedBuffer: [ObservationCell] = []

  init(state: State) {
    self.state = state
  }

  func withCurrentValue(_ body: (UnsafePointer<State>) -> Void) {
    withUnsafePointer(to: &state, body)
  }

  func mutateValue(_ body: (inout State) -> Void) {
    mutate(body)
  }

  /// Runs `body` on the state, then notifies the readers of every path whose value changed.
  ///
  /// - Complexity: the cost of `body`, plus O(active observers) comparisons, plus the readers
  ///   of what changed.
  func mutate<Result>(_ body: (inout State) -> Result) -> Result {
    let result = body(&state)
    propagateChanges()
    return result
  }

  func observersDidChangeActivity(isActive: Bool) {}

  private func propagateChanges() {
    guard !observers.active.isEmpty else { return }
    // A reader notified below may change the state again (re-entrantly): it then works on a
    // buffer of its own.
    var changed = changedBuffer
    changedBuffer = []
    withUnsafePointer(to: &state) { observers.collectChanges(in: $0, into: &changed) }
    for cell in changed {
      cell.deactivateAndNotify()
    }
    changed.removeAll(keepingCapacity: true)
    changedBuffer = changed
  }
}
