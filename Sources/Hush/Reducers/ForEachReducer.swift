import ConcurrencyExtras
import IdentifiedCollections
import IssueReporting
import OrderedCollections

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
  /// The element's effects are cancelled when the parent reducer removes the element, as a
  /// row's timer or request stops with its row. A row's cancellation ids are its own: two
  /// rows that both use `.cancellable(id: "timer")` or `.cancel(id: "timer")` do not
  /// interfere, and neither reaches the parent's effects.
  ///
  /// An action for an id that is not in the collection reports an issue (as a runtime
  /// warning, or a test failure): the element reducer does not run, the parent reducer still
  /// does, with the action. The element reducer must not change the element's id
  /// (`IdentifiedArray` traps).
  ///
  /// - Parameters:
  ///   - elements: The path of the collection.
  ///   - embed: Embeds an element's id and action in an action of this reducer (an enum case,
  ///     usually; the same function you give `scope(state:action:)` for the element stores).
  ///   - extract: The element's id and action in an action, or `nil` for other actions.
  ///   - element: The element reducer.
  ///   - fileID: Where the issue for a missing element is reported (the caller, by default).
  ///   - filePath: Where the issue for a missing element is reported.
  ///   - line: Where the issue for a missing element is reported.
  ///   - column: Where the issue for a missing element is reported.
  /// - Returns: A reducer that runs the element reducer, then this one, and merges their
  ///   effects (the element's effects send element actions, embedded, until the element is
  ///   removed).
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
      parent: self, elements: elements,
      offset: MemoryLayout<State>.offset(of: elements),
      embed: embed, extract: extract, element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reducer where Action: CasePathable {
  /// Runs an element reducer on one element of an identified collection for the element
  /// actions, before this reducer runs, as in TCA.
  ///
  /// ```swift
  /// struct Todos: Reducer {
  ///   struct State: Equatable { var todos: IdentifiedArrayOf<Todo.State> = [] }
  ///   @CasePathable enum Action { case todos(IdentifiedActionOf<Todo>), addTodo }
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in … }
  ///       .forEach(\.todos, action: \.todos) { Todo() }
  ///   }
  /// }
  /// ```
  ///
  /// The same reducer as
  /// ``forEach(_:action:extract:element:fileID:filePath:line:column:)``, with the actions of
  /// the case `action` (an ``IdentifiedAction``) as the element actions: the element is
  /// mutated in place, its effects are cancelled when the parent removes it, and an action for
  /// a missing id is reported.
  ///
  /// - Parameters:
  ///   - elements: The path of the collection.
  ///   - action: The case of this reducer's action that holds the element actions.
  ///   - element: The element reducer.
  ///   - fileID: Where the issue for a missing element is reported (the caller, by default).
  ///   - filePath: Where the issue for a missing element is reported.
  ///   - line: Where the issue for a missing element is reported.
  ///   - column: Where the issue for a missing element is reported.
  /// - Returns: A reducer that runs the element reducer, then this one.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    forEach(
      elements, casePath: AnyCasePath(action), element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The reducer a case key path literal (`action: \.rows`) gets: the same as the one above,
  /// with the case's path taken from `Action.allCasePaths` once, here, instead of reaching it
  /// through a `CaseKeyPath` (boxed in `Any`, through a key path) on every action.
  @_documentation(visibility: private)
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    forEach(
      elements, casePath: Action.allCasePaths[keyPath: action], element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Inlinable, so that the closures it makes are specialized for the app's types (no
  /// generic-metadata lookups on a row's send).
  @inlinable
  func forEach<ID: Hashable & Sendable, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ID, Element.State>>,
    casePath: AnyCasePath<Action, IdentifiedAction<ID, Element.Action>>,
    element: Element, location: SourceLocation
  ) -> ForEachReducer<Self, ID, Element> {
    ForEachReducer(
      parent: self, elements: elements,
      offset: MemoryLayout<State>.offset(of: elements),
      embed: casePath.embedElement, extract: casePath.extractElement,
      element: element, location: location)
  }
}

