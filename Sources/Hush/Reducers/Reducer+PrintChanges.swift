import CustomDump

extension Reducer {
  /// Prints each action this reducer receives and the change it made to the state, as TCA's
  /// `_printChanges()` does: a debugging aid, for debug builds only (in a release build the
  /// reducer runs as it is, printing nothing).
  ///
  /// ```swift
  /// Store(initialState: Counter.State()) {
  ///   Counter()._printChanges()
  /// }
  /// // received action:
  /// //   Counter.Action.incrementTapped
  /// //   Counter.State(
  /// // -   count: 0
  /// // +   count: 1
  /// //   )
  /// ```
  ///
  /// - Parameter printer: How to print a change (``_ReducerPrinter/customDump`` by default,
  ///   ``_ReducerPrinter/actionLabels`` for the actions' names only), or `nil` to print nothing.
  /// - Returns: A reducer that runs this one and prints what it did.
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// How ``Reducer/_printChanges(_:)`` prints a change.
public struct _ReducerPrinter<State, Action>: Sendable {
  private let printChange:
    @Sendable (_ action: Action, _ oldState: State, _ newState: State) -> Void

  /// A printer that prints with `printChange`, given the action, and the state before and
  /// after the reducer ran.
  public init(
    printChange:
      @escaping @Sendable (_ action: Action, _ oldState: State, _ newState: State) ->
      Void
  ) {
    self.printChange = printChange
  }

  /// Prints the action and the difference it made to the state (or "(No state changes)").
  public static var customDump: Self {
    Self { action, oldState, newState in
      var target = ""
      target.write("received action:\n")
      CustomDump.customDump(action, to: &target, indent: 2)
      target.write("\n")
      target.write(diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n")
      print(target, terminator: "")
    }
  }

  /// Prints the name of each action only.
  public static var actionLabels: Self {
    Self { action, _, _ in
      print("received action: \(String(customDumping: action).prefix { $0 != "(" })")
    }
  }

  func callAsFunction(_ action: Action, _ oldState: State, _ newState: State) {
    printChange(action, oldState, newState)
  }
}

/// The reducer ``Reducer/_printChanges(_:)`` returns.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  @MainActor
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      if let printer {
        let oldState = state
        let effect = base.reduce(into: &state, action: action)
        printer(action, oldState, state)
        return effect
      }
    #endif
    return base.reduce(into: &state, action: action)
  }
}
