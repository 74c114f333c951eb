import Clocks
import Hush
import HushTesting
import IdentifiedCollections
import Observation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

// The same app state three ways: an ObservableObject with @Published properties, an
// @Observable model holding the same structs, and a Hush store.

struct DemoCat: Equatable {
  var name = "Tom"
  var image = "tom.png"
  var age = 3
}

struct DemoSettings: Equatable {
  var theme = "light"
  var fontSize = 12
}

struct DemoRow: Equatable, Identifiable {
  let id: Int
  var value = 0.0
}

struct DemoKitten: Equatable, Identifiable {
  let id: Int
  var name: String
  var isWhite: Bool
}

struct DemoState: Equatable {
  var count = 0
  var title = "Hello"
  var cat = DemoCat()
  var settings = DemoSettings()
  var slider = 0.0
  var rows: IdentifiedArrayOf<DemoRow> = []
  var kittens: [DemoKitten] = []
}

/// What a view reads.
enum DemoRead {
  case nothing
  case count
  case title
  case catName
  case catImage
  case settingsTheme
  case slider
  case rowIDs
  case row(Int)
  /// The ids of the white kittens: a filtered list.
  case whiteKittens
  /// A heavy preview of the slider's value.
  case sliderPreview
}

/// A change the app makes, the same for every model.
enum DemoChange {
  case increment
  case addZero
  case setTitle(String)
  case replaceWithEqualState
  case renameCat(String)
  case setCatAge(Int)
  case setSlider(Double)
  case setRowValue(id: Int, Double)
  case appendRow(id: Int)
  case renameKitten(id: Int, String)
  case paintKitten(id: Int, isWhite: Bool)
}

/// One of the three models under the same readers and changes.
@MainActor
protocol DemoModel {
  /// A view that reads `read`; its renders are counted frame by frame.
  func makeReader(_ read: DemoRead) -> DemoReader
  func apply(_ change: DemoChange)
  /// Lets `duration` of (simulated) time pass before the frame ends.
  func advance(by duration: Duration) async
}

extension DemoModel {
  func advance(by duration: Duration) async {}
}

@MainActor
protocol DemoReader {
  /// Ends a frame: renders the view if it was invalidated, and returns whether it did.
  func endFrame() -> Bool
}

// MARK: The plain models

/// The app state as plain model properties: what `PublishedModel` and `ObservationModel` both
/// hold, so that the same changes are made the same way on both.
protocol PlainDemoModel: AnyObject {
  var count: Int { get set }
  var title: String { get set }
  var cat: DemoCat { get set }
  var settings: DemoSettings { get set }
  var slider: Double { get set }
  var rows: [DemoRow] { get set }
  var kittens: [DemoKitten] { get set }
}

extension PlainDemoModel {
  func load(_ state: DemoState) {
    count = state.count
    title = state.title
    cat = state.cat
    settings = state.settings
    slider = state.slider
    rows = Array(state.rows)
    kittens = state.kittens
  }

  /// Makes `change` as an app on a plain model would: property writes.
  func apply(_ change: DemoChange) {
    switch change {
    case .increment: count += 1
    case .addZero: count += 0
    case let .setTitle(newTitle): title = newTitle
    case .replaceWithEqualState:
      let (count, title, cat, settings, slider, rows, kittens) = (
        self.count, self.title, self.cat, self.settings, self.slider, self.rows, self.kittens
      )
      self.count = count
      self.title = title
      self.cat = cat
      self.settings = settings
      self.slider = slider
      self.rows = rows
      self.kittens = kittens
    case let .renameCat(name): cat.name = name
    case let .setCatAge(age): cat.age = age
    case let .setSlider(value): slider = value
    case let .setRowValue(id, value):
      if let index = rows.firstIndex(where: { $0.id == id }) { rows[index].value = value }
    case let .appendRow(id): rows.append(DemoRow(id: id))
    case let .renameKitten(id, name): kittens[id].name = name
    case let .paintKitten(id, isWhite): kittens[id].isWhite = isWhite
    }
  }
}

// MARK: ObservableObject

final class PublishedModel: ObservableObject, PlainDemoModel {
  @Published var count = 0
  @Published var title = "Hello"
  @Published var cat = DemoCat()
  @Published var settings = DemoSettings()
  @Published var slider = 0.0
  @Published var rows: [DemoRow] = []
  @Published var kittens: [DemoKitten] = []

  init(_ state: DemoState) {
    load(state)
  }
}

/// A view observing an ObservableObject: it renders in a frame after any `objectWillChange`,
/// whatever it reads.
@MainActor
final class ObjectWillChangeReader: DemoReader {
  private var invalidated = false
  private var subscription: AnyCancellable?

  init(_ model: PublishedModel) {
    subscription = model.objectWillChange.sink { [unowned self] _ in
      MainActor.assumeIsolated { self.invalidated = true }
    }
  }

  func endFrame() -> Bool {
    defer { invalidated = false }
    return invalidated
  }
}

