import Foundation
import Observation

@testable import Todos

/// The todo app as most `@Observable` apps are written: one model object per todo, the list
/// filtered in the view's `body`, the footer counting in its `body`. The render table measures
/// it beside the Hush app (`TodosRenderTableTests`).
@MainActor
@Observable
final class TodoModel: PlainTodo {
  let id: UUID
  var title = ""
  var isComplete = false

  init(id: UUID) {
    self.id = id
  }
}

@MainActor
@Observable
final class TodosModel: PlainTodoList {
  var filter = Filter.all
  var todos: [TodoModel] = []
  @ObservationIgnored private var nextID = 0

  func addButtonTapped() {
    todos.insert(TodoModel(id: UUID(nextID)), at: 0)
    nextID += 1
  }

  func clearCompletedButtonTapped() {
    todos.removeAll(where: \.isComplete)
  }

  /// The debounced sort (its timer is the app's business; the session calls it when due).
  func sortCompletedTodos() {
    todos = todos.filter { !$0.isComplete } + todos.filter(\.isComplete)
  }

  // What the views' bodies read.

  /// The list's `body`: `ForEach(model.todos.filter { … })`.
  var filteredTodos: [TodoModel] {
    todos.filter { filter.shows(isComplete: $0.isComplete) }
  }

  /// The footer's `body`: `Text("\(model.todos.filter { !$0.isComplete }.count) left")`, and
  /// the "Clear completed" button when any todo is complete.
  var footer: (left: Int, canClear: Bool) {
    (todos.filter { !$0.isComplete }.count, todos.contains(where: \.isComplete))
  }
}

/// A todo of the plain apps (`TodoModel`, `TodoObject`), for the session that drives them.
@MainActor
protocol PlainTodo: AnyObject {
  var id: UUID { get }
  var title: String { get set }
  var isComplete: Bool { get set }
}

/// The list model of the plain apps (`TodosModel`, `TodosObject`).
@MainActor
protocol PlainTodoList: AnyObject {
  associatedtype Todo: PlainTodo
  var filter: Filter { get set }
  var todos: [Todo] { get }
  func addButtonTapped()
  func clearCompletedButtonTapped()
  func sortCompletedTodos()
}
