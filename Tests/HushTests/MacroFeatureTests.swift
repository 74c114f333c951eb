import Hush
import HushTesting
import Testing

// Features written as TCA 1.x writes them, with its macros: `@Reducer` on structs and on
// enums of features, `@ObservableState`, `@ObservationStateIgnored`, `@Presents` with
// `\.$destination`, `@ReducerCaseIgnored`, an alert case, and `ifLet` / `forEach` with no
// trailing closure. Nothing below is written for Hush.

@Reducer
struct Entry {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var text = ""
    var saves = 0
  }

  enum Action: Equatable {
    case textChanged(String)
    case saveTapped
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .textChanged(text):
        state.text = text
        return .none
      case .saveTapped:
        state.saves += 1
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

@Reducer
struct Journal {
  @ObservableState
  struct State: Equatable {
    var title = "Notes"
    var deleted = 0
    @ObservationStateIgnored var scratch = 0
    @Presents var destination: Destination.State?
    var path = StackState<Path.State>()
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case deleteTapped
    case destination(PresentationAction<Destination.Action>)
    case editTapped(Int)
    case infoTapped(String)
    case openTapped(Int)
    case path(StackActionOf<Path>)
  }

  @Reducer
  enum Destination {
    case edit(Entry)
    @ReducerCaseEphemeral
    case alert(AlertState<Alert>)
    @ReducerCaseIgnored
    case info(String)
    case none

    enum Alert: Equatable {
      case confirmDeletion
    }
  }

  @Reducer
  enum Path {
    case note(Entry)
    case about(title: String, version: Int)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .deleteTapped:
        state.destination = .alert(
          AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          })
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        state.deleted += 1
        return .none
      case .destination:
        return .none
      case let .editTapped(id):
        state.destination = .edit(Entry.State(id: id))
        return .none
      case let .infoTapped(text):
        state.destination = .info(text)
        return .none
      case let .openTapped(id):
        state.path.append(.note(Entry.State(id: id)))
        return .none
      case .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

extension Journal.Destination.State: Equatable {}
extension Journal.Destination.Action: Equatable {}
extension Journal.Path.State: Equatable {}
extension Journal.Path.Action: Equatable {}

/// A feature whose view sends view actions: `@ViewAction(for:)` on the view.
@Reducer
struct Outbox {
  @ObservableState
  struct State: Equatable {
    var sent = 0
  }

  enum Action: ViewAction, Equatable {
    case view(View)
    case delivered

    enum View: Equatable {
      case sendTapped
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.sendTapped):
        state.sent += 1
        return .send(.delivered)
      case .delivered:
        return .none
      }
    }
  }
}

/// Stands in for a SwiftUI view (there is none on Linux): what `@ViewAction` needs is the store.
@ViewAction(for: Outbox.self)
@MainActor
struct OutboxView {
  let store: StoreOf<Outbox>

  func sendButtonTapped() {
    send(.sendTapped)
  }
}

/// What generic code over any `@Reducer` enum can name: its state's reducer, its case scope.
extension CaseReducer where State: CaseReducerState, State.StateReducer == Self {
  @MainActor
  static func currentCase(of store: Store<State, Action>) -> CaseScope {
    scope(store)
  }
}

/// `@Reducer(state:action:)` names the conformances of the enums it writes.
@Reducer(state: .equatable, .sendable, action: .equatable)
enum EntrySheet {
  case note(Entry)
}

/// An enum of features that writes its own body, as TCA's TicTacToe does: a reducer that
/// moves between the cases, then each case's feature.
@Reducer(state: .equatable)
enum EntryFlow {
  case draft(Entry)
  case published(Entry)

  static var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case .draft(.saveTapped) = action, case let .draft(entry) = state else {
        return .none
      }
      state = .published(entry)
      return .none
    }
    .ifCaseLet(\.draft, action: \.draft) { Entry() }
    .ifCaseLet(\.published, action: \.published) { Entry() }
  }
}

@MainActor
@Suite struct MacroFeatureTests {
  @Test func aPresentedEnumOfFeaturesRunsItsCasesFeature() async {
    let store = TestStore(initialState: Journal.State()) { Journal() }
    await store.send(.editTapped(1)) { $0.destination = .edit(Entry.State(id: 1)) }
    await store.send(\.destination.edit.textChanged, "Hi") {
      $0.$destination = .edit(Entry.State(id: 1, text: "Hi"))
    }
    await store.send(.destination(.presented(.edit(.saveTapped)))) {
      $0.destination?.modify(\.edit) { $0.saves = 1 }
    }
    await store.send(.destination(.presented(.edit(.closeTapped))))
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func anAlertCaseIsDismissedByItsActions() async {
    let store = TestStore(initialState: Journal.State()) { Journal() }
    await store.send(.deleteTapped) {
      $0.destination = .alert(
        AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        })
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.deleted = 1
      $0.destination = nil
    }
  }

  @Test func anEnumOfScreensRunsAStack() async {
    let store = TestStore(initialState: Journal.State()) { Journal() }
    await store.send(.openTapped(7)) { $0.path[id: 0] = .note(Entry.State(id: 7)) }
    await store.send(.path(.element(id: 0, action: .note(.textChanged("Stack"))))) {
      $0.path[id: 0, case: \.note]?.text = "Stack"
    }
    await store.send(.path(.element(id: 0, action: .note(.closeTapped))))
    await store.receive(\.path.popFrom) { $0.path = StackState() }
  }

