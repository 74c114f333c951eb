import HushTesting
import IdentifiedCollections
import Testing

@testable import Hush

/// Readers of paths through a subscript, an optional chain or a computed property after
/// stored properties (`store[\.rows[id: 7]?.value]`): a change compares them only when the
/// value at the stored prefix (`rows`) changed.
@MainActor
@Suite struct SubscriptPathTests {
  /// A row whose value counts its reads.
  struct CountedRow<ID: Hashable>: Equatable, Identifiable {
    let id: ID
    var value = 0
    /// `value`, counting its reads.
    var countedValue: Int {
      SubscriptPathTests.valueReads += 1
      return value
    }
  }

  typealias Row = CountedRow<Int>

  /// How many times `CountedRow.countedValue` was read (by one test at a time: the tests run
  /// on the main actor, without suspending).
  nonisolated(unsafe) static var valueReads = 0

  final class Model {
    var name = ""
  }

  /// How many times `Settings.countedFontSize` was read.
  nonisolated(unsafe) static var fontSizeReads = 0

  struct Settings: Equatable {
    var fontSize = 12
    var flag = false
    /// `fontSize`, counting its reads.
    var countedFontSize: Int {
      SubscriptPathTests.fontSizeReads += 1
      return fontSize
    }
  }

  struct State {
    var count = 0
    var settings = Settings()
    var rows: IdentifiedArrayOf<Row> = IdentifiedArray(
      uniqueElements: (0..<100).map { Row(id: $0) })
    var model = Model()
  }

  enum Action {
    case increment
    case setFontSize(Int)
    case setFlag(Bool)
    case setValue(id: Int, Int)
    case remove(id: Int)
    case append(id: Int)
    case rename(String)
    case row(id: Int, action: RowAction)
  }

  enum RowAction {
    case setValue(Int)
  }

