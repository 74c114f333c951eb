import Hush
import HushTesting
import IdentifiedCollections
import Observation
import Testing

@MainActor
@Suite struct DerivedTests {
  struct Kitten: Equatable, Identifiable {
    let id: Int
    var name: String
    var isWhite: Bool
  }

  struct Shelter: Equatable {
    var cats: [Kitten] = (0..<6).map { Kitten(id: $0, name: "Cat \($0)", isWhite: $0 % 2 == 0) }
    var visitors = 0
  }

  enum Action {
    case rename(id: Int, String)
    case paint(id: Int, isWhite: Bool)
    case visit
    case touchCats
  }

  static func makeStore() -> Store<Shelter, Action> {
    Store(initialState: Shelter()) { state, action in
      switch action {
      case let .rename(id, name): state.cats[id].name = name
      case let .paint(id, isWhite): state.cats[id].isWhite = isWhite
      case .visit: state.visitors += 1
      case .touchCats:
        let cats = state.cats
        state.cats = cats
      }
      return .none
    }
  }

  @Test func recomputesOnlyWhenTheInputChangesAndRendersOnlyWhenTheResultChanges() {
    let store = Self.makeStore()
    let whiteIDs = store.derived(\.cats) { $0.filter(\.isWhite).map(\.id) }
    let list = RenderProbe { whiteIDs.value }
    #expect(list.value == [0, 2, 4])
    #expect(whiteIDs.computeCount == 1)

    store.send(.visit)  // unrelated
    store.send(.touchCats)  // equal input
    #expect(whiteIDs.computeCount == 1)
    #expect(list.renders == 0)

    store.send(.rename(id: 1, "Shadow"))  // input changed, result equal
    #expect(whiteIDs.computeCount == 2)
    #expect(list.renders == 0)

    store.send(.paint(id: 1, isWhite: true))  // result changed
    #expect(whiteIDs.computeCount == 3)
    #expect(list.renders == 1)
    #expect(list.value == [0, 1, 2, 4])
  }

  @Test func computesOnceAtCreationAndReadsNeverRecompute() {
    let store = Self.makeStore()
    let names = store.derived(\.cats) { $0.map(\.name) }
    #expect(names.computeCount == 1)
    store.send(.rename(id: 0, "A"))
    #expect(names.computeCount == 2)
    for _ in 0..<3 { #expect(names.value.first == "A") }
    #expect(names.computeCount == 2)
  }

  @Test func readerOfADerivedValueDoesNotTrackItsInput() {
    let store = Self.makeStore()
    let count = store.derived(\.cats) { $0.count }
    let probe = RenderProbe { count.value }
    store.send(.rename(id: 2, "Felix"))
    #expect(count.computeCount == 2)
    #expect(probe.renders == 0)
  }

  @Test func lazyPipelineProcessesOnlyThePrefixTheConsumerTakes() {
    let store = Store<[Int], Int>(initialState: Array(0..<10_000)) { _, _ in .none }
    final class Counter { var calls = 0 }
    let counter = Counter()
    let evens = store.derived(\.self) { numbers in
      numbers.lazy.filter { number in
        counter.calls += 1
        return number % 2 == 0
      }
    }
    let firstFive = Array(evens.value.prefix(5))
    #expect(firstFive == [0, 2, 4, 6, 8])
    // A few passes over the first ten numbers, not one over 10,000.
    #expect(counter.calls > 0)
    #expect(counter.calls < 50)
  }

  @Observable final class ShelterModel {
    var cats = Shelter().cats
    var visitors = 0
  }

  @Test func worksOverPlainObservableModels() async {
    let model = ShelterModel()
    let whiteIDs = Derived({ model.cats }) { $0.filter(\.isWhite).map(\.id) }
    let list = RenderProbe { whiteIDs.value }
    #expect(whiteIDs.computeCount == 1)

    model.visitors += 1
    whiteIDs.refreshIfNeeded()
    #expect(whiteIDs.computeCount == 1)

    model.cats[3].name += ""  // in place, equal: @Observable notifies, the input is equal
    whiteIDs.refreshIfNeeded()
    #expect(whiteIDs.computeCount == 1)
    #expect(list.renders == 0)

    model.cats[3].name = "Shadow"
    whiteIDs.refreshIfNeeded()
    #expect(whiteIDs.computeCount == 2)
    #expect(list.renders == 0)

    model.cats[3].isWhite = true
    whiteIDs.refreshIfNeeded()
    #expect(list.renders == 1)
    #expect(list.value == [0, 2, 3, 4])
  }

  @Test func readingAfterAChangeOfAnObservableSourceIsNeverStale() {
    let model = ShelterModel()
    let count = Derived({ model.cats }) { $0.count }
    #expect(count.value == 6)
    model.cats.removeLast()
    #expect(count.value == 5)
  }

  @Test func refreshesItselfOnTheNextMainActorTurn() async {
    let model = ShelterModel()
    let count = Derived({ model.cats }) { $0.count }
    let probe = RenderProbe { count.value }
    model.cats.removeLast()
    for _ in 0..<100 where !probe.isDirty { await Task.yield() }
    #expect(probe.renders == 1)
    #expect(probe.value == 5)
  }
}
