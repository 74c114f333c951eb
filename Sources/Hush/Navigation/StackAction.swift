/// An action of a navigation stack: one screen's action, a push, or a pop, as in TCA.
///
/// ```swift
/// @CasePathable
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// ```
///
/// Its case paths reach one screen's actions by id, `\.path[id: id]`, and the cases:
/// `store.receive(\.path.popFrom)`.
public enum StackAction<State, Action>: CasePathable {
  /// An action of the screen with `id`: the screen's reducer runs, then the parent's.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the screen with `id` and every screen above it, after the parent ran. A screen's
  /// `dismiss()` sends it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id`, after the parent ran (a `NavigationStack(path:)` binding sends
  /// it for a `NavigationLink(state:)`).
  indirect case push(id: StackElementID, state: State)

  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of a stack action.
  public struct AllCasePaths: Sendable {
    /// Any screen's action, with its id.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0, action: $1) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        })
    }

    /// A pop, with the id of the lowest screen it pops.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        })
    }

    /// A push, with the new screen's id and state.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0, state: $1) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        })
    }

    /// The actions of the screen with `id`: `\.path[id: 0].saveTapped`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        })
    }
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The stack action of a screen reducer: `case path(StackActionOf<Path>)`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
