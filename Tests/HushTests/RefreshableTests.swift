import Dependencies
import Hush
import HushTesting
import Observation
import Testing

/// A document editor with one shared model in a store, and a three-level feature tree whose
/// features keep local copies of what they show.
@MainActor
@Suite struct RefreshableTests {
  struct Document: Equatable {
    var title = "Untitled"
    var opacity = 1.0
    var zoom = 1.0
    var layers = ["Background", "Text"]
  }

  enum DocumentAction {
    case setOpacity(Double)
    case setTitle(String)
    case reset
  }

  static func makeStore() -> Store<Document, DocumentAction> {
    Store(initialState: Document()) { document, action in
      switch action {
      case let .setOpacity(opacity): document.opacity = opacity
      case let .setTitle(title): document.title = title
      case .reset: document = Document()
      }
      return .none
    }
  }

  /// Records which features refreshed themselves, in order.
  final class RefreshLog {
    var names: [String] = []
  }

  @Observable final class LayerList: Refreshable {
    struct State: Equatable { var layers: [String] = [] }
    var state = State()
    @ObservationIgnored let store: Store<Document, DocumentAction>
    @ObservationIgnored let log: RefreshLog
    init(store: Store<Document, DocumentAction>, log: RefreshLog) {
      self.store = store
      self.log = log
    }
    func refreshSelf() {
      log.names.append("layers")
      removeDuplicates(\.layers, store.state.layers)
    }
  }

  @Observable final class Canvas: Refreshable {
    struct State: Equatable { var zoom = 0.0 }
    var state = State()
    @ObservationIgnored let layerList: LayerList
    @ObservationIgnored let store: Store<Document, DocumentAction>
    @ObservationIgnored let log: RefreshLog
    init(store: Store<Document, DocumentAction>, log: RefreshLog) {
      self.store = store
      self.log = log
      layerList = LayerList(store: store, log: log)
    }
    var refreshableChildren: [any Refreshable] { [layerList] }
    func refreshSelf() {
      log.names.append("canvas")
      removeDuplicates(\.zoom, store.state.zoom)
    }
  }

  @Observable final class OpacitySlider: Refreshable {
    struct State: Equatable { var opacity = 0.0 }
    var state = State()
    @ObservationIgnored let store: Store<Document, DocumentAction>
    @ObservationIgnored let log: RefreshLog
    init(store: Store<Document, DocumentAction>, log: RefreshLog) {
      self.store = store
      self.log = log
    }
    func refreshSelf() {
      log.names.append("opacity")
      removeDuplicates(\.opacity, store.state.opacity)
    }
  }

  @Observable final class Inspector: Refreshable {
    struct State: Equatable {
      var title = ""
      var opacityPercent = 0
    }
    var state = State()
    @ObservationIgnored let slider: OpacitySlider
    @ObservationIgnored let store: Store<Document, DocumentAction>
    @ObservationIgnored let log: RefreshLog
    init(store: Store<Document, DocumentAction>, log: RefreshLog) {
      self.store = store
      self.log = log
      slider = OpacitySlider(store: store, log: log)
    }
    var refreshableChildren: [any Refreshable] { [slider] }
    func refreshSelf() {
      log.names.append("inspector")
      let document = store.state
      removeDuplicates { state in
        state.title = document.title
        state.opacityPercent = Int(document.opacity * 10) * 10
      }
    }
  }

  @Observable final class Editor: Refreshable {
    struct State: Equatable { var layerCount = 0 }
    var state = State()
    @ObservationIgnored let canvas: Canvas
    @ObservationIgnored let inspector: Inspector
    @ObservationIgnored let store: Store<Document, DocumentAction>
    @ObservationIgnored let log: RefreshLog
    init(store: Store<Document, DocumentAction>, log: RefreshLog) {
      self.store = store
      self.log = log
      canvas = Canvas(store: store, log: log)
      inspector = Inspector(store: store, log: log)
    }
    var refreshableChildren: [any Refreshable] { [canvas, inspector] }
    func refreshSelf() {
      log.names.append("editor")
      removeDuplicates(\.layerCount, store.state.layers.count)
    }
  }

  @Test func refreshVisitsChildrenFirst() {
    let log = RefreshLog()
    let editor = Editor(store: Self.makeStore(), log: log)
    editor.refresh()
    #expect(log.names == ["layers", "canvas", "opacity", "inspector", "editor"])
    #expect(editor.inspector.slider.state.opacity == 1)
    #expect(editor.canvas.layerList.state.layers == ["Background", "Text"])
  }

