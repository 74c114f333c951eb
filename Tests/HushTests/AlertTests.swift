import Hush
import HushTesting
import Testing

@testable import Hush

/// An archive of notes that asks before it empties itself, and offers a dialog to export them.
struct Archive: Reducer {
  struct State: Equatable {
    var alert: AlertState<Action.Alert>?
    var dialog: ConfirmationDialogState<Action.Dialog>?
    var notes = ["Groceries", "Standup"]
    var exported: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)
    case emptyTapped
    case exportTapped
    case noteAdded(String)

    @CasePathable
    enum Alert: Equatable {
      case confirmEmpty
      case emptyAndAskAgain
    }

    @CasePathable
    enum Dialog: Equatable {
      case exportAsText
      case exportAsPDF
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmEmpty)):
        // The alert is still presented while the parent handles its action.
        if state.alert != nil { state.notes = [] }
        return .none
      case .alert(.presented(.emptyAndAskAgain)):
        state.notes = []
        state.alert = .confirmEmpty(count: 0)
        return .none
      case .alert(.dismiss), .dialog(.dismiss):
        return .none
      case let .dialog(.presented(format)):
        state.exported.append(format == .exportAsText ? "text" : "pdf")
        return .none
      case .emptyTapped:
        state.alert = .confirmEmpty(count: state.notes.count)
        return .none
      case .exportTapped:
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Export notes")
        } actions: {
          ButtonState(action: .exportAsText) { TextState("Text") }
          ButtonState(action: .exportAsPDF) { TextState("PDF") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case let .noteAdded(note):
        state.notes.append(note)
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert)
    .ifLet(\.dialog, action: \.dialog)
  }
}

extension AlertState where Action == Archive.Action.Alert {
  static func confirmEmpty(count: Int) -> Self {
    AlertState {
      TextState("Empty the archive?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmEmpty) { TextState("Empty") }
      if count > 1 {
        ButtonState(action: .emptyAndAskAgain) { TextState("Empty, then ask again") }
      }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("\(count) notes will be deleted.")
    }
  }
}

@MainActor
@Suite struct AlertTests {
  // MARK: The values

  @Test func alertsAreEqualByTheirContentNotByTheirID() {
    let first = AlertState<Archive.Action.Alert>.confirmEmpty(count: 2)
    let second = AlertState<Archive.Action.Alert>.confirmEmpty(count: 2)
    #expect(first.id != second.id)
    #expect(first == second)
    #expect(first != .confirmEmpty(count: 1))
    #expect(first.title == TextState("Empty the archive?"))
    #expect(first.message?.description == "2 notes will be deleted.")
    #expect(first.buttons.map(\.role) == [.destructive, nil, .cancel])
    #expect(first.buttons.map(\.action) == [.confirmEmpty, .emptyAndAskAgain, nil])
    #expect(first.buttons.map(\.label.description) == ["Empty", "Empty, then ask again", "Cancel"])
  }

