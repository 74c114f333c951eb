import IdentifiedCollections

/// A member of an ``IdentifiedPrefixGroup`` that is told *which* elements of the collection
/// changed, for a value kept up to date element by element (an incremental ``Derived``; see
/// ``RowsPipeline``).
///
/// The group compares the collection as it does for cells of `\.rows[id:]` paths: an element
/// reducer's announced ids, or the elements found different from its private copy after a
/// plain reducer's write, are passed on here; any other change of the collection (its ids
/// changed, or the group could not tell which elements did) makes the listener report
/// everything. The listener is then notified as a cell is, and its owner takes the change set
/// with ``takeChanges()``.
///
/// Unlike a cell, it stays active after notifying (its owner reads it again at once, from the
/// notification), so that the group keeps shadowing the collection between changes; it leaves
/// the set when its owner goes away (``detach()``).
final class RowsListener<Base, ID: Hashable, Element>: TrackedObserver<Base> {
  /// The changes since the owner last took them. No dynamic exclusivity checks: touched on the
  /// main actor only, never during an access to them.
  @exclusivity(unchecked) private var changedIDs: ContiguousArray<ID> = []
  /// Whether anything else changed (or too many elements to list): the owner starts over.
  @exclusivity(unchecked) private var changedAll = true
  /// Whether the listener is in the list of cells to notify of the change being propagated.
  @exclusivity(unchecked) private var isInChanged = false
  /// Unowned and unchecked, as `ValueCell.set`: the owner holds the store, and so the set, for
  /// as long as it holds this listener.
  private unowned(unsafe) let set: ObserverSet<Base>
  /// The byte offset of the collection in `Base`.
  let offset: Int

  /// More ids than this are not listed: the owner starts over, as cheaply.
  static var idLimit: Int { 256 }

  init(set: ObserverSet<Base>, offset: Int) {
    self.set = set
    self.offset = offset
    super.init()
  }

  /// The changes since the last call: the ids of the elements that changed in place (ids may
  /// repeat), or `nil` when the owner must read the whole collection again.
  func takeChanges() -> ContiguousArray<ID>? {
    defer {
      changedAll = false
      changedIDs.removeAll(keepingCapacity: true)
    }
    return changedAll ? nil : changedIDs
  }

  /// The elements `ids` changed in place, and nothing else of the collection did.
  func elementsDidChange(_ ids: some Sequence<ID>, into changed: inout [ObservationCell]) {
    if !changedAll {
      changedIDs.append(contentsOf: ids)
      if changedIDs.count > Self.idLimit { changedAll = true }
    }
    report(into: &changed)
  }

  /// The group compares its every member: the collection changed in a way it does not know.
  override func collectChanges(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    changedAll = true
    report(into: &changed)
  }

  private func report(into changed: inout [ObservationCell]) {
    guard !isInChanged else { return }
    isInChanged = true
    changed.append(self)
  }

  override func becomeDormant(clock: ChangeClock) {
    // Notified now: stays active (see the type's discussion).
    isInChanged = false
  }

  override func leaveActiveSet() {
    set.deactivate(self)
  }

  /// Leaves the set for good: the owner is going away.
  func detach() {
    set.deactivate(self)
  }
}