extension AnyCasePath {
  /// Embeds an element's id and action in the case this path reaches.
  @inlinable
  func embedElement<ID: Hashable & Sendable, ElementAction>(_ id: ID, _ action: ElementAction)
    -> Root
  where Value == IdentifiedAction<ID, ElementAction> {
    embed(.element(id: id, action: action))
  }

  /// The element's id and action in `root`, when it holds this case.
  @inlinable
  func extractElement<ID: Hashable & Sendable, ElementAction>(_ root: Root) -> (
    ID, ElementAction
  )?
  where Value == IdentifiedAction<ID, ElementAction> {
    guard case let .element(id, action) = extract(from: root) else { return nil }
    return (id, action)
  }
}

/// The reducer ``Reducer/forEach(_:action:extract:element:fileID:filePath:line:column:)``
/// returns.
///
/// Its reduce is inlinable, with the store's initializers: a row's send runs code specialized
/// for the app's state and action types, with no generic-metadata lookups (about 5,000
/// instructions of a row's send in callgrind when it was not).
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>:
  Reducer
{
  @usableFromInline let parent: Parent
  /// The path of the collection; it also tells the element effects of two collections apart.
  @usableFromInline let elements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  /// The collection's byte offset in the state, when stored at a fixed place.
  @usableFromInline let offset: Int?
  @usableFromInline let embed: @Sendable (ID, Element.Action) -> Parent.Action
  @usableFromInline let extract: (Parent.Action) -> (ID, Element.Action)?
  @usableFromInline let element: Element
  let location: SourceLocation
  /// What the report of an action for a missing element calls the collection (by default,
  /// "the collection at" its path).
  let collectionDescription: String?

  @usableFromInline
  init(
    parent: Parent, elements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    offset: Int?, embed: @escaping @Sendable (ID, Element.Action) -> Parent.Action,
    extract: @escaping (Parent.Action) -> (ID, Element.Action)?, element: Element,
    location: SourceLocation, collectionDescription: String? = nil
  ) {
    self.collectionDescription = collectionDescription
    self.parent = parent
    self.elements = elements
    self.offset = offset
    self.embed = embed
    self.extract = extract
    self.element = element
    self.location = location
  }
  /// Whether an element reducer of this collection returned an effect yet, cached from
  /// ``ChildEffectsStarted`` once true (shared by the copies of this reducer).
  @usableFromInline let elementEffectsStarted = StartedFlag()

  /// Whether an element effect of this collection may be in flight: until an element reducer
  /// returned one, the check for removed elements (two reads of the ids per action) is
  /// skipped.
  @inlinable
  @MainActor
  var elementEffectsMayRun: Bool {
    let flag = elementEffectsStarted
    if flag.value { return true }
    // Looked up again only after another path was added (a row's send stays free of hashing).
    if flag.absentAtGeneration == ChildEffectsStarted.generation { return false }
    return flag.lookUp(elements)
  }

  @inlinable
  @MainActor
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    guard let (id, elementAction) = extract(action) else {
      guard elementEffectsMayRun else { return parent.reduce(into: &state, action: action) }
      return reduceParent(into: &state, action: action, elementEffect: nil)
    }
    guard let effect = reduceElement(id, elementAction, in: &state) else {
      reportMissingElement(id, elementAction)
      return reduceParent(into: &state, action: action, elementEffect: nil)
    }
    if effect.isNone {
      // No element effect ever started: none to cancel.
      guard elementEffectsMayRun else { return parent.reduce(into: &state, action: action) }
      return reduceParent(into: &state, action: action, elementEffect: nil)
    }
    return reduceParent(
      into: &state, action: action, elementEffect: embedElementEffect(effect, of: id))
  }

  /// Reports an action for an element that is not in the collection.
  @usableFromInline
  @MainActor
  func reportMissingElement(_ id: ID, _ elementAction: Element.Action) {
    reportIssue(
      """
      forEach received the action \(elementAction) for the element with id \(id), which is \
      not in \(collectionDescription ?? "the collection at \(describePath(elements))").

      The element was probably removed while a view, or an effect started outside this \
      forEach, still sent to it (effects of the element reducer are cancelled when the \
      element is removed).
      """,
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  /// The effect of the element `id`, as an effect of the parent: cancelled when the parent
  /// removes the element (in this send or a later one).
  @usableFromInline
  @MainActor
  func embedElementEffect(_ effect: Effect<Element.Action>, of id: ID) -> Effect<Parent.Action> {
    if !elementEffectsStarted.value {
      elementEffectsStarted.value = true
      ChildEffectsStarted.insert(elements)
    }
    let embed = self.embed
    let row = ForEachEffectID(collection: elements, id: id)
    // The row's own ids are scoped to it (two rows' timers never cancel each other); the
    // whole is cancellable by the row's id, for its removal.
    return effect.scopingIDs(to: row).map { embed(id, $0) }.cancellable(id: row)
  }

  /// Runs the parent reducer, and cancels the in-flight effects of the elements it removed.
  @inlinable
  @MainActor
  func reduceParent(
    into state: inout Parent.State, action: Parent.Action, elementEffect: Effect<Parent.Action>?
  ) -> Effect<Parent.Action> {
    let idsBefore = ids(in: &state)
    let parentEffect = parent.reduce(into: &state, action: action)
    let effect = elementEffect.map { $0.merge(with: parentEffect) } ?? parentEffect
    let idsAfter = ids(in: &state)
    // The same buffers: no element was removed (the usual case, O(1); `idsBefore` holds the
    // ids' buffer, so a removal in place copies it).
    if hasSameBits(idsBefore, idsAfter) { return effect }
    return cancellingEffects(of: idsBefore, removedIn: idsAfter, with: effect)
  }

  /// `effect`, merged with the cancellation of the effects of the elements of `before` that
  /// are not in `after`.
  @usableFromInline
  func cancellingEffects(
    of before: OrderedSet<ID>, removedIn after: OrderedSet<ID>, with effect: Effect<Parent.Action>
  ) -> Effect<Parent.Action> {
    let removed = before.subtracting(after)
    if removed.isEmpty { return effect }
    return effect.merge(
      with: .cancel(ids: removed.map { ForEachEffectID(collection: elements, id: $0) }))
  }

  /// The ids of the collection, read through its offset when it has one.
  @inlinable
  @MainActor
  func ids(in state: inout Parent.State) -> OrderedSet<ID> {
    guard let offset else { return state[keyPath: elements].ids }
    return withUnsafeMutablePointer(to: &state) { state in
      (UnsafeRawPointer(state) + offset)
        .assumingMemoryBound(to: IdentifiedArray<ID, Element.State>.self).pointee.ids
    }
  }

  /// Announces the in-place mutation of the element `id` of `collection` (see
  /// `ElementMutation`). Not isolated: a closure made in isolated code checks the executor it
  /// runs on when called (a few hundred instructions), and this one needs no actor.
  @inlinable
  nonisolated static func announceMutation(
    of id: ID, in collection: UnsafeMutablePointer<IdentifiedArray<ID, Element.State>>
  ) -> ElementMutation? {
    withUnsafePointer(to: id) { id in
      ElementMutation.announce(
        collectionAt: UnsafeRawPointer(collection),
        size: MemoryLayout<IdentifiedArray<ID, Element.State>>.size,
        type: ObjectIdentifier(IdentifiedArray<ID, Element.State>.self), id: UnsafeRawPointer(id))
    }
  }

  /// Where the element at `index` of `collection` is, in the buffer the collection holds now
  /// (valid while it holds it): so that the element's scope compares it without looking it
  /// up. Not isolated, as `announceMutation(of:in:)`.
  @inlinable
  nonisolated static func address(
    ofElementAt index: Int, in collection: UnsafeMutablePointer<IdentifiedArray<ID, Element.State>>
  ) -> UnsafeRawPointer {
    collection.pointee.elements.withUnsafeBufferPointer {
      UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped + index)
    }
  }

  /// Runs the element reducer on the element with `id` in place, or returns `nil` when the
  /// collection has no such element.
  @inlinable
  @MainActor
  func reduceElement(
    _ id: ID, _ action: Element.Action, in state: inout Parent.State
  ) -> Effect<Element.Action>? {
    guard let offset else {
      guard let index = state[keyPath: elements].index(id: id) else { return nil }
      return element.reduce(into: &state[keyPath: elements][index], action: action)
    }
    // A stored collection is reached through its offset, without a key path projection, and
    // its element mutation is announced to the store (see `ElementMutation`). The state's
    // address is taken by passing it as a pointer argument, not in a closure: a closure made
    // here is isolated, and checks the executor it runs on when called (a few hundred
    // instructions per send).
    return reduceElement(id, action, at: offset, in: &state)
  }

  /// The index of the element with `id` in `collection`: where its store found it right
  /// before sending (``ElementMutation/sendingIndex``) when the id is there, else looked up.
  @inlinable
  nonisolated static func index(
    of id: ID, in collection: UnsafeMutablePointer<IdentifiedArray<ID, Element.State>>
  ) -> Int? {
    let hint = ElementMutation.sendingIndex
    if hint >= 0 {
      let ids = collection.pointee.ids
      if hint < ids.count, ids[hint] == id { return hint }
    }
    return collection.pointee.index(id: id)
  }

  /// Runs the element reducer on the element with `id` of the collection at `offset` in
  /// `state`, in place; `nil` when the collection has no such element.
  @inlinable
  @MainActor
  func reduceElement(
    _ id: ID, _ action: Element.Action, at offset: Int, in state: UnsafeMutablePointer<Parent.State>
  ) -> Effect<Element.Action>? {
    let collection = (UnsafeMutableRawPointer(state) + offset)
      .assumingMemoryBound(to: IdentifiedArray<ID, Element.State>.self)
    guard let index = Self.index(of: id, in: collection) else { return nil }
    guard let mutation = Self.announceMutation(of: id, in: collection) else {
      return element.reduce(into: &collection.pointee[index], action: action)
    }
    let effect = element.reduce(into: &collection.pointee[index], action: action)
    mutation.finish(elementAt: Self.address(ofElementAt: index, in: collection), index: index)
    return effect
  }
}

