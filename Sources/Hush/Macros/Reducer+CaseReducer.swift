extension Reducer where Action: CasePathable {
  /// Runs a presented enum of features (a `@Reducer` enum) on optional state, as TCA's
  /// `.ifLet(\.$destination, action: \.destination)` does: the same as
  /// ``ifLet(_:action:destination:fileID:filePath:line:column:)`` with the enum's body as the
  /// child reducer.
  ///
  /// - Parameters:
  ///   - toPresentedState: The path of the optional enum state (`\.$destination`).
  ///   - toPresentationAction: The case of this reducer's action that holds the enum's
  ///     presentation actions.
  ///   - fileID: Where an action for an absent child is reported (the caller, by default).
  ///   - filePath: Where an action for an absent child is reported.
  ///   - line: Where an action for an absent child is reported.
  ///   - column: Where an action for an absent child is reported.
  /// - Returns: A reducer that runs the presented feature and this reducer.
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentedState: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentedState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The reducer a case key path literal (`action: \.destination`) gets: the same as the one
  /// above, with the case looked up once, here.
  @_documentation(visibility: private)
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentedState: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentedState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs an optional enum of features (a `@Reducer` enum) whose actions are plain (not
  /// presentation actions): the same as ``ifLet(_:action:then:fileID:filePath:line:column:)``
  /// with the enum's body as the child reducer.
  ///
  /// - Parameters:
  ///   - toWrappedState: The path of the optional enum state.
  ///   - toWrappedAction: The case of this reducer's action that holds the enum's actions.
  ///   - fileID: Where an action for an absent child is reported (the caller, by default).
  ///   - filePath: Where an action for an absent child is reported.
  ///   - line: Where an action for an absent child is reported.
  ///   - column: Where an action for an absent child is reported.
  /// - Returns: A reducer that runs the feature and this reducer.
  public func ifLet<WrappedState: CaseReducerState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> IfLetReducer<Self, WrappedState.StateReducer.CaseBody>
  where WrappedState.StateReducer.Action == WrappedAction {
    ifLet(
      toWrappedState, action: toWrappedAction, then: { WrappedState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs the screens of a navigation stack whose screens are an enum of features (a
  /// `@Reducer` enum), as TCA's `.forEach(\.path, action: \.path)` does: the same as
  /// ``forEach(_:action:destination:fileID:filePath:line:column:)`` with the enum's body as
  /// the screens' reducer.
  ///
  /// - Parameters:
  ///   - toStackState: The path of the stack.
  ///   - toStackAction: The case of this reducer's action that holds the stack actions.
  ///   - fileID: Where misuse is reported (the caller, by default).
  ///   - filePath: Where misuse is reported.
  ///   - line: Where misuse is reported.
  ///   - column: Where misuse is reported.
  /// - Returns: A reducer that runs the screens and this reducer.
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StackReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction {
    forEach(
      toStackState, action: toStackAction, destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The reducer a case key path literal (`action: \.path`) gets: the same as the one above,
  /// with the case looked up once, here.
  @_documentation(visibility: private)
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>
    >,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> StackReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction {
    forEach(
      toStackState, action: toStackAction, destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
