import IdentifiedCollections
import IssueReporting

/// A child scope of an observed value: the part of `Parent` a child store reads, with the
/// observers of its own paths. It is an observer of its parent while any of its own observers
/// is active.
final class ScopeNode<Parent, Child>: Observer<Parent>, ObservationHost, SnapshotHolder {
  typealias Value = Child

  /// Unowned and unchecked (no reference count traffic per comparison; a checked unowned
  /// reference is retained and released around every use). Invariant: the parent's set
  /// outlives this scope. The set belongs to the parent's host (a `StateRoot` or a scope), and
  /// whatever holds this scope holds that host too: its store holds its parent store (or the
  /// `ElementStores`, which holds the collection's scope), and the parent set's own lists
  /// (`active`, a pending mutation) hold it only while the parent set exists.
  private unowned(unsafe) let parentObservers: ObserverSet<Parent>
  let lens: ScopeLens<Parent, Child>
  /// A constant (read without retaining it: a send reads it several times).
  let observers: ObserverSet<Child>
  /// What a scope that may hold a collection keeps (see ``CollectionRecord``): the element
  /// mutations announced under it since its last comparison (see ``ElementMutation``), for a
  /// scope at an offset (only those hold a collection an element reducer mutates in place),
  /// and the shadow of an identified collection; `nil` for the other scopes, such as the
  /// scope of one row of a list. A constant (read without retaining it: a send reads it
  /// several times).
  private let record: CollectionRecord?
  /// For the scope of an identified collection with element stores: the scopes of its
  /// elements (an ``ElementScopes``), which also compares the collection with a private copy
  /// of its elements once a plain reducer writes elements in place (see
  /// ``CollectionShadow``). The child's set holds it too, to compare the active element
  /// scopes.
  var collectionShadow: CollectionShadow<Child>? {
    get {
      guard let shadow = record?.collectionShadow else { return nil }
      // Only the setter stores one, a `CollectionShadow<Child>`.
      return unsafeDowncast(shadow, to: CollectionShadow<Child>.self)
    }
    set {
      // Only the scope of an identified collection gets one, and it has a record.
      record!.collectionShadow = newValue
      observers.collectionShadow = newValue
    }
  }

  init(parent: ObserverSet<Parent>, lens: ScopeLens<Parent, Child>) {
    self.parentObservers = parent
    self.lens = lens
    self.observers = ObserverSet()
    self.record =
      lens.childOffset != nil || lens.childIsIdentifiedCollection
      ? CollectionRecord() : nil
    super.init(isElementScope: lens.isElementLens, isOffsetScope: lens.childOffset != nil)
    observers.attach(to: self)
  }

  override func collectChanges(
    in base: UnsafePointer<Parent>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    if let mutations = record, let offset = lens.childOffset,
      collectAnnouncedChanges(
        mutations, in: base, offset: offset, into: &changed, recorder: recorder)
    {
      return
    }
    // After a shared value changed, elements bitwise identical to the shadow's may read
    // changed values through a `Shared` they hold: compared through the lens instead.
    if let shadow = collectionShadow, let offset = lens.childOffset,
      !SharedChanges.isComparingAll,
      collectShadowedChanges(
        shadow, child: (UnsafeRawPointer(base) + offset).assumingMemoryBound(to: Child.self),
        into: &changed, recorder: recorder)
    {
      return
    }
    // `withChangedChild` skips the child's observers when the child is bitwise unchanged:
    // then nothing under it changed, and a send costs nothing per observer of this scope.
    let found = lens.withChangedChild(in: base) { child in
      observers.collectChanges(in: child, into: &changed, recorder: recorder)
    }
    if !found {
      // The element left its collection: its readers are going away with it. Stop comparing
      // (a later read starts afresh).
      changed.append(self)
    }
  }

  /// Compares the child at `offset` of `base` after element mutations announced since the
  /// last comparison; returns `false` when none was.
  @inline(__always)
  private func collectAnnouncedChanges(
    _ mutations: CollectionRecord, in base: UnsafePointer<Parent>, offset: Int,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) -> Bool {
    if let pending = mutations.pending {
      mutations.pending = nil
      let child = (UnsafeRawPointer(base) + offset).assumingMemoryBound(to: Child.self)
      if pending.unchangedBefore, lens.snapshotMatches(child) {
        // Nothing under this scope changed but the announced elements.
        if pending.isCollection, let element = pending.knownElement,
          mutations.elementScopes.count == 1
        {
          // One element was mutated, and where it is now is known: the collection is bitwise
          // what it was right after the mutation, so it still holds that buffer, and the ids
          // are those the element was found among.
          observers.collectChanges(
            in: child, onlyElement: mutations.elementScopes[0], at: element,
            index: pending.knownIndex, into: &changed, recorder: recorder)
        } else if pending.isCollection {
          observers.collectChanges(
            in: child, onlyElements: mutations.elementScopes, into: &changed, recorder: recorder)
        } else {
          observers.collectChanges(in: child, into: &changed, recorder: recorder)
        }
      } else {
        lens.takeSnapshot(of: child)
        observers.collectChanges(in: child, into: &changed, recorder: recorder)
      }
      mutations.clearElementScopes()
      return true
    }
    return false
  }

