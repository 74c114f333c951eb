import IdentifiedCollections
import OrderedCollections

/// An identified collection of a store's state, read through the store's dynamic member
/// (`store.rows`), that tracks only what is read of it.
///
/// ```swift
/// Text(store.rows[id: id]?.title ?? "")   // renders when this row changes, not any row
/// Text(store.rows[0].title)                // when the first row changes, or another becomes first
/// Text("\(store.rows.ids.count) rows")     // renders when rows are added, removed or moved
/// Text("\(store.rows.count) rows")         // any other read tracks the whole collection
/// ForEach(store.rows) { row in … }        // so does using it as a collection
/// ```
///
/// A row read by id through the parent store is tracked as `store[\.rows[id: id]]` is: its
/// reader renders when that row changes, or leaves or joins the collection, and a change of
/// another row does not compare it (see ``Store/subscript(keyPath:)-(KeyPath<State,Value>)``).
///
/// Wherever the collection value is needed, `store.rows` is still the `IdentifiedArray`: Swift
/// picks it for a typed declaration (`let rows: IdentifiedArrayOf<Row> = store.rows`), an
/// argument, a `for` loop, `ForEach`, `==`, and any method call (`store.rows.filter { … }`).
/// Properties of the collection (`store.rows.count`, `.first`, `.elements`) read through this
/// view and track the whole collection. An untyped `let rows = store.rows` is this view: read
/// it in the render that made it, or write `store.rows` where the reads happen.
@MainActor
@dynamicMemberLookup
public struct TrackedRows<State, Action, ID: Hashable, Element> {
  let store: Store<State, Action>
  let keyPath: KeyPath<State, IdentifiedArray<ID, Element>>

  /// The element with `id`, or `nil`; tracks that element only.
  public subscript(id id: ID) -> Element? {
    store[keyPath.appending(path: \IdentifiedArray<ID, Element>.[id: id])]
  }

  /// The element at `position`, which must be a valid index; tracks the ids (which element is
  /// at a position changes when rows are inserted, removed or moved) and that element only,
  /// so that a change of another row does not invalidate it.
  public subscript(position: Int) -> Element {
    let id = ids[position]
    // `ids` holds `id`, read from the same state: the element is there.
    return self[id: id]!
  }

  /// The ids of the elements, in order; tracks the ids only (a change of an element's other
  /// values does not invalidate them).
  public var ids: OrderedSet<ID> {
    store[keyPath.appending(path: \IdentifiedArray<ID, Element>.ids)]
  }

  /// The number of elements; tracks the whole collection.
  public var count: Int { store[keyPath].count }

  /// Whether there are no elements; tracks the whole collection.
  public var isEmpty: Bool { store[keyPath].isEmpty }

  /// The first element; tracks the whole collection.
  public var first: Element? { store[keyPath].first }

  /// The last element; tracks the whole collection.
  public var last: Element? { store[keyPath].last }

  /// The elements, in order; tracks the whole collection.
  public var elements: [Element] { store[keyPath].elements }

  /// Any other property of the collection; tracks the whole collection.
  public subscript<Value>(
    dynamicMember member: KeyPath<IdentifiedArray<ID, Element>, Value>
  ) -> Value {
    store[keyPath][keyPath: member]
  }
}

extension Store {
  /// Reads an identified collection of the state, tracking only what is read of it: a row by
  /// id, the ids, or (for anything else, and wherever an `IdentifiedArray` is needed) the whole
  /// collection. See ``TrackedRows``.
  public subscript<ID, Element>(
    dynamicMember keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
  ) -> TrackedRows<State, Action, ID, Element> {
    TrackedRows(store: self, keyPath: keyPath)
  }

  /// Reads an identified collection of the state, tracking only what is read of it (see
  /// ``TrackedRows``); a write (`store.rows[id: id]?.title = …`) goes through
  /// ``subscript(dynamicMember:)-(WritableKeyPath<State,Value>)``.
  public subscript<ID, Element>(
    dynamicMember keyPath: WritableKeyPath<State, IdentifiedArray<ID, Element>>
  ) -> TrackedRows<State, Action, ID, Element> {
    TrackedRows(store: self, keyPath: keyPath)
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// Reads an identified collection of the state, tracking only what is read of it (see
  /// ``TrackedRows``); a write (`store.rows[id: id]?.title = …`) sends a binding action through
  /// ``subscript(dynamicMember:)-(WritableKeyPath<State,Value>)``.
  ///
  /// (The overload for stores with a ``BindableAction``: without it, Swift could not choose
  /// between the binding member and the tracked rows.)
  public subscript<ID: Sendable, Element: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, IdentifiedArray<ID, Element>>
  ) -> TrackedRows<State, Action, ID, Element> {
    TrackedRows(store: self, keyPath: keyPath)
  }
}
