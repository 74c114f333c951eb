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
/// Unlike TCA, sibling scopes never cancel each other's effects: the cancellation ids of a
/// child's effects (`cancellable`, `cancel`, `debounce`, `throttle`) are its own, so two
/// children that both use `.cancellable(id: "load")` do not interfere. A child cancels its
/// own effects; its parent cancels them by sending it an action that does.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes to the child state at `state`, for the actions of the case `action`.
  ///
  /// - Parameters:
  ///   - state: The child's state inside the parent's.
  ///   - action: The case of the parent's action that holds the child's (`\.settings`).
  ///   - child: The child's reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(state: state, action: AnyCasePath(action), child: child)
  }

  /// The same, unlabeled: `Scope(\.settings, action: \.settings) { Settings() }`.
  @inlinable
  public init<ChildState, ChildAction>(
    _ state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(state: state, action: AnyCasePath(action), child: child)
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
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = state
    self.toChildAction = action
    self.child = child()
  }

  @MainActor
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    if case .none = effect.operation { return .none }
    let toChildAction = self.toChildAction
    return effect.map { toChildAction.embed($0) }.scopingIDs(to: toChildState)
  }
}
