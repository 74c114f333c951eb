/// An action of a presented child feature (a sheet, a popover, a navigation destination), or
/// its dismissal, as in TCA.
///
/// ```swift
/// struct Inbox: Reducer {
///   struct State: Equatable { var compose: Compose.State? }
///   @CasePathable enum Action { case compose(PresentationAction<Compose.Action>), composeTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in … }
///       .ifLet(\.compose, action: \.compose) { Compose() }
///   }
/// }
/// ```
///
/// Its case paths reach through ``presented(_:)``: `\.compose.sendTapped` is the case path of
/// `.compose(.presented(.sendTapped))`, as `\.compose.presented.sendTapped` is.
public enum PresentationAction<Action>: CasePathable {
  /// Dismisses the child: the parent reducer runs first (it can read the child a last time),
  /// then the child state is set to `nil`, unless the parent replaced it meanwhile.
  case dismiss
  /// An action of the presented child.
  case presented(Action)

  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of a presentation action: ``dismiss``, ``presented(_:)``, and the cases of
  /// the child's action through ``presented(_:)``.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The dismissal.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        })
    }

    /// Any action of the presented child.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action
        })
    }

    /// One case of the child's action, through ``PresentationAction/presented(_:)``:
    /// `\.compose.sendTapped`.
    public subscript<Value>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Value>>
    ) -> AnyCasePath<PresentationAction, Value> where Action: CasePathable {
      through(Action.allCasePaths[keyPath: keyPath])
    }

    /// One case of the child's action as a presentation action: `\.destination.edit` as the
    /// path of `.destination(.presented(.edit(…)))` and of `.destination(.dismiss)`, what a
    /// sheet's binding needs to dismiss one case of a destination.
    @_disfavoredOverload
    public subscript<Value>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Value>>
    ) -> AnyCasePath<PresentationAction, PresentationAction<Value>> where Action: CasePathable {
      presenting(Action.allCasePaths[keyPath: keyPath])
    }

    /// `casePath` as a case path between presentation actions (made apart from the subscript,
    /// as ``through(_:)`` is).
    private func presenting<Value>(
      _ casePath: AnyCasePath<Action, Value>
    ) -> AnyCasePath<PresentationAction, PresentationAction<Value>> {
      AnyCasePath(
        embed: {
          switch $0 {
          case .dismiss: .dismiss
          case let .presented(action): .presented(casePath.embed(action))
          }
        },
        extract: {
          switch $0 {
          case .dismiss: .dismiss
          case let .presented(action): casePath.extract(from: action).map { .presented($0) }
          }
        })
    }

    /// `casePath`, reached through ``PresentationAction/presented(_:)``. (Made apart from the
    /// subscript: its closures then need no `CasePathable` witness, and capture nothing but
    /// the two case paths.)
    private func through<Value>(
      _ casePath: AnyCasePath<Action, Value>
    ) -> AnyCasePath<PresentationAction, Value> {
      let presented = self.presented
      return AnyCasePath(
        embed: { presented.embed(casePath.embed($0)) },
        extract: { root in presented.extract(from: root).flatMap { casePath.extract(from: $0) } })
    }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Encodable where Action: Encodable {}
extension PresentationAction: Decodable where Action: Decodable {}