  /// Compares this element scope's element, known to be at `element` (of type `Child`) and at
  /// `index` of its collection `base`, with the ids unchanged since it was found there.
  override func collectChanges(
    ofElementAt element: UnsafeRawPointer, index: Int, in base: UnsafePointer<Parent>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) {
    if record?.pending == nil, collectionShadow == nil,
      lens.withChangedChild(
        at: element.assumingMemoryBound(to: Child.self), index: index,
        { child in observers.collectChanges(in: child, into: &changed, recorder: recorder) })
    {
      return
    }
    // The lens cannot take the element so: compared through the collection.
    collectChanges(in: base, into: &changed, recorder: recorder)
  }

  /// Compares the collection `child` through `shadow` when it shadows it, or starts shadowing
  /// it when the snapshot shows elements written in place (the write copied the elements: the
  /// snapshot shared them). Returns `true` when the comparison is done (a child bitwise
  /// identical to the snapshot is), `false` when it is left to the lens.
  private func collectShadowedChanges(
    _ shadow: CollectionShadow<Child>, child: UnsafePointer<Child>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) -> Bool {
    if !shadow.isShadowing {
      guard let old = lens.snapshotPointer else { return false }
      // Bitwise unchanged: nothing under this scope changed (as `withChangedChild` finds).
      if lens.snapshotMatches(child) { return true }
      guard shadow.startShadowing(from: old, to: child, observers: observers) else {
        return false
      }
      // The shadow holds what it compares with now; the snapshot would make the next write
      // copy the collection again.
      lens.dropSnapshot()
    } else {
      // A comparison of everything (after a shared value changed) took one while shadowing.
      lens.dropSnapshot()
    }
    guard
      shadow.collectChanges(in: child, observers: observers, into: &changed, recorder: recorder)
    else {
      // The ids changed: the shadow stopped, and the lens (without a snapshot) compares.
      return false
    }
    // After comparisons that found nothing changed, the shadow stops: the snapshot makes the
    // next comparison one of bytes.
    if !shadow.isShadowing { lens.takeSnapshot(of: child) }
    return true
  }

  /// Drops the snapshot while an element of a collection inside this child is mutated in
  /// place (so the mutation does not copy the collection), and remembers whether anything
  /// else changed under this scope since the last comparison.
  override func prepareForElementMutation(
    _ mutation: ElementMutation, at offset: Int, size: Int, in base: UnsafeRawPointer
  ) {
    guard let childOffset = lens.childOffset, offset >= childOffset,
      offset + size <= childOffset + MemoryLayout<Child>.size
    else { return }
    let child = (base + childOffset).assumingMemoryBound(to: Child.self)
    // An announced mutation is compared through the snapshot: the next comparison of the
    // collection compares everything (`unchanged` is false without a snapshot). Elements
    // removed earlier in this run are found now, while the copy still has their values.
    collectionShadow?.stopShadowing(changedTo: child)
    let unchanged = lens.snapshotMatches(child)
    let isCollection =
      offset == childOffset && ObjectIdentifier(Child.self) == mutation.collectionType
    // A scope at an offset has a record of the mutations.
    if let mutations = record {
      var pending =
        mutations.pending ?? PendingElementMutation(unchangedBefore: true, isCollection: false)
      pending.unchangedBefore = pending.unchangedBefore && unchanged
      mutations.announcedScope = nil
      if isCollection {
        pending.isCollection = true
        if let scope = collectionShadow?.scope(for: mutation) {
          if !mutations.elementScopes.contains(where: { $0 === scope }) {
            mutations.elementScopes.append(scope)
          }
          mutations.announcedScope = scope
        }
      }
      mutations.pending = pending
    }
    if unchanged { lens.dropSnapshot() } else { lens.dropSnapshot(child: child) }
    mutation.willRetakeSnapshot(self, childAt: UnsafeRawPointer(child))
    observers.prepareForElementMutation(
      mutation, at: offset - childOffset, size: size, in: UnsafeRawPointer(child))
  }

