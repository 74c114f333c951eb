import Foundation

@testable import Todos

#if canImport(Combine)
  @preconcurrency import Combine
#else
  @preconcurrency import OpenCombineShim
#endif

/// The todo app as most `ObservableObject` apps are written: one object per todo with
/// `@Published` properties, and a list object that re-announces its todos' changes (without
/// that, a list filtered by completion would not update when a todo is ticked). The render
/// table measures it beside the Hush app (`TodosRenderTableTests`).
///
/// The properties announce in `willSet`, as `@Published` does; written out, because the
/// objects are main-actor isolated.
@MainActor
final class TodoObject: ObservableObject, PlainTodo {
  nonisolated let objectWillChange = ObservableObjectPublisher()
  let id: UUID
  var title = "" { willSet { objectWillChange.send() } }
  var isComplete = false { willSet { objectWillChange.send() } }

  init(id: UUID) {
    self.id = id
  }
}

@MainActor
final class TodosObject: ObservableObject, PlainTodoList {
  nonisolated let objectWillChange = ObservableObjectPublisher()
  var filter = Filter.all { willSet { objectWillChange.send() } }
  var todos: [TodoObject] = [] {
    willSet { objectWillChange.send() }
    didSet { forwardChanges() }
  }
  private var nextID = 0
  private var forwarding: [AnyCancellable] = []

  /// Re-announces each todo's changes as the list's.
  private func forwardChanges() {
    let objectWillChange = self.objectWillChange
    forwarding = todos.map { $0.objectWillChange.sink { _ in objectWillChange.send() } }
  }

  func addButtonTapped() {
    todos.insert(TodoObject(id: UUID(nextID)), at: 0)
    nextID += 1
  }

  func clearCompletedButtonTapped() {
    todos.removeAll(where: \.isComplete)
  }

  func sortCompletedTodos() {
    todos = todos.filter { !$0.isComplete } + todos.filter(\.isComplete)
  }

  var filteredTodos: [TodoObject] {
    todos.filter { filter.shows(isComplete: $0.isComplete) }
  }
}
