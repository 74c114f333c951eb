import Hush
import HushTesting
import Testing

// A feature written the TCA way, ported with only the porting rule's edits (DESIGN.md, "Real
// apps"): `@Reducer struct` → `struct …: Reducer`, `@ObservableState` removed,
// `@CasePathable` on the action enums, `@CasePathable @dynamicMemberLookup` on the enum state.

struct Profile: Reducer {
  struct State: Equatable {
    var name = ""
    var saves = 0
  }

  @CasePathable
  enum Action: Equatable {
    case nameChanged(String)
    case saveTapped
    case saved
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      case .saveTapped:
        return .run { send in await send(.saved) }
          .cancellable(id: "save", cancelInFlight: true)
      case .saved:
        state.saves += 1
        return .none
      }
    }
  }
}

struct Preferences: Reducer {
  struct State: Equatable {
    var theme = "light"
    var fontSize = 12
  }

  @CasePathable
  enum Action: Equatable {
    case themeChanged(String)
    case fontSizeChanged(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .themeChanged(theme): state.theme = theme
      case let .fontSizeChanged(size): state.fontSize = size
      }
      return .none
    }
  }
}

struct Session: Reducer {
  struct LoggedOut: Reducer {
    struct State: Equatable { var username = "" }

    @CasePathable
    enum Action: Equatable {
      case usernameChanged(String)
      case logInTapped
      case loggedIn(String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .usernameChanged(username):
          state.username = username
          return .none
        case .logInTapped:
          return .run { [username = state.username] send in await send(.loggedIn(username)) }
        case .loggedIn:
          return .none
        }
      }
    }
  }

  struct LoggedIn: Reducer {
    struct State: Equatable { var username: String }

    @CasePathable
    enum Action: Equatable { case logOutTapped }

    var body: some ReducerOf<Self> {
      EmptyReducer()
    }
  }

  @CasePathable
  @dynamicMemberLookup
  enum State: Equatable {
    case loggedOut(LoggedOut.State)
    case loggedIn(LoggedIn.State)
  }

  @CasePathable
  enum Action: Equatable {
    case loggedOut(LoggedOut.Action)
    case loggedIn(LoggedIn.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.loggedOut, action: \.loggedOut) { LoggedOut() }
    Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }
    Reduce { state, action in
      switch action {
      case let .loggedOut(.loggedIn(username)):
        state = .loggedIn(LoggedIn.State(username: username))
        return .none
      case .loggedIn(.logOutTapped):
        state = .loggedOut(LoggedOut.State())
        return .none
      case .loggedOut, .loggedIn:
        return .none
      }
    }
  }
}

struct Chore: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var isDone = false
  }

  @CasePathable
  enum Action: Equatable {
    case toggled
    case renamed(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggled: state.isDone.toggle()
      case let .renamed(title): state.title = title
      }
      return .none
    }
  }
}

struct Home: Reducer {
  struct State: Equatable {
    var profile = Profile.State()
    var preferences = Preferences.State()
    var session = Session.State.loggedOut(Session.LoggedOut.State())
    var chores: IdentifiedArrayOf<Chore.State> = []
    var greeting = ""
    var themeChanges = 0
    var doneCount = 0
  }

  @CasePathable
  enum Action: Equatable {
    case profile(Profile.Action)
    case preferences(Preferences.Action)
    case session(Session.Action)
    case chores(IdentifiedActionOf<Chore>)
    case addChore(String)
  }

  var body: some ReducerOf<Self> {
    // onChange sees the changes of the reducer it modifies: here, the two children's.
    CombineReducers {
      Scope(state: \.profile, action: \.profile) { Profile() }
      Scope(\.preferences, action: \.preferences) { Preferences() }
    }
    .onChange(of: \.profile.name) { _, name in
      Reduce { state, _ in
        state.greeting = name.isEmpty ? "" : "Hello, \(name)!"
        return .none
      }
    }
    .onChange(of: \.preferences.theme) { _, state in
      state.themeChanges += 1
      return .none
    }
    Scope(state: \.session, action: \.session) { Session() }
    Reduce { state, action in
      switch action {
      case let .addChore(title):
        state.chores.append(Chore.State(id: state.chores.count, title: title))
        return .none
      case .chores(.element(id: _, action: .toggled)):
        state.doneCount = state.chores.filter(\.isDone).count
        return .none
      case .profile, .preferences, .session, .chores:
        return .none
      }
    }
    .forEach(\.chores, action: \.chores) { Chore() }
  }
}