  func retakeSnapshot(childAt child: UnsafeRawPointer, after mutation: ElementMutation) {
    lens.takeSnapshot(of: child.assumingMemoryBound(to: Child.self))
    // Where the mutated element is, when it is the one element with a scope mutated so far:
    // the snapshot just taken holds the buffer it is in. A later announcement (of this
    // element again, of another, or of one without a scope) replaces or clears it.
    if let mutations = record {
      if var pending = mutations.pending {
        if let scope = mutations.announcedScope, mutations.elementScopes.count == 1,
          mutations.elementScopes[0] === scope, let element = mutation.mutatedElement
        {
          pending.knownElement = element
          pending.knownIndex = mutation.mutatedIndex
        } else {
          pending.knownElement = nil
        }
        mutations.pending = pending
      }
      mutations.announcedScope = nil
    }
  }

  override func leaveActiveSet() {
    // Held for the whole call: the last child to leave deactivates this scope, which may
    // deactivate its parent in turn and release it (a collection's scope whose element stores
    // are gone is held only by its own parent's active list), and with it the parent's set.
    let parent = parentObservers
    for observer in observers.allActive {
      observer.leaveActiveSet()
    }
    parent.deactivate(self)
  }

  /// See ``ScopeLens/onSnapshotChange(_:)``.
  func onSnapshotChange(_ body: @escaping (UnsafePointer<Child>, UnsafePointer<Child>) -> Void) {
    lens.onSnapshotChange(body)
  }

  func withCurrentValue(_ body: (UnsafePointer<Child>) -> Void) {
    parentObservers.host.withCurrentValue { parent in
      if !lens.withChild(in: parent, body) {
        lens.withLastChild(body)
      }
    }
  }

  func mutateValue(cause: @autoclosure () -> ChangeLogEntry.Cause, _ body: (inout Child) -> Void) {
    parentObservers.host.mutateValue(cause: cause()) { parent in lens.modify(&parent, body) }
  }

  var changeLog: ((ChangeLogEntry) -> Void)? {
    get { parentObservers.host.changeLog }
    set { parentObservers.host.changeLog = newValue }
  }

  var storeIdentity: AnyHashable? { lens.storeIdentity }

  var clock: Unmanaged<ChangeClock> { parentObservers.clock }

  var pathDescription: String {
    joinPath(parentObservers.host.pathDescription, lens.pathComponent)
  }

  func observersDidChangeActivity(isActive: Bool) {
    if isActive {
      // A removed element's value is frozen: nothing of the parent to compare.
      if lens.isChildRemoved { return }
      // The child's observers start from the current value: so does the lens's snapshot.
      if isOffsetScope { parentObservers.host.withCurrentValue { lens.takeSnapshot(in: $0) } }
      parentObservers.activate(self)
      collectionShadow?.collectionScopeDidChangeActivity(
        isActive: true, comparesAtOffset: lens.childOffset != nil)
    } else {
      collectionShadow?.collectionScopeDidChangeActivity(
        isActive: false, comparesAtOffset: lens.childOffset != nil)
      parentObservers.deactivate(self)
      lens.dropSnapshot()
      collectionShadow?.stopShadowing()
      if let mutations = record {
        mutations.pending = nil
        mutations.elementScopes.removeAll(keepingCapacity: true)
      }
    }
  }
}

/// What a scope that may hold a collection keeps: the element mutations announced under it
/// since its last comparison (at an offset), and the shadow of the identified collection it
/// is the scope of. Not generic: its layout is known statically. Touched on the main actor
/// only, never during an access to it (no dynamic exclusivity checks).
final class CollectionRecord {
  /// The scope's `collectionShadow`, a `CollectionShadow<Child>` of the scope's `Child`.
  @exclusivity(unchecked) var collectionShadow: AnyObject?
  /// Set while element reducers mutate elements inside the scope's child in place, until the
  /// next comparison.
  @exclusivity(unchecked) var pending: PendingElementMutation?
  /// The scopes of the elements mutated since the last comparison (one, usually), while
  /// `pending` is set; empty otherwise. Kept apart from it so that its capacity is reused.
  @exclusivity(unchecked) var elementScopes: ContiguousArray<ObservationCell> = []
  /// The scope of the element the announcement being made now mutates, from
  /// `ScopeNode.prepareForElementMutation(_:at:size:in:)` to
  /// `ScopeNode.retakeSnapshot(childAt:after:)` of the same mutation; `nil` otherwise, and
  /// for an element without a scope. Not retained (it is one of `elementScopes`, which holds
  /// it).
  @exclusivity(unchecked) unowned(unsafe) var announcedScope: ObservationCell?

