import IdentifiedCollections
import IssueReporting

extension Reducer {
  /// Runs an element reducer on one element of an identified collection for the element
  /// actions, before this reducer runs (for every action, element actions included).
  ///
  /// ```swift
  /// let app = Reduce<AppState, AppAction> { state, action in
  ///   switch action {
  ///   case .row: return .none          // the rows reduce themselves
  ///   case .addRow: state.rows.append(Row()); return .none
  ///   }
  /// }
  /// .forEach(\.rows, action: AppAction.row, extract: { action in
  ///   guard case let .row(id, rowAction) = action else { return nil }
  ///   return (id, rowAction)
  /// }) {
  ///   RowFeature()
  /// }
  /// let store = Store(initialState: AppState(), reducer: app)
  /// ```
  ///
  /// Besides composing features, it makes a row's send cost follow that row: the element is
  /// mutated in place, and the store then compares only the readers of that element (and of
  /// the collection as a whole), not one scope per row. With a plain reducer that writes
  /// `state.rows[id: id]?.value = value`, a send compares every row's scope.
  ///
  /// An action for an id that is not in the collection reports an issue (as a runtime
  /// warning, or a test failure) and changes nothing; the element reducer must not change the
  /// element's id (`IdentifiedArray` traps).
  ///
  /// - Parameters:
  ///   - elements: The path of the collection.
  ///   - embed: Embeds an element's id and action in an action of this reducer (an enum case,
  ///     usually; the same function you give ``Store/scope(state:action:)-(_,(ID,_)->Action)``).
  ///   - extract: The element's id and action in an action, or `nil` for other actions.
  ///   - element: The element reducer.
  /// - Returns: A reducer that runs the element reducer, then this one, and merges their
  ///   effects (the element's effects send element actions, embedded).
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action embed: @escaping @Sendable (ID, ElementAction) -> Action,
    extract: @escaping (Action) -> (ID, ElementAction)?,
    element: () -> Element,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, elements: elements, embed: embed, extract: extract, element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/forEach(_:action:extract:element:fileID:filePath:line:column:)``
/// returns.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>:
  Reducer
{
  let parent: Parent
  let elements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let embed: @Sendable (ID, Element.Action) -> Parent.Action
  let extract: (Parent.Action) -> (ID, Element.Action)?
  let element: Element
  let location: SourceLocation

  @MainActor
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    guard let (id, elementAction) = extract(action) else {
      return parent.reduce(into: &state, action: action)
    }
    let elementEffect: Effect<Parent.Action>
    if let index = state[keyPath: elements].index(id: id) {
      let mutation = ElementMutation.announce(in: &state, at: elements, id: id)
      let effect = element.reduce(into: &state[keyPath: elements][index], action: elementAction)
      mutation?.finish()
      let embed = self.embed
      elementEffect = effect.map { embed(id, $0) }
    } else {
      reportIssue(
        """
        forEach received the action \(elementAction) for the element with id \(id), which is \
        not in the collection at \(describePath(elements)).

        The element was probably removed while an effect or a view still sent to it: cancel \
        the element's effects when you remove it, or ignore the action.
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
      elementEffect = .none
    }
    return .merge(elementEffect, parent.reduce(into: &state, action: action))
  }
}

/// Where an API was called, for the issues it reports.
struct SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
