import HushTesting
import Testing

@testable import Hush

/// A search form whose fields are written through the store and applied by the reducer.
struct SearchForm: Reducer {
  struct State: Equatable {
    var query = ""
    var isExact = false
    var results: [String] = []
    var keystrokes = 0
    /// Not `Equatable`: a write of it cannot be a comparable binding action.
    var scroll = Scroll()
  }

  struct Scroll: Sendable {
    var offset = 0.0
  }

  @CasePathable
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case searched([String])
  }

  let clock: TestClock<Duration>

  var body: some ReducerOf<Self> {
    // The written query is seen by what follows BindingReducer, its onChange included.
    BindingReducer()
      .onChange(of: \.query) { _, query in
        Reduce { _, _ in
          .run { send in await send(.searched(["\(query) 1", "\(query) 2"])) }
            .debounce(id: "search", for: .milliseconds(300), clock: clock)
        }
      }
    Reduce { state, action in
      switch action {
      case .binding(\.query):
        state.keystrokes += 1
        return .none
      case .binding:
        return .none
      case let .searched(results):
        state.results = results
        return .none
      }
    }
  }
}

extension SearchForm.State {
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.query == rhs.query && lhs.isExact == rhs.isExact && lhs.results == rhs.results
      && lhs.keystrokes == rhs.keystrokes && lhs.scroll.offset == rhs.scroll.offset
  }
}

/// A form that forgot `BindingReducer()`.
struct FormWithoutBindingReducer: Reducer {
  struct State: Equatable { var name = "" }

  @CasePathable
  enum Action: BindableAction { case binding(BindingAction<State>) }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
  }
}

/// A parent of the search form.
struct SearchScreen: Reducer {
  struct State: Equatable { var form = SearchForm.State() }

  @CasePathable
  enum Action: Equatable { case form(SearchForm.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.form, action: \.form) { SearchForm(clock: TestClock()) }
  }
}

/// Writes through any store, as a generic helper would.
@MainActor
func writeGenerically<State, Action, Value>(
  _ store: Store<State, Action>, _ keyPath: WritableKeyPath<State, Value>, _ value: Value
) {
  store[keyPath] = value
}

@MainActor
@Suite struct BindingTests {
  @Test func aKeystrokeGoesThroughTheReducerAndRendersOnlyTheField() {
    let store = Store(initialState: SearchForm.State()) { SearchForm(clock: TestClock()) }
    let field = RenderProbe { store.query }
    let toggle = RenderProbe { store.isExact }
    let results = RenderProbe { store.results }

    store.query = "c"
    #expect(field.renders == 1)
    #expect(field.value == "c")
    #expect(toggle.renders == 0)
    #expect(results.renders == 0)
    // The reducer saw it (`case .binding(\.query)`).
    #expect(store.keystrokes == 1)

    // An equal value is sent too, and renders nothing.
    store.query = "c"
    #expect(store.keystrokes == 2)
    #expect(field.renders == 1)
  }

  @Test func theKeyPathWriteThatBindableUsesGoesThroughTheReducer() {
    let store = Store(initialState: SearchForm.State()) { SearchForm(clock: TestClock()) }
    // `$store.query` under `@Bindable` writes through this key path.
    let keyPath: ReferenceWritableKeyPath<Store<SearchForm.State, SearchForm.Action>, String> =
      \.query
    var sent: [String] = []
    store.changeLog = { sent.append($0.cause.description) }
    store[keyPath: keyPath] = "cat"
    #expect(store.keystrokes == 1)
    #expect(store.query == "cat")
    #expect(sent.count == 1)
    #expect(sent.first?.hasPrefix("send binding(.set(") == true)
    #expect(sent.first?.contains("\"cat\"") == true)
  }

