/// An action for one element of an identified collection: the element's id and its action.
///
/// Give a feature's action a case of this type for a list of child features, and reduce it
/// with ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``:
///
/// ```swift
/// @CasePathable
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
///   case addRow
/// }
///
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in … }
///     .forEach(\.rows, action: \.rows) { Row() }
/// }
/// ```
///
/// A case key path reaches one element's actions by its id: `\.rows[id: id]` (for instance
/// `store.receive(\.rows[id: id].loaded)` in a test).
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action sent to the element with the given id.
  case element(id: ID, action: Action)

  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of an identified action: ``element`` and one element's actions by id.
  public struct AllCasePaths: Sendable {
    /// The id and action of any element's action.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0, action: $1) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        })
    }

    /// The actions of the element with `id`: `\.rows[id: id]`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        })
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}

/// The identified action of a reducer whose state is `Identifiable`:
/// `case rows(IdentifiedActionOf<Row>)`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
