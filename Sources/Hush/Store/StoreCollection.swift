import ConcurrencyExtras
import IdentifiedCollections
import IssueReporting
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
///
/// ## After a change
///
/// A collection is a snapshot of the ids when it was read, and SwiftUI may keep it after the
/// rows changed: `ForEach` asks its last collection for the rows it animates out. So the
/// collection keeps every store it hands out and answers again with the same store, by
/// position or by id, after that row left. A removed row's store answers reads with the row's
/// last value and never traps; its readers are not invalidated by the removal; a write
/// through it is dropped, and an action sent to it is reported (a runtime warning in an app, a
/// test failure in tests) and dropped, without running the parent's reducer. It stays stale
/// even if a row with the same id comes back: read the collection again for the new row's
/// live store.
public struct StoreCollection<ID: Hashable, State, Action>: RandomAccessCollection {
  let elements: ElementStores<ID, State, Action>
  /// The stores handed out by this collection, by id.
  private let handedOut: HandedOutStores<ID, State, Action>
  /// The ids when the collection was read.
  public let ids: OrderedSet<ID>

  @MainActor
  init(elements: ElementStores<ID, State, Action>, ids: OrderedSet<ID>) {
    self.elements = elements
    self.handedOut = HandedOutStores()
    self.ids = ids
  }

  public var startIndex: Int { ids.startIndex }
  public var endIndex: Int { ids.endIndex }

  /// The store of the element at `position`; call it on the main actor.
  ///
  /// After the element left the collection, the store this collection handed out for it
  /// answers the element's last value.
  public subscript(position: Int) -> Store<State, Action> {
    // SwiftUI reads a ForEach's data on the main actor; the store is created there.
    let request = UncheckedSendable(self)
    return MainActor.assumeIsolated {
      let collection = request.value
      guard let store = collection.store(at: position) else {
        let id = collection.ids[position]
        // Unreachable through SwiftUI: `ForEach` reads every element's id, and so gets every
        // element's store, when it receives the collection, and the collection keeps them.
        preconditionFailure(
          """
          StoreCollection: the element with id \(id) at position \(position) was removed \
          before this collection handed out its store, and no store of it is left to answer \
          its last value; read the collection again after a change
          """)
      }
      return store
    }
  }

  /// The store of the element with `id`, if the collection had it when read: after the
  /// element left the collection, the store this collection handed out for it (which answers
  /// its last value), or `nil` if it handed out none.
  @MainActor
  public subscript(id id: ID) -> Store<State, Action>? {
    // The handed-out stores are those of `ids`.
    ids.firstIndex(of: id).flatMap(store(at:))
  }

  /// The store of the element at `position` of `ids`: the one handed out, or its live store,
  /// or for an element that left the collection its last store if one is alive.
  @MainActor
  private func store(at position: Int) -> Store<State, Action>? {
    if let store = handedOut[position, ids] { return store }
    let store = elements.store(for: ids[position])
    if let store { handedOut.record(store, at: position, of: ids) }
    return store
  }
}

/// The stores a ``StoreCollection`` handed out: by id while they are few, by position once
/// they are at least a quarter of the collection (`ForEach` takes every element's store, and
/// a dictionary entry costs about three times a place in an array). Held as objects, each a
/// `Store<State, Action>`: containers of a non-generic element type are specialized at
/// compile time, while those of the store's type would look up its metadata at run time on
/// every use (once per row of a first render).
@MainActor
final class HandedOutStores<ID: Hashable, State, Action> {
  private var byID: [ID: AnyObject] = [:]
  /// Empty until it holds them all, then as long as the collection's ids.
  private var byPosition: ContiguousArray<AnyObject?> = []

  /// The store handed out for the element at `position` of `ids` (the collection's ids), if
  /// any.
  subscript(position: Int, ids: OrderedSet<ID>) -> Store<State, Action>? {
    let found = byPosition.isEmpty ? byID[ids[position]] : byPosition[position]
    guard let found else { return nil }
    // Only `record` stores, a `Store<State, Action>`.
    return unsafeDowncast(found, to: Store<State, Action>.self)
  }

  /// Keeps `store`, handed out for the element at `position` of `ids`.
  func record(_ store: Store<State, Action>, at position: Int, of ids: OrderedSet<ID>) {
    guard byPosition.isEmpty else {
      byPosition[position] = store
      return
    }
    byID[ids[position]] = store
    guard byID.count &* 4 >= ids.count, ids.count >= 16 else { return }
    byPosition = ContiguousArray(repeating: nil, count: ids.count)
    for (id, store) in byID {
      // Only stores of `ids` are handed out.
      byPosition[ids.firstIndex(of: id)!] = store
    }
    byID = [:]
  }
}

/// The element stores of one collection path of a parent store, cached by id; their parent
/// (see ``StoreParent``).
@MainActor
final class ElementStores<ID: Hashable, State, Action>: StoreParent<State, Action> {
  /// The scope of the collection inside the parent's state.
  let collection: any ObservationHost<IdentifiedArray<ID, State>>
  private let send: (ID, Action) -> StoreTask
  /// The parent store: kept alive while its element stores are.
  private let parent: AnyObject
  /// The scopes of the element stores by id, each with its store while something holds it
  /// (a row view holds its store): a scope outlives its store while its readers' paths are
  /// compared, and a new store for the same id reuses it (one scope per element, so that a
  /// change of one element finds its scope by id). Only `store(for:)` records stores, always a
  /// `Store<State, Action>` (read back with `unsafeDowncast`).
  private let scopes: ElementScopes<ID, State>
  /// Reads an element's own id, for its store's ``Store/id``: found once for `State`.
  private let identify = identityFunction(for: State.self)

