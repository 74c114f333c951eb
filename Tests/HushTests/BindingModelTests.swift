import HushTesting
import IdentifiedCollections
import Testing

@testable import Hush

/// The model test of `StoreRandomizedTests` for bindings: random writes through a
/// `BindableAction` store's dynamic members (each sent as a binding action), through its
/// `[id:]` paths, and sends, against probes on plain, subscript and dot paths: after every step
/// each probe shows the current value (never stale) and rendered only if its value changed
/// (never wasted).
@MainActor
@Suite struct BindingModelTests {
  struct Item: Hashable, Identifiable {
    let id: Int
    var score = 0
    var label = ""
  }

  struct Form: Reducer {
    struct State: Equatable {
      var name = ""
      var count = 0
      var flag = false
      var items = IdentifiedArray(uniqueElements: (0..<6).map { Item(id: $0) })
    }

    @CasePathable
    enum Action: BindableAction {
      case binding(BindingAction<State>)
      case bump(id: Int)
      case shuffle(Int)
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding: break
        case let .bump(id): state.items[id: id]?.score += 1
        case let .shuffle(index): state.items.swapAt(0, index % state.items.count)
        }
        return .none
      }
    }
  }

  struct Reading {
    let name: String
    let probe: RenderProbe<AnyHashable>
    let expected: (Form.State) -> AnyHashable
    var renders = 0
    var seen: AnyHashable
    var invalidated = false
  }

  @Test(arguments: [1, 2] as [UInt64])
  func bindingWritesAreNeverStaleAndNeverWasted(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let store = Store(initialState: Form.State()) { Form() }
    var readers: [(String, @MainActor () -> AnyHashable, (Form.State) -> AnyHashable)] = [
      ("name", { AnyHashable(store.name) }, { AnyHashable($0.name) }),
      ("count", { AnyHashable(store.count) }, { AnyHashable($0.count) }),
      ("flag", { AnyHashable(store[\.flag]) }, { AnyHashable($0.flag) }),
      ("ids (dot path)", { AnyHashable(store.items.ids) }, { AnyHashable($0.items.ids) }),
    ]
    for id in 0..<6 {
      readers.append(
        (
          "item \(id) score", { AnyHashable(store[\.items[id: id]?.score]) },
          { AnyHashable($0.items[id: id]?.score) }
        ))
      readers.append(
        (
          "item \(id) (dot path)", { AnyHashable(store.items[id: id]) },
          { AnyHashable($0.items[id: id]) }
        ))
    }
    var readings = (0..<60).map { _ in
      let (name, read, expected) = readers[Int(random.next() % UInt64(readers.count))]
      return Reading(
        name: name, probe: RenderProbe(read), expected: expected,
        seen: expected(store.state))
    }

    for step in 0..<2_000 {
      let value = Int(random.next() % 3)
      switch random.next() % 7 {
      case 0: store.name = value == 0 ? "" : "name \(value)"
      case 1: store.count = value
      case 2: store.flag = value == 1
      case 3: store.items[id: value]?.score = Int(random.next() % 3)
      case 4: store.items[id: value + 3]?.label = String(value)
      case 5: store.send(.bump(id: value * 2))
      default: store.send(.shuffle(value + 1))
      }
      var current: Form.State?
      store.observers.host.withCurrentValue { current = $0.pointee }
      let state = current!
      for index in readings.indices
      where readings[index].expected(state) != readings[index].seen {
        readings[index].invalidated = true
      }
      guard step % 3 == 0 || random.next() % 2 == 0 else { continue }
      for index in readings.indices {
        let reading = readings[index]
        #expect(reading.probe.value == reading.expected(state), "stale \(reading.name) at \(step)")
        #expect(
          reading.probe.renders == reading.renders + (reading.invalidated ? 1 : 0),
          "\(reading.invalidated ? "missed" : "wasted") render of \(reading.name) at \(step)")
        readings[index].renders = reading.probe.renders
        readings[index].seen = reading.expected(state)
        readings[index].invalidated = false
      }
    }
    #expect(readings.contains { $0.renders > 0 })
  }
}
