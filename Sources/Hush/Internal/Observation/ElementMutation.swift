import IdentifiedCollections

/// One element of an identified collection, mutated in place by an element reducer
/// (`Reducer.forEach(_:action:extract:element:)`), announced to the store whose reducer is
/// running, so that the cost of the change follows that element's readers.
///
/// Why it is needed: a scope holds a snapshot of its child (a copy sharing its buffers), so
/// that a send that leaves the child alone costs nothing per observer under it. A row changed
/// in place then copies the whole collection (copy-on-write), and finding the changed row
/// means visiting every row's scope: O(rows) per send. Announced, the scopes that hold the
/// collection check that nothing under them changed so far, drop their snapshots while the
/// element reducer runs (no copy), and take them again after it; the next comparison then
/// visits only the announced element's scope when the snapshot still matches, and everything
/// under the scope otherwise.
///
/// Announcing allocates nothing: the mutation object is reused from one announcement to the
/// next (a nested announcement, by an element reducer inside an element reducer, takes a fresh
/// one), and it keeps the capacity of its list of scopes.
@usableFromInline
final class ElementMutation {
  /// The type of the collection, to tell it from a value that starts at the same offset.
  /// (No dynamic exclusivity checks on the mutation's properties: an announcement is made and
  /// finished on the main actor, by the reducer that runs, and nothing accesses them during
  /// an access to them.)
  @exclusivity(unchecked) private(set) var collectionType: ObjectIdentifier
  /// The id of the mutated element, an `ID` of the collection (`collectionType` is an
  /// `IdentifiedArray<ID, _>`). Invariant: it points at the id only while the scopes prepare
  /// (during ``announce(collectionAt:size:type:id:)``); it is `nil` otherwise.
  @exclusivity(unchecked) private var id: UnsafeRawPointer?
  @exclusivity(unchecked) private var snapshotHolders: ContiguousArray<HeldSnapshot> = []

  /// A scope that dropped its snapshot of the child at `child`. Not retained: the holder is
  /// an active scope (or prefix group) of the store whose reducer runs, held by its parent's
  /// active list for the whole announcement, until ``finish(elementAt:index:)`` (its
  /// snapshot dropped, nothing of the state is compared, so nothing deactivates it
  /// meanwhile).
  private struct HeldSnapshot {
    unowned(unsafe) let holder: any SnapshotHolder
    let child: UnsafeRawPointer
  }

  /// Where the element whose store sends an action now was found in its collection, checked
  /// by that store right before the send (-1 otherwise): the element reducer that handles the
  /// action tries it before it looks the id up (hashing it). Only a hint: the reducer checks
  /// the id at that index. Main actor only, as ``ReducerRun/current``.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) static var sendingIndex = -1

  /// A mutation no announcement uses now, for the next one. Main actor only, as
  /// ``ReducerRun/current``.
  @exclusivity(unchecked) nonisolated(unsafe) private static var spare: ElementMutation?

  private init(collectionType: ObjectIdentifier) {
    self.collectionType = collectionType
  }

  /// Announces that the element `id` of the collection at `collection` is about to be
  /// mutated in place, when the collection is part of the state of the store whose reducer
  /// runs. `collection` points at a value of the type `type`, an `IdentifiedArray` `size`
  /// bytes long, and `id` at one of its ids.
  ///
  /// - Returns: The mutation, to ``finish(elementAt:index:)`` once the element was mutated;
  ///   `nil` when no store is told (the reducer runs outside a store, or on a copy of its
  ///   state): the store then compares as for any change.
  @usableFromInline
  static func announce(
    collectionAt collection: UnsafeRawPointer, size: Int, type: ObjectIdentifier,
    id: UnsafeRawPointer
  ) -> ElementMutation? {
    guard let run = ReducerRun.current else { return nil }
    let offset = collection - UnsafeRawPointer(run.state)
    // Only a collection inside the state being reduced; anything else is a copy.
    guard offset >= 0, offset + size <= run.size else { return nil }
    let mutation: ElementMutation
    if let spare {
      self.spare = nil
      spare.collectionType = type
      mutation = spare
    } else {
      mutation = ElementMutation(collectionType: type)
    }
    mutation.id = id
    run.target.prepareForElementMutation(mutation, at: offset, size: size, in: run.state)
    mutation.id = nil
    return mutation
  }

  /// The id of the mutated element, while the scopes prepare for the mutation; `ID` is the
  /// `ID` of the collection (the caller checked ``collectionType``).
  func elementID<ID>(as _: ID.Type) -> ID {
    id.unsafelyUnwrapped.assumingMemoryBound(to: ID.self).pointee
  }

  /// A scope dropped its snapshot of the child at `child`, to take again in
  /// ``finish(elementAt:index:)``.
  func willRetakeSnapshot(_ holder: some SnapshotHolder, childAt child: UnsafeRawPointer) {
    snapshotHolders.append(HeldSnapshot(holder: holder, child: child))
  }

  /// The element was mutated: the scopes take their snapshots again. The mutation is then
  /// reused by a later announcement.
  /// Where the mutated element is, and its index in the collection, while the scopes take
  /// their snapshots again (during ``finish(elementAt:index:)``); `nil` otherwise.
  ///
  /// Invariant: the address is that of the element at `mutatedIndex` in the collection's
  /// elements buffer right after the mutation, so valid for as long as the collection keeps
  /// that buffer (a scope holding the collection's snapshot keeps it; see
  /// `ScopeNode.retakeSnapshot(childAt:after:)`).
  @exclusivity(unchecked) private(set) var mutatedElement: UnsafeRawPointer?
  @exclusivity(unchecked) private(set) var mutatedIndex = 0

  /// The element at `index`, now at `element`, was mutated: the scopes take their snapshots
  /// again, and the scope of the collection may keep where the element is, to compare it
  /// without looking it up (see ``mutatedElement``). The mutation is then reused by a later
  /// announcement.
  @usableFromInline
  func finish(elementAt element: UnsafeRawPointer, index: Int) {
    mutatedElement = element
    mutatedIndex = index
    for held in snapshotHolders {
      held.holder.retakeSnapshot(childAt: held.child, after: self)
    }
    mutatedElement = nil
    // One `removeLast` per holder (one or two, usually) rather than
    // `removeAll(keepingCapacity:)`, which goes through the generic range replacement.
    while !snapshotHolders.isEmpty { snapshotHolders.removeLast() }
    if Self.spare == nil { Self.spare = self }
  }
}

/// A scope that drops its snapshot during an ``ElementMutation``.
protocol SnapshotHolder: AnyObject {
  func retakeSnapshot(childAt child: UnsafeRawPointer, after mutation: ElementMutation)
}

/// Something whose observers an ``ElementMutation`` is announced to: a root store's state.
protocol ElementMutationTarget: AnyObject {
  func prepareForElementMutation(
    _ mutation: ElementMutation, at offset: Int, size: Int, in base: UnsafeRawPointer)
}

/// The state a root store's reducer is mutating, while it runs.
struct ReducerRun {
  /// The address of the state during the reducer's access to it.
  let state: UnsafeMutableRawPointer
  let size: Int
  /// Not retained: the root state whose reducer runs, alive for the whole run (its store's
  /// send holds it).
  unowned(unsafe) let target: any ElementMutationTarget

  /// The reducer running now, if any. Stores run their reducers on the main actor, and only
  /// reducers read this: it is never touched from two threads.
  /// Set by `StateRoot` around its reducer, and restored after.
  @exclusivity(unchecked) nonisolated(unsafe) static var current: ReducerRun?
}
