import Hush
import HushTesting
import IssueReporting
import Testing

/// A todo list as TCA's Todos writes it: rows shown through a computed, filtered collection.
@Reducer
struct FilteredTodos {
  @ObservableState
  struct State: Equatable {
    var todos: IdentifiedArrayOf<TodoRow.State> = []
    var hidesCompleted = false

    var visible: IdentifiedArrayOf<TodoRow.State> {
      hidesCompleted ? todos.filter { !$0.isComplete } : todos
    }
  }

  enum Action {
    case hideCompletedToggled
    case todos(IdentifiedActionOf<TodoRow>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .hideCompletedToggled:
        state.hidesCompleted.toggle()
        return .none
      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) { TodoRow() }
  }
}

@Reducer
struct TodoRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title = ""
    var isComplete = false
  }

  enum Action {
    case titleChanged(String)
    case toggled
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .titleChanged(title): state.title = title
      case .toggled: state.isComplete.toggle()
      }
      return .none
    }
  }
}

/// The id a generic `Identifiable` consumer (`ForEach`, `.sheet(item:)`) sees.
private func identity<Item: Identifiable>(of item: Item) -> Item.ID { item.id }

@MainActor
@Suite struct StoreIdentityAndReadOnlyScopeTests {
  static func todos() -> FilteredTodos.State {
    FilteredTodos.State(
      todos: [
        TodoRow.State(id: 1, title: "Milk"), TodoRow.State(id: 2, title: "Eggs"),
        TodoRow.State(id: 3, title: "Bread", isComplete: true),
      ])
  }

  @Test func aComputedCollectionsRowsSendToTheRealRows() {
    let store = Store(initialState: Self.todos()) { FilteredTodos() }
    store.send(.hideCompletedToggled)
    let rows = store.scope(state: \.visible, action: \.todos)
    #expect(rows.ids == [1, 2])
    let eggs = rows[1]
    let eggsTitle = RenderProbe { eggs.title }
    let milkTitle = RenderProbe { rows[0].title }
    let visibleIDs = RenderProbe { store.scope(state: \.visible, action: \.todos).ids }
    eggs.send(.titleChanged("Brown eggs"))
    #expect(eggsTitle.renders == 1)
    #expect(eggsTitle.value == "Brown eggs")
    #expect(milkTitle.renders == 0)
    #expect(visibleIDs.renders == 0)
    #expect(store.todos[id: 2]?.title == "Brown eggs")

    // Completing a row takes it out of the computed collection: the list renders, the row's
    // store keeps its last value.
    eggs.send(.toggled)
    #expect(visibleIDs.renders == 1)
    #expect(visibleIDs.value == [1])
    #expect(store.todos[id: 2]?.isComplete == true)
    #expect(eggs.title == "Brown eggs")
    #expect(milkTitle.renders == 0)
  }

  @Test func aWriteThroughARowOfAComputedCollectionIsReportedAndDropped() {
    let store = Store(initialState: Self.todos()) { FilteredTodos() }
    let milk = store.scope(state: \.visible, action: \.todos)[0]
    withKnownIssue {
      milk.title = "Oat milk"
    } matching: { issue in
      issue.description.contains("read-only path")
    }
    #expect(store.todos[id: 1]?.title == "Milk")
    #expect(milk.title == "Milk")
  }

  @Test func storesAreEqualAndHashedAsObjects() {
    let first = Store(initialState: Self.todos()) { FilteredTodos() }
    let second = Store(initialState: Self.todos()) { FilteredTodos() }
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, first, second]).count == 2)
    #expect(identity(of: first) == identity(of: first))
    #expect(identity(of: first) != identity(of: second))
  }

  @Test func aRowStoreIsIdentifiedByItsRowsID() {
    let store = Store(initialState: Self.todos()) { FilteredTodos() }
    let rows = store.scope(state: \.todos, action: \.todos)
    let milk = rows[0]
    #expect(milk.id == 1)
    #expect(identity(of: milk) == identity(of: store.scope(state: \.todos, action: \.todos)[0]))
    #expect(identity(of: milk) != identity(of: rows[1]))
  }

  /// A person with a badge number beside their own id, in collections keyed three ways.
  struct Person: Identifiable, Equatable {
    let id: Int
    let badge: Int
    var name: String
  }

  struct Register: Equatable {
    var byID: IdentifiedArrayOf<Person>
    var byBadge: IdentifiedArray<Int, Person>
    var byName: IdentifiedArray<String, Person>
    var plain: IdentifiedArray<Int, Plain>
  }

  struct Plain: Equatable {
    let key: Int
  }

  static func register() -> Register {
    let people = [Person(id: 1, badge: 2, name: "Ada"), Person(id: 2, badge: 1, name: "Bo")]
    return Register(
      byID: IdentifiedArray(uniqueElements: people),
      byBadge: IdentifiedArray(uniqueElements: people, id: \.badge),
      byName: IdentifiedArray(uniqueElements: people, id: \.name),
      plain: IdentifiedArray(uniqueElements: [Plain(key: 1), Plain(key: 2)], id: \.key))
  }

  @Test func aRowStoreIsIdentifiedByItsElementsOwnIDWhateverTheCollectionIsKeyedBy() {
    let store = Store<Register, Int>(initialState: Self.register()) { _, _ in .none }
    let byID = store.scope(state: \.byID, action: { (_, _: Int) in 0 })
    let byBadge = store.scope(state: \.byBadge, action: { (_, _: Int) in 0 })
    let byName = store.scope(state: \.byName, action: { (_, _: Int) in 0 })
    // Keyed by the element's id, by another path of the id's type, by one of another type.
    #expect(byID.map(\.id) == [1, 2])
    #expect(byBadge.ids == [2, 1])
    #expect(byBadge.map(\.id) == [1, 2])
    #expect(byName.map(\.id) == [1, 2])
    #expect(identity(of: byBadge[0]) == identity(of: byID[0]))
    #expect(identity(of: byName[1]) == identity(of: byID[1]))
    #expect(byBadge[id: 1]?.id == 2)
    // A generic consumer sees the same ids whichever collection the rows came from.
    #expect(byBadge.map { identity(of: $0) } == byID.map { identity(of: $0) })
  }

  @Test func aRemovedRowsStoreKeepsItsElementsIDWhateverTheCollectionIsKeyedBy() {
    let store = Store<Register, Int>(initialState: Self.register()) { state, _ in
      state.byBadge.removeAll()
      state.byName.removeAll()
      return .none
    }
    let byBadge = store.scope(state: \.byBadge, action: { (_, _: Int) in 0 })
    let byName = store.scope(state: \.byName, action: { (_, _: Int) in 0 })
    let badge2 = byBadge[0]
    let bo = byName[1]
    store.send(0)
    #expect(badge2.id == 1 && badge2.name == "Ada")
    #expect(bo.id == 2 && bo.name == "Bo")
  }

  @Test func aRowStoreOfAnElementThatIsNotIdentifiableIsIdentifiedAsAnObject() {
    let store = Store<Register, Int>(initialState: Self.register()) { _, _ in .none }
    let plain = store.scope(state: \.plain, action: { (_, _: Int) in 0 })
    let first = plain[0]
    #expect(identity(of: first) == identity(of: first))
    #expect(identity(of: first) == identity(of: plain[0]))
    #expect(identity(of: first) != identity(of: plain[1]))
    #expect(
      identity(of: first)
        != identity(of: store.scope(state: \.byID, action: { (_, _: Int) in 0 })[0]))
  }
}
