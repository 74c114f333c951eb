import Hush
import IdentifiedCollections
import Observation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

// The same app state, modelled the ways a user would pick: a Hush store, an @Observable class
// holding the rows, one @Observable object per row, and an ObservableObject.

public struct Row: Identifiable, Equatable, Sendable {
  public let id: Int
  public var value: Int
  public var title: String

  public init(id: Int) {
    self.id = id
    self.value = 0
    // Longer than 15 bytes: a heap-allocated string, as real rows have, so copies show.
    self.title = "Row number \(id) of the list"
  }
}

public struct AppState: Equatable {
  public var count = 0
  public var title = "Rows"
  public var slider = 0
  public var settings = Settings()
  public var rows: IdentifiedArrayOf<Row> = []

  public init(rowCount: Int) {
    rows = IdentifiedArray(uniqueElements: (0..<rowCount).map(Row.init(id:)))
  }
}

public struct Settings: Equatable {
  public var theme = "light"
  public var fontSize = 12
}

public enum RowAction {
  case setValue(Int)
}

public enum SettingsAction {
  case setFontSize(Int)
}

public enum AppAction {
  case increment
  case setCount(Int)
  case setSlider(Int)
  case renameRow(id: Int, String)
  case settings(SettingsAction)
  case row(id: Int, action: RowAction)
  /// Takes a row out (a plain reducer's `remove(id:)`), or puts it back at `index`.
  case removeRow(id: Int)
  case insertRow(Row, at: Int)
}

@MainActor
public func makeAppStore(rowCount: Int) -> Store<AppState, AppAction> {
  Store(initialState: AppState(rowCount: rowCount)) { state, action in
    reduceApp(&state, action, rows: true)
  }
}

/// The app's reducer; row actions are left alone unless `rows`.
func reduceApp(_ state: inout AppState, _ action: AppAction, rows: Bool) -> Effect<AppAction> {
  switch action {
  case .increment:
    state.count += 1
  case let .setCount(count):
    state.count = count
  case let .setSlider(value):
    state.slider = value
  case let .renameRow(id, title):
    state.rows[id: id]?.title = title
  case let .settings(.setFontSize(size)):
    state.settings.fontSize = size
  case let .row(id, .setValue(value)):
    if rows { state.rows[id: id]?.value = value }
  case let .removeRow(id):
    state.rows.remove(id: id)
  case let .insertRow(row, index):
    state.rows.insert(row, at: index)
  }
  return .none
}

/// A row's own reducer, for `makeForEachAppStore`.
public struct RowReducer: Reducer {
  public init() {}

  public func reduce(into row: inout Row, action: RowAction) -> Effect<RowAction> {
    switch action {
    case let .setValue(value):
      row.value = value
    }
    return .none
  }
}

/// The same app as `makeAppStore`, with the rows reduced by `RowReducer` through `forEach`
/// (the parent reducer leaves row actions to it).
@MainActor
public func makeForEachAppStore(rowCount: Int) -> Store<AppState, AppAction> {
  let app = Reduce<AppState, AppAction> { state, action in
    reduceApp(&state, action, rows: false)
  }
  .forEach(
    \.rows, action: AppAction.row,
    extract: { action in
      guard case let .row(id, rowAction) = action else { return nil }
      return (id, rowAction)
    }
  ) {
    RowReducer()
  }
  return Store(initialState: AppState(rowCount: rowCount), reducer: app)
}

/// The app's actions as a TCA user writes them: the row actions in an `IdentifiedAction` case,
/// addressed by case key path.
@CasePathable
public enum CasePathAppAction {
  case increment
  case rows(IdentifiedAction<Int, RowAction>)
}

/// The same rows as `makeForEachAppStore`, reduced with `forEach(\.rows, action: \.rows)`.
@MainActor
public func makeCasePathForEachAppStore(rowCount: Int) -> Store<AppState, CasePathAppAction> {
  let app = Reduce<AppState, CasePathAppAction> { state, action in
    switch action {
    case .increment: state.count += 1
    case .rows: break
    }
    return .none
  }
  .forEach(\.rows, action: \.rows) { RowReducer() }
  return Store(initialState: AppState(rowCount: rowCount), reducer: app)
}

/// `@Observable` holding the rows as values: any row change is a change of `rows`.
@Observable
public final class ObservableRows {
  public var count = 0
  public var slider = 0
  public var rows: [Row]

  public init(rowCount: Int) {
    rows = (0..<rowCount).map(Row.init(id:))
  }
}

/// One `@Observable` object per row.
@Observable
public final class ObservableRow {
  public let id: Int
  public var value = 0
  public var title: String

  public init(id: Int) {
    self.id = id
    // Longer than 15 bytes: a heap-allocated string, as real rows have, so copies show.
    self.title = "Row number \(id) of the list"
  }
}

@Observable
public final class ObservableSettings {
  public var theme = "light"
  public var fontSize = 12
}

/// A model of `@Observable` row objects, plus a scalar field and a child model.
@Observable
public final class ObservableRowObjects {
  public var count = 0
  public var slider = 0
  @ObservationIgnored public let rows: [ObservableRow]
  @ObservationIgnored public let settings = ObservableSettings()

  public init(rowCount: Int) {
    rows = (0..<rowCount).map(ObservableRow.init(id:))
  }
}

/// `ObservableObject` with `@Published [Row]`.
public final class PublishedRows: ObservableObject {
  @Published public var count = 0
  @Published public var slider = 0
  @Published public var rows: [Row]

  public init(rowCount: Int) {
    rows = (0..<rowCount).map(Row.init(id:))
  }
}

/// One `ObservableObject` per row (a row view model): what an `ObservableObject` app makes
/// per row when each row view observes only its own row.
public final class PublishedRow: ObservableObject {
  public let id: Int
  @Published public var value = 0
  public var title: String

  public init(id: Int) {
    self.id = id
    // Longer than 15 bytes: a heap-allocated string, as real rows have, so copies show.
    self.title = "Row number \(id) of the list"
  }
}

/// `PublishedRow` objects in one published array.
public final class PublishedRowList: ObservableObject {
  @Published public var count = 0
  @Published public var rows: [PublishedRow]

  public init(rowCount: Int) {
    rows = (0..<rowCount).map(PublishedRow.init(id:))
  }
}
