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

  override final func collectChanges(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    if snapshotMatches(base) { return }
    takeSnapshot(in: base)
    for member in members {
      unsafeDowncast(member, to: Observer<Base>.self).collectChanges(
        in: base, into: &changed, recorder: recorder)
    }
  }

  override final func leaveActiveSet() {
    // Each cell leaves the group; the last one to leave deactivates it.
    for member in Array(members) { member.leaveActiveSet() }
  }
}

/// A ``PrefixGroup`` whose prefix is a `Prefix` at a byte offset of `Base`.
final class TypedPrefixGroup<Base, Prefix>: PrefixGroup<Base> {
  private let offset: Int
  /// The prefix's value at the last comparison, while the group is active; raw storage for
  /// the reasons of ``KeyPathLens``'s snapshot, with the same invariants: initialized exactly
  /// while `hasSnapshot` is set.
  private let snapshot = UnsafeMutablePointer<Prefix>.allocate(capacity: 1)
  @exclusivity(unchecked) private var hasSnapshot = false

  init(offset: Int) {
    self.offset = offset
  }

  deinit {
    dropSnapshot()
    snapshot.deallocate()
  }

  @inline(__always)
  private func prefix(in base: UnsafePointer<Base>) -> UnsafePointer<Prefix> {
    (UnsafeRawPointer(base) + offset).assumingMemoryBound(to: Prefix.self)
  }

  override func snapshotMatches(_ base: UnsafePointer<Base>) -> Bool {
    hasSnapshot && hasSameBytes(snapshot, prefix(in: base), count: MemoryLayout<Prefix>.size)
  }

  override func takeSnapshot(in base: UnsafePointer<Base>) {
    if hasSnapshot {
      snapshot.pointee = prefix(in: base).pointee
    } else {
      snapshot.initialize(to: prefix(in: base).pointee)
      hasSnapshot = true
    }
  }

  override func dropSnapshot() {
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