  @Test func theButtonBuilderTakesConditionsAndLoops() {
    let formats = ["Text", "PDF", "HTML"]
    let dialog = ConfirmationDialogState<String> {
      TextState("Export")
    } actions: {
      for format in formats {
        ButtonState(action: format) { TextState(format) }
      }
      if formats.isEmpty {
        ButtonState { TextState("Nothing to export") }
      } else {
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    #expect(dialog.buttons.map(\.action) == ["Text", "PDF", "HTML", nil])
    #expect(dialog.titleVisibility == .automatic)
    #expect(dialog.message == nil)
  }

  @Test func anAlertMapsItsActionsAndKeepsItsIdentity() {
    let alert = AlertState<Archive.Action.Alert>.confirmEmpty(count: 2)
    let mapped = alert.map { Archive.Action.alert(.presented($0)) }
    #expect(mapped.id == alert.id)
    #expect(mapped.buttons.first?.action == .alert(.presented(.confirmEmpty)))
    #expect(mapped.buttons.first?.id == alert.buttons.first?.id)
  }

  @Test func textStateIsVerbatimOnlyWhenAskedTo() {
    #expect(TextState("Title").isVerbatim == false)
    #expect(TextState(verbatim: "%d notes").isVerbatim)
    #expect(TextState("Title") != TextState(verbatim: "Title"))
    let literal: TextState = "Title"
    #expect(literal == TextState("Title"))
  }

  // MARK: The reducer

  @Test func anActionFromTheAlertReachesTheParentThenDismissesIt() async {
    let store = TestStore(initialState: Archive.State()) { Archive() }
    await store.send(.emptyTapped) { $0.alert = .confirmEmpty(count: 2) }
    await store.send(\.alert.confirmEmpty) {
      $0.notes = []
      $0.alert = nil
    }
  }

  @Test func otherActionsLeaveTheAlertPresented() async {
    let store = TestStore(initialState: Archive.State()) { Archive() }
    await store.send(.emptyTapped) { $0.alert = .confirmEmpty(count: 2) }
    await store.send(.noteAdded("Taxes")) { $0.notes.append("Taxes") }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func anAlertTheParentReplacesStaysPresented() async {
    let store = TestStore(initialState: Archive.State()) { Archive() }
    await store.send(.emptyTapped) { $0.alert = .confirmEmpty(count: 2) }
    await store.send(\.alert.emptyAndAskAgain) {
      $0.notes = []
      $0.alert = .confirmEmpty(count: 0)
    }
  }

  @Test func aDialogIsDismissedByItsActionsToo() async {
    let store = TestStore(initialState: Archive.State()) { Archive() }
    await store.send(.exportTapped) {
      $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Export notes")
      } actions: {
        ButtonState(action: .exportAsText) { TextState("Text") }
        ButtonState(action: .exportAsPDF) { TextState("PDF") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(\.dialog.exportAsPDF) {
      $0.exported = ["pdf"]
      $0.dialog = nil
    }
  }

  @Test func anActionForAnAlertThatIsNotPresentedIsReported() async {
    let store = TestStore(initialState: Archive.State()) { Archive() }
    await withKnownIssue {
      await store.send(\.alert.confirmEmpty)
    } matching: { issue in
      issue.description.contains("child state was nil")
    }
  }

  // MARK: The store

  @Test func theAlertsStoreSendsAButtonsActionAndGoesStale() {
    let store = Store(initialState: Archive.State()) { Archive() }
    let presented = RenderProbe { store.scope(state: \.alert, action: \.alert) != nil }
    let notes = RenderProbe { store.notes.count }
    store.send(.emptyTapped)
    #expect(presented.renders == 1)
    #expect(notes.renders == 0)

    // What SwiftUI's alert does with a tapped button: sends its action to the alert's store.
    let alert = store.scope(state: \.alert, action: \.alert)!
    let button = alert.state.buttons[0]
    alert.send(button.action!)
    #expect(presented.renders == 2)
    #expect(presented.value == false)
    #expect(notes.value == 0)
    // The alert's store answers its last value while the alert animates away.
    #expect(alert.state == .confirmEmpty(count: 2))
  }

  @Test func aBindingsWriteOfNilDismissesWhatIsStillPresented() {
    let store = Store(initialState: Archive.State()) { Archive() }
    var sent: [String] = []
    store.changeLog = { sent.append("\($0.cause)") }
    // The key path `$store.scope(state: \.alert, action: \.alert)` binds to.
    let binding = \StoreOf<Archive>.[presented: \.alert, action: \.alert]
    let presented = RenderProbe { store[keyPath: binding] != nil }
    store.send(.emptyTapped)
    #expect(presented.renders == 1)
    sent = []

    // A swipe or a tap outside: SwiftUI writes nil, the store receives `.dismiss`.
    store[keyPath: binding] = nil
    #expect(store.alert == nil)
    #expect(presented.renders == 2)
    #expect(sent.count == 1)
    #expect(sent.first?.contains("dismiss") == true)

    // SwiftUI writes nil again as the alert closes: nothing is left to dismiss, nothing sent.
    store[keyPath: binding] = nil
    #expect(sent.count == 1)
  }

  @Test func theBindingOfOneDestinationCaseDismissesTheDestination() {
    let store = Store(initialState: Planner.State()) { Planner() }
    let edit = \StoreOf<Planner>.[presented: \.destination?.edit, action: \.destination.edit]
    #expect(store[keyPath: edit] == nil)
    store.send(.editTapped)
    let editStore = store[keyPath: edit]
    #expect(editStore != nil)
    editStore?.send(.subjectChanged("Plan"))
    #expect(store.destination == .edit(Compose.State(id: 1, subject: "Plan")))
    store[keyPath: edit] = nil
    #expect(store.destination == nil)
    #expect(store[keyPath: edit] == nil)
  }
}
