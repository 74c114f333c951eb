import ConcurrencyExtras
import IssueReporting

/// Runs a child feature's reducer on a part of the parent's state, for the child's actions.
///
/// ```swift
/// struct App: Reducer {
///   struct State: Equatable { var settings = Settings.State(); var profile = Profile.State() }
///   @CasePathable enum Action { case settings(Settings.Action), profile(Profile.Action) }
///
///   var body: some ReducerOf<Self> {
///     Scope(state: \.settings, action: \.settings) { Settings() }
///     Scope(state: \.profile, action: \.profile) { Profile() }
///     Reduce { state, action in … }   // the parent, after its children
///   }
/// }
/// ```
///
/// Actions the case path does not extract pass through untouched (the child does not run).
/// The child's effects send their actions back embedded in the parent's action.
///
/// A child can also live in one case of an enum state (`@CasePathable @dynamicMemberLookup
/// enum State { case loggedIn(LoggedIn.State), loggedOut(LoggedOut.State) }`):
/// `Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }` runs the child on that
/// case's state while it is current. An action for it that arrives while the state is in
/// another case is reported ("received a child action when child state was set to a
/// different case") and dropped: a view or an effect outlived the case it was made for.
///
/// Unlike TCA, sibling scopes never cancel each other's effects: the cancellation ids of a
/// child's effects (`cancellable`, `cancel`, `debounce`, `throttle`) are its own, so two
/// children that both use `.cancellable(id: "load")` do not interfere, and neither reaches
/// its parent's effects. A parent's `.cancel(id: "load")` reaches its own effects and its
/// children's under that id, as in TCA.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// Where the child state lives: a stored path, or one case of an enum state.
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>, AnyKeyPath)
  }

  let toChildState: StatePath
  let toChildAction: AnyCasePath<ParentAction, Child.Action>
  let child: Child
  let location: SourceLocation

  /// Scopes to the child state at `state`, for the actions of the case `action`.
  ///
  /// - Parameters:
  ///   - state: The child's state inside the parent's.
  ///   - action: The case of the parent's action that holds the child's (`\.settings`).
  ///   - child: The child's reducer.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(
      toChildState: .keyPath(state), toChildAction: AnyCasePath(action), child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The same, unlabeled: `Scope(\.settings, action: \.settings) { Settings() }`.
  public init<ChildState, ChildAction>(
    _ state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(
      state: state, action: action, child: child, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// The scope a case key path literal (`action: \.settings`) gets: the same as the one
  /// above, with the case's path taken from `ParentAction.allCasePaths` once, here, instead of
  /// reaching it through a `CaseKeyPath` (boxed in `Any`, through a key path) on every action.
  @_documentation(visibility: private)
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: KeyPath<ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(
      toChildState: .keyPath(state), toChildAction: ParentAction.allCasePaths[keyPath: action],
      child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The same, unlabeled, for a case key path literal.
  @_documentation(visibility: private)
  public init<ChildState, ChildAction>(
    _ state: WritableKeyPath<ParentState, ChildState>,
    action: KeyPath<ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(
      state: state, action: action, child: child, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Scopes with a case path made by hand, for action enums without `@CasePathable`:
  ///
  /// ```swift
  /// Scope(
  ///   state: \.settings,
  ///   action: AnyCasePath(embed: AppAction.settings) { action in
  ///     guard case let .settings(action) = action else { return nil }
  ///     return action
  ///   }
  /// ) { Settings() }
  /// ```
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .keyPath(state), toChildAction: action, child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Scopes to one case of an enum state, for the actions of the case `action`:
  /// `Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }`.
  ///
  /// - Parameters:
  ///   - state: The case of the parent's state that holds the child's.
  ///   - action: The case of the parent's action that holds the child's.
  ///   - child: The child's reducer.
  ///   - fileID: Where an action for another case is reported (the caller, by default).
  ///   - filePath: Where an action for another case is reported.
  ///   - line: Where an action for another case is reported.
  ///   - column: Where an action for another case is reported.
  public init<ChildState, ChildAction>(
    state: CaseKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  )
  where
    ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable,
    ParentAction: CasePathable
  {
    self.init(
      toChildState: .casePath(AnyCasePath(state), state), toChildAction: AnyCasePath(action),
      child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The enum-state scope case key path literals (`state: \.loggedIn, action: \.loggedIn`)
  /// get: the same as the one above, with both cases looked up once, here.
  @_documentation(visibility: private)
  public init<ChildState, ChildAction>(
    state: KeyPath<ParentState.AllCasePaths, AnyCasePath<ParentState, ChildState>>,
    action: KeyPath<ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  )
  where
    ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable,
    ParentAction: CasePathable
  {
    self.init(
      toChildState: .casePath(ParentState.allCasePaths[keyPath: state], state),
      toChildAction: ParentAction.allCasePaths[keyPath: action], child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  init(
    toChildState: StatePath, toChildAction: AnyCasePath<ParentAction, Child.Action>,
    child: Child, location: SourceLocation
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
    self.location = location
  }

  @MainActor
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect: Effect<Child.Action>
    let scope: AnyKeyPath
    switch toChildState {
    case let .keyPath(keyPath):
      effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
      scope = keyPath
    case let .casePath(casePath, keyPath):
      guard var childState = casePath.extract(from: state) else {
        reportIssue(
          """
          A Scope received a child action when child state was set to a different case. The \
          child reducer did not run.

            Action: \(action)
            State's case: \(caseName(of: state))

          A view or an effect probably sent to the child after the state moved to another case. \
          Cancel the child's effects when the state changes case, and send from views only \
          while they show that case.
          """,
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
        return .none
      }
      // The case is extracted, reduced, and embedded again (as swift-case-paths' `modify`):
      // buffers in the child's state are copied on the child's first write to them.
      effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      scope = keyPath
    }
    if effect.isNone { return .none }
    let toChildAction = self.toChildAction
    // Key paths are immutable, so sharing one across threads is safe.
    return effect.map { toChildAction.embed($0) }.scopingIDs(to: UncheckedSendable(scope))
  }
}

/// The name of an enum value's case, without its payload: `loggedOut`.
func caseName(of value: Any) -> String {
  let description = String(describing: value)
  return description.firstIndex(of: "(").map { String(description[..<$0]) } ?? description
}
