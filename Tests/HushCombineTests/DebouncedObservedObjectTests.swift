import CombineSchedulers
import Foundation
import HushCombine
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// Stands in for SwiftUI's `@StateObject`: keeps one object created from an autoclosure, so
/// that `@StateObject @DebouncedObservedObject var x = Model()` composes here as it does there.
@propertyWrapper
struct KeepsObject<Object: ObservableObject> {
  let wrappedValue: Object
  var projectedValue: Object { wrappedValue }
  init(wrappedValue: @autoclosure () -> Object) { self.wrappedValue = wrappedValue() }
}

@Suite @MainActor struct DebouncedObservedObjectTests {
  let scheduler = DispatchQueue.test

  func makeWrapper(
    _ profile: Profile = Profile(), delay: Int = 300
  ) -> DebouncedObservedObject<Profile> {
    DebouncedObservedObject(
      wrappedValue: profile, for: .milliseconds(delay), scheduler: scheduler.erased)
  }

  @Test func changesInAWindowAreOneAnnouncement() {
    let wrapper = makeWrapper()
    let announcements = Recorder(wrapper.objectWillChange)
    for age in 1...25 { wrapper.wrappedValue.age = age }
    scheduler.advance(by: .milliseconds(299))
    #expect(announcements.count == 0)
    scheduler.advance(by: .milliseconds(1))
    #expect(announcements.count == 1)
    scheduler.advance(by: .seconds(5))
    #expect(announcements.count == 1)
  }

  @Test func announcesOncePerQuietPeriod() {
    let wrapper = makeWrapper()
    let announcements = Recorder(wrapper.objectWillChange)
    wrapper.age = 1
    scheduler.advance(by: .milliseconds(300))
    wrapper.age = 2
    wrapper.name = "Ada"
    scheduler.advance(by: .milliseconds(300))
    #expect(announcements.count == 2)
  }

  @Test func changesKeepPushingTheAnnouncementBack() {
    let wrapper = makeWrapper()
    let announcements = Recorder(wrapper.objectWillChange)
    for age in 1...10 {
      wrapper.age = age
      scheduler.advance(by: .milliseconds(250))
    }
    #expect(announcements.count == 0)
    scheduler.advance(by: .milliseconds(50))
    #expect(announcements.count == 1)
  }

  @Test func aChangeExactlyAtTheBoundaryStartsANewWindow() {
    let wrapper = makeWrapper()
    let announcements = Recorder(wrapper.objectWillChange)
    wrapper.age = 1
    scheduler.advance(by: .milliseconds(300))
    #expect(announcements.count == 1)
    wrapper.age = 2
    scheduler.advance(by: .milliseconds(299))
    #expect(announcements.count == 1)
    scheduler.advance(by: .milliseconds(1))
    #expect(announcements.count == 2)
  }

  @Test func readsAfterAnAnnouncementSeeTheLatestValues() {
    let wrapper = makeWrapper()
    var seen: [Int] = []
    let cancellable = wrapper.objectWillChange.sink { _ in
      MainActor.assumeIsolated { seen.append(wrapper.age) }
    }
    for age in 1...5 { wrapper.age = age }
    scheduler.advance(by: .milliseconds(300))
    #expect(seen == [5])
    withExtendedLifetime(cancellable) {}
  }

  @Test func dynamicMemberLookupReadsAndWritesTheWrappedObject() {
    let profile = Profile()
    let wrapper = makeWrapper(profile)
    wrapper.name = "Ada"
    wrapper.age += 36
    #expect(profile.name == "Ada")
    #expect(profile.age == 36)
    profile.lastSeen = 7
    #expect(wrapper.lastSeen == 7)
    #expect(wrapper.wrappedValue === profile)
  }

  @Test func worksAsAPropertyWrapperNestedUnderAnObjectKeeper() {
    @MainActor struct Screen {
      @KeepsObject @DebouncedObservedObject var profile = Profile()
    }
    let screen = Screen()
    let wrapper = screen.$profile
    let announcements = Recorder(wrapper.objectWillChange)
    screen.profile.age = 3
    #expect(wrapper.age == 3)
    scheduler.advance(by: .seconds(1))  // default delay: 300 ms on the main queue, not this
    #expect(announcements.count == 0)
    #expect(wrapper.delay == .milliseconds(300))
  }

  @Test func worksAsAPropertyWrapperWithArguments() {
    @MainActor final class Model {
      @DebouncedObservedObject var profile: Profile
      init(scheduler: AnySchedulerOf<DispatchQueue>) {
        _profile = DebouncedObservedObject(
          wrappedValue: Profile(), for: .milliseconds(100), scheduler: scheduler)
      }
    }
    let model = Model(scheduler: scheduler.erased)
    let announcements = Recorder(model.$profile.objectWillChange)
    model.profile.name = "Grace"
    scheduler.advance(by: .milliseconds(100))
    #expect(announcements.count == 1)
    #expect(model.$profile.name == "Grace")
  }

  @Test func releaseCancelsWithoutLeakOrLateAnnouncement() {
    let profile = Profile()
    var wrapper: DebouncedObservedObject<Profile>? = makeWrapper(profile)
    weak let released = wrapper
    let announcements = Recorder(wrapper!.objectWillChange)
    profile.age = 1
    wrapper = nil
    #expect(released == nil)
    scheduler.advance(by: .seconds(1))
    profile.age = 2
    scheduler.advance(by: .seconds(1))
    #expect(announcements.count == 0)
  }

  @Test func doesNotKeepTheWrappedObjectAlive() {
    var profile: Profile? = Profile()
    weak let releasedProfile = profile
    var wrapper: DebouncedObservedObject<Profile>? = makeWrapper(profile!)
    profile = nil
    wrapper!.age = 1
    wrapper = nil
    scheduler.advance(by: .seconds(1))
    #expect(releasedProfile == nil)
  }

  @Test func changesOffTheMainThreadAreAnnouncedOnTheScheduler() async {
    let profile = Profile()
    let wrapper = makeWrapper(profile)
    let announcements = Recorder(wrapper.objectWillChange)
    let writer = await onNewThread {
      for age in 1...10 { profile.age = age }
    }
    #expect(announcements.count == 0)
    let schedulerThread = scheduler.advanceReportingThread(by: .milliseconds(300))
    #expect(announcements.count == 1)
    // Delivered by the scheduler on the main actor (where the test advances it), not on the
    // writer's thread; `MainActor.assumeIsolated` in the wrapper would trap otherwise.
    #expect(announcements.threads == [schedulerThread])
    #expect(writer != schedulerThread)
    #expect(wrapper.age == 10)
  }
}
