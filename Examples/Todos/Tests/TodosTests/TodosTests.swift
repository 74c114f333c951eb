import Foundation
import Hush
import HushTesting
import Testing

@testable import Todos

/// The todo list's behaviour, step by step and exhaustively: every state change and every
/// action an effect sends is asserted.
@MainActor
@Suite struct TodosTests {
  let clock = TestClock()

  /// A list of todos with ids 0, 1, …; the given ones complete.
  func list(_ titles: [String], complete: Set<Int> = []) -> Todos.State {
    Todos.State(
      todos: IdentifiedArray(
        uniqueElements: titles.enumerated().map { index, title in
          Todo.State(id: UUID(index), title: title, isComplete: complete.contains(index))
        }))
  }

  func store(_ state: Todos.State) -> TestStoreOf<Todos> {
    TestStore(initialState: state) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
  }

  @Test func addingPutsANewTodoOnTop() async {
    let store = store(Todos.State())
    await store.send(.addButtonTapped) {
      $0.todos = [Todo.State(id: UUID(0))]
    }
    await store.send(.addButtonTapped) {
      $0.todos.insert(Todo.State(id: UUID(1)), at: 0)
    }
  }

  @Test func editingATitle() async {
    let store = store(list([""]))
    await store.send(\.todos[id: UUID(0)].binding.title, "Buy milk") {
      $0.todos[id: UUID(0)]?.title = "Buy milk"
    }
  }

  @Test func aCompletedTodoSinksASecondLater() async {
    let store = store(list(["Milk", "Eggs"]))
    await store.send(\.todos[id: UUID(0)].binding.isComplete, true) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(\.completedTodosSorted) {
      $0.todos = [$0.todos[1], $0.todos[0]]
    }
  }

  @Test func twoTicksWithinASecondSortOnce() async {
    let store = store(list(["Milk", "Eggs"]))
    await store.send(\.todos[id: UUID(0)].binding.isComplete, true) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(\.todos[id: UUID(0)].binding.isComplete, false) {
      $0.todos[id: UUID(0)]?.isComplete = false
    }
    await clock.advance(by: .seconds(1))
    // One sort, a second after the second tick; nothing to move.
    await store.receive(\.completedTodosSorted)
  }

  @Test func clearingCompletedTodos() async {
    let store = store(list(["Milk", "Eggs", "Bread"], complete: [1]))
    await store.send(.clearCompletedButtonTapped) {
      $0.todos.remove(id: UUID(1))
    }
  }

  @Test func deletingByVisiblePosition() async {
    let store = store(list(["Milk", "Eggs", "Bread"]))
    await store.send(.delete([1])) {
      $0.todos.remove(id: UUID(1))
    }
  }

  @Test func deletingWhileFilteredDeletesWhatIsShown() async {
    let store = store(list(["Milk", "Eggs", "Bread"], complete: [1]))
    await store.send(.binding(.set(\.filter, .completed))) {
      $0.filter = .completed
    }
    // Position 0 of the completed list is "Eggs".
    await store.send(.delete([0])) {
      $0.todos.remove(id: UUID(1))
    }
  }

  @Test func movingATodo() async {
    let store = store(list(["Milk", "Eggs", "Bread"]))
    await store.send(.move([0], to: 2)) {
      $0.todos = [$0.todos[1], $0.todos[0], $0.todos[2]]
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.completedTodosSorted)
  }

  @Test func movingWhileFilteredMovesAmongTheShownTodos() async {
    let store = store(list(["Milk", "Eggs", "Bread", "Jam"], complete: [0, 2, 3]))
    await store.send(.binding(.set(\.filter, .completed))) {
      $0.filter = .completed
    }
    // The completed list is Milk, Bread, Jam; Jam moves to its top, before Milk.
    await store.send(.move([2], to: 0)) {
      $0.todos = [$0.todos[3], $0.todos[0], $0.todos[1], $0.todos[2]]
    }
    await clock.advance(by: .milliseconds(100))
    // Eggs, the only active todo, rises above the completed ones.
    await store.receive(\.completedTodosSorted) {
      $0.todos = [$0.todos[2], $0.todos[0], $0.todos[1], $0.todos[3]]
    }
    #expect(store.state.todos.map(\.title) == ["Eggs", "Jam", "Milk", "Bread"])
  }

  @Test func editingWhileFilteredEditsThatTodo() async {
    let store = store(list(["Milk", "Eggs"], complete: [1]))
    await store.send(.binding(.set(\.filter, .completed))) {
      $0.filter = .completed
    }
    await store.send(\.todos[id: UUID(1)].binding.title, "Free-range eggs") {
      $0.todos[id: UUID(1)]?.title = "Free-range eggs"
    }
    #expect(store.state.visibleIDs == [UUID(1)])
  }
}
