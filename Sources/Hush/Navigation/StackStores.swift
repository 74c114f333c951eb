import ConcurrencyExtras
import IdentifiedCollections
import IssueReporting
import OrderedCollections

extension Store where Action: CasePathable {
  /// The stores of the screens of a navigation stack, bottom first: what
  /// `NavigationStack(path:)` shows, as in TCA.
  ///
  /// ```swift
  /// let path = store.scope(state: \.path, action: \.path)
  /// path.ids           // tracked: renders on a push or a pop, not for a change in a screen
  /// path[id: 0]?.send(.saveTapped)
  /// ```
  ///
  /// Each screen's store follows the contract, as a row's does: it renders its readers for
  /// its own changes only, never for another screen's or for pushes and pops. The same screen
  /// gives the same store. A popped screen's store answers its last value (SwiftUI shows it
  /// while it animates away), drops writes, and reports the actions sent to it.
  ///
  /// - Parameters:
  ///   - state: The path of the stack.
  ///   - action: The case of the parent's action that holds the stack actions.
  /// - Returns: The screens' stores.
  public func scope<ScreenState, ScreenAction>(
    state: WritableKeyPath<State, StackState<ScreenState>>,
    action: CaseKeyPath<Action, StackAction<ScreenState, ScreenAction>>
  ) -> StackStores<ScreenState, ScreenAction> {
    stackStores(state: state, action: AnyCasePath(action))
  }

  /// The screens' stores a case key path literal (`action: \.path`) gets: the same as the
  /// ones above, with the case looked up once, here.
  @_documentation(visibility: private)
  public func scope<ScreenState, ScreenAction>(
    state: WritableKeyPath<State, StackState<ScreenState>>,
    action: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, StackAction<ScreenState, ScreenAction>>
    >
  ) -> StackStores<ScreenState, ScreenAction> {
    stackStores(state: state, action: Action.allCasePaths[keyPath: action])
  }

  private func stackStores<ScreenState, ScreenAction>(
    state: WritableKeyPath<State, StackState<ScreenState>>,
    action: AnyCasePath<Action, StackAction<ScreenState, ScreenAction>>
  ) -> StackStores<ScreenState, ScreenAction> {
    StackStores(
      components: scope(state: state.appending(path: \.components), action: action.embedScreen),
      currentIDs: { [weak self] in
        var ids: OrderedSet<StackElementID> = []
        self?.host.withCurrentValue { ids = $0.pointee[keyPath: state].ids }
        return ids
      },
      send: { [weak self] in self?.send(action.embed($0)) })
  }
}

/// The stores of the screens of a navigation stack, bottom first: what
/// `store.scope(state: \.path, action: \.path)` returns.
///
/// Reading it tracks the screens' ids; each screen's store tracks only what its readers read.
/// ``path`` is what a `NavigationStack(path:)` binding reads and writes.
public struct StackStores<State, Action>: RandomAccessCollection {
  /// The stores of the screens as stored (an id and a state each).
  let components: StoreCollection<StackElementID, StackComponent<State>, ScreenAction<Action>>
  /// The ids on the stack now (not when this was read), untracked.
  private let currentIDs: @MainActor () -> OrderedSet<StackElementID>
  /// Sends a stack action to the parent.
  private let send: @MainActor (StackAction<State, Action>) -> Void

  init(
    components: StoreCollection<StackElementID, StackComponent<State>, ScreenAction<Action>>,
    currentIDs: @escaping @MainActor () -> OrderedSet<StackElementID>,
    send: @escaping @MainActor (StackAction<State, Action>) -> Void
  ) {
    self.components = components
    self.currentIDs = currentIDs
    self.send = send
  }

  /// The ids of the screens when this was read, bottom first.
  public var ids: OrderedSet<StackElementID> { components.ids }

  public var startIndex: Int { components.startIndex }
  public var endIndex: Int { components.endIndex }

  /// The store of the screen at `position`; call it on the main actor.
  public subscript(position: Int) -> Store<State, Action> {
    let component = components[position]
    return MainActor.assumeIsolated { Self.screenStore(of: component) }
  }

  /// The store of the screen with `id`, if it was on the stack when this was read (after it
  /// was popped, the store that answers its last value).
  @MainActor
  public subscript(id id: StackElementID) -> Store<State, Action>? {
    components[id: id].map(Self.screenStore)
  }

  /// A screen's store: the child of its component's store that holds the screen's state.
  /// (Cached by the component's store, so one screen has one store.)
  @MainActor
  private static func screenStore(
    of component: Store<StackComponent<State>, ScreenAction<Action>>
  ) -> Store<State, Action> {
    component.scope(state: \.element, action: { .screen($0) })
  }

  // MARK: The NavigationStack binding

  /// The path a `NavigationStack(path:)` binding reads and writes: one element per screen.
  ///
  /// A write applies the path SwiftUI wrote (the user went back, or a `NavigationLink` pushed)
  /// as stack actions: a shorter path sends ``StackAction/popFrom(id:)`` for the first screen
  /// it lost; a longer one sends ``StackAction/push(id:state:)`` for each new element. A write
  /// that keeps the count but changes the screens is not something SwiftUI does: it is
  /// reported and dropped. `NavigationStack(path:root:destination:)` binds to it through a
  /// key path, as SwiftUI binds to any property.
  @MainActor
  public var path: [StackPathElement<State>] {
    get { ids.map { StackPathElement(id: $0, state: nil) } }
    nonmutating set { write(path: newValue) }
  }

  @MainActor
  private func write(path newPath: [StackPathElement<State>]) {
    let ids = currentIDs()
    if newPath.count < ids.count {
      send(.popFrom(id: ids[newPath.count]))
    } else if newPath.count > ids.count {
      for element in newPath[ids.count...] {
        guard let state = element.state else {
          reportIssue(
            """
            A navigation path write pushed \(element.id) without a state: only a \
            "NavigationLink(state:)" element can be pushed. It was dropped.
            """)
          continue
        }
        send(.push(id: element.id, state: state))
      }
    } else if newPath.map(\.id) != Array(ids) {
      reportIssue(
        """
        A navigation path write kept the number of screens (\(ids.count)) but changed them: \
        \(newPath.map(\.id)) instead of \(Array(ids)). It was dropped: push and pop screens \
        through the stack's actions instead.
        """)
    }
  }
}

/// One element of a `NavigationStack(path:)` path over a ``StackState``: a screen's id, and
/// for a screen being pushed by a `NavigationLink(state:)`, its state. Equal by id.
public struct StackPathElement<State>: Hashable, Identifiable {
  /// The screen's id.
  public let id: StackElementID
  /// The state of a screen being pushed; `nil` for one on the stack.
  let state: State?

  /// A screen to push, with the next id of the `\.stackElementID` generator (what
  /// `NavigationLink(state:)` makes).
  public init(pushing state: State) {
    @Dependency(\.stackElementID) var stackElementID
    self.init(id: stackElementID.next(), state: state)
  }

  init(id: StackElementID, state: State?) {
    self.id = id
    self.state = state
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
