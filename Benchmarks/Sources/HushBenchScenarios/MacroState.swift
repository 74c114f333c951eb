import Hush

// Issue 48: the same presented feature written twice, once as plain Hush (`struct: Reducer`, a
// plain optional, `ifLet(\.destination)`) and once as TCA writes it (`@Reducer`,
// `@ObservableState`, `@Presents`, `ifLet(\.$destination)`), so that a send and a child read
// can be compared: the macros must cost nothing.

struct PlainEditor: Reducer {
  struct State: Equatable {
    var title = "Draft"
    var count = 0
  }

  @CasePathable
  enum Action {
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .set(value): state.count = value
    }
    return .none
  }
}

struct PlainParent: Reducer {
  struct State: Equatable {
    var other = 0
    var destination: PlainEditor.State? = PlainEditor.State()
  }

  @CasePathable
  enum Action {
    case destination(PresentationAction<PlainEditor.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.destination, action: \.destination) { PlainEditor() }
  }
}

@Reducer
struct MacroEditor {
  @ObservableState
  struct State: Equatable {
    var title = "Draft"
    var count = 0
  }

  enum Action {
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .set(value): state.count = value
    }
    return .none
  }
}

@Reducer
struct MacroParent {
  @ObservableState
  struct State: Equatable {
    var other = 0
    @Presents var destination: MacroEditor.State? = MacroEditor.State()
  }

  enum Action {
    case destination(PresentationAction<MacroEditor.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$destination, action: \.destination) { MacroEditor() }
  }
}

/// Scenario 10: a presented child, plain and with TCA's macros. Columns are variants:
/// 0. a send to the presented child through the root, with a reader of the child's field
///    (renders each time) and a reader of the child's presence (never renders);
/// 1. re-scope the cached child store and read one of its fields, as a parent view's body does.
public let macroStateScenario = Scenario(
  id: "macro-state",
  title: "10. TCA's macros on the state",
  operationDescription: "a send to a presented child, or a child store re-scoped and read",
  columnTitle: "variant",
  columns: [0, 1],
  columnLabels: ["child send + 2 readers", "cached child + read"],
  implementations: [
    .init(name: "plain optional, struct: Reducer") { variant in
      let store = Store(initialState: PlainParent.State()) { PlainParent() }
      return presentedChildFixture(
        variant: variant, store: store,
        child: { $0.scope(state: \.destination, action: \.destination) },
        send: { .destination(.presented(.set($0))) }, count: { $0.count })
    },
    .init(name: "@Reducer, @ObservableState, @Presents") { variant in
      let store = Store(initialState: MacroParent.State()) { MacroParent() }
      return presentedChildFixture(
        variant: variant, store: store,
        child: { $0.scope(state: \.destination, action: \.destination) },
        send: { .destination(.presented(.set($0))) }, count: { $0.count })
    },
  ],
  reportsRenders: true
)

@MainActor
private func presentedChildFixture<State, Action, ChildState, ChildAction>(
  variant: Int, store: Store<State, Action>,
  child: @escaping @MainActor (Store<State, Action>) -> Store<ChildState, ChildAction>?,
  send: @escaping (Int) -> Action,
  count: @escaping @MainActor (Store<ChildState, ChildAction>) -> Int
) -> Fixture {
  guard let presented = child(store) else { preconditionFailure("the child is presented") }
  if variant == 1 {
    return Fixture(frame: nil, keepAlive: [store, presented]) { _ in
      blackHole(count(child(store)!))
    }
  }
  let frame = Frame()
  let field = TrackedReader(frame: frame) { count(presented) }
  let presence = TrackedReader(frame: frame) { child(store) == nil ? 0 : 1 }
  return Fixture(
    frame: frame, keepAlive: [store, presented, frame, field, presence],
    verify: { operations in
      verifyRenders(frame, operations: operations, expectedPerChange: 1)
        ?? (presence.renders == 0 ? nil : "the presence reader rendered \(presence.renders) times")
        ?? (operations == 0 || field.lastValue == operations
          ? nil : "the field reader shows \(field.lastValue) after \(operations) sends")
    }
  ) { i in
    store.send(send(i + 1))
    frame.flush()
  }
}