  static func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case let .setFontSize(size): state.settings.fontSize = size
    case let .setFlag(flag): state.settings.flag = flag
    case let .setValue(id, value): state.rows[id: id]?.value = value
    case let .remove(id): state.rows.remove(id: id)
    case let .append(id): state.rows.append(Row(id: id))
    case let .rename(name): state.model.name = name
    case .row: break
    }
    return .none
  }

  @Test func anUnrelatedChangeDoesNotReadThePath() {
    let store = Store(initialState: State(), reducer: Self.reduce)
    let fontSize = RenderProbe { store[\.settings.countedFontSize] }
    let reads = Self.fontSizeReads

    store.send(.increment)
    store.send(.setValue(id: 3, 1))
    #expect(Self.fontSizeReads == reads)
    #expect(fontSize.renders == 0)

    // The prefix changed, the value did not: read, no render.
    store.send(.setFlag(true))
    #expect(Self.fontSizeReads > reads)
    #expect(fontSize.renders == 0)

    store.send(.setFontSize(14))
    #expect(fontSize.renders == 1)
    #expect(fontSize.value == 14)
  }

  @Test func oneRowChangeRendersItsReaderOnly() {
    let store = Store(initialState: State(), reducer: Self.reduce)
    let readers = (0..<100).map { id in RenderProbe { store[\.rows[id: id]?.value] } }

    store.send(.increment)
    store.send(.setFontSize(13))
    #expect(readers.allSatisfy { $0.renders == 0 })

    store.send(.setValue(id: 42, 7))
    #expect(readers[42].renders == 1)
    #expect(readers[42].value == 7)
    #expect(readers.map(\.renders).reduce(0, +) == 1)

    // Appending leaves every row's value as it was.
    store.send(.append(id: 100))
    #expect(readers.map(\.renders).reduce(0, +) == 1)

    store.send(.remove(id: 9))
    #expect(readers[9].renders == 1)
    #expect(readers[9].value == nil)
    #expect(readers.map(\.renders).reduce(0, +) == 2)
  }

  @Test func anElementReducerNotifiesTheReaderOfItsRow() {
    let store = Self.makeStore(forEach: true)
    let rows = store.scope(state: \.rows, action: Action.row)
    let elementReader = RenderProbe { rows[id: 5]?.value }
    let readers = (0..<100).map { id in RenderProbe { store[\.rows[id: id]?.value] } }

    for value in 1...3 {
      store.send(.row(id: 5, action: .setValue(value)))
      #expect(readers[5].value == value)
      #expect(elementReader.value == value)
    }
    rows[id: 6]?.send(.setValue(9))
    #expect(readers[6].value == 9)
    #expect(readers[5].renders == 3)
    #expect(readers[6].renders == 1)
    #expect(readers.map(\.renders).reduce(0, +) == 4)
    #expect(elementReader.renders == 3)
  }

  /// The store of `oneRowChangeReadsOnlyThatRowsPaths`: a plain reducer, or the rows reduced by
  /// an element reducer.
  static func makeStore(forEach: Bool) -> Store<State, Action> {
    guard forEach else { return Store(initialState: State(), reducer: Self.reduce) }
    let reducer = Reduce<State, Action> { state, action in Self.reduce(&state, action) }
      .forEach(
        \.rows, action: Action.row,
        extract: { action in
          guard case let .row(id, rowAction) = action else { return nil }
          return (id, rowAction)
        }
      ) {
        Reduce<Row, RowAction> { row, action in
          switch action {
          case let .setValue(value): row.value = value
          }
          return .none
        }
      }
    return Store(initialState: State(), reducer: reducer)
  }

  @Test(arguments: [false, true])
  func oneRowChangeReadsOnlyThatRowsPaths(forEach: Bool) {
    let store = Self.makeStore(forEach: forEach)
    let readers = (0..<100).map { id in RenderProbe { store[\.rows[id: id]?.countedValue] } }
    let count = RenderProbe { store[\.rows.count] }

    for value in 1...20 {
      let reads = Self.valueReads
      let id = value * 7 % 100
      store.send(forEach ? .row(id: id, action: .setValue(value)) : .setValue(id: id, value))
      // The changed row's path, read once to compare (nothing else): not all 100.
      #expect(Self.valueReads - reads == 1)
      #expect(readers[id].value == value)
    }
    #expect(readers.map(\.renders).reduce(0, +) == 20)
    #expect(count.renders == 0)

    // A change of the ids compares every path.
    let reads = Self.valueReads
    store.send(.remove(id: 3))
    #expect(Self.valueReads - reads >= 99)
    #expect(readers[3].value == nil)
    #expect(readers.map(\.renders).reduce(0, +) == 21)
    #expect(count.value == 99)

    // Writes in place again after the ids changed.
    for value in 21...40 {
      let id = value * 7 % 100 == 3 ? 4 : value * 7 % 100
      let reads = Self.valueReads
      store.send(forEach ? .row(id: id, action: .setValue(value)) : .setValue(id: id, value))
      #expect(Self.valueReads - reads <= 1 + (value == 21 ? 99 : 0))
      #expect(readers[id].value == value)
    }
    #expect(readers.map(\.renders).reduce(0, +) == 41)
  }

  typealias Named = CountedRow<String>

  struct NamedState {
    var count = 0
    var named: IdentifiedArrayOf<Named>
  }

  @Test func rowsWithStringIDsAreToldApartToo() {
    let names = (0..<50).map { "row number \($0), a string too long to be stored inline" }
    let store = Store(
      initialState: NamedState(named: IdentifiedArray(uniqueElements: names.map { Named(id: $0) })),
      reducer: { (state: inout NamedState, name: String) -> Effect<String> in
        state.named[id: name]?.value += 1
        return .none
      })
    let readers = names.map { name in RenderProbe { store[\.named[id: name]?.countedValue] } }
    for index in [7, 8, 7, 49] {
      let reads = Self.valueReads
      store.send(names[index])
      #expect(Self.valueReads - reads == 1)
      _ = readers[index].value  // renders (reading the path again)
    }
    #expect(readers[7].value == 2)
    #expect(readers[49].value == 1)
    #expect(readers.map(\.renders).reduce(0, +) == 4)
  }

  @Test func aPathThroughAClassInstanceIsComparedOnEveryChange() {
    let store = Store(initialState: State(), reducer: Self.reduce)
    let name = RenderProbe { store[\.model.name] }

    store.send(.rename("Hush"))
    #expect(name.renders == 1)
    #expect(name.value == "Hush")
  }

  @Test func theGroupGoesWhenItsLastReaderGoes() {
    let store = Store(initialState: State(), reducer: Self.reduce)
    var reader: RenderProbe<Int?>? = RenderProbe { store[\.rows[id: 1]?.value] }
    #expect(store.observers.active.count == 1)  // the group of `rows`, not the cell

    store.send(.setValue(id: 1, 5))  // notifies the reader: its cell goes dormant
    #expect(store.observers.isInactive)
    #expect(reader?.value == 5)
    #expect(store.observers.active.count == 1)
    reader = nil
    store.send(.setValue(id: 1, 6))
    #expect(store.observers.isInactive)
  }
}
