import Testing

@testable import Hush

/// The bookkeeping of a store's effects, without tasks running: tokens, ids and throttle
/// windows.
@Suite struct EffectRuntimeStateMachineTests {
  typealias Machine = EffectRuntimeStateMachine<Int>

  /// A task that never runs anything worth waiting for; only its identity matters here.
  static func idleTask() -> Task<Void, Never> {
    Task {}
  }

  @Test func aFinishedTaskLeavesEveryIdItRanUnder() {
    var machine = Machine()
    let task = Self.idleTask()
    let token = machine.makeToken()
    machine.started(task, token: token, ids: [EffectID("a"), EffectID("b")])
    #expect(machine.inFlightCount == 1)
    machine.finished(token)
    #expect(machine.inFlightCount == 0)
    #expect(machine.cancel([EffectID("a"), EffectID("b")]).isEmpty)
  }

  @Test func cancellingOneIdCancelsTasksUnderItOnly() {
    var machine = Machine()
    let (first, second, third) = (Self.idleTask(), Self.idleTask(), Self.idleTask())
    let firstToken = machine.makeToken()
    machine.started(first, token: firstToken, ids: [EffectID("a"), EffectID("b")])
    machine.started(second, token: machine.makeToken(), ids: [EffectID("b")])
    machine.started(third, token: machine.makeToken(), ids: [])
    #expect(Set(machine.cancel([EffectID("a")])) == [first])
    // The first task is no longer under "b" either; finishing it later changes nothing.
    #expect(Set(machine.cancel([EffectID("b")])) == [second])
    machine.finished(firstToken)
    #expect(machine.inFlight == [third])
  }

  @Test func idsCompareLikeAnyHashable() {
    enum Feature: Hashable, Sendable { case search }
    #expect(EffectID("search") != EffectID(Feature.search))
    #expect(EffectID(Feature.search) == EffectID(Feature.search))
    #expect(EffectID(EffectID("a")) == EffectID("a"))
    #expect(EffectID(1) == EffectID(1.0))  // AnyHashable's numeric equality
  }

  @Test func aThrottleRunsTheFirstEffectAndKeepsTheLatestForTheWindowEnd() {
    var machine = Machine()
    let id = EffectID("slider")
    guard case let .runNow(window) = machine.throttle(id: id, latest: true, effect: .send(1))
    else {
      Issue.record("the first effect should run now")
      return
    }
    let timer = Self.idleTask()
    machine.windowStarted(timer, id: id, token: window)
    guard case .deferred(timer) = machine.throttle(id: id, latest: true, effect: .send(2)),
      case .deferred = machine.throttle(id: id, latest: true, effect: .send(3))
    else {
      Issue.record("later effects should wait for the window's end")
      return
    }
    guard case .send(3)? = machine.windowElapsed(id: id, token: window)?.operation else {
      Issue.record("the latest effect should run at the window's end")
      return
    }
    // The window stays open after delivering; with nothing pending, it closes.
    #expect(machine.windowElapsed(id: id, token: window) == nil)
    guard case .runNow = machine.throttle(id: id, latest: true, effect: .send(4)) else {
      Issue.record("a closed window lets the next effect run now")
      return
    }
  }

  @Test func aThrottleWithoutLatestDropsWhatArrivesInTheWindow() {
    var machine = Machine()
    let id = EffectID("button")
    guard case let .runNow(window) = machine.throttle(id: id, latest: false, effect: .send(1)),
      case .dropped = machine.throttle(id: id, latest: false, effect: .send(2))
    else {
      Issue.record("first runs, second is dropped")
      return
    }
    #expect(machine.windowElapsed(id: id, token: window) == nil)
  }

  @Test func cancellingAThrottleIdClosesItsWindowAndCancelsItsTimer() {
    var machine = Machine()
    let id = EffectID("slider")
    guard case let .runNow(window) = machine.throttle(id: id, latest: true, effect: .send(1))
    else {
      Issue.record("the first effect should run now")
      return
    }
    let timer = Self.idleTask()
    machine.windowStarted(timer, id: id, token: window)
    _ = machine.throttle(id: id, latest: true, effect: .send(2))
    #expect(machine.cancel([id]) == [timer])
    // The old timer's wake-up finds its window gone: the pending effect was dropped.
    #expect(machine.windowElapsed(id: id, token: window) == nil)
  }

  @Test func cancelAllEmptiesTheMachine() {
    var machine = Machine()
    let task = Self.idleTask()
    machine.started(task, token: machine.makeToken(), ids: [EffectID("a")])
    _ = machine.throttle(id: EffectID("b"), latest: true, effect: .send(1))
    #expect(machine.cancelAll() == [task])
    #expect(machine.inFlightCount == 0)
    guard case .runNow = machine.throttle(id: EffectID("b"), latest: true, effect: .send(2))
    else {
      Issue.record("no window should be open any more")
      return
    }
  }
}
