import Foundation
import Hush

/// Which todos the list shows.
public enum Filter: String, CaseIterable, Hashable, Sendable {
  case all = "All"
  case active = "Active"
  case completed = "Completed"

  /// Whether a todo with the given completion is shown.
  func shows(isComplete: Bool) -> Bool {
    switch self {
    case .all: true
    case .active: !isComplete
    case .completed: isComplete
    }
  }
}

/// A todo list: add, edit, complete, delete and move todos, filter them, clear the completed
/// ones. Completed todos sink to the bottom one second after the last tick.
public struct Todos: Reducer {
  public struct State: Equatable, Sendable {
    public var filter: Filter
    public var todos: IdentifiedArrayOf<Todo.State>

    public init(filter: Filter = .all, todos: IdentifiedArrayOf<Todo.State> = []) {
      self.filter = filter
      self.todos = todos
    }

    /// The ids of the todos the filter shows, in order. The list reads this one value: the
    /// store computes it once per change and renders the list only when it differs, so a
    /// keystroke in a title or a tick that the filter ignores renders no list.
    public var visibleIDs: [UUID] {
      todos.compactMap { filter.shows(isComplete: $0.isComplete) ? $0.id : nil }
    }

    /// How many todos are left to do (the footer's count).
    public var activeCount: Int {
      todos.count { !$0.isComplete }
    }

    /// Whether any todo is complete (the footer's "Clear completed" button).
    public var hasCompleted: Bool {
      todos.contains(where: \.isComplete)
    }
  }

  @CasePathable
  public enum Action: BindableAction, Equatable, Sendable {
    case addButtonTapped
    case binding(BindingAction<State>)
    case clearCompletedButtonTapped
    case completedTodosSorted
    /// Deletes the todos at these positions of the visible list.
    case delete(IndexSet)
    /// Moves the todos at these positions of the visible list before `to`, as `List` does.
    case move(IndexSet, to: Int)
    case todos(IdentifiedActionOf<Todo>)
  }

  enum CancelID { case sort }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.todos.insert(Todo.State(id: uuid()), at: 0)
        return .none

      case .binding:
        return .none

      case .clearCompletedButtonTapped:
        state.todos.removeAll(where: \.isComplete)
        return .none

      case .completedTodosSorted:
        // Stable: the active todos keep their order, then the completed ones keep theirs.
        let sorted = state.todos.filter { !$0.isComplete } + state.todos.filter(\.isComplete)
        if sorted.ids != state.todos.ids { state.todos = sorted }
        return .none

      case let .delete(offsets):
        let visible = state.visibleIDs
        for offset in offsets where visible.indices.contains(offset) {
          state.todos.remove(id: visible[offset])
        }
        return .none

      case let .move(offsets, destination):
        state.moveVisible(fromOffsets: offsets, toOffset: destination)
        return .run { [clock] send in
          try await clock.sleep(for: .milliseconds(100))
          await send(.completedTodosSorted)
        }
        .cancellable(id: CancelID.sort, cancelInFlight: true)

      case .todos(.element(id: _, action: .binding(\.isComplete))):
        // The last tick wins: the todos sort one second after it.
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.completedTodosSorted)
        }
        .cancellable(id: CancelID.sort, cancelInFlight: true)

      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) { Todo() }
  }
}

extension Todos.State {
  /// Moves todos by their positions in the visible list: with a filter on, the positions are
  /// translated to the whole list (the hidden todos stay where they are).
  mutating func moveVisible(fromOffsets offsets: IndexSet, toOffset destination: Int) {
    let visible = visibleIDs
    guard visible.count != todos.count else {
      todos.move(fromOffsets: offsets, toOffset: destination)
      return
    }
    let source = IndexSet(
      offsets.compactMap { visible.indices.contains($0) ? todos.index(id: visible[$0]) : nil })
    let target =
      destination < visible.count
      ? todos.index(id: visible[destination]) ?? todos.endIndex : todos.endIndex
    todos.move(fromOffsets: source, toOffset: target)
  }
}
