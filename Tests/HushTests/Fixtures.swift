import Hush
import IdentifiedCollections

struct Cat: Equatable {
  var name = "Tom"
  var image = "tom.png"
  var age = 3
}

struct Row: Equatable, Identifiable {
  let id: Int
  var title: String
  var value = 0.0
}

enum RowAction: Equatable {
  case setValue(Double)
  case rename(String)
}

struct Settings: Equatable {
  var theme = "light"
  var fontSize = 12
}

struct AppState: Equatable {
  var count = 0
  var title = "Hello"
  var cat = Cat()
  var settings = Settings()
  var slider = 0.0
  var rows: IdentifiedArrayOf<Row> = []
}

enum CatAction: Equatable {
  case rename(String)
}

enum SettingsAction: Equatable {
  case setTheme(String)
  case bumpFont
}

enum AppAction: Equatable {
  case increment
  case addZero
  case setCount(Int)
  case setTitle(String)
  case replaceState(AppState)
  case sliderMoved(Double)
  case renameCat(String)
  case cat(CatAction)
  case settings(SettingsAction)
  case row(id: Int, action: RowAction)
  case appendRow(Row)
  case touchRowInPlace(id: Int)
}

@MainActor
func makeAppStore(_ state: AppState = AppState()) -> Store<AppState, AppAction> {
  Store(initialState: state) { state, action in
    switch action {
    case .increment:
      state.count += 1
    case .addZero:
      state.count += 0
    case let .setCount(count):
      state.count = count
    case let .setTitle(title):
      state.title = title
    case let .replaceState(newState):
      state = newState
    case let .sliderMoved(value):
      state.slider = value
    case let .renameCat(name), let .cat(.rename(name)):
      state.cat.name = name
    case let .settings(.setTheme(theme)):
      state.settings.theme = theme
    case .settings(.bumpFont):
      state.settings.fontSize += 1
    case let .row(id, .setValue(value)):
      state.rows[id: id]?.value = value
    case let .row(id, .rename(title)):
      state.rows[id: id]?.title = title
    case let .appendRow(row):
      state.rows.append(row)
    case let .touchRowInPlace(id):
      let value = state.rows[id: id]?.value ?? 0
      state.rows[id: id]?.value = value
    }
    return .none
  }
}

func makeRows(_ count: Int) -> IdentifiedArrayOf<Row> {
  IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0, title: "Row \($0)") })
}

/// Lets tasks woken by a test clock run: yields until `condition` holds, at most `maxYields`
/// times, and returns whether it held. Nothing sleeps; a broken implementation fails the
/// expectation that follows.
@MainActor
@discardableResult
func yieldUntil(maxYields: Int = 10_000, _ condition: @MainActor () -> Bool) async -> Bool {
  for _ in 0..<maxYields where !condition() {
    await Task.yield()
  }
  return condition()
}
