import IssueReporting

extension Store {
  /// The store of an optional child while it is present, or `nil`: a sheet's, a popover's or
  /// a navigation destination's store, as in TCA.
  ///
  /// ```swift
  /// .sheet(item: $store.scope(state: \.compose, action: \.compose)) { compose in
  ///   ComposeView(store: compose)
  /// }
  /// ```
  ///
  /// Reading it tracks only whether a child is present and which one (its case, for an enum
  /// state, and its `Identifiable` id): the parent's view renders when the child is presented,
  /// dismissed or replaced, never for a change inside the child. The child store's readers
  /// follow the contract, as any scoped store's.
  ///
  /// The same child gives the same store. When the child goes (`nil`, or replaced by another
  /// child), its store stays stale for good: it answers the child's last value (SwiftUI
  /// renders a sheet while it animates away), drops writes silently (a focused field may still
  /// write), and reports the actions sent to it, which are dropped. The next child gets a new
  /// store, on the next read.
  ///
  /// - Parameters:
  ///   - state: The path of the optional child state.
  ///   - action: The case of the parent's action that holds the child's actions.
  /// - Returns: The child's store, or `nil` while there is no child.
  public func scope<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let casePath = AnyCasePath(action)
    return scope(state: state, action: { casePath.embed($0) })
  }

  /// The store a case key path literal (`action: \.child`) gets: the same as the one above,
  /// with the case looked up once, here.
  @_documentation(visibility: private)
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let casePath = Action.allCasePaths[keyPath: action]
    return scope(state: state, action: { casePath.embed($0) })
  }

  /// The store of one case of an optional enum state while the state is in that case, or
  /// `nil`: an enum destination's edit screen, or its alert.
  ///
  /// ```swift
  /// .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) {
  ///   EditView(store: $0)
  /// }
  /// ```
  ///
  /// The same store as for a plain optional child (see `scope(state:action:)` over a
  /// `WritableKeyPath`), reached through a read-only path: a write to its state is reported and
  /// dropped (send an action instead, or use a `BindingReducer` in the child, whose bindings
  /// send actions).
  ///
  /// - Parameters:
  ///   - state: The read-only path of the optional child state, usually an optional chain to
  ///     an enum case.
  ///   - action: The case of the parent's action that holds the child's actions.
  /// - Returns: The child's store, or `nil` while there is no child.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let casePath = AnyCasePath(action)
    return optionalScope(state: state, action: { casePath.embed($0) })
  }

  /// The store a case key path literal gets over a read-only path: the same as the one above,
  /// with the case looked up once, here.
  @_documentation(visibility: private)
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let casePath = Action.allCasePaths[keyPath: action]
    return optionalScope(state: state, action: { casePath.embed($0) })
  }

  /// The store of an optional child while it is present, or `nil`, for a parent action made
  /// by `action` (an enum case, usually): the same store as `scope(state: \.child, action:
  /// \.child)` by case key path.
  public func scope<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    optionalScope(state: state, action: action)
  }

  /// The store of the optional child at `state`, writable when `state` is.
  @usableFromInline
  func optionalScope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    // Tracked: the child's presence and identity, nothing inside it.
    // A projection, not `state.appending(path: \.childPresence)`: appending to an optional
    // chain through an enum case (`\.destination?.edit`) makes a key path that crashes the
    // runtime when read.
    let cell = observers.cell(
      for: \ChildPresenceKey<State, ChildState>.[state],
      projecting: { $0[keyPath: state].childPresence },
      description: describePath(state) + " (presence)")
    let presence = cell.trackedValue()
    guard let identity = presence.identity else { return nil }
    let id = ScopeID(path: state, actionType: ObjectIdentifier(ChildAction.self))
    if let cached = children.cache[id] as? Store<ChildState, ChildAction>,
      let lens = (cached.hostObject as? ScopeNode<State, ChildState>)?.lens
        as? OptionalLens<State, ChildState>,
      !lens.isRemoved, lens.identity == identity
    {
      host.withCurrentValue { lens.refresh(in: $0) }
      return cached
    }
    var current: ChildState?
    host.withCurrentValue { current = $0.pointee[keyPath: state] }
    guard let current else { return nil }
    let lens = OptionalLens(state, identity: identity, value: current)
    let node = ScopeNode(parent: observers, lens: lens)
    let child = Store<ChildState, ChildAction>(
      host: node,
      // Holds this store, as a non-optional child's does.
      parent: OptionalChildParent(
        store: self, lens: lens, embed: action, identity: identityOf(current)))
    children.cache.insert(child, for: id)
    return child
  }
}

/// The parent of the store of an optional child (`Store.scope(state:action:)` on an optional
/// path): an action sent after the child was dismissed is reported and dropped.
final class OptionalChildParent<ParentState, ParentAction, State, Action>:
  StoreParent<State, Action>
{
  /// Kept alive while the child is.
  private let store: Store<ParentState, ParentAction>
  private let lens: OptionalLens<ParentState, State>
  private let embed: (Action) -> ParentAction

  /// The parent of a child whose state's id is `identity`.
  init(
    store: Store<ParentState, ParentAction>, lens: OptionalLens<ParentState, State>,
    embed: @escaping (Action) -> ParentAction, identity: AnyHashable?
  ) {
    self.store = store
    self.lens = lens
    self.embed = embed
    super.init(identity: identity)
  }

  override func forward(_ action: Action, from child: Store<State, Action>) -> StoreTask {
    var isPresent = false
    store.host.withCurrentValue { isPresent = lens.containsChild(in: $0) }
    guard isPresent else {
      reportIssue(
        """
        An action was sent to the store of \(child.host.pathDescription), whose child state \
        was dismissed (set to nil, or replaced by another child): \(action). The action was \
        dropped.

        A dismissed child's store keeps answering its last value, as a sheet animating \
        away shows it, but its actions have no child to reach.
        """)
      return StoreTask(nil)
    }
    let task = store.send(embed(action))
    store.host.withCurrentValue { lens.refresh(in: $0) }
    return task
  }
}