  @Test func sliderDragRefreshesOnlyItsBranch() {
    let log = RefreshLog()
    let store = Self.makeStore()
    let editor = Editor(store: store, log: log)
    editor.refresh()
    log.names = []
    let sliderView = RenderProbe { editor.inspector.slider.state }
    let inspectorView = RenderProbe { editor.inspector.state }
    let canvasView = RenderProbe { editor.canvas.state }
    let layersView = RenderProbe { editor.canvas.layerList.state }

    for step in 1...20 {
      store.send(.setOpacity(1 - Double(step) / 100))
      editor.refresh(where: { $0 === editor.inspector })
      _ = sliderView.value
      _ = inspectorView.value
    }
    #expect(sliderView.renders == 20)
    // The percentage changed twice (100 → 90 → 80); the title never did.
    #expect(inspectorView.renders == 2)
    #expect(inspectorView.value.opacityPercent == 80)
    #expect(canvasView.renders == 0)
    #expect(layersView.renders == 0)
    #expect(!log.names.contains("canvas"))
    #expect(!log.names.contains("layers"))
  }

  @Test func upstreamResetRefreshesEverythingAndUnchangedLocalsDoNotRender() {
    let log = RefreshLog()
    let store = Self.makeStore()
    let editor = Editor(store: store, log: log)
    editor.refresh()
    store.send(.setOpacity(0.5))
    store.send(.setTitle("Poster"))
    editor.refresh(where: { $0 === editor.inspector })
    log.names = []
    let views = [
      RenderProbe { "\(editor.state)" },
      RenderProbe { "\(editor.canvas.state)" },
      RenderProbe { "\(editor.canvas.layerList.state)" },
    ]
    let sliderView = RenderProbe { editor.inspector.slider.state }
    let inspectorView = RenderProbe { editor.inspector.state }

    store.send(.reset)  // an upstream change: paste, undo, reset
    editor.refresh()
    #expect(log.names == ["layers", "canvas", "opacity", "inspector", "editor"])
    #expect(sliderView.renders == 1)
    #expect(inspectorView.renders == 1)
    #expect(inspectorView.value.title == "Untitled")
    for view in views { #expect(view.renders == 0) }
  }

  @Test func removeDuplicatesAssignsOnlyChangedValues() {
    let editor = Editor(store: Self.makeStore(), log: RefreshLog())
    let view = RenderProbe { editor.state }
    #expect(editor.removeDuplicates(\.layerCount, 0) == false)
    #expect(editor.removeDuplicates { $0.layerCount = 0 } == false)
    #expect(view.renders == 0)
    #expect(editor.removeDuplicates(\.layerCount, 2) == true)
    #expect(view.renders == 1)
  }
}

/// The same pattern over a `@Shared` model: each feature holds the document as TCA's features
/// hold shared state, and pulls what it shows from it when it is refreshed.
@MainActor
@Suite struct RefreshableOverSharedTests {
  typealias Document = RefreshableTests.Document

  @Observable final class OpacityLabel: Refreshable {
    struct State: Equatable { var percent = 0 }
    var state = State()
    @ObservationIgnored @Shared var document: Document
    init(document: Shared<Document>) { _document = document }
    func refreshSelf() {
      removeDuplicates(\.percent, Int(document.opacity * 100))
    }
  }

  @Observable final class TitleBar: Refreshable {
    struct State: Equatable { var title = "" }
    var state = State()
    @ObservationIgnored @Shared var document: Document
    init(document: Shared<Document>) { _document = document }
    func refreshSelf() {
      removeDuplicates(\.title, document.title)
    }
  }

  @Observable final class Window: Refreshable {
    struct State: Equatable { var layerCount = 0 }
    var state = State()
    @ObservationIgnored @Shared var document: Document
    @ObservationIgnored let opacity: OpacityLabel
    @ObservationIgnored let titleBar: TitleBar
    init(document: Shared<Document>) {
      _document = document
      opacity = OpacityLabel(document: document)
      titleBar = TitleBar(document: document)
    }
    var refreshableChildren: [any Refreshable] { [opacity, titleBar] }
    func refreshSelf() {
      removeDuplicates(\.layerCount, document.layers.count)
    }
  }

  @Test func aDragWritesTheSharedModelAndRefreshesOnlyItsBranch() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      let window = Window(document: Shared(wrappedValue: Document(), .inMemory("document")))
      window.refresh()
      let opacityView = RenderProbe { window.opacity.state }
      let titleView = RenderProbe { window.titleBar.state }
      let windowView = RenderProbe { window.state }
      // A slider dragged through 10 values: each write goes to the shared model; only the
      // label's branch is refreshed.
      for step in 1...10 {
        window.$document.withLock { $0.opacity = 1 - Double(step) / 100 }
        window.refresh(where: { $0 === window.opacity })
        _ = opacityView.value
      }
      #expect(opacityView.renders == 10)
      #expect(opacityView.value.percent == 90)
      #expect(titleView.renders == 0)
      #expect(windowView.renders == 0)

      // Another holder of the key (a paste elsewhere) changes the title and the layers; a
      // full refresh renders what changed, and the label, unchanged, renders nothing.
      @Shared(.inMemory("document")) var pasted = Document()
      $pasted.withLock {
        $0.title = "Poster"
        $0.layers.append("Logo")
      }
      window.refresh()
      #expect(titleView.renders == 1)
      #expect(titleView.value.title == "Poster")
      #expect(windowView.renders == 1)
      #expect(windowView.value.layerCount == 3)
      #expect(opacityView.renders == 10)
    }
  }
}
