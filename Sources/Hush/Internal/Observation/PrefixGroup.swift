import IdentifiedCollections
import OrderedCollections

/// The active cells of the paths that start with the same stored properties and go on through
/// a subscript, a computed property or an optional chain (`\.rows[id: 7]?.value` starts with
/// `rows`; see ``StoredPrefix``), compared as one observer: only when the value at the prefix
/// changed.
///
/// Such a path has no offset to read its value at, so each of its cells reads its value
/// through the key path, a lookup per cell; without the group, every change would read every
/// one of them. The group holds a snapshot of the prefix's value, as a scope's lens holds its
/// child's, and skips its cells while the prefix is bitwise identical to the snapshot: the
/// snapshot shares the value's buffers, so an in-place mutation of the state's copy goes
/// through copy-on-write and changes its bytes. As for a child store scoped to the prefix,
/// what the path reads beyond the prefix is taken to depend on the prefix's value only (a
/// path through a class instance has no prefix).
class PrefixGroup<Base>: Observer<Base> {
  /// The group's active cells; the `activeIndex` of each is its position here. No dynamic
  /// exclusivity checks, as the lists of ``ObserverSet``.
  @exclusivity(unchecked) final var members: ContiguousArray<ObservationCell> = []
  /// The membership of the cells the group does not tell apart (see
  /// `TrackedObserver.membership`), shared by them.
  final private(set) lazy var membership = GroupMembership(group: self)

  init() {
    // At an offset, as a child scope: element reducers announce their in-place mutations to
    // it (see `prepareForElementMutation`).
    super.init(isOffsetScope: true)
  }

  /// Whether the prefix's value in `base` is bitwise identical to the snapshot (`false`
  /// without one).
  func snapshotMatches(_ base: UnsafePointer<Base>) -> Bool { false }
  /// Remembers the prefix's value in `base`.
  func takeSnapshot(in base: UnsafePointer<Base>) {}
  /// Forgets the snapshot: the next comparison compares every cell.
  func dropSnapshot() {}
  /// What a cell of the path `keyPath` is told apart by in the group, if anything: the id of
  /// the element it reads, for a group of an identified collection (see
  /// ``IdentifiedPrefixGroup``).
  ///
  /// `position` is where the first component after the prefix starts in the key path's buffer
  /// (``StoredPrefix/next``); `base` is the current value of `Base`.
  func elementKey(
    for keyPath: AnyKeyPath, at position: Int, in base: UnsafePointer<Base>
  ) -> GroupMembership? { nil }
  /// `member` became active (it is the last of `members`).
  func memberDidActivate(_ member: TrackedObserver<Base>) {}
  /// `member` is about to stop being active (it is still in `members`).
  func memberWillDeactivate(_ member: TrackedObserver<Base>) {}

  override func collectChanges(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    if snapshotMatches(base) { return }
    takeSnapshot(in: base)
    compare(members, in: base, into: &changed, recorder: recorder)
  }

  /// Compares the cells `cells` (members of the group) against `base`.
  @inline(__always)
  final func compare(
    _ cells: ContiguousArray<ObservationCell>, in base: UnsafePointer<Base>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) {
    for cell in cells {
      unsafeDowncast(cell, to: Observer<Base>.self).collectChanges(
        in: base, into: &changed, recorder: recorder)
    }
  }

  override final func leaveActiveSet() {
    // Each cell leaves the group; the last one to leave deactivates it.
    for member in Array(members) { member.leaveActiveSet() }
  }
}

/// A ``PrefixGroup`` whose prefix is a `Prefix` at a byte offset of `Base`.
class TypedPrefixGroup<Base, Prefix>: PrefixGroup<Base> {
  final let offset: Int
  /// The prefix's value at the last comparison, while the group is active; raw storage for
  /// the reasons of ``KeyPathLens``'s snapshot, with the same invariants: initialized exactly
  /// while `hasSnapshot` is set.
  private let snapshot = UnsafeMutablePointer<Prefix>.allocate(capacity: 1)
  @exclusivity(unchecked) private(set) final var hasSnapshot = false

  init(offset: Int) {
    self.offset = offset
  }

  deinit {
    releaseSnapshot()
    snapshot.deallocate()
  }

  /// The snapshot, valid while `hasSnapshot` is set.
  final var snapshotPointer: UnsafePointer<Prefix> { UnsafePointer(snapshot) }

  @inline(__always)
  final func prefix(in base: UnsafePointer<Base>) -> UnsafePointer<Prefix> {
    (UnsafeRawPointer(base) + offset).assumingMemoryBound(to: Prefix.self)
  }

  override func snapshotMatches(_ base: UnsafePointer<Base>) -> Bool {
    hasSnapshot && hasSameBytes(snapshot, prefix(in: base), count: MemoryLayout<Prefix>.size)
  }

