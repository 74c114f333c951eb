import Foundation

/// The lock and the state it guards for one ``Deduplicated`` wrapper.
///
/// Its methods are the events of ``DeduplicatedStateMachine``; each holds the lock only for the
/// transition, never while calling out.
final class DeduplicatedStorage {
  private let lock = NSLock()
  private var stateMachine = DeduplicatedStateMachine()

  var state: DeduplicatedStateMachine.State {
    lock.withLock { stateMachine.state }
  }

  func changeAnnounced() -> DeduplicatedStateMachine.ChangeAction {
    lock.withLock { stateMachine.changeAnnounced() }
  }

  func checkFired() -> DeduplicatedStateMachine.CheckAction {
    lock.withLock { stateMachine.checkFired() }
  }

  func finish() {
    lock.withLock { stateMachine.finish() }
  }
}

// The lock sits beside the only mutable state, and every access to it takes the lock.
extension DeduplicatedStorage: @unchecked Sendable {}
