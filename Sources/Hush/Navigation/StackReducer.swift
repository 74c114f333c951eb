import Dependencies
import IdentifiedCollections
import IssueReporting

extension Reducer where Action: CasePathable {
  /// Runs the screens of a navigation stack: each screen's reducer for its actions, pushes and
  /// pops, as in TCA.
  ///
  /// ```swift
  /// struct App: Reducer {
  ///   struct State: Equatable { var path = StackState<Path.State>() }
  ///   @CasePathable enum Action { case path(StackActionOf<Path>), detailTapped }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in … }
  ///       .forEach(\.path, action: \.path) { Path() }
  ///   }
  /// }
  /// ```
  ///
  /// - ``StackAction/element(id:action:)``: the screen's reducer runs on the screen, in place,
  ///   then this reducer.
  /// - ``StackAction/popFrom(id:)``: this reducer runs first (it can read the screens a last
  ///   time), then the screen and every screen above it are popped. A screen's `dismiss()`
  ///   (`@Dependency(\.dismiss)`) sends it for that screen.
  /// - ``StackAction/push(id:state:)``: the screen is pushed, then this reducer runs.
  ///
  /// A popped screen's in-flight effects are cancelled, whichever reducer popped it. Each
  /// screen's cancellation ids are its own (two screens never cancel each other's effects),
  /// and an effect in flight for a screen keeps sending to that screen's id after others were
  /// pushed. An action for a screen that is not there, a pop of a missing screen, and a push
  /// of an id already there (or, in tests, of an id the generator has not made yet) are
  /// reported, not crashed on.
  ///
  /// - Parameters:
  ///   - toStackState: The path of the stack.
  ///   - toStackAction: The case of this reducer's action that holds the stack actions.
  ///   - destination: The screens' reducer (usually a `Path` reducer with a `Scope` per kind
  ///     of screen).
  ///   - fileID: Where misuse is reported (the caller, by default).
  ///   - filePath: Where misuse is reported.
  ///   - line: Where misuse is reported.
  ///   - column: Where misuse is reported.
  /// - Returns: A reducer that runs the screens and this reducer.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    StackReducer(
      parent: self, toStackState: toStackState, toStackAction: AnyCasePath(toStackAction),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The reducer a case key path literal (`action: \.path`) gets: the same as the one above,
  /// with the case looked up once, here.
  @_documentation(visibility: private)
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    StackReducer(
      parent: self, toStackState: toStackState,
      toStackAction: Action.allCasePaths[keyPath: toStackAction], destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)`` returns
/// for a ``StackState``.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  typealias Screens = ForEachReducer<Parent, StackElementID, ScreenReducer<Destination>>

  /// The parent, with the screens' actions run on the screens in place (a `forEach` over the
  /// stack's identified array), their effects scoped to each screen and cancelled when it is
  /// popped.
  let screens: Screens
  let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  let toStackAction: AnyCasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  let location: SourceLocation

  init(
    parent: Parent, toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: AnyCasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    destination: Destination, location: SourceLocation
  ) {
    let components = toStackState.appending(path: \.components)
    screens = ForEachReducer(
      parent: parent, elements: components,
      offset: MemoryLayout<Parent.State>.offset(of: components),
      embed: toStackAction.embedScreen, extract: toStackAction.extractScreen,
      element: ScreenReducer(screen: destination), location: location,
      collectionDescription: "the navigation stack at \(describePath(toStackState))")
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.location = location
  }

  @MainActor
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    switch toStackAction.extract(from: action) {
    case let .popFrom(id)?:
      let idsBefore = state[keyPath: toStackState].ids
      let canPop = idsBefore.contains(id)
      if !canPop {
        report(
          """
          A stack "forEach" received a "popFrom" action for a screen that is not on the stack: \
          \(id). Nothing was popped.

          The screen was probably popped already, by the parent or by an earlier dismissal.
          """)
      }
      var effect = screens.reduce(into: &state, action: action)
      if canPop { state[keyPath: toStackState].pop(from: id) }
      let popped = idsBefore.subtracting(state[keyPath: toStackState].ids)
      if !popped.isEmpty {
        effect = effect.merge(
          with: .cancel(
            ids: popped.map { ForEachEffectID(collection: screens.elements, id: $0) }))
      }
      return effect
    case let .push(id, screen)?:
      @Dependency(\.stackElementID) var stackElementID
      if state[keyPath: toStackState].ids.contains(id) {
        report(
          """
          A stack "forEach" received a "push" action for \(id), which is already on the stack. \
          The screen was not pushed again.
          """)
      } else {
        @Dependency(\.context) var context
        let next = stackElementID.peek()
        if context == .test, id > next {
          report(
            """
            A stack "forEach" received a "push" action with an id the generator has not made \
            yet: \(id) (the next one is \(next)).

            In tests, push the ids the stack would make, in order (\(next) now), or let \
            "StackState.append" make them.
            """)
        }
        stackElementID.skip(past: id)
        state[keyPath: toStackState][id: id] = screen
      }
      return screens.reduce(into: &state, action: action)
    case .element?, nil:
      return screens.reduce(into: &state, action: action)
    }
  }

  private func report(_ message: String) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// An action of one screen of a stack, as its ``ScreenReducer`` sees it.
enum ScreenAction<Action> {
  /// An action of the screen.
  case screen(Action)
  /// The screen's `dismiss()`: its stack pops it.
  case dismiss
}

/// Runs a screen's reducer on one screen of a stack, with `\.isPresented` true and a
/// `dismiss()` that pops the screen.
struct ScreenReducer<Screen: Reducer>: Reducer {
  let screen: Screen

  @MainActor
  func reduce(
    into state: inout StackComponent<Screen.State>, action: ScreenAction<Screen.Action>
  ) -> Effect<ScreenAction<Screen.Action>> {
    guard case let .screen(action) = action else { return .none }
    let effect = withDependencies {
      $0.isPresented = true
    } operation: {
      screen.reduce(into: &state.element, action: action)
    }
    if effect.isNone { return .none }
    return effect.asScreenEffect()
  }
}

extension Effect {
  /// This screen effect as its ``ScreenReducer``'s, dismissing the screen on `dismiss()`.
  fileprivate func asScreenEffect() -> Effect<ScreenAction<Action>> {
    map { .screen($0) }.dismissing { .dismiss }
  }
}

extension AnyCasePath {
  /// Embeds a screen's action, or its dismissal (a pop), in the stack case this path reaches.
  func embedScreen<State, Action>(
    _ id: StackElementID, _ action: ScreenAction<Action>
  ) -> Root where Value == StackAction<State, Action> {
    switch action {
    case let .screen(action): embed(.element(id: id, action: action))
    case .dismiss: embed(.popFrom(id: id))
    }
  }

  /// A screen's id and action in `root`, when it holds one.
  func extractScreen<State, Action>(
    _ root: Root
  ) -> (StackElementID, ScreenAction<Action>)? where Value == StackAction<State, Action> {
    guard case let .element(id, action)? = extract(from: root) else { return nil }
    return (id, .screen(action))
  }
}
