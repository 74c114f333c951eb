import HushTesting
import IdentifiedCollections
import Observation
import Testing

@testable import Hush

/// Derived values over an identified collection's rows (`store.derived(\.rows) { $0.filter … }`)
/// are edited for the rows that changed: they must equal the transform computed on the whole
/// collection after every change, and notify exactly when they changed.
@MainActor
@Suite struct IncrementalDerivedTests {
  struct Row: Equatable, Identifiable {
    let id: Int
    var value: Int
    var title: String
  }

  struct Model: Equatable {
    var rows: IdentifiedArrayOf<Row>
    var other = 0
  }

  enum Action {
    case row(id: Int, action: RowAction)
    case setValue(id: Int, Int)
    case rename(id: Int, String)
    case insert(Row, at: Int)
    case remove(id: Int)
    case move(from: Int, to: Int)
    case editMany([Int], Int)
    case touch
    case other
  }

  enum RowAction {
    case setValue(Int)
  }

  /// Applies `action` to `model` the way the store's reducer does (element actions included).
  static func apply(_ action: Action, to model: inout Model) {
    switch action {
    case let .row(id, .setValue(value)), let .setValue(id, value):
      model.rows[id: id]?.value = value
    case let .rename(id, title): model.rows[id: id]?.title = title
    case let .insert(row, index): model.rows.insert(row, at: min(index, model.rows.count))
    case let .remove(id): model.rows.remove(id: id)
    case let .move(from, to):
      guard from < model.rows.count, to < model.rows.count else { return }
      let row = model.rows.remove(at: from)
      model.rows.insert(row, at: to)
    case let .editMany(ids, value):
      for id in ids { model.rows[id: id]?.value += value }
    case .touch:
      let rows = model.rows
      model.rows = rows
    case .other: model.other += 1
    }
  }

  /// Element actions go through an element reducer (announced mutations), the others are
  /// plain writes.
  static func makeStore(rows: Int) -> Store<Model, Action> {
    let reducer = Reduce<Model, Action> { model, action in
      if case .row = action { return .none }
      apply(action, to: &model)
      return .none
    }
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
    return Store(initialState: Model(rows: initialRows(rows)), reducer: reducer)
  }

  static func initialRows(_ count: Int) -> IdentifiedArrayOf<Row> {
    IdentifiedArray(
      uniqueElements: (0..<count).map { Row(id: $0, value: $0 % 50, title: "Row \($0)") })
  }

