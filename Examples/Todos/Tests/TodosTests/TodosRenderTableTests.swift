import Clocks
import ConcurrencyExtras
import Foundation
import Hush
import HushCombine
import HushTesting
import Testing

@testable import Todos

/// The same scripted session on three implementations of the todo app — Hush, an
/// `@Observable` model, an `ObservableObject` model — with one probe per view of the screen,
/// reading what that view's `body` reads (see `TodosView.swift` and the two models). Every
/// probe's renders are pinned after every step, and the totals are the table in the README.
@MainActor
@Suite struct TodosRenderTableTests {
  /// What the user does in one step (one frame).
  enum Action {
    case add
    case type(todo: Int, String)
    case complete(todo: Int)
    case waitForSort
    case filter(Filter)
    case clearCompleted
  }

  /// The session: three todos typed in, two completed and sorted, then filtered and cleared.
  static let session: [(name: String, action: Action)] = [
    ("Add a todo", .add),
    ("Type “M”", .type(todo: 0, "M")),
    ("Type “Mi”", .type(todo: 0, "Mi")),
    ("Type “Mil”", .type(todo: 0, "Mil")),
    ("Type “Milk”", .type(todo: 0, "Milk")),
    ("Add a todo", .add),
    ("Paste “Eggs”", .type(todo: 1, "Eggs")),
    ("Add a todo", .add),
    ("Paste “Bread”", .type(todo: 2, "Bread")),
    ("Complete Eggs", .complete(todo: 1)),
    ("Complete Bread", .complete(todo: 2)),
    ("Wait a second: the sort", .waitForSort),
    ("Filter: Active", .filter(.active)),
    ("Rename Milk “Oat milk”", .type(todo: 0, "Oat milk")),
    ("Filter: Completed", .filter(.completed)),
    ("Clear completed", .clearCompleted),
    ("Filter: All", .filter(.all)),
  ]

  /// The views of the screen, in the table's order: the three fixed ones, then one row per
  /// todo (named by its final title).
  static let views = ["Filter picker", "List", "Footer", "Row: Milk", "Row: Eggs", "Row: Bread"]

  /// One implementation under the session.
  @MainActor
  protocol App {
    func perform(_ action: Action) async
    /// The ids of the rows on screen.
    var visibleIDs: [UUID] { get }
    /// A probe of the view at `index` of ``views`` (a row: the row of `todo`): a closure that
    /// reads its render count, as a frame does.
    func probe(view index: Int, todo: UUID?) -> () -> Int
  }

  /// Renders per step (rows: steps, columns: views; `nil` where the view is not on screen).
  static func run(_ app: some App) async -> [[Int?]] {
    var probes: [Int: () -> Int] = [:]
    var seen: [Int: Int] = [:]
    for index in 0..<3 {
      probes[index] = app.probe(view: index, todo: nil)
      seen[index] = 0
    }
    var table: [[Int?]] = []
    for (_, action) in session {
      await app.perform(action)
      var row = [Int?](repeating: nil, count: views.count)
      for (index, probe) in probes {
        let renders = probe()
        row[index] = renders - seen[index]!
        seen[index] = renders
      }
      // Rows come and go with the visible list: a row view that appears renders once, as it
      // is created (not counted); one that leaves is gone.
      let visible = Set(app.visibleIDs.map(Self.todoIndex))
      for index in 3..<views.count {
        let todo = index - 3
        if visible.contains(todo), probes[index] == nil {
          probes[index] = app.probe(view: index, todo: UUID(todo))
          seen[index] = 0
        } else if !visible.contains(todo), probes[index] != nil {
          probes[index] = nil
        }
      }
      table.append(row)
    }
    return table
  }

  static func todoIndex(_ id: UUID) -> Int {
    Int(id.uuidString.suffix(12), radix: 16)!
  }

  /// The table as text: one line per step, `·` where the view was not on screen.
  static func text(_ table: [[Int?]]) -> String {
    zip(session, table).map { step, renders in
      renders.map { $0.map(String.init) ?? "·" }.joined(separator: " ") + "  " + step.name
    }
    .joined(separator: "\n")
  }

  static func totals(_ table: [[Int?]]) -> [Int] {
    (0..<views.count).map { column in table.reduce(0) { $0 + ($1[column] ?? 0) } }
  }

  // MARK: The three apps

  final class HushApp: App {
    let clock = TestClock()
    let store: StoreOf<Todos>
    let todos: StoreCollection<UUID, Todo.State, Todo.Action>
    var lastTask: StoreTask?