  /// Element stores over `node`: a new collection scope, or the live one of element stores
  /// that went away, whose element scopes they take up again.
  init<Parent>(
    node: ScopeNode<Parent, IdentifiedArray<ID, State>>,
    send: @escaping (ID, Action) -> StoreTask,
    parent: AnyObject
  ) {
    self.collection = node
    self.send = send
    self.parent = parent
    if let scopes = node.collectionShadow as? ElementScopes<ID, State> {
      self.scopes = scopes
      super.init(identity: nil)
      return
    }
    let scopes = ElementScopes<ID, State>()
    self.scopes = scopes
    super.init(identity: nil)
    node.collectionShadow = scopes
    node.onSnapshotChange { [scopes] in scopes.elementsWillChange(from: $0, to: $1) }
  }

  /// Reads the ids, tracked.
  func trackedIDs() -> OrderedSet<ID> {
    let cell = collection.observers.cell(for: \IdentifiedArray<ID, State>.ids)
    cell.dependsOnlyOnIDs = true
    return cell.trackedValue()
  }

  /// The store of the element with `id`: its live store, or a new one. For an element that
  /// left the collection, its last store if one is still alive (a removed row's store answers
  /// the row's last value), else `nil`.
  func store(for id: ID) -> Store<State, Action>? {
    let live = scopes.scopeAndStore(id: id)
    if let store = live?.store { return unsafeDowncast(store, to: Store<State, Action>.self) }
    var element: State?
    collection.withCurrentValue { element = $0.pointee[id: id] }
    guard let element else {
      return scopes.staleStore(id: id).map { unsafeDowncast($0, to: Store<State, Action>.self) }
    }
    let node =
      live?.scope ?? scopes.makeScope(id: id, element: element, in: collection.observers)
    // This object, which holds the parent store: nothing allocated per element store, but
    // for an element whose key is not its own id (the store's id is then kept apart).
    let parent: StoreParent<State, Action>
    if let identity = ownIdentity(of: element, id: id) {
      parent = ElementStoreParent(self, identity: identity)
    } else {
      parent = self
    }
    let store = Store<State, Action>(host: node, parent: parent)
    scopes.setStore(store, id: id)
    return store
  }

  /// The id an element store with the key `id` keeps apart: `nil` when its scope answers it
  /// (the element's own id is its key, the usual case: `Store.id` needs a `State.ID`, and a
  /// collection may be keyed by another path) or when `State` is not `Identifiable`.
  private func ownIdentity(of element: State, id: ID) -> AnyHashable? {
    guard let identify else { return nil }
    if let isOwnID = scopes.isOwnID, isOwnID(element, id) { return nil }
    return identify(element)
  }

  /// Sends `action` from the element store `store`: reported and dropped when the element left
  /// the collection.
  override func forward(_ action: Action, from store: Store<State, Action>) -> StoreTask {
    // Every element store's host is a scope made by `makeScope`.
    let node = unsafeDowncast(store.hostObject, to: ElementScopes<ID, State>.Scope.self)
    // Made by `makeScope`, so an `ElementLens<ID, State>`.
    let lens = unsafeDowncast(node.lens, to: ElementLens<ID, State>.self)
    let id = lens.id
    var isPresent = false
    if let period = scopes.removalTracking, lens.presentInPeriod == period, !lens.isRemoved {
      // Found present in this period of removal tracking, and not removed since.
      isPresent = true
    } else {
      // Asked of the collection's host, held here, rather than through the element
      // scope's unowned parent references (each load of one is an atomic retain).
      collection.withCurrentValue { isPresent = lens.containsChild(in: $0) }
      if isPresent, let period = scopes.removalTracking { lens.presentInPeriod = period }
    }
    guard isPresent else {
      reportIssue(
        """
        An action was sent to the store of the element with id \(describeValue(id)) of \
        \(collection.pathDescription), which was removed from the collection: \(action). \
        The action was dropped.

        A removed row's store keeps answering its last value, as a row animating out \
        shows it, but its actions have no row to reach; read the collection again for \
        the stores of the rows it has now.
        """)
      return StoreTask(nil)
    }
    // The scope of the sending element, for the element mutation its action announces
    // (found there without hashing the id).
    let outer = scopes.sending
    let outerIndex = ElementMutation.sendingIndex
    scopes.sending = Unmanaged.passUnretained(node)
    // Where the element was last found (the element reducer checks it).
    ElementMutation.sendingIndex = lens.lastIndex
    defer {
      scopes.sending = outer
      ElementMutation.sendingIndex = outerIndex
    }
    return send(id, action)
  }
}

/// The parent of the store of an element whose key in its collection is not its own id (see
/// `ElementStores.ownIdentity(of:id:)`): keeps that id, and sends as the element stores do.
final class ElementStoreParent<ID: Hashable, State, Action>: StoreParent<State, Action> {
  private let elements: ElementStores<ID, State, Action>

  init(_ elements: ElementStores<ID, State, Action>, identity: AnyHashable) {
    self.elements = elements
    super.init(identity: identity)
  }

  override func forward(_ action: Action, from store: Store<State, Action>) -> StoreTask {
    elements.forward(action, from: store)
  }
}