@MainActor
@Suite struct PortedFeatureTests {
  @Test func aFeatureWrittenTheTCAWayRunsExhaustively() async {
    let store = TestStoreOf<Home>(initialState: Home.State()) { Home() }

    // Two scoped children, and the onChange that follows one of them.
    await store.send(.profile(.nameChanged("Ada"))) {
      $0.profile.name = "Ada"
      $0.greeting = "Hello, Ada!"
    }
    await store.send(\.profile.saveTapped)
    await store.receive(\.profile.saved) { $0.profile.saves = 1 }
    await store.send(.preferences(.themeChanged("dark"))) {
      $0.preferences.theme = "dark"
      $0.themeChanges = 1
    }
    // The same value again: no change, so onChange does not run.
    await store.send(.preferences(.themeChanged("dark")))
    await store.send(\.preferences.fontSizeChanged, 14) { $0.preferences.fontSize = 14 }

    // The enum-state child: log in through an effect, then out.
    await store.send(.session(.loggedOut(.usernameChanged("ada")))) {
      $0.session = .loggedOut(Session.LoggedOut.State(username: "ada"))
    }
    await store.send(.session(.loggedOut(.logInTapped)))
    await store.receive(\.session.loggedOut.loggedIn, "ada") {
      $0.session = .loggedIn(Session.LoggedIn.State(username: "ada"))
    }
    #expect(store.state.session.loggedIn?.username == "ada")
    await store.send(.session(.loggedIn(.logOutTapped))) {
      $0.session = .loggedOut(Session.LoggedOut.State())
    }

    // forEach with IdentifiedAction: the row reducer runs, then the parent sees the result.
    await store.send(.addChore("Dishes")) {
      $0.chores = [Chore.State(id: 0, title: "Dishes")]
    }
    await store.send(.addChore("Laundry")) {
      $0.chores.append(Chore.State(id: 1, title: "Laundry"))
    }
    await store.send(\.chores[id: 1].toggled) {
      $0.chores[id: 1]?.isDone = true
      $0.doneCount = 1
    }
    await store.send(\.chores[id: 0].renamed, "Dishes and pans") {
      $0.chores[id: 0]?.title = "Dishes and pans"
    }
  }

  @Test func anActionForAnotherCaseOfAnEnumStateIsReportedAndDropped() {
    let store = Store(initialState: Home.State()) { Home() }
    let before = store.state
    withKnownIssue {
      store.send(.session(.loggedIn(.logOutTapped)))
    } matching: {
      $0.description.contains(
        "received a child action when child state was set to a different case")
        && $0.description.contains("logOutTapped")
    }
    #expect(store.state == before)
  }

  @Test func elementStoresByCaseKeyPathRenderOnlyTheirRow() {
    let store = Store(initialState: Home.State()) { Home() }
    for title in ["a", "b", "c", "d"] { store.send(.addChore(title)) }
    let chores = store.scope(state: \.chores, action: \.chores)
    // Cached with the closure form's cache: the same element stores.
    #expect(chores[2] === store.scope(state: \.chores, action: \.chores)[2])
    let list = RenderProbe { store.scope(state: \.chores, action: \.chores).ids }
    let titles = chores.map { chore in RenderProbe { chore.title } }
    let doneCount = RenderProbe { store.doneCount }

    chores[2].send(.renamed("C"))
    chores[2].send(.renamed("C"))  // equal: no render
    chores[1].send(.toggled)
    #expect(titles.map(\.renders) == [0, 0, 1, 0])
    #expect(titles[2].value == "C")
    #expect(doneCount.renders == 1)
    #expect(list.renders == 0)

    store.send(.addChore("e"))
    #expect(list.renders == 1)
    #expect(titles.map(\.renders) == [0, 0, 1, 0])
  }

  @Test func aCaseKeyPathHeldInAVariableWorksAsTheLiteralDoes() {
    // A literal `\.chores` takes the overloads that look the case up once; a `CaseKeyPath`
    // value takes the general ones. Both reach the same rows, element stores and child store.
    let chores: CaseKeyPath<Home.Action, IdentifiedActionOf<Chore>> = \.chores
    let profile: CaseKeyPath<Home.Action, Profile.Action> = \.profile
    let reducer = CombineReducers<Home.State, Home.Action, _> {
      Scope(state: \.profile, action: profile) { Profile() }
      Reduce<Home.State, Home.Action> { _, _ in .none }
        .forEach(\.chores, action: chores) { Chore() }
    }
    var initial = Home.State()
    initial.chores = [Chore.State(id: 0, title: "a"), Chore.State(id: 1, title: "b")]
    let store = Store(initialState: initial, reducer: reducer)
    let byValue = store.scope(state: \.chores, action: chores)
    let byLiteral = store.scope(state: \.chores, action: \.chores)
    #expect(byValue[1] === byLiteral[1])
    let titles = byLiteral.map { chore in RenderProbe { chore.title } }

    byValue[0].send(.renamed("A"))
    byLiteral[1].send(.renamed("B"))
    #expect(store.chores.map(\.title) == ["A", "B"])
    #expect(titles.map(\.renders) == [1, 1])

    let profileByValue = store.scope(state: \.profile, action: profile)
    #expect(profileByValue === store.scope(state: \.profile, action: \.profile))
    profileByValue.send(.nameChanged("Ada"))
    #expect(store.profile.name == "Ada")
  }

  @Test func aMismatchedPayloadByCaseKeyPathFailsWithADiff() async {
    let store = TestStoreOf<Home>(initialState: Home.State()) { Home() }
    await store.send(.session(.loggedOut(.usernameChanged("ada")))) {
      $0.session = .loggedOut(Session.LoggedOut.State(username: "ada"))
    }
    await store.send(.session(.loggedOut(.logInTapped)))
    await withKnownIssue {
      await store.receive(\.session.loggedOut.loggedIn, "bob")
    } matching: {
      $0.description.contains("Received an unexpected action")
        && $0.description.contains("− \"bob\"") && $0.description.contains("+ \"ada\"")
    }
  }

  @Test func receivingByCaseKeyPathFailsForAnotherCase() async {
    let store = TestStoreOf<Home>(initialState: Home.State()) { Home() }
    await store.send(\.profile.saveTapped)
    await withKnownIssue {
      await store.receive(\.preferences.themeChanged)
    } matching: {
      $0.description.contains("Received an unexpected action")
        && $0.description.contains("saved")
    }
  }
}