  override func takeSnapshot(in base: UnsafePointer<Base>) {
    takeSnapshot(of: prefix(in: base))
  }

  /// Remembers `prefix`, the prefix's value in the state.
  final func takeSnapshot(of prefix: UnsafePointer<Prefix>) {
    if hasSnapshot {
      snapshot.pointee = prefix.pointee
    } else {
      snapshot.initialize(to: prefix.pointee)
      hasSnapshot = true
    }
  }

  override func dropSnapshot() {
    releaseSnapshot()
  }

  /// Deinitializes the snapshot, if there is one.
  private func releaseSnapshot() {
    guard hasSnapshot else { return }
    snapshot.deinitialize(count: 1)
    hasSnapshot = false
  }

  /// An element reducer is about to mutate a collection in place: when it lies in the prefix
  /// (or holds it), the snapshot goes, so that the mutation does not copy the collection, and
  /// the next comparison compares every cell.
  override func prepareForElementMutation(
    _ mutation: ElementMutation, at offset: Int, size: Int, in base: UnsafeRawPointer
  ) {
    if offset < self.offset + MemoryLayout<Prefix>.size, self.offset < offset + size {
      dropSnapshot()
    }
  }
}

/// Where a prefix lies in its root, and what type it has: the key of its group.
struct PrefixKey: Hashable {
  let offset: Int
  let type: ObjectIdentifier
}

/// Where a tracked observer belongs in a prefix group (see `TrackedObserver.membership`).
class GroupMembership {
  /// The group, a `PrefixGroup<Base>` of the member's `Base`. Unowned and unchecked: the set
  /// holds its groups for as long as it exists, and nothing uses a cell after its set went
  /// away (see `ValueCell.set`).
  unowned(unsafe) let group: AnyObject

  init(group: AnyObject) {
    self.group = group
  }
}

/// The id of the element a cell of an ``IdentifiedPrefixGroup`` reads, in its group.
final class ElementKey<ID: Hashable>: GroupMembership {
  let id: ID

  init(id: ID, group: AnyObject) {
    self.id = id
    super.init(group: group)
  }
}

/// An identified collection's type, whose group tells its cells apart by element.
protocol IdentifiedCollectionPrefix {
  static func makePrefixGroup<Base>(offset: Int) -> PrefixGroup<Base>
}

extension IdentifiedArray: IdentifiedCollectionPrefix {
  static func makePrefixGroup<Base>(offset: Int) -> PrefixGroup<Base> {
    IdentifiedPrefixGroup<Base, ID, Element>(offset: offset)
  }
}