    init() {
      let clock = self.clock
      store = Store(initialState: Todos.State()) {
        Todos()
      } withDependencies: {
        $0.continuousClock = clock
        $0.uuid = .incrementing
      }
      todos = store.scope(state: \.todos, action: \.todos)
    }

    func row(_ todo: Int) -> StoreOf<Todo> {
      store.scope(state: \.todos, action: \.todos)[id: UUID(todo)]!
    }

    func perform(_ action: Action) async {
      switch action {
      case .add: store.send(.addButtonTapped)
      case let .type(todo, text): row(todo).title = text
      case let .complete(todo):
        // The row's checkbox: `store.isComplete.toggle()` sends this binding action.
        lastTask = store.send(
          .todos(.element(id: UUID(todo), action: .binding(.set(\.isComplete, true)))))
      case .waitForSort: await finishSort()
      case let .filter(filter): store.filter = filter
      case .clearCompleted: store.send(.clearCompletedButtonTapped)
      }
    }

    /// Advances the clock until the debounced sort has run (its task may reach its sleep
    /// after the first advance on a loaded machine).
    private func finishSort() async {
      let finished = LockIsolated(false)
      let task = lastTask
      Task {
        await task?.finish()
        finished.setValue(true)
      }
      for _ in 0..<20 where !finished.value {
        await clock.advance(by: .seconds(1))
        for _ in 0..<1_000 where !finished.value { await Task.yield() }
      }
      #expect(finished.value, "the sort did not run")
    }

    var visibleIDs: [UUID] { store.visibleIDs }

    func probe(view index: Int, todo: UUID?) -> () -> Int {
      let store = self.store
      switch index {
      case 0:
        let probe = RenderProbe { store.filter }
        return { probe.renders }
      case 1:
        let probe = RenderProbe {
          (store.visibleIDs, store.scope(state: \.todos, action: \.todos).ids)
        }
        return { probe.renders }
      case 2:
        let probe = RenderProbe { (store.activeCount, store.hasCompleted) }
        return { probe.renders }
      default:
        let row = store.scope(state: \.todos, action: \.todos)[id: todo!]!
        let probe = RenderProbe { (row.title, row.isComplete) }
        return { probe.renders }
      }
    }
  }

  /// What the user does, on a model of the plain apps (the debounced sort, whose timer is the
  /// app's business, runs when the session waits for it).
  static func perform<Model: PlainTodoList>(_ action: Action, on model: Model) {
    func todo(_ index: Int) -> Model.Todo { model.todos.first { $0.id == UUID(index) }! }
    switch action {
    case .add: model.addButtonTapped()
    case let .type(index, text): todo(index).title = text
    case let .complete(index): todo(index).isComplete = true
    case .waitForSort: model.sortCompletedTodos()
    case let .filter(filter): model.filter = filter
    case .clearCompleted: model.clearCompletedButtonTapped()
    }
  }

  final class ObservableApp: App {
    let model = TodosModel()

    func perform(_ action: Action) async {
      TodosRenderTableTests.perform(action, on: model)
    }

    var visibleIDs: [UUID] { model.filteredTodos.map(\.id) }

    func probe(view index: Int, todo: UUID?) -> () -> Int {
      let model = self.model
      switch index {
      case 0:
        let probe = RenderProbe { model.filter }
        return { probe.renders }
      case 1:
        let probe = RenderProbe { model.filteredTodos.map(\.id) }
        return { probe.renders }
      case 2:
        let probe = RenderProbe { model.footer }
        return { probe.renders }
      default:
        let row = model.todos.first { $0.id == todo }!
        let probe = RenderProbe { (row.title, row.isComplete) }
        return { probe.renders }
      }
    }
  }

  final class ObservableObjectApp: App {
    let object = TodosObject()

    func perform(_ action: Action) async {
      TodosRenderTableTests.perform(action, on: object)
    }

    var visibleIDs: [UUID] { object.filteredTodos.map(\.id) }

    func probe(view index: Int, todo: UUID?) -> () -> Int {
      // The filter picker, the list and the footer each observe the list object; a row
      // observes its todo.
      let probe =
        index < 3
        ? ObservedObjectProbe(observing: object)
        : ObservedObjectProbe(observing: object.todos.first { $0.id == todo }!)
      return { probe.renders }
    }
  }

  // MARK: The tables

