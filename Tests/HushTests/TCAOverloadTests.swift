import ConcurrencyExtras
import Foundation
import Hush
import HushTesting
import Observation
import Testing

/// TCA overloads that the parity table (`Docs/TCA-PARITY.md`) calls "same spelling" and that no
/// other compiled code calls: each test calls that exact overload (the table checks it with the
/// compiler's resolution of every call, `Scripts/apple-compile --references`) and checks what
/// TCA documents for it.
@MainActor
@Suite struct TCAOverloadTests {
  @Test func concatenateTakesACollectionOfEffectsAndRunsThemInOrder() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.countdownTapped)
    await store.receive(\.counted) { $0.log = [3] }
    await store.receive(\.counted) { $0.log = [3, 2] }
    await store.receive(\.counted) { $0.log = [3, 2, 1] }
  }

  @Test func scopeTakesAnAnyCasePathForTheChildsActions() async {
    let store = TestStore(initialState: TallyParent.State()) { TallyParent() }
    await store.send(.tally(.countdownTapped))
    await store.receive(\.tally.counted) { $0.tally.log = [3] }
    await store.receive(\.tally.counted) { $0.tally.log = [3, 2] }
    await store.receive(\.tally.counted) { $0.tally.log = [3, 2, 1] }
    // Actions of other cases do not reach the child.
    await store.send(.reset) { $0.resets = 1 }
  }

  @Test func reduceWrapsAnotherReducer() async {
    let store = TestStore(initialState: Tally.State()) { Reduce(Tally()) }
    await store.send(.counted(7)) { $0.log = [7] }
  }

  @Test func aDependencyGivenByValueOverridesItsOwnKey() async {
    let store = TestStore(initialState: Greeting.State()) {
      Greeting().dependency(Greeter { "Hi, \($0)!" })
    }
    await store.send(.greet("Blob")) { $0.message = "Hi, Blob!" }
  }

  @Test func aDependencyByValueOverridesOnlyTheReducerItIsGivenTo() async {
    let store = TestStore(initialState: Greeting.State()) { Greeting() }
    await store.send(.greet("Blob")) { $0.message = "Hello, Blob." }
  }

  @Test func finishWithANilTimeoutWaitsForTheEffects() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    let task = await store.send(.countdownTapped)
    await store.receive(\.counted) { $0.log = [3] }
    await store.receive(\.counted) { $0.log = [3, 2] }
    await store.receive(\.counted) { $0.log = [3, 2, 1] }
    // `nil` is TCA's default: the effects are done, so it returns without an issue.
    await task.finish(timeout: nil)
  }

  @Test func aStackRoundTripsThroughCodableWithNewIDs() throws {
    let stack: StackState<Tally.State> = [Tally.State(log: [1]), Tally.State(log: [2, 3])]
    let data = try JSONEncoder().encode(stack)
    // Encoded as TCA encodes it: the array of the screens' states.
    #expect(String(decoding: data, as: UTF8.self) == #"[{"log":[1]},{"log":[2,3]}]"#)
    let restored = try withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      try JSONDecoder().decode(StackState<Tally.State>.self, from: data)
    }
    #expect(Array(restored) == Array(stack))
    #expect(restored.ids == [0, 1])
  }

  @Test func presentationAndIdentifiedActionsRoundTripThroughCodable() throws {
    let presented = PresentationAction<Tally.Action>.presented(.counted(4))
    let dismissed = PresentationAction<Tally.Action>.dismiss
    let row = IdentifiedAction<Int, Tally.Action>.element(id: 7, action: .reset)
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    #expect(
      try decoder.decode(
        PresentationAction<Tally.Action>.self, from: encoder.encode(presented)) == presented)
    #expect(
      try decoder.decode(
        PresentationAction<Tally.Action>.self, from: encoder.encode(dismissed)) == dismissed)
    #expect(
      try decoder.decode(IdentifiedAction<Int, Tally.Action>.self, from: encoder.encode(row))
        == row)
  }

  @Test func valuesCrossToOtherTasksAndCompareAsTCAs() async {
    // `Sendable`: effects and dependencies hand these to other tasks.
    let stack: StackState<Int> = [1, 2, 3]
    #expect(await carried(stack) == stack)
    #expect(await carried(StackAction<Int, Int>.popFrom(id: 0)) == .popFrom(id: 0))
    #expect(await carried(PresentationAction<Int>.dismiss) == .dismiss)
    #expect(
      await carried(IdentifiedAction<Int, Int>.element(id: 1, action: 2))
        == .element(id: 1, action: 2))
    #expect(await carried(TaskResult<Int>.success(1)) == .success(1))
    let id: StackElementID = 3
    #expect(await carried(id) == 3)
    #expect(await carried(Exhaustivity.off) == .off)
    let binding = BindingAction<Tally.State>.set(\.log, [1])
    #expect(await carried(binding) == binding)
    let delivered = LockIsolated<[Int]>([])
    let send = await carried(Send<Int> { action in delivered.withValue { $0.append(action) } })
    send(5)
    #expect(delivered.value == [5])
    let effect = await carried(Effect<Int>.send(6))
    let dismiss = await carried(DismissEffect {})
    _ = (effect, dismiss)

    // `Hashable`: sets and dictionary keys.
    #expect(Set([stack, stack, [1]]).count == 2)
    #expect(Set([StackAction<Int, Int>.popFrom(id: 0), .popFrom(id: 0)]).count == 1)
    #expect(Set([PresentationAction<Int>.dismiss, .presented(1)]).count == 2)
    #expect(Set([IdentifiedAction<Int, Int>.element(id: 1, action: 2)]).count == 1)

    // `RandomAccessCollection`: a stack is indexed like an array.
    #expect(middle(stack) == 2)
  }

  @Test func aTestStoreTaskIsHashableAndSendable() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    let task: TestStoreTask = await store.send(.counted(1)) { $0.log = [1] }
    let carriedTask = await carried(task)
    #expect(Set([task, carriedTask]).count == 1)
  }

  @Test func anOptionalReducerRunsOnlyWhenItIsThere() async {
    let absent = TestStore(initialState: Tally.State()) { Tally?.none }
    await absent.send(.counted(1))
    let present = TestStore(initialState: Tally.State()) { Tally?.some(Tally()) }
    await present.send(.counted(1)) { $0.log = [1] }
  }

  @Test func aStoreIsObservable() {
    let store = Store(initialState: Tally.State()) { Tally() }
    #expect(changes(of: store, reading: { _ = $0.log }) { store.send(.counted(1)) })
    // Per path: a write to a path the read did not touch does not count.
    let parent = Store(initialState: TallyParent.State()) { TallyParent() }
    #expect(!changes(of: parent, reading: { _ = $0.resets }) { parent.send(.tally(.counted(1))) })
    #expect(changes(of: parent, reading: { _ = $0.resets }) { parent.send(.reset) })
  }

  @Test func aDialogAndItsButtonsMapToAParentsActionsKeepingTheirIDs() {
    let dialog = ConfirmationDialogState<Tally.Action> {
      TextState("Reset the tally?")
    } actions: {
      ButtonState(role: .destructive, action: .reset) { TextState("Reset") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let mapped = dialog.map(TallyParent.Action.tally)
    #expect(mapped.id == dialog.id)
    #expect(mapped.buttons.map(\.id) == dialog.buttons.map(\.id))
    #expect(mapped.buttons.map(\.action) == [.tally(.reset), nil])

    let button = ButtonState(action: Tally.Action.counted(1)) { TextState("One") }
    let mappedButton = button.map(TallyParent.Action.tally)
    #expect(mappedButton.id == button.id)
    #expect(mappedButton.action == .tally(.counted(1)))
    #expect(mappedButton.role == nil)
  }

  @Test func theCasePathsOfHushsEnumsAreReachedThroughAllCasePaths() {
    let presentations = PresentationAction<Tally.Action>.allCasePaths
    #expect(presentations.presented.extract(from: .presented(.counted(1))) == .counted(1))
    #expect(presentations.dismiss.extract(from: .presented(.counted(1))) == nil)

    let stacks = StackAction<Tally.State, Tally.Action>.allCasePaths
    let element = stacks.element.extract(from: .element(id: 2, action: .counted(1)))
    #expect(element?.id == 2)
    #expect(element?.action == .counted(1))
    let pushed = stacks.push.extract(from: .push(id: 3, state: Tally.State(log: [9])))
    #expect(pushed?.id == 3)
    #expect(pushed?.state == Tally.State(log: [9]))
    #expect(stacks.push.extract(from: .popFrom(id: 3)) == nil)

    let rows = IdentifiedAction<Int, Tally.Action>.allCasePaths
    let row = rows.element.extract(from: .element(id: 4, action: .reset))
    #expect(row?.id == 4)
    #expect(row?.action == .reset)

    let results = TaskResult<Int>.allCasePaths
    #expect(results.success.extract(from: .success(5)) == 5)
    #expect(results.failure.extract(from: .success(5)) == nil)
    struct Offline: Error {}
    #expect(results.failure.extract(from: .failure(Offline())).map { $0 is Offline } == true)
  }
}

/// `value`, after a trip to another task (which only a `Sendable` value can take).
private func carried<Value: Sendable>(_ value: Value) async -> Value {
  await Task.detached { value }.value
}

/// The element in the middle, by index arithmetic that only a `RandomAccessCollection` does in
/// constant time.
private func middle<C: RandomAccessCollection>(_ collection: C) -> C.Element {
  collection[collection.index(collection.startIndex, offsetBy: collection.count / 2)]
}

/// Whether `change` changes what `read` reads of `object`, as Observation tracks it.
@MainActor
private func changes<Object: Observable & AnyObject>(
  of object: Object, reading read: (Object) -> Void, after change: () -> Void
) -> Bool {
  let changed = LockIsolated(false)
  withObservationTracking {
    read(object)
  } onChange: {
    changed.setValue(true)
  }
  change()
  return changed.value
}

@Reducer
struct Tally {
  @ObservableState
  struct State: Equatable, Codable {
    var log: [Int] = []
  }

  enum Action: Equatable, Codable {
    case countdownTapped
    case counted(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .countdownTapped:
        // TCA's `concatenate(_:)` over a collection: each effect after the one before.
        return .concatenate([3, 2, 1].map { Effect.send(.counted($0)) })
      case let .counted(value):
        state.log.append(value)
        return .none
      case .reset:
        state.log = []
        return .none
      }
    }
  }
}

