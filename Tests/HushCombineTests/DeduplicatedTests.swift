import CombineSchedulers
import Foundation
import HushCombine
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

struct Card: Equatable {
  var name: String
  var age: Int
}

@Suite @MainActor struct DeduplicatedTests {
  let scheduler = DispatchQueue.test

  func makeCard(_ profile: Profile) -> Deduplicated<Profile, Card> {
    profile.deduplicated(scheduler: scheduler.erased) { Card(name: $0.name, age: $0.age) }
  }

  @Test func nChangesInOneTurnAreOneAnnouncement() {
    let profile = Profile()
    let card = makeCard(profile)
    let announcements = Recorder(card.objectWillChange)
    for age in 1...30 { profile.age = age }
    profile.name = "Ada"
    #expect(announcements.count == 0)  // the comparison waits for the scheduler's next turn
    scheduler.advance()
    #expect(announcements.count == 1)
    scheduler.advance(by: .seconds(1))
    #expect(announcements.count == 1)
  }

  @Test func changesThatLeaveTheSnapshotEqualAreNotAnnounced() {
    let profile = Profile()
    let card = makeCard(profile)
    let announcements = Recorder(card.objectWillChange)
    profile.lastSeen = 1  // not in the snapshot
    profile.age = 0  // same value
    profile.age = 5
    profile.age = 0  // back to the announced value inside the turn
    scheduler.advance()
    #expect(announcements.count == 0)
    #expect(card.snapshot == Card(name: "", age: 0))
  }

  @Test func eachTurnWithARealChangeIsOneAnnouncement() {
    let profile = Profile()
    let card = makeCard(profile)
    let announcements = Recorder(card.objectWillChange)
    profile.age = 1
    scheduler.advance()
    profile.age = 1
    scheduler.advance()
    profile.age = 2
    scheduler.advance()
    #expect(announcements.count == 2)
  }

  @Test func theAnnouncementCarriesTheNewState() {
    let profile = Profile()
    let card = makeCard(profile)
    var seen: [(Card, Int)] = []
    let cancellable = card.objectWillChange.sink { _ in
      MainActor.assumeIsolated { seen.append((card.snapshot, card.age)) }
    }
    profile.age = 1
    profile.age = 2
    scheduler.advance()
    #expect(seen.count == 1)
    #expect(seen.first?.0 == Card(name: "", age: 2))
    #expect(seen.first?.1 == 2)
    withExtendedLifetime(cancellable) {}
  }

  @Test func aChangeMadeByASubscriberIsNotMissed() {
    let profile = Profile()
    let card = makeCard(profile)
    var announced: [Card] = []
    let cancellable = card.objectWillChange.sink { _ in
      MainActor.assumeIsolated {
        announced.append(card.snapshot)
        if card.age == 1 { card.age = 2 }  // reacts to the announcement
      }
    }
    profile.age = 1
    // The subscriber's write schedules a second comparison, which the test scheduler runs in
    // the same `advance()` (it runs everything due now, including work scheduled meanwhile).
    scheduler.advance()
    #expect(announced == [Card(name: "", age: 1), Card(name: "", age: 2)])
    withExtendedLifetime(cancellable) {}
  }

  @Test func dynamicMemberLookupReadsAndWritesTheObject() {
    let profile = Profile()
    let card = makeCard(profile)
    let announcements = Recorder(card.objectWillChange)
    card.name = "Grace"
    #expect(profile.name == "Grace")
    #expect(card.name == "Grace")
    #expect(card.object === profile)
    scheduler.advance()
    #expect(announcements.count == 1)
  }

  @Test func releaseCancelsWithoutLeakOrLateAnnouncement() {
    let profile = Profile()
    var card: Deduplicated<Profile, Card>? = makeCard(profile)
    weak let released = card
    let announcements = Recorder(card!.objectWillChange)
    profile.age = 1  // schedules a comparison
    card = nil
    #expect(released == nil)
    scheduler.advance()
    profile.age = 2
    scheduler.advance()
    #expect(announcements.count == 0)
  }

  @Test func doesNotKeepTheObjectAlive() {
    var profile: Profile? = Profile()
    weak let releasedProfile = profile
    var card: Deduplicated<Profile, Card>? = makeCard(profile!)
    profile = nil
    card!.age = 1
    card = nil
    scheduler.advance()
    #expect(releasedProfile == nil)
  }

  @Test func changesOffTheMainThreadAreAnnouncedOnTheScheduler() async {
    let profile = Profile()
    let card = makeCard(profile)
    let announcements = Recorder(card.objectWillChange)
    let writer = await onNewThread {
      for age in 1...10 { profile.age = age }
    }
    #expect(announcements.count == 0)
    let schedulerThread = scheduler.advanceReportingThread()
    #expect(announcements.count == 1)
    #expect(announcements.threads == [schedulerThread])
    #expect(writer != schedulerThread)
    #expect(card.snapshot.age == 10)
  }

  @Test func keyPathSnapshot() {
    let profile = Profile()
    let name = profile.deduplicated(scheduler: scheduler.erased, \.name)
    let announcements = Recorder(name.objectWillChange)
    profile.age = 3
    scheduler.advance()
    profile.name = "Ada"
    scheduler.advance()
    #expect(announcements.count == 1)
    #expect(name.snapshot == "Ada")
  }
}
