import Testing

@testable import HushCombine

@Suite struct DeduplicatedStateMachineTests {
  @Test func firstChangeSchedulesOneCheckAndLaterOnesAreAbsorbed() {
    var machine = DeduplicatedStateMachine()
    #expect(machine.state == .idle)
    #expect(machine.changeAnnounced() == .scheduleCheck)
    #expect(machine.state == .checkScheduled)
    #expect(machine.changeAnnounced() == .none)
    #expect(machine.changeAnnounced() == .none)
  }

  @Test func aCheckReopensForTheNextChange() {
    var machine = DeduplicatedStateMachine()
    _ = machine.changeAnnounced()
    #expect(machine.checkFired() == .compare)
    #expect(machine.state == .idle)
    #expect(machine.changeAnnounced() == .scheduleCheck)
  }

  @Test func finishedIgnoresChangesAndPendingChecks() {
    var machine = DeduplicatedStateMachine()
    _ = machine.changeAnnounced()
    machine.finish()
    #expect(machine.checkFired() == .none)
    #expect(machine.changeAnnounced() == .none)
    #expect(machine.state == .finished)
  }

  @Test func storageAppliesTheTransitionsUnderItsLock() {
    let storage = DeduplicatedStorage()
    #expect(storage.changeAnnounced() == .scheduleCheck)
    #expect(storage.changeAnnounced() == .none)
    #expect(storage.checkFired() == .compare)
    storage.finish()
    #expect(storage.state == .finished)
  }
}