  /// Empties `elementScopes` one element at a time, keeping its buffer (not
  /// `removeAll(keepingCapacity:)`: see `ElementMutation.finish(elementAt:index:)`).
  func clearElementScopes() {
    while !elementScopes.isEmpty { elementScopes.removeLast() }
  }
}

/// What a scope knows about the element mutations announced since its last comparison.
struct PendingElementMutation {
  /// Whether the child was bitwise unchanged when each mutation was announced.
  var unchangedBefore: Bool
  /// Whether the child is the collection whose elements were mutated (else it holds it); the
  /// scopes of the mutated elements that have one are in `CollectionRecord.elementScopes`.
  var isCollection: Bool
  /// Where the one mutated element with a scope is, right after its last mutation, and its
  /// index (see `ElementMutation.mutatedElement`); `nil` when not known.
  var knownElement: UnsafeRawPointer? = nil
  var knownIndex = 0
}

/// How a scope finds its child value inside the parent's.
class ScopeLens<Parent, Child> {
  /// Calls `body` with the child, or returns `false` when the parent has none.
  func withChild(
    in parent: UnsafePointer<Parent>, _ body: (UnsafePointer<Child>) -> Void
  ) -> Bool {
    preconditionFailure("ScopeLens is abstract")
  }
  /// Like `withChild(in:_:)`, but may skip `body` when the child is bitwise identical to the
  /// snapshot taken at the previous change: a snapshot shares the child's buffers, so an
  /// in-place mutation of the parent's copy goes through copy-on-write and changes its bytes.
  func withChangedChild(
    in parent: UnsafePointer<Parent>, _ body: (UnsafePointer<Child>) -> Void
  ) -> Bool {
    withChild(in: parent, body)
  }
  /// Like `withChangedChild(in:_:)`, for a child known to be at `child`, at `index` of its
  /// parent collection; returns `false` when the lens cannot take it so (the caller then
  /// compares through the parent).
  func withChangedChild(
    at child: UnsafePointer<Child>, index: Int, _ body: (UnsafePointer<Child>) -> Void
  ) -> Bool {
    false
  }
  /// Remembers the current child, for `withChangedChild(in:_:)`.
  func takeSnapshot(in parent: UnsafePointer<Parent>) {}
  /// Remembers `child`, for `withChangedChild(in:_:)`.
  func takeSnapshot(of child: UnsafePointer<Child>) {}
  /// Whether `child` is bitwise identical to the snapshot (`false` without one).
  func snapshotMatches(_ child: UnsafePointer<Child>) -> Bool { false }
  /// The snapshot, if there is one (valid until it is taken again or dropped).
  var snapshotPointer: UnsafePointer<Child>? { nil }
  /// Forgets the snapshot (the scope has no active observers: nothing to compare).
  func dropSnapshot() {}
  /// Forgets the snapshot of a child that is now `child` (see ``onSnapshotChange(_:)``).
  func dropSnapshot(child: UnsafePointer<Child>) { dropSnapshot() }
  /// Has `body` called with the snapshot and the current child when a snapshot that differs
  /// from the child is replaced or dropped: what the child was at the last comparison, and
  /// what it is now. The scope of a collection with element stores uses it to give removed
  /// elements their last value (``ElementScopes/elementsWillChange(from:to:)``). Only a lens
  /// that takes snapshots keeps it (a ``KeyPathLens``; an element's lens, one per row of a
  /// long list, has no room for it).
  func onSnapshotChange(
    _ body: @escaping (_ old: UnsafePointer<Child>, _ new: UnsafePointer<Child>) -> Void
  ) {}
  /// The child's byte offset in the parent, when it is stored there at a fixed place.
  var childOffset: Int? { nil }
  /// Whether this is the lens of one element of an identified collection.
  var isElementLens: Bool { false }
  /// Whether the child is an identified collection (whose scope may get element stores).
  var childIsIdentifiedCollection: Bool { Child.self is any IdentifiedCollectionPrefix.Type }
  /// The id of the child, for the stores over its scope that do not keep it themselves (see
  /// `Store.identity`); a constant, read from any thread.
  var storeIdentity: AnyHashable? { nil }
  /// Whether `parent` has the child (checked on a send to a child store).
  func containsChild(in parent: UnsafePointer<Parent>) -> Bool { true }
  /// Whether the child was found missing from its parent once: it then stays missing (an
  /// element that left its collection).
  var isChildRemoved: Bool { false }
  /// The last child value seen, for a child that is gone.
  func withLastChild(_ body: (UnsafePointer<Child>) -> Void) {
    preconditionFailure("ScopeLens is abstract")
  }
  func modify(_ parent: inout Parent, _ body: (inout Child) -> Void) {
    preconditionFailure("ScopeLens is abstract")
  }
  /// The child's path inside the parent, for the change log.
  var pathComponent: String {
    preconditionFailure("ScopeLens is abstract")
  }
}