/// The group of the cells of paths into an identified collection, which compares only the
/// cells of the elements that changed when a change leaves the ids alone: a cell of
/// `\.rows[id: 7]?.value` is compared when row 7 changed, as the scope of row 7's element
/// store would be, not when row 8 did.
///
/// A cell whose path reads one element by id (`[id:]` right after the prefix) is kept by that
/// id; every other cell (`\.rows.count`, `\.rows.first?.value`, `\.rows[0].value`) is compared
/// on every change of the collection. A change of the ids (an element inserted, removed or
/// moved) compares every cell. Which elements changed is found as a scope finds it:
/// - announced by an element reducer (an ``ElementMutation``): the announced ids, when nothing
///   else in the collection changed;
/// - written in place by a plain reducer (`state.rows[id: id]?.value = v`): the group keeps a
///   private copy of the elements, as ``ElementScopes`` does, compares them with it in blocks
///   of bytes, and the collection's buffer is written in place instead of being copied on
///   every write.
///
/// Listeners (``RowsListener``, for incremental derived values) are told the ids of the
/// elements that changed, found either way, and told to start over on any other change.
final class IdentifiedPrefixGroup<Base, ID: Hashable, Element>:
  TypedPrefixGroup<Base, IdentifiedArray<ID, Element>>, SnapshotHolder
{
  typealias Collection = IdentifiedArray<ID, Element>
  typealias Listener = RowsListener<Base, ID, Element>

  // No dynamic exclusivity checks, as for the state of ``ObserverSet``: touched on the main
  // actor only, never during an access to it.

  /// The active cells that read one element, by its id.
  @exclusivity(unchecked) private var byID: [ID: ContiguousArray<ObservationCell>] = [:]
  /// The active cells that read something else of the collection.
  @exclusivity(unchecked) private var others: ContiguousArray<ObservationCell> = []
  /// The active listeners, told which elements changed (see ``RowsListener``).
  @exclusivity(unchecked) private var listeners: ContiguousArray<ObservationCell> = []
  /// The id of the component of `[id:]` (what the standard library tells components apart
  /// by), once found from a key path made here; `nil` before, `.some(nil)` when its arguments
  /// are not laid out as expected (then no cell is kept by id).
  @exclusivity(unchecked) private var subscriptComponent: Int??

  /// The ids announced by element reducers since the last comparison, and whether nothing
  /// else in the collection had changed when each was announced (`nil`: none announced).
  @exclusivity(unchecked) private var pendingIDs: ContiguousArray<ID> = []
  @exclusivity(unchecked) private var pendingUnchangedBefore: Bool?

  /// The ids of the collection while the group shadows its elements (see the type's
  /// discussion; ids with the same bits are the same ids), `nil` otherwise.
  @exclusivity(unchecked) private var shadowIDs: OrderedSet<ID>?
  /// The private copy of the elements, while shadowing.
  @exclusivity(unchecked) private var shadow: [Element] = []
  @exclusivity(unchecked) private var unchangedComparisons = 0
  @exclusivity(unchecked) private var changedIndices: ContiguousArray<Int> = []

  override func elementKey(
    for keyPath: AnyKeyPath, at position: Int, in base: UnsafePointer<Base>
  ) -> GroupMembership? {
    guard let component = subscriptComponent ?? findSubscriptComponent(in: base) else {
      return nil
    }
    return StoredPrefix.withArguments(ofComputedComponentAt: position, in: keyPath) {
      id, arguments -> GroupMembership? in
      // The arguments start with the id; a key path made in generic code has the generic
      // environment after it, one made for concrete types may not.
      guard id == component, let id = Self.loadID(from: arguments)
      else { return nil }
      return ElementKey(id: id, group: self)
    }
  }

  /// The first `ID` in `arguments`, when they are large and aligned enough to hold one.
  private static func loadID(from arguments: UnsafeRawBufferPointer) -> ID? {
    guard let base = arguments.baseAddress, arguments.count >= MemoryLayout<ID>.size,
      Int(bitPattern: base) % MemoryLayout<ID>.alignment == 0
    else { return nil }
    return base.load(as: ID.self)
  }

  /// Finds the component of `[id:]` from a key path of it made here, with an id of the
  /// collection (none yet: found later), and checks that its arguments start with the id.
  private func findSubscriptComponent(in base: UnsafePointer<Base>) -> Int? {
    guard let sample = prefix(in: base).pointee.ids.first else { return nil }
    // `\Holder.rows[id:]`: a stored prefix, then the subscript, as in the app's paths.
    let keyPath: AnyKeyPath = \SubscriptProbe<ID, Element>.rows[id: sample]
    guard let prefix = StoredPrefix.of(keyPath),
      let found = StoredPrefix.withArguments(
        ofComputedComponentAt: prefix.next, in: keyPath,
        { id, arguments -> Int? in
          Self.loadID(from: arguments) == sample ? id : nil
        })
    else {
      subscriptComponent = .some(nil)
      return nil
    }
    subscriptComponent = found
    return found
  }

  // A cell kept by id (the common case: a row's reader, woken on each render) is found by its
  // key before any cast; only the others are told from listeners by their type.
  override func memberDidActivate(_ member: TrackedObserver<Base>) {
    if let key = member.membership, key !== membership {
      // The group's members are told apart by an `ElementKey<ID>` or share its membership.
      byID[unsafeDowncast(key, to: ElementKey<ID>.self).id, default: []].append(member)
    } else if member is Listener {
      listeners.append(member)
    } else {
      others.append(member)
    }
  }

  override func memberWillDeactivate(_ member: TrackedObserver<Base>) {
    if let key = member.membership, key !== membership {
      // As in `memberDidActivate(_:)`.
      let id = unsafeDowncast(key, to: ElementKey<ID>.self).id
      guard var cells = byID.removeValue(forKey: id) else { return }
      if let index = cells.firstIndex(where: { $0 === member }) { cells.remove(at: index) }
      if !cells.isEmpty { byID[id] = cells }
    } else if member is Listener {
      if let index = listeners.firstIndex(where: { $0 === member }) { listeners.remove(at: index) }
    } else if let index = others.firstIndex(where: { $0 === member }) {
      others.remove(at: index)
    }
  }

  override func collectChanges(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    let collection = prefix(in: base)
    if let unchangedBefore = pendingUnchangedBefore {
      pendingUnchangedBefore = nil
      // The snapshot was taken again after each announced mutation: matching it, the
      // collection changed in the announced elements only.
      if unchangedBefore, snapshotMatches(base) {
        compareCells(ofIDs: pendingIDs, in: base, into: &changed, recorder: recorder)
        for listener in listeners {
          unsafeDowncast(listener, to: Listener.self).elementsDidChange(
            pendingIDs, into: &changed)
        }
        pendingIDs.removeAll(keepingCapacity: true)
        return
      }
      pendingIDs.removeAll(keepingCapacity: true)
    } else if shadowIDs != nil {
      if compareShadowed(collection, in: base, into: &changed, recorder: recorder) { return }
    } else {
      if snapshotMatches(base) { return }
      if hasSnapshot, !byID.isEmpty || !listeners.isEmpty,
        hasSameBits(snapshotPointer.pointee.ids, collection.pointee.ids)
      {
        // Elements written in place: the snapshot's elements are the ones before the write.
        // They become the private copy, and the snapshot goes, so that later writes happen in
        // place.
        shadowIDs = snapshotPointer.pointee.ids
        shadow = snapshotPointer.pointee.elements
        unchangedComparisons = 0
        dropSnapshot()
        if compareShadowed(collection, in: base, into: &changed, recorder: recorder) { return }
      }
    }
    takeSnapshot(of: collection)
    compare(members, in: base, into: &changed, recorder: recorder)
  }

  /// Compares the cells of the elements that differ from the private copy, and the cells that
  /// are not kept by id, when the ids are those of the copy; returns `false`, having stopped
  /// shadowing, when they are not (every cell is then to be compared).
  private func compareShadowed(
    _ collection: UnsafePointer<Collection>, in base: UnsafePointer<Base>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) -> Bool {
    guard let shadowIDs, hasSameBits(shadowIDs, collection.pointee.ids) else {
      stopShadowing()
      return false
    }
    collection.pointee.elements.withUnsafeBufferPointer { elements in
      shadow.withUnsafeMutableBufferPointer { copy in
        findChangedElements(elements, copy: copy, into: &changedIndices)
      }
    }
    if changedIndices.isEmpty {
      unchangedComparisons += 1
      // Nothing changed lately: a snapshot makes an unrelated send one byte comparison again.
      if unchangedComparisons >= ElementScopes<ID, Element>.patience {
        stopShadowing()
        takeSnapshot(of: collection)
      }
      return true
    }
    unchangedComparisons = 0
    compare(others, in: base, into: &changed, recorder: recorder)
    for index in changedIndices {
      if let cells = byID[shadowIDs[index]] {
        compare(cells, in: base, into: &changed, recorder: recorder)
      }
    }
    for listener in listeners {
      unsafeDowncast(listener, to: Listener.self).elementsDidChange(
        changedIndices.lazy.map { shadowIDs[$0] }, into: &changed)
    }
    changedIndices.removeAll(keepingCapacity: true)
    return true
  }

  /// Compares the cells of the elements `ids`, and the cells that are not kept by id.
  private func compareCells(
    ofIDs ids: ContiguousArray<ID>, in base: UnsafePointer<Base>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) {
    compare(others, in: base, into: &changed, recorder: recorder)
    for (index, id) in ids.enumerated() where !ids[..<index].contains(id) {
      if let cells = byID[id] { compare(cells, in: base, into: &changed, recorder: recorder) }
    }
  }

  private func stopShadowing() {
    guard shadowIDs != nil else { return }
    shadowIDs = nil
    shadow = []
    unchangedComparisons = 0
  }

  override func dropSnapshot() {
    super.dropSnapshot()
    // Called when the group goes inactive too: nothing of the collection is kept then.
    if members.isEmpty {
      stopShadowing()
      pendingUnchangedBefore = nil
      pendingIDs.removeAll(keepingCapacity: true)
    }
  }

  override func prepareForElementMutation(
    _ mutation: ElementMutation, at offset: Int, size: Int, in base: UnsafeRawPointer
  ) {
    let collectionSize = MemoryLayout<Collection>.size
    guard offset < self.offset + collectionSize, self.offset < offset + size else { return }
    stopShadowing()
    let collection = (base + self.offset).assumingMemoryBound(to: Collection.self)
    let basePointer = base.assumingMemoryBound(to: Base.self)
    var unchanged = snapshotMatches(basePointer)
    if offset == self.offset, size == collectionSize,
      mutation.collectionType == ObjectIdentifier(Collection.self)
    {
      pendingIDs.append(mutation.elementID(as: ID.self))
    } else {
      // Inside an element, or around the collection: which elements change is not known.
      unchanged = false
    }
    pendingUnchangedBefore = (pendingUnchangedBefore ?? true) && unchanged
    dropSnapshot()
    mutation.willRetakeSnapshot(self, childAt: UnsafeRawPointer(collection))
  }

  func retakeSnapshot(childAt child: UnsafeRawPointer, after _: ElementMutation) {
    takeSnapshot(of: child.assumingMemoryBound(to: Collection.self))
  }
}

/// A key path of `[id:]` after a stored property, as the app's paths have it, for
/// ``IdentifiedPrefixGroup``.
private struct SubscriptProbe<ID: Hashable, Element> {
  var rows: IdentifiedArray<ID, Element>
}
