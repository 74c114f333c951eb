import Hush
import HushTesting
import Testing

@MainActor
@Suite struct StoreObservationTests {
  @Test func writeOnlyViewNeverRendersAndDisplayViewRendersPerRealChange() {
    let store = makeAppStore()
    // UpdatingView: its body builds a button whose action sends; it reads nothing.
    let updatingView = RenderProbe { { () -> Void in store.send(.increment) } }
    // DisplayingView: shows the count.
    let displayingView = RenderProbe { store.count }

    for _ in 0..<5 { updatingView.tap() }
    #expect(store.count == 5)
    #expect(updatingView.renders == 0)
    #expect(displayingView.renders == 1)  // five sends between two reads are one render
    #expect(displayingView.value == 5)

    store.send(.increment)
    #expect(displayingView.renders == 2)
    store.send(.setCount(6))  // equal value
    #expect(displayingView.renders == 2)
    #expect(displayingView.value == 6)
  }

  @Test func childViewReadingOneFieldIgnoresSiblings() {
    let store = makeAppStore()
    let image = RenderProbe { store[\.cat.image] }
    let catStore = store.scope(state: \.cat, action: AppAction.cat)
    let scopedImage = RenderProbe { catStore.image }
    let wholeCat = RenderProbe { store.cat }

    store.send(.renameCat("Garfield"))
    store.cat.age = 4
    store.send(.increment)
    #expect(image.renders == 0)
    #expect(scopedImage.renders == 0)
    #expect(wholeCat.renders == 1)

    store.cat.image = "garfield.png"
    #expect(image.renders == 1)
    #expect(scopedImage.renders == 1)
    #expect(image.value == "garfield.png")
    #expect(scopedImage.value == "garfield.png")
    #expect(wholeCat.renders == 2)
  }

  @Test func equalAssignmentsAndInPlaceNoOpsCauseNoRender() {
    let store = makeAppStore(AppState(rows: makeRows(3)))
    let count = RenderProbe { store.count }
    let title = RenderProbe { store.title }
    let whole = RenderProbe { store.state }
    let row = RenderProbe { store.rows[id: 1]?.value }

    store.count = 0
    store.send(.addZero)
    store.send(.setCount(0))
    store.title = "Hel" + "lo"  // equal, but a different String value
    store.send(.replaceState(store.state))
    store.send(.replaceState(AppState(rows: makeRows(3))))
    store.send(.touchRowInPlace(id: 1))  // rows[i].value = rows[i].value

    #expect(count.renders == 0)
    #expect(title.renders == 0)
    #expect(whole.renders == 0)
    #expect(row.renders == 0)

    store.send(.increment)
    #expect(count.renders == 1)
    #expect(whole.renders == 1)
    #expect(title.renders == 0)
    #expect(row.renders == 0)
  }

  @Test func wholeStateReplacementNotifiesOnlyChangedPaths() {
    let store = makeAppStore()
    let count = RenderProbe { store.count }
    let theme = RenderProbe { store[\.settings.theme] }
    var next = store.state
    next.settings.fontSize = 30
    next.count = 9
    store.send(.replaceState(next))
    #expect(count.renders == 1)
    #expect(count.value == 9)
    #expect(theme.renders == 0)
  }

  @Test func nestedPathsAreIndependent() {
    let store = makeAppStore()
    let theme = RenderProbe { store[\.settings.theme] }
    let fontSize = RenderProbe { store[\.settings.fontSize] }
    let settings = RenderProbe { store.settings }

    store.send(.settings(.bumpFont))
    #expect(theme.renders == 0)
    #expect(fontSize.renders == 1)
    #expect(settings.renders == 1)

    store.send(.settings(.setTheme("dark")))
    #expect(theme.renders == 1)
    #expect(fontSize.renders == 1)
    #expect(settings.renders == 2)
  }

  @Test func sliderEditsRenderOnlyReadersOfTheSlider() {
    let store = makeAppStore()
    let slider = RenderProbe { store.slider }
    let siblings = [
      RenderProbe { String(store.count) },
      RenderProbe { store.title },
      RenderProbe { store.cat.name },
      RenderProbe { store[\.settings.theme] },
    ]
    for step in 1...120 {
      store.send(.sliderMoved(Double(step) / 120))
      _ = slider.value  // one frame per write
    }
    #expect(slider.renders == 120)
    #expect(slider.value == 1)
    for probe in siblings {
      #expect(probe.renders == 0)
    }
  }

  @Test func writesThroughTheStoreAreObserved() {
    let store = makeAppStore()
    let title = RenderProbe { store.title }
    store.title = "World"
    #expect(title.renders == 1)
    #expect(title.value == "World")
    store[\.settings.theme] = "dark"
    #expect(store.settings.theme == "dark")
    #expect(title.renders == 1)
  }

  @Test func coalescesSeveralChangesBetweenReads() {
    let store = makeAppStore()
    let count = RenderProbe { store.count }
    for _ in 0..<10 { store.send(.increment) }
    #expect(count.renders == 1)
    #expect(count.value == 10)
  }

  @Test func readerReadingSeveralPathsRendersOncePerFrame() {
    let store = makeAppStore()
    let probe = RenderProbe { "\(store.count) \(store.title)" }
    store.send(.increment)
    store.send(.setTitle("Bye"))
    #expect(probe.renders == 1)
    #expect(probe.value == "1 Bye")
    store.send(.setTitle("Bye"))
    #expect(probe.renders == 1)
  }
}

extension RenderProbe where Value == () -> Void {
  /// Runs the button action of the latest render (a tap).
  func tap() {
    let action: () -> Void = self.value
    action()
  }
}