/// A child at a key path; read in place when the path is made of stored properties. A lens
/// made with a read-only path (a computed collection, `\.filteredTodos`) reports writes
/// instead of applying them.
final class KeyPathLens<Parent, Child>: ScopeLens<Parent, Child> {
  let keyPath: KeyPath<Parent, Child>
  /// The same path as `keyPath` when it is writable.
  private let writableKeyPath: WritableKeyPath<Parent, Child>?
  private let offset: Int?
  /// The child when the scope's observers last compared it (only with an offset, while
  /// active): holding it makes the next in-place mutation of the child copy, so identical
  /// bytes mean an unchanged child. Raw storage rather than a `Child?`: the metadata of
  /// `Optional<Child>` would be looked up at run time on every comparison.
  ///
  /// Invariants: the memory is initialized exactly while `hasSnapshot` is set (every write
  /// checks it: `initialize` when unset, assignment when set; `dropSnapshot` deinitializes,
  /// and `deinit` drops, then deallocates). A byte comparison with the child is sound because
  /// the snapshot holds its own references to the child's buffers: a buffer it refers to
  /// cannot be freed and reused at the same address while it is held, so equal bytes are the
  /// same value. The child pointers it is compared with point into the parent's value during
  /// the call that gives them (at `offset`, valid since `offset` comes from
  /// `MemoryLayout.offset(of:)`, which exists only for stored-property paths).
  private let snapshot = UnsafeMutablePointer<Child>.allocate(capacity: 1)
  @exclusivity(unchecked) private var hasSnapshot = false
  private let size = MemoryLayout<Child>.size
  /// See ``ScopeLens/onSnapshotChange(_:)``.
  private var snapshotWillChange:
    ((_ old: UnsafePointer<Child>, _ new: UnsafePointer<Child>) -> Void)?

  init(_ keyPath: KeyPath<Parent, Child>) {
    self.keyPath = keyPath
    self.writableKeyPath = keyPath as? WritableKeyPath<Parent, Child>
    self.offset = MemoryLayout<Parent>.offset(of: keyPath)
  }

  deinit {
    dropSnapshot()
    snapshot.deallocate()
  }

  override func withChild(
    in parent: UnsafePointer<Parent>, _ body: (UnsafePointer<Child>) -> Void
  ) -> Bool {
    if let offset {
      body((UnsafeRawPointer(parent) + offset).assumingMemoryBound(to: Child.self))
    } else {
      withUnsafePointer(to: parent.pointee[keyPath: keyPath], body)
    }
    return true
  }

  override func withChangedChild(
    in parent: UnsafePointer<Parent>, _ body: (UnsafePointer<Child>) -> Void
  ) -> Bool {
    guard let offset else { return withChild(in: parent, body) }
    let child = (UnsafeRawPointer(parent) + offset).assumingMemoryBound(to: Child.self)
    if snapshotMatches(child) { return true }
    takeSnapshot(of: child)
    body(child)
    return true
  }

  override func snapshotMatches(_ child: UnsafePointer<Child>) -> Bool {
    hasSnapshot && !SharedChanges.isComparingAll && hasSameBytes(snapshot, child, count: size)
  }

  override var snapshotPointer: UnsafePointer<Child>? {
    hasSnapshot ? UnsafePointer(snapshot) : nil
  }

  override func takeSnapshot(in parent: UnsafePointer<Parent>) {
    guard let offset else { return }
    takeSnapshot(of: (UnsafeRawPointer(parent) + offset).assumingMemoryBound(to: Child.self))
  }

  override func takeSnapshot(of child: UnsafePointer<Child>) {
    guard offset != nil else { return }
    if hasSnapshot {
      reportSnapshotChange(to: child)
      snapshot.pointee = child.pointee
    } else {
      snapshot.initialize(to: child.pointee)
      hasSnapshot = true
    }
  }

  override func dropSnapshot(child: UnsafePointer<Child>) {
    if hasSnapshot { reportSnapshotChange(to: child) }
    dropSnapshot()
  }

  override func onSnapshotChange(
    _ body: @escaping (_ old: UnsafePointer<Child>, _ new: UnsafePointer<Child>) -> Void
  ) {
    snapshotWillChange = body
  }

  /// Tells `snapshotWillChange` that the snapshot (which must exist) is replaced by `child`,
  /// when they differ.
  private func reportSnapshotChange(to child: UnsafePointer<Child>) {
    if let snapshotWillChange, !snapshotMatches(child) { snapshotWillChange(snapshot, child) }
  }

