import ConcurrencyExtras
import IdentifiedCollections
import OrderedCollections

/// The element stores of an identified collection, in order: what
/// `Store/scope(state:action:)` returns for an `IdentifiedArray`.
///
/// Pass it straight to `ForEach`; each element store is created once per id and keeps its
/// identity while the element stays in the collection.
///
/// ```swift
/// ForEach(store.scope(state: \.todos, action: AppAction.todo)) { todo in
///   TodoRow(store: todo)   // renders only when this todo changes
/// }
/// ```
public struct StoreCollection<ID: Hashable, State, Action>: RandomAccessCollection {
  private let elements: ElementStores<ID, State, Action>
  /// The ids when the collection was read.
  public let ids: OrderedSet<ID>

  init(elements: ElementStores<ID, State, Action>, ids: OrderedSet<ID>) {
    self.elements = elements
    self.ids = ids
  }

  public var startIndex: Int { ids.startIndex }
  public var endIndex: Int { ids.endIndex }

  /// The store of the element at `position`; call it on the main actor.
  public subscript(position: Int) -> Store<State, Action> {
    // SwiftUI reads a ForEach's data on the main actor; the store is created there.
    let request = UncheckedSendable((elements, ids[position]))
    return MainActor.assumeIsolated { request.value.0.store(for: request.value.1) }
  }

  /// The store of the element with `id`, if the collection had it when read.
  @MainActor
  public subscript(id id: ID) -> Store<State, Action>? {
    ids.contains(id) ? elements.store(for: id) : nil
  }
}

/// The element stores of one collection path of a parent store, cached by id.
@MainActor
final class ElementStores<ID: Hashable, State, Action> {
  /// The scope of the collection inside the parent's state.
  private let collection: any ObservationHost<IdentifiedArray<ID, State>>
  private let send: (ID, Action) -> StoreTask
  /// The parent store: kept alive while its element stores are.
  private let parent: AnyObject
  /// Element stores by id, held weakly: a row view holds its store.
  private var stores = WeakCache<ID>()
  /// The scopes of the element stores by id: a scope outlives its store while its readers'
  /// paths are compared, and a new store for the same id reuses it (one scope per element, so
  /// that a change of one element finds its scope by id).
  private let scopes = ElementScopes<ID, State>()

  init<Parent>(
    node: ScopeNode<Parent, IdentifiedArray<ID, State>>,
    send: @escaping (ID, Action) -> StoreTask,
    parent: AnyObject
  ) {
    self.collection = node
    self.send = send
    self.parent = parent
    node.findElementScope = { [scopes] in scopes.scope(for: $0) }
    node.observers.collectElementChanges = { collection, elementScopes, changed, recorder in
      ElementScopes<ID, State>.collectChanges(
        in: collection, scopes: elementScopes, into: &changed, recorder: recorder)
    }
  }

  /// Reads the ids, tracked, and forgets the stores of ids that left the collection.
  func trackedIDs() -> OrderedSet<ID> {
    let cell = collection.observers.cell(for: \IdentifiedArray<ID, State>.ids)
    cell.dependsOnlyOnIDs = true
    cell.track()
    let ids = cell.value
    return ids
  }

  func store(for id: ID) -> Store<State, Action> {
    if let store = stores[id] {
      return unsafeDowncast(store, to: Store<State, Action>.self)
    }
    var element: State?
    collection.withCurrentValue { element = $0.pointee[id: id] }
    guard let element else {
      preconditionFailure(
        "StoreCollection: no element with id \(id); read the collection again after a change")
    }
    let node =
      scopes[id: id] ?? scopes.makeScope(id: id, element: element, in: collection.observers)
    let store = Store<State, Action>(
      host: node,
      forward: { [send] in send(id, $0) },
      parent: self,
      identity: AnyHashable(id)
    )
    stores.insert(store, for: id)
    return store
  }
}
