import ConcurrencyExtras
import IssueReporting

extension Reducer {
  /// Runs a child reducer on optional child state, for the child's actions, before this
  /// reducer runs, as in TCA.
  ///
  /// ```swift
  /// struct Inbox: Reducer {
  ///   struct State: Equatable { var compose: Compose.State? }
  ///   @CasePathable enum Action { case compose(Compose.Action), composeTapped }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in
  ///       switch action {
  ///       case .composeTapped: state.compose = Compose.State(); return .none
  ///       case .compose: return .none
  ///       }
  ///     }
  ///     .ifLet(\.compose, action: \.compose) { Compose() }
  ///   }
  /// }
  /// ```
  ///
  /// When the child's identity changes while this reducer runs (it becomes `nil`, its enum
  /// state moves to another case, or its `Identifiable` id changes), the effects the child
  /// started are cancelled: a dismissed screen's timer or request stops with it. The child's
  /// cancellation ids are its own: the child's `.cancel(id:)` reaches neither its parent's
  /// effects nor a sibling's with the same id.
  ///
  /// A child action that arrives while the child state is `nil` is reported (a runtime
  /// warning in an app, a test failure in tests) and does not reach the child reducer; this
  /// reducer still runs with it.
  ///
  /// - Parameters:
  ///   - toWrappedState: The path of the optional child state.
  ///   - toWrappedAction: The case of this reducer's action that holds the child's actions.
  ///   - wrapped: The child reducer.
  ///   - fileID: Where an action for an absent child is reported (the caller, by default).
  ///   - filePath: Where an action for an absent child is reported.
  ///   - line: Where an action for an absent child is reported.
  ///   - column: Where an action for an absent child is reported.
  /// - Returns: A reducer that runs the child, then this reducer, and merges their effects.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, Wrapped>
  where
    Action: CasePathable, WrappedState == Wrapped.State, WrappedAction == Wrapped.Action
  {
    IfLetReducer(
      parent: self, toChildState: .optional(toWrappedState),
      toChildAction: AnyCasePath(toWrappedAction), child: wrapped(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The reducer a case key path literal (`action: \.child`) gets: the same as the one above,
  /// with the case looked up once, here.
  @_documentation(visibility: private)
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, WrappedAction>>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, Wrapped>
  where
    Action: CasePathable, WrappedState == Wrapped.State, WrappedAction == Wrapped.Action
  {
    IfLetReducer(
      parent: self, toChildState: .optional(toWrappedState),
      toChildAction: Action.allCasePaths[keyPath: toWrappedAction], child: wrapped(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs a presented child's reducer on optional child state, for the child's actions, and
  /// dismisses it on ``PresentationAction/dismiss``, as in TCA.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.compose, action: \.compose) { Compose() }   // case compose(PresentationAction<…>)
  /// ```
  ///
  /// For ``PresentationAction/presented(_:)`` the child runs first, then this reducer, as
  /// ``ifLet(_:action:then:fileID:filePath:line:column:)``
  /// does. For ``PresentationAction/dismiss`` this reducer runs first (it can read the child a
  /// last time), then the child state is set to `nil`, unless this reducer replaced the child
  /// meanwhile; the child's effects are cancelled with it. A dismissal while no child is
  /// presented is reported.
  ///
  /// - Parameters:
  ///   - toPresentedState: The path of the optional child state.
  ///   - toPresentationAction: The case of this reducer's action that holds the child's
  ///     presentation actions.
  ///   - destination: The child reducer.
  ///   - fileID: Where an action for an absent child is reported (the caller, by default).
  ///   - filePath: Where an action for an absent child is reported.
  ///   - line: Where an action for an absent child is reported.
  ///   - column: Where an action for an absent child is reported.
  /// - Returns: A reducer that runs the child and this reducer, and merges their effects.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentedState: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, Destination>
  where
    Action: CasePathable, DestinationState == Destination.State,
    DestinationAction == Destination.Action
  {
    IfLetReducer(
      parent: self, toPresentedState: toPresentedState,
      toPresentationAction: AnyCasePath(toPresentationAction), destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The reducer a case key path literal (`action: \.child`) gets: the same as the one above,
  /// with the case looked up once, here.
  @_documentation(visibility: private)
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentedState: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, Destination>
  where
    Action: CasePathable, DestinationState == Destination.State,
    DestinationAction == Destination.Action
  {
    IfLetReducer(
      parent: self, toPresentedState: toPresentedState,
      toPresentationAction: Action.allCasePaths[keyPath: toPresentationAction],
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Presents an alert or a confirmation dialog from optional state, as in TCA: any action
  /// sent from it dismisses it.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .deleteTapped:
  ///     state.alert = AlertState { TextState("Delete?") } actions: {
  ///       ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  ///     }
  ///     return .none
  ///   case .alert(.presented(.confirmDeletion)):
  ///     state.deleted = true   // the alert is still presented here
  ///     return .none
  ///   case .alert:
  ///     return .none
  ///   }
  /// }
  /// .ifLet(\.alert, action: \.alert)   // case alert(PresentationAction<Alert>)
  /// ```
  ///
  /// There is no child reducer: this reducer handles the alert's actions. After it ran with
  /// one, the alert state is set to `nil`, unless this reducer replaced the alert meanwhile
  /// (with another alert, say). A ``PresentationAction/dismiss`` sets it to `nil` too, as for
  /// any presented child.
  ///
  /// - Parameters:
  ///   - toPresentedState: The path of the optional alert or dialog state.
  ///   - toPresentationAction: The case of this reducer's action that holds the alert's
  ///     presentation actions.
  ///   - fileID: Where an action for an absent alert is reported (the caller, by default).
  ///   - filePath: Where an action for an absent alert is reported.
  ///   - line: Where an action for an absent alert is reported.
  ///   - column: Where an action for an absent alert is reported.
  /// - Returns: A reducer that runs this reducer and dismisses the alert after its actions.
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentedState: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<DestinationState, DestinationAction>>
  where Action: CasePathable {
    IfLetReducer(
      parent: self, toPresentedState: toPresentedState,
      toPresentationAction: AnyCasePath(toPresentationAction), destination: EmptyReducer(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The reducer a case key path literal (`action: \.alert`) gets: the same as the one above,
  /// with the case looked up once, here.
  @_documentation(visibility: private)
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentedState: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<DestinationState, DestinationAction>>
  where Action: CasePathable {
    IfLetReducer(
      parent: self, toPresentedState: toPresentedState,
      toPresentationAction: Action.allCasePaths[keyPath: toPresentationAction],
      destination: EmptyReducer(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs a child reducer on one case of an enum state, for the child's actions, before this
  /// reducer runs, as in TCA.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  ///
  /// The same as ``ifLet(_:action:then:fileID:filePath:line:column:)``
  /// for the case `toCaseState` of the state: the child's effects are cancelled when the state
  /// leaves the case (or its `Identifiable` id changes), and a child action that arrives while
  /// the state is in another case is reported ("received a child action when child state was
  /// set to a different case") and does not reach the child.
  ///
  /// - Parameters:
  ///   - toCaseState: The case of this reducer's state that holds the child's.
  ///   - toCaseAction: The case of this reducer's action that holds the child's actions.
  ///   - case: The child reducer.
  ///   - fileID: Where an action for another case is reported (the caller, by default).
  ///   - filePath: Where an action for another case is reported.
  ///   - line: Where an action for another case is reported.
  ///   - column: Where an action for another case is reported.
  /// - Returns: A reducer that runs the child, then this reducer, and merges their effects.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, Case>
  where
    State: CasePathable, Action: CasePathable, CaseState == Case.State,
    CaseAction == Case.Action
  {
    IfLetReducer(
      parent: self, toChildState: .casePath(AnyCasePath(toCaseState), toCaseState),
      toChildAction: AnyCasePath(toCaseAction), child: `case`(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``
/// and ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)`` return.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  /// Where the child state lives: an optional, or one case of an enum state.
  enum ChildStatePath {
    case optional(WritableKeyPath<Parent.State, Child.State?>)
    case casePath(AnyCasePath<Parent.State, Child.State>, AnyKeyPath)
  }

  let parent: Parent
  let toChildState: ChildStatePath
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  /// The case of the parent's action that holds a presented child's presentation actions
  /// (its `.dismiss`, and what its effects send when they call `dismiss()`); `nil` for a child
  /// that is not presented.
  let toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Child.Action>>?
  let child: Child
  let location: SourceLocation

  init(
    parent: Parent, toChildState: ChildStatePath,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>, child: Child,
    location: SourceLocation
  ) {
    self.parent = parent
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.toPresentationAction = nil
    self.child = child
    self.location = location
  }

  /// A presented child, whose actions are ``PresentationAction``s.
  init(
    parent: Parent, toPresentedState: WritableKeyPath<Parent.State, Child.State?>,
    toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Child.Action>>,
    destination: Child, location: SourceLocation
  ) {
    self.parent = parent
    self.toChildState = .optional(toPresentedState)
    self.toChildAction = AnyCasePath(
      embed: { toPresentationAction.embed(.presented($0)) },
      extract: {
        guard case let .presented(action) = toPresentationAction.extract(from: $0) else {
          return nil
        }
        return action
      })
    self.toPresentationAction = toPresentationAction
    self.child = destination
    self.location = location
  }

  /// The path that tells this child's effects from other children's.
  private var path: AnyKeyPath {
    switch toChildState {
    case let .optional(keyPath): keyPath
    case let .casePath(_, keyPath): keyPath
    }
  }

  @MainActor
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    if case .dismiss? = toPresentationAction?.extract(from: action) {
      return dismiss(in: &state, action: action)
    }
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if toPresentationAction != nil, let presented = ephemeralChild(in: state) {
        return dismissEphemeral(presented, in: &state, action: action, childAction: childAction)
      }
      childEffect = reduceChild(into: &state, action: childAction, parentAction: action)
    }
    // Until a child effect started under this path (in any store), there is nothing to
    // cancel, and no identity to compare.
    guard ChildEffectsStarted.paths.contains(path) else {
      return childEffect.merge(with: parent.reduce(into: &state, action: action))
    }
    let before = identity(in: state)
    let effect = childEffect.merge(with: parent.reduce(into: &state, action: action))
    return cancellingEffects(of: before, ifGoneFrom: state, after: effect)
  }

  /// The parent first, then the child state set to `nil` (unless the parent replaced the
  /// child), and the child's effects cancelled.
  @MainActor
  private func dismiss(in state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let before = identity(in: state)
    if before == nil { reportAbsentChild(action, state: state, reason: "nil") }
    let effect = parent.reduce(into: &state, action: action)
    if let before, identity(in: state) == before, case let .optional(keyPath) = toChildState {
      state[keyPath: keyPath] = nil
    }
    return cancellingEffects(of: before, ifGoneFrom: state, after: effect)
  }

  /// The presented child in `state`, when it is an alert or a dialog (or an enum destination
  /// in such a case), which any of its actions dismisses.
  private func ephemeralChild(in state: Parent.State) -> Child.State? {
    guard case let .optional(keyPath) = toChildState, let child = state[keyPath: keyPath],
      isEphemeral(child)
    else { return nil }
    return child
  }

  /// An action from an alert or a dialog: the child (if any) and then the parent run with it,
  /// then the alert is set to `nil`, unless the parent replaced it meanwhile.
  @MainActor
  private func dismissEphemeral(
    _ presented: Child.State, in state: inout Parent.State, action: Parent.Action,
    childAction: Child.Action
  ) -> Effect<Parent.Action> {
    let before = ChildIdentity(of: presented)
    let childEffect = reduceChild(into: &state, action: childAction, parentAction: action)
    let effect = childEffect.merge(with: parent.reduce(into: &state, action: action))
    if identity(in: state) == before, case let .optional(keyPath) = toChildState {
      state[keyPath: keyPath] = nil
    }
    return cancellingEffects(of: before, ifGoneFrom: state, after: effect)
  }

  /// `effect`, merged with the cancellation of the effects of the child `before` when `state`
  /// no longer holds that child (and a child effect ever started under this path).
  @MainActor
  private func cancellingEffects(
    of before: ChildIdentity?, ifGoneFrom state: Parent.State, after effect: Effect<Parent.Action>
  ) -> Effect<Parent.Action> {
    guard let before, before != identity(in: state), ChildEffectsStarted.paths.contains(path)
    else { return effect }
    return effect.merge(with: .cancel(id: IfLetEffectID(path: path, identity: before)))
  }

  /// The identity of the child in `state`, or `nil` when it has none.
  private func identity(in state: Parent.State) -> ChildIdentity? {
    switch toChildState {
    case let .optional(keyPath): state[keyPath: keyPath].map { ChildIdentity(of: $0) }
    case let .casePath(casePath, _): casePath.extract(from: state).map { ChildIdentity(of: $0) }
    }
  }

  @MainActor
  private func reduceChild(
    into state: inout Parent.State, action: Child.Action, parentAction: Parent.Action
  ) -> Effect<Parent.Action> {
    let effect: Effect<Child.Action>
    let identity: ChildIdentity
    switch toChildState {
    case let .optional(keyPath):
      guard state[keyPath: keyPath] != nil else {
        reportAbsentChild(parentAction, state: state, reason: "nil")
        return .none
      }
      if toPresentationAction != nil {
        // A presented child reduces (and makes its effects) knowing it is presented.
        effect = withDependencies {
          $0.isPresented = true
        } operation: {
          child.reduce(into: &state[keyPath: keyPath]!, action: action)
        }
      } else {
        effect = child.reduce(into: &state[keyPath: keyPath]!, action: action)
      }
      if effect.isNone { return .none }
      identity = ChildIdentity(of: state[keyPath: keyPath]!)
    case let .casePath(casePath, _):
      guard var childState = casePath.extract(from: state) else {
        reportAbsentChild(parentAction, state: state, reason: "set to a different case")
        return .none
      }
      // Extracted, reduced and embedded again, as `Scope` does for a case.
      effect = child.reduce(into: &childState, action: action)
      identity = ChildIdentity(of: childState)
      state = casePath.embed(childState)
      if effect.isNone { return .none }
    }
    ChildEffectsStarted.insert(path)
    let id = IfLetEffectID(path: path, identity: identity)
    let toChildAction = self.toChildAction
    // The child's own ids are scoped to this child (and this identity of it); the whole is
    // cancellable by the child's identity, for its dismissal.
    var parentEffect = effect.scopingIDs(to: id).map { toChildAction.embed($0) }
    if let toPresentationAction {
      parentEffect = parentEffect.dismissing { toPresentationAction.embed(.dismiss) }
    }
    return parentEffect.cancellable(id: id)
  }

  private func reportAbsentChild(_ action: Parent.Action, state: Parent.State, reason: String) {
    var stateLine = ""
    if case .casePath = toChildState { stateLine = "\n  State's case: \(caseName(of: state))" }
    reportIssue(
      """
      An "ifLet" received a child action when child state was \(reason). The child reducer \
      did not run.

        Action: \(action)\(stateLine)

      A view or an effect probably sent to the child after it was dismissed. Send from its \
      views only while it is presented; its own effects are cancelled when it goes.
      """,
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// The cancellation id of the effects of one child of an `ifLet` or `ifCaseLet`: its path and
/// its identity. (Key paths are immutable, so sharing one across threads is safe.)
struct IfLetEffectID: Hashable, Sendable {
  let path: UncheckedSendable<AnyKeyPath>
  let identity: ChildIdentity

  init(path: AnyKeyPath, identity: ChildIdentity) {
    self.path = UncheckedSendable(path)
    self.identity = identity
  }
}
