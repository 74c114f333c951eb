extension Store where Action: CasePathable {
  /// The store of a presented child while it is presented, or `nil`: for a parent action case
  /// that holds the child's ``PresentationAction``s, the child store sends its actions as
  /// `.presented(…)`, as in TCA.
  ///
  /// ```swift
  /// // case alert(PresentationAction<Alert>)
  /// if let alert = store.scope(state: \.alert, action: \.alert) {
  ///   alert.send(.confirmDeletion)   // sends .alert(.presented(.confirmDeletion))
  /// }
  /// ```
  ///
  /// The same store, tracked the same way, as `scope(state:action:)` for an optional child.
  ///
  /// - Parameters:
  ///   - state: The path of the optional child state (read-only paths, such as one case of an
  ///     enum destination, give a store that reports writes).
  ///   - action: The case of the parent's action that holds the child's presentation actions.
  /// - Returns: The child's store, or `nil` while there is no child.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    let casePath = AnyCasePath(action)
    return optionalScope(state: state, action: { casePath.embed(.presented($0)) })
  }

  /// The store a case key path literal gets: the same as the one above, with the case looked
  /// up once, here.
  @_documentation(visibility: private)
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, PresentationAction<ChildAction>>>
  ) -> Store<ChildState, ChildAction>? {
    let casePath = Action.allCasePaths[keyPath: action]
    return optionalScope(state: state, action: { casePath.embed(.presented($0)) })
  }

  /// The store of a presented child at a writable path: the same as the one over a read-only
  /// path (this overload only settles which one applies).
  @_documentation(visibility: private)
  public func scope<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state as KeyPath<State, ChildState?>, action: action)
  }

  /// The store a case key path literal gets at a writable path: the same as the others.
  @_documentation(visibility: private)
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, PresentationAction<ChildAction>>>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state as KeyPath<State, ChildState?>, action: action)
  }

  /// A presented child's store as a binding reads and writes it: the child's store while it
  /// is presented (a tracked read of its presence only), and what SwiftUI's write of `nil`
  /// does (a sheet swiped away, an alert's button tapped): send ``PresentationAction/dismiss``
  /// when the child is still presented. The platform-free core of
  /// `$store.scope(state:action:)` (`Navigation+SwiftUI.swift`), which binds to it through a
  /// key path, as SwiftUI's `Bindable` binds to any property.
  ///
  /// A write of `nil` after the child already went (the reducer dismissed it, and SwiftUI
  /// then writes `nil` as the sheet closes) sends nothing; a write of a store is ignored
  /// (SwiftUI only ever clears an item binding).
  subscript<ChildState, ChildAction>(
    presented state: KeyPath<State, ChildState?>,
    action action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    get { scope(state: state, action: action) }
    set {
      guard newValue == nil else { return }
      var isPresented = false
      host.withCurrentValue { isPresented = $0.pointee[keyPath: state] != nil }
      if isPresented { send(action(.dismiss)) }
    }
  }
}