  override func dropSnapshot() {
    guard hasSnapshot else { return }
    snapshot.deinitialize(count: 1)
    hasSnapshot = false
  }

  override var childOffset: Int? { offset }

  override func withLastChild(_ body: (UnsafePointer<Child>) -> Void) {
    preconditionFailure("a key path child is never missing")
  }

  override func modify(_ parent: inout Parent, _ body: (inout Child) -> Void) {
    guard let writableKeyPath else {
      reportIssue(
        """
        A write through a store of \(pathComponent) was dropped: that store reaches its state \
        through a read-only path (a computed property), so it cannot write it back.

        Send an action instead: the reducer changes the state the path is computed from (with \
        a BindingReducer for bindings).
        """)
      return
    }
    body(&parent[keyPath: writableKeyPath])
  }

  override var pathComponent: String {
    describePath(keyPath)
  }
}

/// The element with one id in an identified array; remembers its last value for when it is
/// removed, as a row that is animating out still shows its last state.
final class ElementLens<ID: Hashable, Element>: ScopeLens<IdentifiedArray<ID, Element>, Element> {
  // Hot-path state first, before any stored property whose size depends on `ID` or
  // `Element`: their offsets are then fixed, and the scan of a collection's element scopes
  // (``ElementScopes/collectElementChanges(in:scopes:into:recorder:)``, unspecialized) reads them
  // without a metadata lookup per row. No dynamic exclusivity checks (touched on the main
  // actor only, never while an access to them is in progress; see `ObserverSet`).

  /// Where the element was last found; checked first, without hashing the id.
  private(set) var lastIndex: Int {
    @inline(__always) get { Int(storedLastIndex) }
    set { storedLastIndex = Int32(truncatingIfNeeded: newValue) }
  }
  /// `lastIndex`, in 32 bits so that it shares a word with `storedPeriod` (a lens is made per
  /// row of a long list). An index past `Int32.max` would be stored wrong, and cost a lookup:
  /// every use checks the element at the index (its bytes or its id) before relying on it.
  @exclusivity(unchecked) private var storedLastIndex: Int32 = 0
  /// ``presentInPeriod`` in 32 bits (periods are, see ``ElementScopes/removalTracking``), `-1`
  /// while the element was found in no period, and `Int32.min` once it was found missing
  /// (``isRemoved``): one word with `storedLastIndex`.
  @exclusivity(unchecked) private var storedPeriod: Int32 = -1
  /// Set once the element was found missing from the collection. From then on the scope
  /// answers the element's last value, and writes through it are dropped, even if an element
  /// with the same id comes back: a view animating the row out keeps showing it, and the new
  /// element gets a store of its own on the next read of the collection.
  var isRemoved: Bool {
    @inline(__always) get { storedPeriod == .min }
  }
  /// The period of removal tracking (``ElementScopes/removalTracking``) in which the element
  /// was last found in the collection, or a negative number: while that period lasts, the
  /// element is in the collection as long as the lens is not marked removed. Setting it on a
  /// removed lens changes nothing.
  var presentInPeriod: Int {
    @inline(__always) get { Int(storedPeriod) }
    set {
      if !isRemoved { storedPeriod = Int32(truncatingIfNeeded: newValue) }
    }
  }
  /// The index of the collection's element scopes, told when this lens's scope goes away.
  private let scopes: ElementScopes<ID, Element>
  /// The last element seen (see ``last``), stored in the lens: a block of its own would cost
  /// a second allocation per row of a long list. Reached only through ``last``.
  @exclusivity(unchecked) private var lastValue: Element
  let id: ID

  init(id: ID, element: Element, scopes: ElementScopes<ID, Element>) {
    self.scopes = scopes
    self.lastValue = element
    self.id = id
    super.init()
    #if DEBUG
      let address = withUnsafeMutablePointer(to: &lastValue) { UnsafeMutableRawPointer($0) }
      precondition(
        address == UnsafeMutableRawPointer(last),
        "ElementLens: the last value is not at the offset lastValueOffset computes")
    #endif
  }

  deinit {
    if !isRemoved { scopes.remove(id: id, lens: ObjectIdentifier(self)) }
  }

  /// The offset of `lastValue` in a lens: after the object's header (two words: its type and
  /// its reference counts, on 32-bit platforms too) and the fixed-size fields before it (two
  /// 32-bit values and a reference), at the element's alignment, as a class lays out its
  /// stored properties in order from the object's start. A debug build checks it against the
  /// property's address whenever a lens is made.
  static var lastValueOffset: Int {
    let fixedEnd = 3 * MemoryLayout<Int>.size + 2 * MemoryLayout<Int32>.size
    let alignment = MemoryLayout<Element>.alignment
    return (fixedEnd + alignment - 1) & ~(alignment - 1)
  }