  /// Checks a derived value after each change: it equals the same transform computed on the
  /// whole collection, and a reader of it rendered exactly when it changed (never stale, never
  /// wasted). Returns what is wrong, if anything.
  static func check<Result: Equatable>(
    _ name: String, _ derived: Derived<Result>,
    expected: @escaping (IdentifiedArrayOf<Row>) -> Result
  ) -> (IdentifiedArrayOf<Row>) -> String? {
    let reader = RenderProbe { derived.value }
    var last = reader.value
    var renders = 0
    return { rows in
      let newRenders = reader.renders
      let value = reader.value
      defer {
        last = value
        renders = newRenders
      }
      if value != expected(rows) { return "\(name) differs from a full recompute" }
      let expectedRenders = value == last ? 0 : 1
      if newRenders - renders != expectedRenders {
        return "\(name): \(newRenders - renders) renders, expected \(expectedRenders)"
      }
      return nil
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func equalsAFullRecomputeAfterEveryRandomEdit(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let store = Self.makeStore(rows: 64)
    var model = Model(rows: Self.initialRows(64))
    let isMultipleOfThree: (Row) -> Bool = { $0.value % 3 == 0 }
    let byValue: (Row, Row) -> Bool = { $0.value < $1.value }
    let byValueModFive: (Row, Row) -> Bool = { $0.value % 5 < $1.value % 5 }
    let half: (Row) -> Int? = { $0.value % 2 == 0 ? $0.value / 2 : nil }
    var checks = [
      Self.check("filter", store.derived(\.rows) { $0.filter(isMultipleOfThree) }) {
        $0.filter(isMultipleOfThree)
      },
      Self.check(
        "filter.map", store.derived(\.rows) { $0.filter { $0.value > 20 }.map(\.title) }
      ) { $0.filter { $0.value > 20 }.map(\.title) },
      Self.check("compactMap", store.derived(\.rows) { $0.compactMap(half) }) {
        $0.compactMap(half)
      },
      Self.check("map", store.derived(\.rows) { $0.map(\.value) }) { $0.map(\.value) },
      Self.check("sorted", store.derived(\.rows) { $0.sorted(by: byValue) }) {
        $0.sorted(by: byValue)
      },
      Self.check(
        "filter.sorted (ties)",
        store.derived(\.rows) { $0.filter { $0.value % 2 == 1 }.sorted(by: byValueModFive) }
      ) { $0.filter { $0.value % 2 == 1 }.sorted(by: byValueModFive) },
      Self.check(
        "map.filter.sorted()",
        store.derived(\.rows) { $0.map { $0.value % 7 }.filter { $0 > 1 }.sorted() }
      ) { $0.map { $0.value % 7 }.filter { $0 > 1 }.sorted() },
    ]
    var nextID = 64
    for step in 0..<Self.steps {
      let ids = model.rows.ids
      let id = ids.isEmpty ? 0 : ids[Int(random.next() % UInt64(ids.count))]
      let value = Int(random.next() % 60)
      let action: Action
      switch random.next() % 20 {
      case 0...5: action = .row(id: id, action: .setValue(value))
      case 6...10: action = .setValue(id: id, value)
      case 11: action = .rename(id: id, "Renamed \(value)")
      case 12:
        action = .insert(
          Row(id: nextID, value: value, title: "New \(nextID)"),
          at: Int(random.next() % UInt64(ids.count + 1)))
        nextID += 1
      case 13: action = .remove(id: id)
      case 14:
        let count = UInt64(max(ids.count, 1))
        action = .move(from: Int(random.next() % count), to: Int(random.next() % count))
      case 15:
        let picked = (0..<Int(random.next() % 4 + 2)).compactMap { _ in
          ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
        }
        action = .editMany(picked, value % 5 + 1)
      case 16: action = .touch
      case 17: action = .editMany(Array(ids.prefix(value)), 1)  // many rows: from scratch
      default: action = .other
      }
      store.send(action)
      Self.apply(action, to: &model)
      for (index, check) in checks.enumerated() {
        if let problem = check(model.rows) {
          Issue.record("\(problem) at step \(step) (seed \(seed)), after \(action)")
          checks.remove(at: index)
          break
        }
      }
    }
    #expect(checks.count == 7)
    let final = RenderProbe { store.rows as IdentifiedArrayOf<Row> }
    #expect(final.value == model.rows)
  }

  @Test func aRowChangeRunsThePipelineOnThatRowOnly() {
    let store = Self.makeStore(rows: 1_000)
    var calls = 0
    let evens = store.derived(\.rows) { rows in
      rows.filter { row in
        calls += 1
        return row.value % 2 == 0
      }
    }
    // The type a filter of the collection has: the same with or without the pipeline.
    let _: Derived<IdentifiedArrayOf<Row>> = evens
    let reader = RenderProbe { evens.value.count }
    #expect(calls == 1_000)
    #expect(reader.value == 500)

    store.send(.row(id: 7, action: .setValue(2)))  // element reducer: row 7 enters
    #expect(calls == 1_001)
    #expect(reader.renders == 1)
    #expect(reader.value == 501)
    #expect(evens.value.ids.firstIndex(of: 7) == 4)  // after rows 0, 2, 4, 6

    store.send(.setValue(id: 8, 5))  // plain write: row 8 leaves
    #expect(calls == 1_002)
    #expect(reader.renders == 2)
    #expect(reader.value == 500)

    store.send(.rename(id: 9, "Nine"))  // an odd row: the result is the same
    store.send(.other)  // not the rows: nothing runs
    #expect(calls == 1_003)
    #expect(reader.renders == 2)
    #expect(evens.computeCount == 4)

    store.send(.remove(id: 0))  // the ids changed: from scratch
    #expect(calls == 1_003 + 999)
    #expect(reader.renders == 3)
    #expect(evens.value.first?.id == 2)
  }

  struct App: Equatable {
    var list: Model
    var title = ""
  }

  @Test func aDerivedValueOfAScopedStoreFollowsItsRows() {
    let app = Store<App, Action>(initialState: App(list: Model(rows: Self.initialRows(20)))) {
      app, action in
      if case .other = action { app.title += "!" } else { Self.apply(action, to: &app.list) }
      return .none
    }
    let list = app.scope(state: \.list, action: { $0 })
    var calls = 0
    let odd = list.derived(\.rows) { rows in
      rows.filter { row in
        calls += 1
        return row.value % 2 == 1
      }.map(\.id)
    }
    let reader = RenderProbe { odd.value }
    #expect(reader.value == [1, 3, 5, 7, 9, 11, 13, 15, 17, 19])

    app.send(.setValue(id: 4, 5))  // through the parent: row 4 enters
    #expect(reader.renders == 1)
    #expect(reader.value == [1, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19])
    #expect(calls == 21)

    app.send(.other)  // the parent's other state: nothing runs
    list.send(.rename(id: 4, "Four"))  // the same result
    #expect(reader.renders == 1)
    #expect(calls == 22)

    list.send(.remove(id: 1))  // ids changed: from scratch
    #expect(reader.renders == 2)
    #expect(reader.value.first == 3)
  }

  struct Wrapper: Equatable {
    var model: Model
    /// A computed path: no offset, so no group compares it.
    var rows: IdentifiedArrayOf<Row> { model.rows }
  }

  @Test func aPathWithoutAnOffsetIsRecomputedFromScratch() {
    let store = Store<Wrapper, Action>(
      initialState: Wrapper(model: Model(rows: Self.initialRows(100)))
    ) { wrapper, action in
      Self.apply(action, to: &wrapper.model)
      return .none
    }
    var calls = 0
    let sorted = store.derived(\.rows) { rows in
      rows.sorted { lhs, rhs in
        calls += 1
        return lhs.value > rhs.value
      }
    }
    let callsAtCreation = calls
    store.send(.setValue(id: 3, 99))
    #expect(sorted.value.first?.id == 3)
    #expect(calls > callsAtCreation + 99)  // a whole sort
    #expect(
      sorted.value
        == Self.initialRows(100).elements.map { row in
          var row = row
          if row.id == 3 { row.value = 99 }
          return row
        }.sorted { $0.value > $1.value })
  }

  @Test func aDerivedValueThatGoesAwayStopsListening() async {
    let store = Self.makeStore(rows: 10)
    var evens: Derived<IdentifiedArrayOf<Row>>? = store.derived(\.rows) {
      $0.filter { $0.value % 2 == 0 }
    }
    #expect(evens?.value.count == 5)
    #expect(!store.observers.isInactive)
    evens = nil
    // The listener leaves the store's observers on the main actor, after the value went.
    for _ in 0..<100 where !store.observers.isInactive { await Task.yield() }
    #expect(store.observers.isInactive)
    store.send(.setValue(id: 1, 2))
    #expect(store.observers.isInactive)
  }

  /// Edits per seed: 3,400 in `swift test` (10,200 in all, each compared for 7 pipelines), more
  /// with `HUSH_MODEL_STEPS`.
  static let steps = StoreRandomizedTests.configuredSteps ?? 3_400
}
