import ConcurrencyExtras
import Hush
import HushTesting
import Testing

/// TCA spellings that the other tests do not write, each used as TCA's documentation uses it
/// (the parity table's "test" column points here: `swift run tca-parity`).
@MainActor
@Suite struct TCASpellingTests {
  @Test func aDismissEffectMadeFromAClosureRunsItOutsideAPresentation() async {
    let dismissed = LockIsolated(false)
    let store = Store(initialState: Closing.State()) {
      Closing()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
    }
    await store.send(.closeTapped).finish()
    #expect(dismissed.value)
  }

  @Test func aSendDeliversWhatItIsCalledWithToItsClosure() {
    let sent = LockIsolated<[Int]>([])
    let send = Send<Int>(send: { value in sent.withValue { $0.append(value) } })
    send(1)
    send(2)
    #expect(sent.value == [1, 2])
  }

  @Test func aBindingReducerAppliesTheBindingsOfAViewAction() async {
    let store = TestStore(initialState: ProfileForm.State()) { ProfileForm() }
    await store.send(.view(.binding(.set(\.name, "Blob")))) {
      $0.name = "Blob"
      $0.log = ["name"]
    }
    await store.send(.view(.saveTapped))
    await store.receive(\.saved) { $0.log = ["name", "saved"] }
  }

  @Test func aBindingCaseKeyPathExtractsTheValueWrittenAtItsPath() {
    let paths: BindingAction<ProfileForm.State>.AllCasePaths = BindingAction<ProfileForm.State>
      .allCasePaths
    let action = BindingAction<ProfileForm.State>.set(\.name, "Blob")
    #expect(paths.name.extract(from: action) == "Blob")
    #expect(paths.log.extract(from: action) == nil)
    #expect(paths.name.embed("Blob") == action)
  }

  @Test func codeGenericOverViewActionSendingNamesTheStoresStateAndAction() async {
    let store = Store(initialState: ProfileForm.State(name: "Blob")) { ProfileForm() }
    let view = ProfileFormView(store: store)
    #expect(Self.name(shownBy: view) == "Blob")
    await Self.save(from: view).finish()
    #expect(store.log == ["saved"])
  }

  static func name<V: ViewActionSending>(shownBy view: V) -> String
  where V.StoreState == ProfileForm.State {
    view.store.name
  }

  static func save<V: ViewActionSending>(from view: V) -> StoreTask
  where V.StoreAction == ProfileForm.Action {
    view.send(.saveTapped)
  }

  @Test func aReducersBodyHasTheTypeItsBodyNames() {
    let body: ProfileForm.Body = ProfileForm().body
    var state = ProfileForm.State()
    _ = body.reduce(into: &state, action: .view(.binding(.set(\.name, "Blob"))))
    #expect(state == ProfileForm.State(name: "Blob", log: ["name"]))
  }

  @Test func anEmptyBodyChangesNothing() {
    let store = Store(initialState: 1) { Inert() }
    store.send(2)
    #expect(store.state == 1)
  }

  @Test func aReducerForSomeOSVersionsRunsWhereTheyAreAvailable() {
    // `#available` is true on Linux: no Apple platform is named.
    let store = Store(initialState: 1) { VersionedAdder() }
    store.send(2)
    #expect(store.state == 3)
  }

  @Test func transformDependencyChangesADependencyForOneReducer() async {
    let store = TestStore(initialState: CitySearch.State()) {
      CitySearch().transformDependency(\.weatherClient) { client in
        client.search = { query in ["\(query)polis"] }
      }
    }
    await store.send(.searchTapped("Metro")) { $0.isSearching = true }
    await store.receive(\.resultsLoaded) {
      $0.isSearching = false
      $0.results = ["Metropolis"]
    }
  }

  @Test func anIdentifiedActionCarriesTheIdAndTheAction() {
    let action = IdentifiedAction<Int, String>.element(id: 1, action: "tapped")
    guard case let .element(id, child) = action else {
      Issue.record("not an element action")
      return
    }
    #expect(id == 1)
    #expect(child == "tapped")
  }