  /// The last element seen (always initialized, from `init` to `deinit`); also the snapshot
  /// for `withChangedChild`: it shares the element's buffers, so its bytes equal an element's
  /// only when that element is this value (it holds the buffers, which therefore cannot be
  /// reused). Element ids are part of the element's value and unique in the collection, so
  /// equal bytes at `lastIndex` also mean the same element. The address of the lens's own
  /// storage (an object does not move), for byte comparisons; computed, so that the scan of a
  /// collection's element scopes (unspecialized) reaches it without a call per row.
  var last: UnsafeMutablePointer<Element> {
    @inline(__always) get { last(offset: Self.lastValueOffset) }
  }

  /// ``last``, given ``lastValueOffset`` (which a scan of many lenses reads once).
  @inline(__always)
  func last(offset: Int) -> UnsafeMutablePointer<Element> {
    (Unmanaged.passUnretained(self).toOpaque() + offset).assumingMemoryBound(to: Element.self)
  }

  /// The element is not in the collection: the scope leaves the index of live element scopes
  /// and keeps the last value for good. Returns `false`, for the callers that report the
  /// element missing.
  private func markRemoved() -> Bool {
    if !isRemoved {
      storedPeriod = .min
      scopes.remove(id: id, lens: ObjectIdentifier(self))
    }
    return false
  }

  /// The element left the collection; `element` is its value before it left.
  func elementWasRemoved(lastValue element: Element) {
    last.pointee = element
    _ = markRemoved()
  }

  /// The element left the collection, its last value is the last one seen.
  func elementWasRemoved() {
    _ = markRemoved()
  }

  /// Brings the last value up to date with the element in `parent`, for a scope no observer
  /// compares: a removal keeps the value seen last. Marks the lens removed when the element is
  /// gone.
  func refreshLast(in parent: UnsafePointer<IdentifiedArray<ID, Element>>) {
    guard !isRemoved else { return }
    _ = withChangedChild(in: parent) { _ in }
  }

  override var isChildRemoved: Bool { isRemoved }

  /// The element, bitwise its last value, was found at `index`: it moved there. Returns
  /// `false` (and changes nothing) for a lens whose element was found removed.
  func elementMoved(to index: Int) -> Bool {
    guard !isRemoved else { return false }
    lastIndex = index
    return true
  }

  /// Finds the element where it was last found, else by id, and remembers its index.
  override func containsChild(in parent: UnsafePointer<IdentifiedArray<ID, Element>>) -> Bool {
    guard !isRemoved else { return false }
    let ids = parent.pointee.ids
    if lastIndex < ids.count, ids[lastIndex] == id { return true }
    guard let index = ids.firstIndex(of: id) else { return markRemoved() }
    lastIndex = index
    return true
  }

  override func withChild(
    in parent: UnsafePointer<IdentifiedArray<ID, Element>>,
    _ body: (UnsafePointer<Element>) -> Void
  ) -> Bool {
    guard containsChild(in: parent) else { return false }
    last.pointee = parent.pointee[lastIndex]
    body(last)
    return true
  }

  /// The element at the last index, when it is bitwise identical to the last element, is
  /// that element unchanged: its id is part of (or computed from) its value, and ids are
  /// unique in the collection. Otherwise the element is looked up: at the last index first
  /// (an element changed in place stays there), by id otherwise.
  override func withChangedChild(
    in parent: UnsafePointer<IdentifiedArray<ID, Element>>,
    _ body: (UnsafePointer<Element>) -> Void
  ) -> Bool {
    let elements = parent.pointee.elements
    return elements.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return markRemoved() }
      if lastIndex < buffer.count, !SharedChanges.isComparingAll,
        hasSameBytes(base + lastIndex, last, count: MemoryLayout<Element>.size)
      {
        return true
      }
      guard !isRemoved else { return false }
      let ids = parent.pointee.ids
      if lastIndex >= ids.count || ids[lastIndex] != id {
        guard let index = ids.firstIndex(of: id) else { return markRemoved() }
        lastIndex = index
      }
      last.pointee = base[lastIndex]
      body(last)
      return true
    }
  }

  override func withLastChild(_ body: (UnsafePointer<Element>) -> Void) {
    body(last)
  }

  /// The element is at `child`, at `index` of the collection: no lookup of the elements'
  /// buffer or of the ids (each a run-time metadata lookup in this unspecialized code).
  override func withChangedChild(
    at child: UnsafePointer<Element>, index: Int, _ body: (UnsafePointer<Element>) -> Void
  ) -> Bool {
    guard !isRemoved else { return false }
    lastIndex = index
    if !SharedChanges.isComparingAll, hasSameBytes(child, last, count: MemoryLayout<Element>.size) {
      return true
    }
    last.pointee = child.pointee
    body(last)
    return true
  }

  override var isElementLens: Bool { true }

  /// Found once for the collection's elements, rather than per element scope made.
  override var childIsIdentifiedCollection: Bool { scopes.elementIsIdentifiedCollection }

  /// The element's key, when it is the element's own id (see
  /// `ElementStores.ownIdentity(of:id:)`).
  override var storeIdentity: AnyHashable? { scopes.keyIsIdentityType ? AnyHashable(id) : nil }

  override func modify(
    _ parent: inout IdentifiedArray<ID, Element>, _ body: (inout Element) -> Void
  ) {
    // A write to a removed element is dropped: a binding of a row animating out may still
    // write, and there is nothing left to write to.
    guard !isRemoved, let index = parent.index(id: id) else {
      _ = markRemoved()
      return
    }
    body(&parent[index])
    last.pointee = parent[index]
  }

  override var pathComponent: String {
    "[id: \(describeValue(id))]"
  }
}

