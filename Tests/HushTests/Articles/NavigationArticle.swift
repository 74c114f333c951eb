import Hush
import HushTesting
import Testing

// The code of the "Navigation" article (Sources/Hush/Documentation.docc), compiled and run;
// see `DocumentationCodeTests`.

// snippet: contact-form
@Reducer
struct ContactForm {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var name = ""
  }

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
@Reducer
struct Contacts {
  @ObservableState
  struct State: Equatable {
    var names: [String] = []
    @Presents var destination: Destination.State?
  }

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
    .ifLet(\.$destination, action: \.destination)
  }
}
// end snippet

// snippet: contacts-destination
extension Contacts {
  @Reducer
  enum Destination {
    case add(ContactForm)  // a feature: its state, its actions, its reducer
    case alert(AlertState<Alert>)  // an alert: its actions, no reducer

    @CasePathable
    enum Alert: Equatable {
      case confirmClear
    }
  }
}

extension Contacts.Destination.State: Equatable {}
extension Contacts.Destination.Action: Equatable {}

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

// snippet: album
struct Album: Reducer {
  struct State: Equatable {
    var title: String
    var photos = 0
  }

  @CasePathable
  enum Action: Equatable {
    case photoAdded
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .photoAdded:
        state.photos += 1
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }  // pops this screen
      }
    }
  }
}
// end snippet

// snippet: gallery
struct Gallery: Reducer {
  struct State: Equatable {
    var path = StackState<Album.State>()
  }

  @CasePathable
  enum Action: Equatable {
    case albumTapped(String)
    case path(StackActionOf<Album>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .albumTapped(title):
        state.path.append(Album.State(title: title))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Album() }
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

  @Test func theStackRendersItsReaderForPushesAndPopsOnly() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet: gallery-renders
    let store = Store(initialState: Gallery.State()) { Gallery() }
    let stack = RenderProbe { store.scope(state: \.path, action: \.path).ids }
    store.send(.albumTapped("Summer"))
    store.send(.albumTapped("Winter"))
    print(stack.renders)  // 1: two pushes in one frame

    let screens = store.scope(state: \.path, action: \.path)
    let summer = screens[0]
    let winter = screens[1]
    let winterPhotos = RenderProbe { winter.photos }
    for _ in 1...100 { summer.send(.photoAdded) }
    print(stack.renders, winterPhotos.renders, summer.photos)  // 1 0 100

    store.send(.path(.popFrom(id: screens.ids[1])))
    print(stack.renders, winter.title)  // 2 Winter: a popped screen's store keeps its value
    // end snippet
    #expect(output == ["1", "1 0 100", "2 Winter"])
  }

  @Test func theStackTest() async {
    // snippet: gallery-test
    let store = TestStore(initialState: Gallery.State()) { Gallery() }
    await store.send(.albumTapped("Summer")) {
      $0.path.append(Album.State(title: "Summer"))  // the id the reducer made: #0
    }
    await store.send(\.path[id: 0].photoAdded) {
      $0.path[id: 0]?.photos = 1
    }
    await store.send(\.path[id: 0].closeTapped)
    await store.receive(\.path.popFrom) {
      $0.path = []
    }
    // end snippet
  }
}