  @Test func anEnumThatWritesItsOwnBodyRunsIt() async {
    let store = TestStore(initialState: EntryFlow.State.draft(Entry.State(id: 1))) {
      EntryFlow.body
    }
    await store.send(.draft(.textChanged("Hi"))) { $0 = .draft(Entry.State(id: 1, text: "Hi")) }
    // The case's feature runs first (it counts the save), then the enum's reducer moves on.
    await store.send(.draft(.saveTapped)) {
      $0 = .published(Entry.State(id: 1, text: "Hi", saves: 1))
    }
    await store.send(.published(.textChanged("Hello"))) {
      $0 = .published(Entry.State(id: 1, text: "Hello", saves: 1))
    }
  }

  @Test func presentsStoresAPlainOptional() {
    var state = Journal.State()
    state.destination = .info("About")
    #expect(state.$destination == .info("About"))
    state.$destination = nil
    #expect(state.destination == nil)
    let made = Journal.State(title: "T", destination: Journal.Destination.State.none)
    #expect(made.$destination == Journal.Destination.State.none)
    // A stored property: the path ifLet runs through on every send has an offset.
    #expect(MemoryLayout<Journal.State>.offset(of: \Journal.State.$destination) != nil)
  }

  @Test func storeCaseGivesEachFeatureItsStoreAndRendersOnlyWhenTheCaseChanges() {
    let store = Store(initialState: Journal.State()) { Journal() }
    store.send(.editTapped(1))
    let destination = store.scope(state: \.destination, action: \.destination)!
    let kind = RenderProbe { () -> String in
      switch destination.case {
      case .edit: "edit"
      case .alert: "alert"
      case let .info(text): "info \(text)"
      case .none: "none"
      }
    }
    #expect(kind.value == "edit")
    guard case let .edit(note) = destination.case else {
      Issue.record("expected the edit case")
      return
    }
    let text = RenderProbe { note.text }
    for index in 1...5 {
      note.send(.textChanged("Draft \(index)"))
      _ = text.renders
    }
    #expect(text.renders == 5)
    #expect(text.value == "Draft 5")
    // Edits inside the feature never render the reader of the case.
    #expect(kind.renders == 0)
    #expect(store.destination?.edit?.text == "Draft 5")
  }

  @Test func aDismissedDestinationsStoreStillAnswersItsCase() {
    let store = Store(initialState: Journal.State()) { Journal() }
    store.send(.editTapped(4))
    let destination = store.scope(state: \.destination, action: \.destination)!
    store.send(.destination(.dismiss))
    #expect(store.destination == nil)
    // A sheet renders its content while it animates away: the stale store keeps its case.
    guard case let .edit(entry) = destination.case else {
      Issue.record("expected the edit case")
      return
    }
    #expect(entry.id == 4)
  }

  @Test func storeCaseAnswersPlainDataCases() {
    let store = Store(initialState: Journal.State()) { Journal() }
    store.send(.infoTapped("About"))
    let destination = store.scope(state: \.destination, action: \.destination)!
    let kind = RenderProbe { () -> String in
      switch destination.case {
      case .edit: "edit"
      case .alert: "alert"
      case let .info(text): "info \(text)"
      case .none: "none"
      }
    }
    #expect(kind.value == "info About")
    let path = Store(
      initialState: Journal.Path.State.about(title: "Hush", version: 2)
    ) { Journal.Path.body }
    guard case let .about(title, version) = path.case else {
      Issue.record("expected the about case")
      return
    }
    #expect(title == "Hush")
    #expect(version == 2)
  }

  @Test func bindingsAndIgnoredStateWorkAsOnAnyState() {
    let store = Store(initialState: Journal.State()) { Journal() }
    let title = RenderProbe { store.title }
    store.title = "Diary"
    #expect(title.renders == 1)
    #expect(store.title == "Diary")
    store.send(.editTapped(2))
    #expect(title.renders == 1)
  }

  @Test func aViewSendsItsViewActions() {
    let store = Store(initialState: Outbox.State()) { Outbox() }
    let sent = RenderProbe { store.sent }
    OutboxView(store: store).sendButtonTapped()
    #expect(sent.renders == 1)
    #expect(sent.value == 1)
  }

  @Test func genericCodeReachesTheCaseScope() {
    let store = Store(initialState: Journal.Path.State.note(Entry.State(id: 3))) {
      Journal.Path.body
    }
    guard case let .note(entry) = Journal.Path.currentCase(of: store) else {
      Issue.record("expected the note case")
      return
    }
    #expect(entry.id == 3)
  }

  @Test func reducerArgumentsAddConformancesToTheEnumsItWrites() {
    let state: any Equatable & Sendable = EntrySheet.State.note(Entry.State(id: 1))
    let action: any Equatable = EntrySheet.Action.note(.saveTapped)
    #expect(state as? EntrySheet.State == .note(Entry.State(id: 1)))
    #expect(action as? EntrySheet.Action == .note(.saveTapped))
  }
}