extension PublishedModel: DemoModel {
  func makeReader(_ read: DemoRead) -> DemoReader {
    ObjectWillChangeReader(self)
  }
}

// MARK: @Observable

@Observable
final class ObservationModel: PlainDemoModel {
  var count = 0
  var title = "Hello"
  var cat = DemoCat()
  var settings = DemoSettings()
  var slider = 0.0
  var rows: [DemoRow] = []
  var kittens: [DemoKitten] = []

  init(_ state: DemoState) {
    load(state)
  }
}

/// A view whose body is evaluated under observation tracking, as SwiftUI does.
@MainActor
final class TrackedReader<Value>: DemoReader {
  private let probe: RenderProbe<Value>

  init(_ body: @escaping @MainActor () -> Value) {
    probe = RenderProbe(body)
  }

  func endFrame() -> Bool {
    let invalidated = probe.isDirty
    probe.renderIfNeeded()
    return invalidated
  }
}

extension ObservationModel: DemoModel {
  func makeReader(_ read: DemoRead) -> DemoReader {
    switch read {
    case .nothing: TrackedReader {}
    case .count: TrackedReader { self.count }
    case .title: TrackedReader { self.title }
    case .catName: TrackedReader { self.cat.name }
    case .catImage: TrackedReader { self.cat.image }
    case .settingsTheme: TrackedReader { self.settings.theme }
    case .slider: TrackedReader { self.slider }
    case .rowIDs: TrackedReader { self.rows.map(\.id) }
    case let .row(index): TrackedReader { self.rows[index].value }
    // The usual code: filter in `body`.
    case .whiteKittens: TrackedReader { self.kittens.filter(\.isWhite).map(\.id) }
    case .sliderPreview: TrackedReader { self.slider }
    }
  }
}

// MARK: Hush

enum DemoRowAction {
  case setValue(Double)
}

enum DemoAction {
  case change(DemoChange)
  case row(id: Int, action: DemoRowAction)
}

@MainActor
final class HushModel: DemoModel {
  let store: Store<DemoState, DemoAction>
  private lazy var rows = store.scope(state: \.rows, action: DemoAction.row)
  /// The filtered list, derived once per real change of the kittens.
  private lazy var whiteKittens = store.derived(\.kittens) { $0.filter(\.isWhite).map(\.id) }
  /// The slider as the heavy preview sees it: at most 15 times per second.
  private let clock = TestClock()
  private lazy var previewLevel = Throttled(store.slider, every: .seconds(1) / 15, clock: clock)

  init(_ state: DemoState) {
    store = Store(initialState: state) { state, action in
      switch action {
      case let .change(change): Self.reduce(&state, change)
      case let .row(id, .setValue(value)): state.rows[id: id]?.value = value
      }
      return .none
    }
  }

  private static func reduce(_ state: inout DemoState, _ change: DemoChange) {
    switch change {
    case .increment: state.count += 1
    case .addZero: state.count += 0
    case let .setTitle(title): state.title = title
    case .replaceWithEqualState:
      let copy = state
      state = copy
    case let .renameCat(name): state.cat.name = name
    case let .setCatAge(age): state.cat.age = age
    case let .setSlider(value): state.slider = value
    case let .setRowValue(id, value): state.rows[id: id]?.value = value
    case let .appendRow(id): state.rows.append(DemoRow(id: id))
    case let .renameKitten(id, name): state.kittens[id].name = name
    case let .paintKitten(id, isWhite): state.kittens[id].isWhite = isWhite
    }
  }

  func makeReader(_ read: DemoRead) -> DemoReader {
    let store = self.store
    switch read {
    case .nothing: return TrackedReader {}
    case .count: return TrackedReader { store.count }
    case .title: return TrackedReader { store.title }
    case .catName: return TrackedReader { store[\.cat.name] }
    case .catImage: return TrackedReader { store[\.cat.image] }
    case .settingsTheme: return TrackedReader { store[\.settings.theme] }
    case .slider: return TrackedReader { store.slider }
    case .rowIDs:
      return TrackedReader { store.scope(state: \.rows, action: DemoAction.row).ids }
    case let .row(index):
      let row = rows[index]
      return TrackedReader { row.value }
    case .whiteKittens:
      let whiteKittens = self.whiteKittens
      return TrackedReader { whiteKittens.value }
    case .sliderPreview:
      let level = previewLevel
      return TrackedReader { level.output }
    }
  }

  func apply(_ change: DemoChange) {
    switch change {
    case let .setRowValue(id, value):
      // A row view sends through its own element store.
      rows[id: id]?.send(.setValue(value))
    case let .setSlider(value):
      store.send(.change(change))
      previewLevel.input = value
    default:
      store.send(.change(change))
    }
  }

  func advance(by duration: Duration) async {
    await clock.advance(by: duration)
    // Let the throttle's timer, woken by the clock, run on the main actor (however busy the
    // machine, before the next step).
    var yields = 0
    while previewLevel.isWindowDue(at: clock.now), yields < 100_000 {
      await Task.yield()
      yields += 1
    }
  }
}