  @Test func aStackElementIDIsWrittenAsItsGeneration() {
    let id: StackElementID = 3
    #expect(id == StackElementID(generation: 3))
    #expect(id.generation == 3)
  }

  @Test func exhaustivityIsAValueATestSets() async {
    let modes: [Exhaustivity] = [.on, .off(showSkippedAssertions: false)]
    let store = TestStore(initialState: Saving.State()) { Saving() }
    store.exhaustivity = modes[1]
    await store.send(.saveTapped)
    await store.receive(\.saveFinished) { $0.log = ["started", "finished"] }
  }
}

/// A root feature that dismisses itself.
struct Closing: Reducer {
  struct State: Equatable {}

  enum Action {
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { _ in await dismiss() }
  }
}

/// A form whose bindings come through its view actions: `BindingReducer(action: \.view)`.
struct ProfileForm: Reducer {
  struct State: Equatable {
    var name = ""
    var log: [String] = []
  }

  @CasePathable
  enum Action: ViewAction {
    case view(View)
    case saved

    @CasePathable
    enum View: BindableAction {
      case binding(BindingAction<State>)
      case saveTapped
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding(\.name)):
        state.log.append("name")
        return .none
      case .view(.binding):
        return .none
      case .view(.saveTapped):
        return .send(.saved)
      case .saved:
        state.log.append("saved")
        return .none
      }
    }
  }
}

/// What `@ViewAction(for: ProfileForm.self)` makes of a view in Hush.
struct ProfileFormView: ViewActionSending {
  let store: StoreOf<ProfileForm>
}

/// A reducer with nothing in its body.
struct Inert: Reducer {
  typealias State = Int
  typealias Action = Int

  var body: some Reducer<Int, Int> {}
}

/// Adds each action to the state, where the OS versions allow it.
struct VersionedAdder: Reducer {
  typealias State = Int
  typealias Action = Int

  var body: some Reducer<Int, Int> {
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
      Adder()
    }
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  // The SwiftUI-only spellings: typechecked for every Apple platform by `Scripts/apple-compile`.

  /// A sheet that dismisses itself with an animation, or in a transaction.
  struct AnimatedSheet: Reducer {
    struct State: Equatable {}

    enum Action {
      case closeTapped
      case closeWithoutAnimationTapped
    }

    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .closeTapped:
        return .run { _ in await dismiss(animation: .default) }
      case .closeWithoutAnimationTapped:
        return .run { _ in
          var transaction = Transaction()
          transaction.disablesAnimations = true
          await dismiss(transaction: transaction)
        }
      }
    }
  }

  /// The archive's export dialog, shown from its store.
  struct ArchiveView: View {
    @Bindable var store: StoreOf<Archive>

    var body: some View {
      Button("Export") { store.send(.exportTapped) }
        .confirmationDialog($store.scope(state: \.dialog, action: \.dialog))
    }
  }

  /// A field bound to a store that a parent view holds: `$store.name.sending(_:)` on a
  /// `Binding`.
  struct RenameField: View {
    @Binding var store: StoreOf<Renaming>

    var body: some View {
      TextField("Name", text: $store.name.sending(\.nameChanged))
    }
  }

  /// A view written for TCA's pre-iOS 17 support, as its examples still are: Perception's
  /// tracking and bindable, pass-throughs here.
  struct PerceptionRenameView: View {
    enum Reset { case confirm }

    @Perception.Bindable var store: StoreOf<Renaming>

    var body: some View {
      WithPerceptionTracking {
        TextField("Name", text: $store.name.sending(\.nameChanged))
      }
    }
  }

  /// An alert whose button sends its action in an animation.
  func animatedResetAlert() -> AlertState<PerceptionRenameView.Reset> {
    AlertState {
      TextState("Reset?")
    } actions: {
      ButtonState(role: .destructive, action: .send(.confirm, animation: .default)) {
        TextState("Reset")
      }
    }
  }

  struct Renaming: Reducer {
    struct State: Equatable {
      var name = ""
    }

    @CasePathable
    enum Action {
      case nameChanged(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      }
    }
  }
#endif