  @Test func aKeystrokeStartsADebouncedSearchThatTheTestClockAdvances() async {
    let clock = TestClock()
    let store = TestStore(initialState: SearchForm.State()) { SearchForm(clock: clock) }
    await store.send(.binding(.set(\.query, "ca"))) {
      $0.query = "ca"
      $0.keystrokes = 1
    }
    await store.send(\.binding.query, "cat") {
      $0.query = "cat"
      $0.keystrokes = 2
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searched, ["cat 1", "cat 2"]) { $0.results = ["cat 1", "cat 2"] }
  }

  @Test func bindingActionsMatchByPathAndValue() {
    let action = SearchForm.Action.binding(.set(\.query, "cat"))
    #expect(action == .binding(.set(\.query, "cat")))
    #expect(action != .binding(.set(\.query, "dog")))
    let query: String? = action[case: \.binding.query]
    let isExact: Bool? = action[case: \.binding.isExact]
    #expect(query == "cat")
    #expect(isExact == nil)
    #expect(action.binding?.keyPath == \SearchForm.State.query)
    #expect(SearchForm.Action.searched([]).binding == nil)
    guard case .binding(\.query) = action else {
      Issue.record("`case .binding(\\.query)` did not match")
      return
    }
  }

  @Test func aBindingActionNoReducerAppliedIsReported() {
    let store = Store(initialState: FormWithoutBindingReducer.State()) {
      FormWithoutBindingReducer()
    }
    withKnownIssue {
      store.name = "Ada"
    } matching: {
      $0.description.contains("A binding action sent from a store was not handled")
        && $0.description.contains("invoke \"BindingReducer()\"")
    }
    #expect(store.name == "")
  }

  @Test func aWriteThatOverloadResolutionTookDirectlyIsReportedAndStillReduced() {
    let store = Store(initialState: SearchForm.State()) { SearchForm(clock: TestClock()) }
    withKnownIssue {
      store.scroll = SearchForm.Scroll(offset: 12)
    } matching: {
      $0.description.contains("went around the binding action")
    }
    #expect(store.scroll.offset == 12)
    withKnownIssue {
      writeGenerically(store, \.query, "generic")
    } matching: {
      $0.description.contains("went around the binding action")
    }
    // Reduced: the reducer saw the query's binding action.
    #expect(store.query == "generic")
    #expect(store.keystrokes == 1)
  }

  @Test func aStoreWithoutBindableActionsWritesDirectly() {
    struct Form: Equatable { var query = "" }
    enum Action { case submit }
    let store = Store<Form, Action>(initialState: Form()) { _, _ in .none }
    store.query = "cat"
    #expect(store.query == "cat")
  }

  @Test func aChildStoreSendsItsBindingActionsThroughItsParent() {
    let store = Store(initialState: SearchScreen.State()) { SearchScreen() }
    let form = store.scope(state: \.form, action: \.form)
    let field = RenderProbe { form.query }
    form.query = "cat"
    #expect(store.form.query == "cat")
    #expect(store.form.keystrokes == 1)
    #expect(field.renders == 1)
  }
}

/// The platform-free core of `store.binding(_:send:)` and `$store.query.sending(_:)`.
@MainActor
@Suite struct SendingBindingTests {
  @Test func aSendingBindingReadsTheValueAndSendsTheNamedAction() {
    let store = Store(initialState: Rename.State()) { Rename() }
    // The key path `store.binding(\.name, send: \.nameChanged)` binds to.
    let binding = \StoreOf<Rename>.[sending: \.name, action: \.nameChanged]
    let reader = RenderProbe { store[keyPath: binding] }
    store[keyPath: binding] = "Ada"
    #expect(store.name == "Ada")
    #expect(store.edits == 1)
    #expect(reader.renders == 1)
    #expect(store[keyPath: binding] == "Ada")
  }
}

/// A form whose field is bound to a named action.
struct Rename: Reducer {
  struct State: Equatable {
    var name = ""
    var edits = 0
  }

  @CasePathable
  enum Action: Equatable { case nameChanged(String) }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.name = name
        state.edits += 1
        return .none
      }
    }
  }
}
