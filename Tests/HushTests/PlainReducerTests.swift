import HushTesting
import IdentifiedCollections
import Testing

@testable import Hush

/// A plain reducer (no `forEach`) that writes rows in place, `state.rows[id: id]?.value = …`,
/// while every row has a reader through its element store.
@MainActor
@Suite struct PlainReducerTests {
  /// The address of the rows' elements in the store's state, read without copying the state.
  func elementsAddress(_ store: Store<AppState, AppAction>) -> UnsafeRawPointer? {
    var address: UnsafeRawPointer?
    store.observers.host.withCurrentValue { state in
      state.pointee.rows.elements.withUnsafeBufferPointer {
        address = UnsafeRawPointer($0.baseAddress)
      }
    }
    return address
  }

  @Test func writesAfterTheFirstChangeTheRowsInPlaceAndRenderOneRowEach() {
    let store = makeAppStore(AppState(rows: makeRows(1_000)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let probes = rows.map { row in RenderProbe { row.value } }
    let count = RenderProbe { store.scope(state: \.rows, action: AppAction.row).count }

    // The first write copies the rows (the store compared them before); the later ones do not.
    store.send(.row(id: 10, action: .setValue(1)))
    let address = elementsAddress(store)
    for id in 11...15 {
      rows[id: id]!.send(.setValue(Double(id)))
      #expect(elementsAddress(store) == address, "the write to row \(id) copied the rows")
    }
    // A write of the value a row has already renders nothing.
    store.send(.row(id: 20, action: .setValue(2)))
    store.send(.row(id: 20, action: .setValue(2)))

    for (id, probe) in probes.enumerated() {
      let written = id == 10 || (11...15).contains(id) || id == 20
      #expect(probe.renders == (written ? 1 : 0), "renders of row \(id)")
    }
    #expect(probes[13].value == 13)
    #expect(probes[20].value == 2)
    #expect(count.renders == 0)
  }

  @Test func aRowThatLeavesKeepsTheValueItWasLastWrittenInPlace() {
    let store = makeAppStore(AppState(rows: makeRows(100)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let probes = rows.map { row in RenderProbe { row.value } }
    let leaving = rows[id: 7]!
    store.send(.row(id: 3, action: .setValue(1)))
    store.send(.row(id: 7, action: .setValue(42)))
    store.send(.row(id: 8, action: .setValue(5)))

    var state = store.state
    state.rows.remove(id: 7)
    state.rows[id: 9]?.value = 9
    store.send(.replaceState(state))
    #expect(leaving.value == 42)
    #expect(probes[7].value == 42)
    #expect(probes[9].renders == 1)
    #expect(probes[9].value == 9)
    #expect(probes[8].renders == 1)
    #expect(probes[50].renders == 0)

    // The rows are compared as before: a write renders its row only.
    store.send(.row(id: 50, action: .setValue(3)))
    #expect(probes[50].renders == 1)
    #expect(probes[50].value == 3)
    #expect(probes[9].renders == 1)
  }

  @Test func newElementStoresTakeUpTheCollectionScopeStillCompared() {
    typealias RowsScope = ScopeNode<AppState, IdentifiedArrayOf<Row>>
    let store = makeAppStore(AppState(rows: makeRows(10)))
    var probes: [RenderProbe<Double>]? = store.scope(state: \.rows, action: AppAction.row)
      .map { row in RenderProbe { row.value } }
    #expect(probes?[3].value == 0)
    // The views go away; their readers' cells stay compared until the change they would see.
    probes = nil
    #expect(store.observers.allActive.filter { $0 is RowsScope }.count == 1)

    let again = store.scope(state: \.rows, action: AppAction.row).map { row in
      RenderProbe { row.value }
    }
    #expect(store.observers.allActive.filter { $0 is RowsScope }.count == 1)
    store.send(.row(id: 3, action: .setValue(1)))
    #expect(again[3].renders == 1)
    #expect(again[3].value == 1)
    #expect(again[4].renders == 0)
  }

  @Test func sendsThatLeaveTheRowsAloneDoNotHideALaterWrite() {
    let store = makeAppStore(AppState(rows: makeRows(100)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let probes = rows.map { row in RenderProbe { row.value } }
    store.send(.row(id: 1, action: .setValue(1)))
    // More unrelated sends than the comparisons the store waits before it takes a snapshot of
    // the rows again.
    for step in 0..<(2 * ElementScopes<Int, Row>.patience) {
      store.send(.increment)
      if step % 7 == 0 { store.send(.touchRowInPlace(id: 2)) }
    }
    store.send(.row(id: 60, action: .setValue(6)))
    store.send(.row(id: 61, action: .setValue(6)))
    #expect(probes.map(\.renders).reduce(0, +) == 3)
    #expect(probes[60].value == 6)
    #expect(probes[61].value == 6)
    #expect(probes[2].renders == 0)
  }

  /// A `ForEach` makes every row's store, while only the rows on screen are read: once those
  /// stores are made, the shadow copies the elements (bringing every live row's last value up
  /// to date at each write would cost a comparison per row held), and a row that no one reads
  /// still keeps the value it was last written when it leaves.
  @Test func storesMadeForEveryRowMakeTheShadowCopyTheRows() {
    typealias RowsScope = ScopeNode<AppState, IdentifiedArrayOf<Row>>
    let store = makeAppStore(AppState(rows: makeRows(100)))
    let rows = store.scope(state: \.rows, action: AppAction.row)
    let probes = [1, 2].map { id in RenderProbe { rows[id: id]!.value } }
    let scopes =
      store.observers.allActive.compactMap { $0 as? RowsScope }.first?
      .collectionShadow as? ElementScopes<Int, Row>
    store.send(.row(id: 1, action: .setValue(1)))
    // Two live row scopes of 100: the shadow holds the ids alone.
    #expect(scopes?.isShadowing == true)
    #expect(scopes?.copiesElements == false)

    let everyRow = Array(rows)
    store.send(.row(id: 2, action: .setValue(2)))
    #expect(scopes?.isShadowing == true)
    #expect(scopes?.copiesElements == true)
    store.send(.row(id: 50, action: .setValue(7)))
    store.send(.row(id: 60, action: .setValue(8)))

    var state = store.state
    state.rows.remove(id: 50)
    store.send(.replaceState(state))
    #expect(everyRow[50].value == 7)
    #expect(everyRow[60].value == 8)
    #expect(probes.map(\.renders) == [1, 1])
    #expect(probes.map(\.value) == [1, 2])
    store.send(.row(id: 1, action: .setValue(3)))
    #expect(probes.map(\.renders) == [2, 1])
    #expect(probes[0].value == 3)
  }

  /// Rows aligned to 16 bytes (a SIMD value): each row scope keeps its last value inside its
  /// lens, at an offset computed from the layout (checked against the property's address in
  /// this debug build), and a removed row's store answers it.
  @Test func rowsAlignedTo16BytesKeepTheirLastValues() {
    struct Point: Identifiable, Equatable {
      let id: Int
      var position: SIMD4<Float>
    }
    struct Plot: Equatable {
      var points: IdentifiedArrayOf<Point>
    }
    enum PointAction { case tapped }
    enum PlotAction {
      case move(id: Int, to: SIMD4<Float>)
      case remove(id: Int)
      case point(id: Int, action: PointAction)
    }
    #expect(MemoryLayout<Point>.alignment == 16)
    let store = Store<Plot, PlotAction>(
      initialState: Plot(
        points: IdentifiedArray(uniqueElements: (0..<8).map { Point(id: $0, position: .zero) }))
    ) { state, action in
      switch action {
      case let .move(id, position): state.points[id: id]?.position = position
      case let .remove(id): state.points.remove(id: id)
      case .point: break
      }
      return .none
    }
    let points = store.scope(state: \.points, action: PlotAction.point)
    let probes = points.map { point in RenderProbe { point.position } }
    store.send(.move(id: 3, to: SIMD4(1, 2, 3, 4)))
    store.send(.move(id: 5, to: SIMD4(5, 6, 7, 8)))
    let leaving = points[id: 5]!
    store.send(.remove(id: 5))
    #expect(leaving.position == SIMD4(5, 6, 7, 8))
    #expect(probes[3].value == SIMD4(1, 2, 3, 4))
    #expect(probes.map(\.renders) == [0, 0, 0, 1, 0, 1, 0, 0])
  }
}