/// The paths of the `forEach` collections whose element reducers, and of the `ifLet` children
/// whose reducers, ever returned an effect, in any store. Kept apart from the reducer value,
/// because a feature's `body` builds its reducers anew for every action. A path shared by two
/// stores of one feature only makes the other one check for removed children too. Grows by
/// one entry per path; main actor only.
@MainActor
@usableFromInline
enum ChildEffectsStarted {
  static private(set) var paths: Set<AnyKeyPath> = []
  /// Counts the insertions: a reducer that found its path absent need not look again (hash
  /// the path) until it changes.
  /// No dynamic exclusivity checks (read on every element send): main actor only, never
  /// accessed during an access to it.
  @exclusivity(unchecked) @usableFromInline static private(set) var generation = 0

  @usableFromInline
  static func insert(_ path: AnyKeyPath) {
    if paths.insert(path).inserted { generation += 1 }
  }
}

/// Whether element effects started, shared by the copies of one reducer value; main actor
/// only.
@usableFromInline
final class StartedFlag {
  /// Only ever set. (No dynamic exclusivity checks on the flag, read on every element send:
  /// main actor only, never accessed during an access to it.)
  @exclusivity(unchecked) @usableFromInline var value = false
  /// The ``ChildEffectsStarted/generation`` at which the path was last found absent.
  @exclusivity(unchecked) @usableFromInline var absentAtGeneration = -1

  @usableFromInline
  init() {}

  /// Looks `path` up in ``ChildEffectsStarted``, and remembers what it found.
  @usableFromInline
  @MainActor
  func lookUp(_ path: AnyKeyPath) -> Bool {
    guard ChildEffectsStarted.paths.contains(path) else {
      absentAtGeneration = ChildEffectsStarted.generation
      return false
    }
    value = true
    return true
  }
}

/// The cancellation id of the effects of one element of a `forEach` collection.
/// (Key paths are immutable, so sharing one across threads is safe.)
struct ForEachEffectID<ID: Hashable & Sendable>: Hashable, Sendable {
  let collection: UncheckedSendable<AnyKeyPath>
  let id: ID

  init(collection: AnyKeyPath, id: ID) {
    self.collection = UncheckedSendable(collection)
    self.id = id
  }
}

/// Where an API was called, for the issues it reports.
@usableFromInline
struct SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}
