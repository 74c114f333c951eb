import Hush
import HushTesting
import Testing

// The code of the "Navigation" article (Sources/Hush/Documentation.docc), compiled and run;
// see `DocumentationCodeTests`.

// snippet: contact-form
struct ContactForm: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var name = ""
  }

  @CasePathable
  enum Action: Equatable {
    case nameChanged(String)
    case saveTapped
    case cancelTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      case .saveTapped:
        return .none  // the parent saves the contact
      case .cancelTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}
// end snippet

// snippet: contacts
struct Contacts: Reducer {
  struct State: Equatable {
    var names: [String] = []
    var destination: Destination.State?
  }

  @CasePathable
  enum Action: Equatable {
    case addTapped
    case clearTapped
    case destination(PresentationAction<Destination.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.destination = .add(ContactForm.State(id: state.names.count))
        return .none
      case .clearTapped:
        state.destination = .alert(.clearContacts)
        return .none
      case .destination(.presented(.add(.saveTapped))):
        guard let form = state.destination?.add else { return .none }
        state.names.append(form.name)
        state.destination = nil
        return .none
      case .destination(.presented(.alert(.confirmClear))):
        state.names = []
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) { Destination() }
  }
}
// end snippet

// snippet: contacts-destination
extension Contacts {
  struct Destination: Reducer {
    @CasePathable @dynamicMemberLookup
    enum State: Equatable {
      case add(ContactForm.State)
      case alert(AlertState<Alert>)
    }

    @CasePathable
    enum Action: Equatable {
      case add(ContactForm.Action)
      case alert(Alert)
    }

    @CasePathable
    enum Alert: Equatable {
      case confirmClear
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.add, action: \.add) { ContactForm() }
    }
  }
}

extension AlertState where Action == Contacts.Destination.Alert {
  static let clearContacts = AlertState {
    TextState("Delete every contact?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmClear) { TextState("Delete") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState("This cannot be undone.")
  }
}
// end snippet

@MainActor
@Suite struct NavigationArticleTests {
  @Test func theSheetRendersItsPresenceOnlyAndItsStoreOutlivesIt() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet: contacts-renders
    let store = Store(initialState: Contacts.State()) { Contacts() }
    let sheet = RenderProbe {
      store.scope(state: \.destination?.add, action: \.destination.add) != nil
    }
    store.send(.addTapped)
    let form = store.scope(state: \.destination?.add, action: \.destination.add)!
    let nameField = RenderProbe { form.name }
    for name in ["A", "Ad", "Ada"] {
      form.send(.nameChanged(name))
      print(sheet.renders, nameField.renders)  // 1 1, then 1 2, then 1 3
    }
    form.send(.saveTapped)
    print(sheet.renders, store.names)  // 2 ["Ada"]
    print(form.name)  // Ada: the dismissed sheet's store answers its last value
    // end snippet
    #expect(output == ["1 1", "1 2", "1 3", "2 [\"Ada\"]", "Ada"])
  }

  @Test func theArticleTest() async {
    // snippet: contacts-test
    let store = TestStore(initialState: Contacts.State()) { Contacts() }
    await store.send(.addTapped) {
      $0.destination = .add(ContactForm.State(id: 0))
    }
    await store.send(\.destination.add.nameChanged, "Ada") {
      $0.destination = .add(ContactForm.State(id: 0, name: "Ada"))
    }
    await store.send(\.destination.add.cancelTapped)
    // The form's `dismiss()` reaches the parent as `.dismiss`.
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }

    await store.send(.clearTapped) {
      $0.destination = .alert(.clearContacts)
    }
    // Any action from the alert dismisses it, after the parent ran.
    await store.send(\.destination.alert.confirmClear) {
      $0.destination = nil
    }
    // end snippet
  }
}