/// Compares an identified collection that a plain reducer writes in place
/// (`state.rows[id: id]?.value = …`) without copying it on every write.
///
/// A scope's snapshot shares the collection's buffers, so every in-place write to an element
/// copies the whole collection first (and the snapshot then releases the old copy): O(rows)
/// retains and releases per send. Once the scope sees such a write, the shadow replaces the
/// snapshot: the collection's buffer is then referenced by the state alone and later writes
/// happen in place. Each comparison checks the ids first. Then, when few elements have an
/// active scope (a screen's worth of a long collection), each of those compares its element
/// with the last value its lens holds: O(observed rows), whatever the collection holds. When
/// many do, the shadow takes the snapshot's elements as its own private copy, compares the
/// elements with it in large blocks of bytes, and compares only the scopes of the elements
/// that differ.
///
/// Both are sound for the reason a snapshot's comparison is: the copy, like a lens's last
/// value, holds its own references to the element's buffers, so an element bitwise identical
/// to it is the same value.
/// How the shadows of collections compare (see ``CollectionShadow``): by the density of active
/// element scopes, or always one way (the model tests run both).
enum ShadowComparison: Sendable {
  /// A copy of the elements when at least one element in 16 has an active scope, the ids alone
  /// otherwise.
  case byDensity
  /// Always the ids alone.
  case idsOnly

  /// How the shadows of the collections whose first element stores are made in this task
  /// compare.
  @TaskLocal static var current = ShadowComparison.byDensity
}

class CollectionShadow<Collection> {
  /// Whether the shadow holds a copy of the collection's elements.
  var isShadowing: Bool { false }
  /// Starts shadowing the collection, now `new`, in place of the scope's snapshot `old`
  /// (about to be dropped) when `new` has the same ids; returns whether it did. `observers`
  /// are the scope's.
  func startShadowing(
    from old: UnsafePointer<Collection>, to new: UnsafePointer<Collection>,
    observers: ObserverSet<Collection>
  ) -> Bool { false }
  /// Compares `collection` with the copy, as the scope's observers would compare it, and
  /// brings the copy up to date. Returns `false`, having stopped, when the ids changed. Stops
  /// after a run of comparisons that found nothing changed.
  func collectChanges(
    in collection: UnsafePointer<Collection>, observers: ObserverSet<Collection>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) -> Bool { false }
  /// Drops the copy.
  func stopShadowing() {}
  /// Drops the copy of a collection that is now `collection`, changed in ways not compared
  /// yet: the elements that left it take their last value from the copy first (as they would
  /// from the snapshot it replaced).
  func stopShadowing(changedTo collection: UnsafePointer<Collection>) { stopShadowing() }
  /// The scope of the element that `mutation`, a mutation of this collection, mutates, if it
  /// has one (see ``ElementMutation``).
  func scope(for mutation: ElementMutation) -> ObservationCell? { nil }
  /// The collection's scope became active or inactive; `comparesAtOffset` tells whether it
  /// compares the collection at a stored offset (with a snapshot or this shadow).
  func collectionScopeDidChangeActivity(isActive: Bool, comparesAtOffset: Bool) {}
  /// Compares the active element scopes `scopes` (of the collection's set) against
  /// `collection` in one pass.
  func collectElementChanges(
    in collection: UnsafePointer<Collection>, scopes: ContiguousArray<ObservationCell>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) {}
}
