import Hush
import HushTesting
import Observation
import Testing

@Observable
final class CatModel {
  var name = "Tom"
  var image = "tom.png"
  var details = Details()
}

struct Details: Equatable {
  var age = 3
  var color = "grey"
}

@MainActor
@Suite struct RenderProbeTests {
  @Test func rendersOnceOnCreationAndCountsReRenders() {
    let model = CatModel()
    final class Counter {
      var evaluations = 0
    }
    let counter = Counter()
    let probe = RenderProbe {
      counter.evaluations += 1
      return model.name
    }
    #expect(counter.evaluations == 1)
    #expect(probe.renders == 0)
    model.name = "Garfield"
    #expect(probe.isDirty)
    #expect(counter.evaluations == 1)  // lazily, like a view waiting for the next frame
    #expect(probe.renders == 1)
    #expect(counter.evaluations == 2)
    #expect(probe.value == "Garfield")
    #expect(counter.evaluations == 2)
  }

  @Test func worksOnPlainObservableModelsWhichDoNotDeduplicateInPlaceMutations() {
    let model = CatModel()
    let image = RenderProbe { model.image }
    let color = RenderProbe { model.details.color }
    model.name = "Felix"
    #expect(image.renders == 0)
    model.details.age += 0  // in place: @Observable notifies every reader of `details`
    #expect(color.renders == 1)
    model.details.age = 4
    #expect(color.renders == 2)
    #expect(color.value == "grey")
  }

  @Test func coalescesChangesBetweenReads() {
    let model = CatModel()
    let probe = RenderProbe { model.name }
    for index in 0..<10 { model.name = "Cat \(index)" }
    #expect(probe.renders == 1)
    #expect(probe.value == "Cat 9")
  }

  @Test func tracksWhatTheLatestRenderRead() {
    let model = CatModel()
    final class Toggle {
      var showImage = false
    }
    let toggle = Toggle()
    let probe = RenderProbe { toggle.showImage ? model.image : model.name }
    toggle.showImage = true
    model.image = "a.png"  // not read yet
    #expect(probe.renders == 0)
    model.name = "Felix"
    #expect(probe.renders == 1)
    #expect(probe.value == "a.png")
    model.name = "Tom"  // no longer read
    #expect(probe.renders == 1)
    model.image = "b.png"
    #expect(probe.renders == 2)
  }

  @Test func countsStoreRendersExactly() {
    let store = Store<Int, Int>(initialState: 0) { state, delta in
      state += delta
      return .none
    }
    let probe = RenderProbe { store.state }
    store.send(0)
    #expect(probe.renders == 0)
    store.send(2)
    #expect(probe.renders == 1)
    #expect(probe.value == 2)
  }
}