  @Test func hushRendersOnlyWhatChanged() async {
    let table = await Self.run(HushApp())
    #expect(
      Self.text(table) == """
        0 1 1 · · ·  Add a todo
        0 0 0 1 · ·  Type “M”
        0 0 0 1 · ·  Type “Mi”
        0 0 0 1 · ·  Type “Mil”
        0 0 0 1 · ·  Type “Milk”
        0 1 1 0 · ·  Add a todo
        0 0 0 0 1 ·  Paste “Eggs”
        0 1 1 0 0 ·  Add a todo
        0 0 0 0 0 1  Paste “Bread”
        0 0 1 0 1 0  Complete Eggs
        0 0 1 0 0 1  Complete Bread
        0 1 0 0 0 0  Wait a second: the sort
        1 1 0 0 0 0  Filter: Active
        0 0 0 1 · ·  Rename Milk “Oat milk”
        1 1 0 0 · ·  Filter: Completed
        0 1 1 · 0 0  Clear completed
        1 1 0 · · ·  Filter: All
        """)
  }

  @Test func anObservableModelRendersItsListAndFooterForEveryTick() async {
    let table = await Self.run(ObservableApp())
    // The list filters in `body`, so it reads every todo's `isComplete`: it renders for each
    // tick, though the visible rows stay the same; the sort writes the array, which renders
    // the footer for counts that did not change.
    #expect(
      Self.text(table) == """
        0 1 1 · · ·  Add a todo
        0 0 0 1 · ·  Type “M”
        0 0 0 1 · ·  Type “Mi”
        0 0 0 1 · ·  Type “Mil”
        0 0 0 1 · ·  Type “Milk”
        0 1 1 0 · ·  Add a todo
        0 0 0 0 1 ·  Paste “Eggs”
        0 1 1 0 0 ·  Add a todo
        0 0 0 0 0 1  Paste “Bread”
        0 1 1 0 1 0  Complete Eggs
        0 1 1 0 0 1  Complete Bread
        0 1 1 0 0 0  Wait a second: the sort
        1 1 0 0 0 0  Filter: Active
        0 0 0 1 · ·  Rename Milk “Oat milk”
        1 1 0 0 · ·  Filter: Completed
        0 1 1 · 0 0  Clear completed
        1 1 0 · · ·  Filter: All
        """)
  }

  @Test func anObservableObjectRendersEveryViewOfTheListForEveryKeystroke() async {
    let table = await Self.run(ObservableObjectApp())
    // The picker, the list and the footer observe the list object, which re-announces every
    // change of every todo: all three render at every step.
    #expect(
      Self.text(table) == """
        1 1 1 · · ·  Add a todo
        1 1 1 1 · ·  Type “M”
        1 1 1 1 · ·  Type “Mi”
        1 1 1 1 · ·  Type “Mil”
        1 1 1 1 · ·  Type “Milk”
        1 1 1 0 · ·  Add a todo
        1 1 1 0 1 ·  Paste “Eggs”
        1 1 1 0 0 ·  Add a todo
        1 1 1 0 0 1  Paste “Bread”
        1 1 1 0 1 0  Complete Eggs
        1 1 1 0 0 1  Complete Bread
        1 1 1 0 0 0  Wait a second: the sort
        1 1 1 0 0 0  Filter: Active
        1 1 1 1 · ·  Rename Milk “Oat milk”
        1 1 1 0 · ·  Filter: Completed
        1 1 1 · 0 0  Clear completed
        1 1 1 · · ·  Filter: All
        """)
  }

  // MARK: The README

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The totals as a Markdown table: views × implementations.
  static func markdown(hush: [Int], observable: [Int], observableObject: [Int]) -> String {
    var lines = [
      "| View | Hush | `@Observable` | `ObservableObject` |",
      "| --- | ---: | ---: | ---: |",
    ]
    for (index, view) in views.enumerated() {
      lines.append(
        "| \(view) | \(hush[index]) | \(observable[index]) | \(observableObject[index]) |")
    }
    let sums = [hush, observable, observableObject].map { $0.reduce(0, +) }
    lines.append("| **Total** | **\(sums[0])** | **\(sums[1])** | **\(sums[2])** |")
    return lines.joined(separator: "\n")
  }

  @Test func theReadmesShowTheMeasuredTable() async throws {
    let hush = await Self.run(HushApp())
    let table = Self.markdown(
      hush: Self.totals(hush),
      observable: Self.totals(await Self.run(ObservableApp())),
      observableObject: Self.totals(await Self.run(ObservableObjectApp())))
    for readme in ["Examples/Todos/README.md", "README.md"] {
      let text = try String(
        contentsOf: Self.packageRoot.appendingPathComponent(readme), encoding: .utf8)
      #expect(
        text.contains(table),
        """
        \(readme) does not show the measured render table; put this one in it:

        \(table)
        """)
    }
    let example = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("Examples/Todos/README.md"),
      encoding: .utf8)
    #expect(
      example.contains(Self.text(hush)), "Examples/Todos/README.md lacks Hush's step table")
  }
}
