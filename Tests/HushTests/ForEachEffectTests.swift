import Clocks
import ConcurrencyExtras
import Hush
import IdentifiedCollections
import Testing

/// The effects of `forEach` element reducers: embedded, and cancelled when the parent removes
/// their element.
@MainActor
@Suite struct ForEachEffectTests {
  struct TimerRow: Equatable, Identifiable {
    let id: Int
    var ticks = 0
  }

  struct Timers: Equatable {
    var rows: IdentifiedArrayOf<TimerRow> = [TimerRow(id: 0), TimerRow(id: 1)]
  }

  enum RowAction: Equatable {
    case start
    case stop
    case tick
  }

  enum Action: Equatable {
    case row(id: Int, action: RowAction)
    case remove(id: Int)
  }

  /// The reducer of `makeStore`, as a feature whose body builds it anew for every action.
  struct TimersFeature: Reducer {
    let clock: TestClock<Duration>
    let probes: [Int: EffectProbe]

    var body: some Reducer<Timers, Action> {
      ForEachEffectTests.reducer(clock: clock, probes: probes)
    }
  }

  /// Rows whose `.start` ticks once after a second; the parent removes rows. With `inBody`,
  /// the reducer is built anew for every action, as a feature's body is.
  static func makeStore(
    clock: TestClock<Duration>, probes: [Int: EffectProbe], inBody: Bool = false
  ) -> Store<Timers, Action> {
    guard inBody else {
      return Store(initialState: Timers(), reducer: reducer(clock: clock, probes: probes))
    }
    return Store(initialState: Timers()) { TimersFeature(clock: clock, probes: probes) }
  }

  static func reducer(
    clock: TestClock<Duration>, probes: [Int: EffectProbe]
  ) -> some Reducer<Timers, Action> {
    Reduce<Timers, Action> { state, action in
      if case let .remove(id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(
      \.rows, action: Action.row,
      extract: { action in
        guard case let .row(id, rowAction) = action else { return nil }
        return (id, rowAction)
      }
    ) {
      Reduce<TimerRow, RowAction> { row, action in
        switch action {
        case .start:
          let probe = probes[row.id]!
          return .run { send in
            try await probe.run { try await clock.sleep(for: .seconds(1)) }
            await send(.tick)
          }
          .cancellable(id: "timer")
        case .stop:
          return .cancel(id: "timer")
        case .tick:
          row.ticks += 1
          return .none
        }
      }
    }
  }

  @Test(arguments: [false, true])
  func removingAnElementCancelsItsEffectsAndOnlyItsEffects(inBody: Bool) async {
    let clock = TestClock()
    let probes = [0: EffectProbe(), 1: EffectProbe()]
    let store = Self.makeStore(clock: clock, probes: probes, inBody: inBody)
    let first = store.send(.row(id: 0, action: .start))
    let second = store.send(.row(id: 1, action: .start))
    await probes[0]!.waitUntilStarted()
    await probes[1]!.waitUntilStarted()

    store.send(.remove(id: 0))
    // An effect still running would now send a tick for a row that is gone (an issue).
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish(advancing: clock, by: .seconds(1))

    #expect(probes[0]!.wasCancelled.value)
    #expect(!probes[1]!.wasCancelled.value)
    #expect(store.state.rows == [TimerRow(id: 1, ticks: 1)])
  }

  @Test func removingAnElementWithoutEffectsCancelsNothing() async {
    let clock = TestClock()
    let probes = [1: EffectProbe()]
    let store = Self.makeStore(clock: clock, probes: probes)
    let second = store.send(.row(id: 1, action: .start))
    await probes[1]!.waitUntilStarted()

    store.send(.remove(id: 0))
    await clock.advance(by: .seconds(1))
    await second.finish(advancing: clock, by: .seconds(1))

    #expect(!probes[1]!.wasCancelled.value)
    #expect(store.state.rows == [TimerRow(id: 1, ticks: 1)])
  }

  @Test(arguments: [false, true])
  func aRowCancelsOnlyItsOwnEffectOfAnIDEveryRowUses(inBody: Bool) async {
    let clock = TestClock()
    let probes = [0: EffectProbe(), 1: EffectProbe()]
    let store = Self.makeStore(clock: clock, probes: probes, inBody: inBody)
    let first = store.send(.row(id: 0, action: .start))
    let second = store.send(.row(id: 1, action: .start))
    await probes[0]!.waitUntilStarted()
    await probes[1]!.waitUntilStarted()

    store.send(.row(id: 0, action: .stop))
    await first.finish()
    #expect(probes[0]!.wasCancelled.value)
    #expect(store.effects.inFlightCount == 1)
    await clock.advance(by: .seconds(1))
    await second.finish(advancing: clock, by: .seconds(1))

    #expect(!probes[1]!.wasCancelled.value)
    #expect(store.state.rows == [TimerRow(id: 0), TimerRow(id: 1, ticks: 1)])
  }
}
