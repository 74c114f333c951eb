import HushTesting
import IdentifiedCollections
import Testing

@testable import Hush

/// A reader of a computed property whose getter reads a class instance held in the state: the
/// bytes of the stored part of its path do not change when the instance does, so it must be
/// compared, and render when its value changed.
@MainActor
@Suite struct ComputedReadOverClassTests {
  final class Model {
    var name = "first"
  }

  struct Settings: Equatable {
    var model = Model()
    var theme = "light"
    /// Reads the class instance.
    var display: String { "\(model.name) (\(theme))" }
    /// Reads only values.
    var title: String { theme.uppercased() }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.model === rhs.model && lhs.theme == rhs.theme
    }
  }

  struct ValueSettings: Equatable {
    var name = "first"
    var tags: [String] = []
    var display: String { "\(name) \(tags.count)" }
  }

  struct State: Equatable {
    var settings = Settings()
    var values = ValueSettings()
    var count = 0
  }

  enum Action {
    case rename(String)
    case renameValue(String)
    case increment
  }

  func makeStore() -> Store<State, Action> {
    Store(initialState: State()) { state, action in
      switch action {
      case let .rename(name): state.settings.model.name = name
      case let .renameValue(name): state.values.name = name
      case .increment: state.count += 1
      }
      return .none
    }
  }

  @Test func aComputedReadThroughAClassRendersWhenTheInstanceChanges() {
    let store = makeStore()
    let display = RenderProbe { store[\.settings.display] }
    store.send(.rename("second"))
    #expect(display.renders == 1)
    #expect(display.value == "second (light)")
    // Equal afterwards: no render.
    store.send(.rename("second"))
    store.send(.increment)
    #expect(display.renders == 1)
  }

  @Test func aComputedReadOverValuesKeepsItsStoredPrefix() {
    let store = makeStore()
    let display = RenderProbe { store[\.values.display] }
    store.send(.increment)
    #expect(display.renders == 0)
    store.send(.renameValue("second"))
    #expect(display.renders == 1)
    #expect(display.value == "second 0")
    #expect(StoredPrefix.of(\State.values.display) != nil)
    #expect(StoredPrefix.of(\State.settings.display) == nil)
    #expect(StoredPrefix.of(\State.settings.title) == nil)
  }

  struct Node {
    var children: [Node] = []
    var label = ""
  }

  struct Holder {
    var closure: () -> Void = {}
  }

  enum Payload {
    case text(String)
    case model(Model)
  }

  @Test func whichTypesHoldNoClass() {
    #expect(ClassFreeTypes.holdsNoClass(Int.self))
    #expect(ClassFreeTypes.holdsNoClass(String.self))
    #expect(ClassFreeTypes.holdsNoClass(ValueSettings.self))
    #expect(ClassFreeTypes.holdsNoClass([String: [Int]].self))
    #expect(ClassFreeTypes.holdsNoClass(IdentifiedArrayOf<Row>.self))
    #expect(ClassFreeTypes.holdsNoClass(Node.self))
    #expect(ClassFreeTypes.holdsNoClass((Int, String).self))
    #expect(ClassFreeTypes.holdsNoClass(Row?.self))
    #expect(!ClassFreeTypes.holdsNoClass(Model.self))
    #expect(!ClassFreeTypes.holdsNoClass(Settings.self))
    #expect(!ClassFreeTypes.holdsNoClass([Settings].self))
    #expect(!ClassFreeTypes.holdsNoClass(Model?.self))
    #expect(!ClassFreeTypes.holdsNoClass(Holder.self))
    #expect(!ClassFreeTypes.holdsNoClass(Payload.self))
    #expect(!ClassFreeTypes.holdsNoClass((any Equatable).self))
  }
}