@Reducer
struct TallyParent {
  @ObservableState
  struct State: Equatable {
    var tally = Tally.State()
    var resets = 0
  }

  enum Action: Equatable {
    case tally(Tally.Action)
    case reset
  }

  var body: some ReducerOf<Self> {
    // The pre-case-key-path spelling TCA keeps: an `AnyCasePath` written out.
    Scope(
      state: \.tally,
      action: AnyCasePath(embed: Action.tally) { action in
        guard case let .tally(action) = action else { return nil }
        return action
      }
    ) {
      Tally()
    }
    Reduce { state, action in
      if case .reset = action { state.resets += 1 }
      return .none
    }
  }
}

/// A client that is its own dependency key, as TCA's `dependency(_:)` takes it.
struct Greeter: TestDependencyKey, Sendable {
  var greet: @Sendable (String) -> String

  static let testValue = Greeter { "Hello, \($0)." }
}

@Reducer
struct Greeting {
  @ObservableState
  struct State: Equatable {
    var message = ""
  }

  enum Action: Equatable {
    case greet(String)
  }

  @Dependency(Greeter.self) var greeter

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .greet(name):
        state.message = greeter.greet(name)
        return .none
      }
    }
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  // The SwiftUI overloads: typechecked for every Apple platform by `Scripts/apple-compile`.

  /// Effects that send in an animation or a transaction.
  @Reducer
  struct Fader {
    @ObservableState
    struct State: Equatable {
      var isShown = false
      @Presents var detail: Tally.State?
      var detailIfShown: Tally.State? { isShown ? detail : nil }
    }

    enum Action: ViewAction {
      case view(View)
      case shown(Bool)
      case detail(PresentationAction<Tally.Action>)

      enum View {
        case showTapped
        case hideTapped
      }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .view(.showTapped):
          return .run { send in await send(.shown(true), animation: .default) }
        case .view(.hideTapped):
          return .run { send in
            await send(.shown(false), transaction: Transaction(animation: nil))
          }
        case let .shown(isShown):
          state.isShown = isShown
          return .none
        case .detail:
          return .none
        }
      }
      .ifLet(\.$detail, action: \.detail) { Tally() }
    }
  }

  @ViewAction(for: Fader.self)
  struct FaderView: View {
    @Bindable var store: StoreOf<Fader>

    var body: some View {
      VStack {
        Button("Show") { send(.showTapped, animation: .default) }
        Button("Hide") { send(.hideTapped, transaction: Transaction(animation: nil)) }
        Button("Reset") { store.send(.shown(false), transaction: Transaction()) }
        NavigationLink("Tally", state: Tally.State())
        NavigationLink(String("Tally"), state: Tally.State(log: [1]))
      }
    }
  }

  /// A form whose focus the feature drives: `bind(_:to:)` between the store and `@FocusState`.
  @Reducer
  struct FocusedNameForm {
    @ObservableState
    struct State: Equatable {
      var focus: Field? = .first
      var first = ""
      var last = ""

      enum Field: Hashable {
        case first, last
      }
    }

    enum Action: BindableAction {
      case binding(BindingAction<State>)
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
    }
  }

  struct FocusedNameFormView: View {
    @Bindable var store: StoreOf<FocusedNameForm>
    @FocusState var focus: FocusedNameForm.State.Field?

    var body: some View {
      VStack {
        TextField("First", text: $store.first)
          .focused($focus, equals: .first)
        TextField("Last", text: $store.last)
          .focused($focus, equals: .last)
      }
      .bind($store.focus, to: $focus)
    }
  }

  /// Buttons kept in state shown as SwiftUI buttons one by one, as SwiftUINavigation's
  /// `Button(_:action:)` draws them: a `nil` action (a cancel button) sends nothing.
  struct FaderMenu: View {
    let store: StoreOf<Fader>
    let buttons: [ButtonState<Fader.Action>] = [
      ButtonState(action: .send(.shown(true), animation: .default)) { TextState("Show") },
      ButtonState(role: .destructive, action: .shown(false)) { TextState("Hide") },
      ButtonState(role: .cancel) { TextState("Cancel") },
    ]

    var body: some View {
      ForEach(buttons) { button in
        Button(button) { action in
          if let action { store.send(action) }
        }
      }
      // A custom label keeps the state's role.
      ForEach(buttons) { button in
        Button(role: button.role.map(ButtonRole.init)) {
          if let action = button.action { store.send(action) }
        } label: {
          Text(button.label).bold()
        }
      }
    }
  }

  /// A child view handed the parent's store as a binding: `Binding.scope` over a computed
  /// (read-only) state.
  struct FaderDetailSheet: View {
    @Binding var store: StoreOf<Fader>

    var body: some View {
      Text("Detail")
        .sheet(item: $store.scope(state: \.detailIfShown, action: \.detail)) { store in
          Text("\(store.log.count)")
        }
    }
  }
#endif
