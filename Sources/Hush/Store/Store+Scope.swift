import IdentifiedCollections

/// Identifies a scoped store among its parent's children.
struct ScopeID: Hashable {
  let path: AnyKeyPath
  let actionType: ObjectIdentifier
}

extension Store {
  /// A store for one part of the state, with its own actions.
  ///
  /// The child's readers follow the same contract as the parent's: a reader of
  /// `child.theme` renders only when `settings.theme` really changed. The child is cached: the
  /// same path and action type give the same store, so a view that scopes in `body` gets a
  /// stable identity.
  ///
  /// ```swift
  /// let settings = store.scope(state: \.settings, action: AppAction.settings)
  /// settings.theme                  // tracks \.settings.theme
  /// settings.send(.toggleDarkMode)  // sends AppAction.settings(.toggleDarkMode)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The path of the child state.
  ///   - action: Embeds a child action in a parent action (an enum case, usually).
  /// - Returns: The child store.
  public func scope<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let actionType = ObjectIdentifier(ChildAction.self)
    let recent = childStores?.recent.first { entry in
      entry.pointee.path === state && entry.pointee.actionType == actionType
        ? entry.pointee.store : nil
    }
    if let recent {
      // The entry was made for this key path object (of `ChildState`) and action type.
      return unsafeDowncast(recent, to: Store<ChildState, ChildAction>.self)
    }
    return childStore(state: state, action: action, actionType: actionType)
  }

  /// The child store of `scope(state:action:)` when it is not among the recent ones: the live
  /// one, or a new one. Apart, so that the fast path above holds no value of the child's
  /// types (whose metadata would be looked up on every call).
  @inline(never)
  private func childStore<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action,
    actionType: ObjectIdentifier
  ) -> Store<ChildState, ChildAction> {
    let id = ScopeID(path: state, actionType: actionType)
    if let child = children.cache[id] as? Store<ChildState, ChildAction> {
      children.recent.remember(RecentChild(path: state, actionType: actionType, store: child))
      return child
    }
    let node = ScopeNode(parent: observers, lens: KeyPathLens(state))
    var initial: ChildState?
    node.withCurrentValue { initial = $0.pointee }
    let child = Store<ChildState, ChildAction>(
      host: node,
      // Holds this store: the parent lives while the child does.
      parent: ScopedStoreParent(
        store: self, embed: action, identity: initial.flatMap(identityOf)))
    children.cache.insert(child, for: id)
    children.recent.remember(RecentChild(path: state, actionType: actionType, store: child))
    return child
  }

  /// A store for one part of the state, for the actions of one case of the parent's action, as
  /// in TCA.
  ///
  /// ```swift
  /// let settings = store.scope(state: \.settings, action: \.settings)
  /// ```
  ///
  /// The same store as ``scope(state:action:)-(WritableKeyPath<State,ChildState>,_)``, with
  /// the case key path embedding the child's actions.
  public func scope<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    let casePath = AnyCasePath(action)
    return scope(state: state, action: { casePath.embed($0) })
  }

  /// The same, unlabeled: `store.scope(\.settings, action: \.settings)`.
  public func scope<ChildState, ChildAction>(
    _ state: WritableKeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(state: state, action: action)
  }

  /// The child store a case key path literal (`action: \.settings`) gets: the same as the one
  /// above, with the case looked up once, here, instead of on every send of the child.
  @_documentation(visibility: private)
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    let casePath = Action.allCasePaths[keyPath: action]
    return scope(state: state, action: { casePath.embed($0) })
  }

  /// The same, unlabeled, for a case key path literal.
  @_documentation(visibility: private)
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ state: WritableKeyPath<State, ChildState>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(state: state, action: action)
  }

  /// The element stores of an identified collection, one per element, usable in `ForEach`.
  ///
  /// Reading the collection tracks its ids (a list renders when rows are added, removed or
  /// moved); each element store tracks only its own element, so a row renders when its own
  /// values change, not when another row changes or rows are added elsewhere.
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.rows, action: AppAction.row)) { row in
  ///   RowView(store: row)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The path of the collection.
  ///   - action: Embeds an element's id and action in a parent action.
  /// - Returns: The element stores, in the collection's order.
  public func scope<ID: Hashable, ElementState, ElementAction>(
    state: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: @escaping (ID, ElementAction) -> Action
  ) -> StoreCollection<ID, ElementState, ElementAction> {
    elementStores(state: state, action: action)
  }

  /// The element stores of the identified collection at `state`, writable or not.
  func elementStores<ID: Hashable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: @escaping (ID, ElementAction) -> Action
  ) -> StoreCollection<ID, ElementState, ElementAction> {
    let id = ScopeID(path: state, actionType: ObjectIdentifier(ElementAction.self))
    let elements: ElementStores<ID, ElementState, ElementAction>
    if let cached = children.cache[id] as? ElementStores<ID, ElementState, ElementAction> {
      elements = cached
    } else {
      // The collection's scope outlives its element stores while readers of it are active
      // (its parent's active list holds it): new element stores take it up again, rather than
      // add a second scope that compares the same collection. Found there rather than in
      // `children`: a weak reference gives the scope a side table, and every retain and
      // release of it (several per send) then takes the runtime's slow path.
      let node =
        observers.activeScope(at: state) ?? ScopeNode(parent: observers, lens: KeyPathLens(state))
      elements = ElementStores(
        node: node,
        // Unowned: `ElementStores` holds this store (its `parent`).
        send: { [unowned self] in self.send(action($0, $1)) },
        parent: self)
      children.cache.insert(elements, for: id)
    }
    return StoreCollection(elements: elements, ids: elements.trackedIDs())
  }

  /// The element stores of an identified collection, for the actions of an
  /// ``IdentifiedAction`` case, as in TCA.
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.todos, action: \.todos)) { todo in
  ///   TodoView(store: todo)
  /// }
  /// ```
  ///
  /// The same element stores as
  /// ``scope(state:action:)-(WritableKeyPath<State,IdentifiedArray<ID,ElementState>>,_)``.
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    state: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> StoreCollection<ID, ElementState, ElementAction> where Action: CasePathable {
    let casePath = AnyCasePath(action)
    return scope(state: state, action: casePath.embedElement)
  }

  /// The element stores a case key path literal (`action: \.rows`) gets: the same as the ones
  /// above, with the case looked up once, here, instead of on every row's send.
  @_documentation(visibility: private)
  @inlinable
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    state: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>>
  ) -> StoreCollection<ID, ElementState, ElementAction> where Action: CasePathable {
    scope(state: state, action: Action.allCasePaths[keyPath: action].embedElement)
  }
  /// The element stores of a computed collection (`\.filteredTodos`), whose actions reach the
  /// real rows through the parent's reducer, as in TCA's Todos:
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.filteredTodos, action: \.todos)) { todo in
  ///   TodoView(store: todo)
  /// }
  /// ```
  ///
  /// Each element store tracks only its own element, as over a stored collection; the
  /// collection is computed again at each comparison. A write through an element store is
  /// reported and dropped, since it cannot reach the stored rows: send an action instead (a
  /// `BindingReducer` in the row turns bindings into actions).
  @_disfavoredOverload
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> StoreCollection<ID, ElementState, ElementAction> where Action: CasePathable {
    let casePath = AnyCasePath(action)
    return elementStores(state: state, action: casePath.embedElement)
  }

  /// The element stores of a computed collection that a case key path literal gets: the same
  /// as the ones above, with the case looked up once, here.
  @_documentation(visibility: private)
  @_disfavoredOverload
  public func scope<ID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>>
  ) -> StoreCollection<ID, ElementState, ElementAction> where Action: CasePathable {
    elementStores(state: state, action: Action.allCasePaths[keyPath: action].embedElement)
  }
}
