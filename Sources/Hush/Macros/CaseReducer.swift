import IssueReporting

/// A reducer made of an enum of features by `@Reducer`: its state is one of the features'
/// states, and its body runs the feature whose case the state is in.
///
/// A view switches over its store's ``Store/case``:
///
/// ```swift
/// switch store.case {
/// case let .edit(store): EditItemView(store: store)
/// case let .alert(alert): Text(alert.title)
/// }
/// ```
///
/// and a parent runs it with `ifLet` or `forEach` and no trailing closure:
/// `.ifLet(\.$destination, action: \.destination)`, `.forEach(\.path, action: \.path)`.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer == Self {
  /// The type of the enum's ``body``.
  associatedtype CaseBody: Reducer where CaseBody.State == State, CaseBody.Action == Action

  /// The enum a view switches over: a store for each feature, the value of the other cases.
  associatedtype CaseScope

  /// The features, one ``Scope`` per case.
  @ReducerBuilder<State, Action>
  static var body: CaseBody { get }

  /// The case `store`'s state is in, with the store of its feature.
  @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// Runs the enum's static `body` (`ifLet` and `forEach` take the body itself, once; a value
  /// of the enum is never needed).
  @MainActor
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Self.body.reduce(into: &state, action: action)
  }
}

/// The state of a ``CaseReducer``, written by `@Reducer` on an enum of features.
public protocol CaseReducerState {
  /// The enum of features whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The case the state is in, with a store for its feature, for a view to switch over:
  ///
  /// ```swift
  /// switch store.case {
  /// case let .detail(store): DetailView(store: store)
  /// case let .meeting(meeting, syncUp: syncUp): MeetingView(meeting: meeting, syncUp: syncUp)
  /// }
  /// ```
  ///
  /// Reading it tracks which case the state is in (and, for a case that holds plain data,
  /// that data): the view renders when the case changes, never for a change inside a feature,
  /// which the feature's store's readers see.
  @MainActor
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}

/// What a `@Reducer` enum's `scope(_:)` returns when the store's state was in none of the
/// cases it tried, which cannot happen: a case's store exists while the state is in the case.
@MainActor
public func _unreachableCase<State, Action, CaseScope>(of store: Store<State, Action>)
  -> CaseScope
{
  fatalError("\(State.self): store.case found the state in none of its cases")
}
