import IdentifiedCollections
import Observation

/// Counts the changes of a root store's state: a cell that went dormant and is read before the
/// next change need not read its value again.
final class ChangeClock {
  /// Unchecked exclusivity: bumped and read on the main actor only, by the root's mutation and
  /// the cells it wakes, never during an access to it.
  @exclusivity(unchecked) var generation = 0
  /// The cells that notified their readers at the last change and wait in their place for a
  /// read (see `ValueCell.deactivateAndNotify()`): the first one here, the others in
  /// `moreAwaitingRead` (a change usually notifies one reader). The next change first makes
  /// those still unread dormant (``retireUnreadCells()``). Unchecked exclusivity, as
  /// `generation`.
  @exclusivity(unchecked) private(set) var awaitingRead: ObservationCell?
  @exclusivity(unchecked) private var moreAwaitingRead: [ObservationCell] = []

  /// A cell notified its readers and waits for a read.
  func cellAwaitsRead(_ cell: ObservationCell) {
    if awaitingRead == nil { awaitingRead = cell } else { moreAwaitingRead.append(cell) }
  }

  /// Makes every cell that notified at the last change and was not read since dormant: its
  /// readers went away, and it costs nothing from now on. Called by the root before a change,
  /// when ``awaitingRead`` is set. (A cell's retirement may release scopes, never notify.)
  func retireUnreadCells() {
    if let cell = awaitingRead, cell.awaitsRead { cell.retireUnread() }
    awaitingRead = nil
    guard !moreAwaitingRead.isEmpty else { return }
    for cell in moreAwaitingRead where cell.awaitsRead {
      cell.retireUnread()
    }
    // One `removeLast` per cell rather than `removeAll(keepingCapacity:)` (see
    // `StateRoot.propagateChanges`).
    while !moreAwaitingRead.isEmpty { moreAwaitingRead.removeLast() }
  }
}

/// Something that watches a value of type `Base` for changes: a ``ValueCell`` (one path read by
/// readers) or a ``ScopeNode`` (a child scope with observers of its own).
///
/// Observers live in an ``ObserverSet``. Only *active* observers are compared on a change: an
/// observer is active from the first read after it was created until the change that notifies
/// its readers (a ``ValueCell`` outside a prefix group stays in the active set, not compared,
/// until it is read again or the next change starts; see `ValueCell.deactivateAndNotify()`),
/// so the cost of a change follows what live readers read.
class Observer<Base>: ObservationCell {
  // The flags come first: they fill the end of the word that `ObservationCell` starts.

  /// Whether this observer is the scope of one element of an identified collection: the set
  /// keeps those apart, so that a change known to touch one element compares only that
  /// element's scope.
  final let isElementScope: Bool
  /// Whether this observer is a child scope found at a byte offset of `Base`, which may hold a
  /// collection an element reducer mutates in place (see ``ElementMutation``).
  final let isOffsetScope: Bool
  /// Whether what this observer watches in an identified collection depends only on its ids
  /// (the cell of `ids` that element stores read): an element mutated in place leaves it
  /// unchanged (`IdentifiedArray` traps if the element's id changes), so a comparison known to
  /// follow only such mutations skips it.
  final var dependsOnlyOnIDs = false
  /// Position in the owning set's active observers (`activeElements` for an element scope),
  /// or -1 when inactive.
  final var activeIndex: Int {
    @inline(__always) get { Int(storedActiveIndex) }
    set { storedActiveIndex = Int32(truncatingIfNeeded: newValue) }
  }
  /// `activeIndex`, in 32 bits so that it shares the flags' word (a set has fewer than
  /// 2^31 observers).
  private final var storedActiveIndex: Int32 = -1
  /// The group of the cells of paths with the same prefix this observer belongs to, if any
  /// (see ``PrefixGroup``): only a ``TrackedObserver`` can (a cell, a listener), and the
  /// observers that cannot (a child scope, one per row of a long list) have no field for it.
  var prefixGroup: PrefixGroup<Base>? { nil }

  init(isElementScope: Bool = false, isOffsetScope: Bool = false) {
    self.isElementScope = isElementScope
    self.isOffsetScope = isOffsetScope
  }

  /// Compares what this observer watches in `base` with what it saw last; appends the cells
  /// whose readers must be notified.
  func collectChanges(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {}

  /// Like `collectChanges(in:into:recorder:)` for the scope of one element of the collection
  /// `base`, the element known to be at `element`, at `index` (see
  /// `ScopeNode.collectChanges(ofElementAt:index:in:into:recorder:)`).
  func collectChanges(
    ofElementAt element: UnsafeRawPointer, index: Int, in base: UnsafePointer<Base>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) {
    collectChanges(in: base, into: &changed, recorder: recorder)
  }

  /// An element of the collection `size` bytes long at `offset` in `base` is about to be
  /// mutated in place; a scope that holds that collection prepares for it (see
  /// ``ElementMutation``).
  func prepareForElementMutation(
    _ mutation: ElementMutation, at offset: Int, size: Int, in base: UnsafeRawPointer
  ) {}
}

/// An observer readers track (a ``ValueCell``, a ``RowsListener``), with a registrar of its
/// own; the observers that only compare and pass changes on (a ``ScopeNode``, a
/// ``PrefixGroup``) have none (see ``ObservationCell/notifyChange()``).
class TrackedObserver<Base>: Observer<Base> {
  /// Where readers register.
  private let registrar = ObservationRegistrar()
  /// For a cell of a path through a subscript or computed property after stored properties:
  /// its place in the group of the cells of paths with the same prefix, which holds it while
  /// it is active (see ``PrefixGroup``): the group's own membership, or what the group tells
  /// the cell apart by (an ``ElementKey``). One field for both: a cell is made per row of a
  /// long list.
  final var membership: GroupMembership?
  /// The group of ``membership``, if any.
  final var group: PrefixGroup<Base>? {
    guard let membership else { return nil }
    // The membership of an observer of a set of `Base` names a group of that set.
    return unsafeDowncast(membership.group, to: PrefixGroup<Base>.self)
  }

  override final var prefixGroup: PrefixGroup<Base>? { group }

  /// Registers the current reader (if any) as depending on this observer.
  @inline(__always)
  final func track() {
    track(on: registrar)
  }

  override final func notifyChange() {
    notifyChange(on: registrar)
  }
}

/// The value a set of observers looks at, and how to change it: the root store's state, or a
/// child scope's part of its parent's.
protocol ObservationHost<Value>: AnyObject {
  associatedtype Value
  var observers: ObserverSet<Value> { get }
  /// Calls `body` with the current value (for an element that left its collection, the last
  /// value it had).
  func withCurrentValue(_ body: (UnsafePointer<Value>) -> Void)
  /// Mutates the value in place and propagates the change to every active observer of the root.
  func mutateValue(cause: @autoclosure () -> ChangeLogEntry.Cause, _ body: (inout Value) -> Void)
  /// Where the root's change log goes.
  var changeLog: ((ChangeLogEntry) -> Void)? { get set }
  /// The path of this value from the root state (empty for the root), for the change log.
  var pathDescription: String { get }
  /// The set went from no active observers to some (`true`) or back (`false`).
  func observersDidChangeActivity(isActive: Bool)
  /// The id of the value, for the stores over this host that do not keep it themselves (see
  /// `Store.identity`): a constant, read from any thread.
  var storeIdentity: AnyHashable? { get }
  /// The root state's changes, shared by every host of one store tree (the root keeps it; a
  /// scope reaches it through its parent). Unretained: the root outlives every host under it
  /// (each holds its parent), and a retain and release per level cost more than the lookup.
  var clock: Unmanaged<ChangeClock> { get }
}

extension ObservationHost {
  var storeIdentity: AnyHashable? { nil }
}

/// A cell read lately through a key path object (see `ObserverSetExtras.recent`); not nested in
/// the generic `ObserverSet`, so that its layout is known statically.
struct RecentCell {
  let keyPath: AnyKeyPath
  let cell: ObservationCell
}

/// What only some ``ObserverSet``s need: cells beyond the first, prefix groups, child scopes at
/// offsets, element scopes (the set of one row of a list, one per row, has none of it). Not
/// nested in the generic set, so that its layout is known statically. Touched on the main
/// actor only, never during an access to it (no dynamic exclusivity checks).
final class ObserverSetExtras {
  /// The set's cells by key path, once it has had more than one (see `ObserverSet.cells`).
  @exclusivity(unchecked) var stored: [AnyKeyPath: ObservationCell] = [:]
  /// The cells of the key paths read last, by key path object: a view body reads the same
  /// key path literals (one object each) on every render, and comparing objects costs far less
  /// than hashing an `AnyKeyPath` for the dictionary (hundreds of instructions).
  ///
  /// Invariant (relied on by the `unsafeDowncast` in `ObserverSet.recentCell(for:)`): every
  /// entry's cell is the one the set's `cells` holds under the entry's key path, so that the
  /// cell at a `KeyPath<Base, V>` object is a `ValueCell<Base, V>`; the entries are dropped
  /// whenever a cell leaves `cells`. An entry holds its key path, so the key path's address
  /// cannot be reused by another one while the entry exists.
  @exclusivity(unchecked) var recent = RecentEntries<RecentCell>()
  /// The groups of the cells of paths through a subscript or computed property, by prefix
  /// (see ``PrefixGroup``), each a `PrefixGroup<Base>` of the set's `Base`; kept while the set
  /// exists (one per prefix read, at most one per stored property of `Base`'s layout and
  /// type).
  @exclusivity(unchecked) var prefixGroups: [PrefixKey: ObservationCell] = [:]
  /// The set's active child scopes and prefix groups at a byte offset of its `Base` (see
  /// `ObserverSet.activeOffsetScopes`).
  @exclusivity(unchecked) var offsetScopes: [ObservationCell] = []
  /// The set's `collectionShadow`, a `CollectionShadow<Base>` of the set's `Base`.
  @exclusivity(unchecked) var collectionShadow: AnyObject?
  /// The set's active observers after its first (see `ObserverSet.firstActive`).
  @exclusivity(unchecked) var moreActive: ContiguousArray<ObservationCell> = []
  /// The set's active scopes of single elements of an identified collection (see
  /// `ObserverSet.activeElements`).
  @exclusivity(unchecked) var activeElements: ContiguousArray<ObservationCell> = []
  /// How many of the set's cells are dormant (see `ObserverSet.makeDormant(_:)`); counted only
  /// here: a set without extras has one cell at most.
  @exclusivity(unchecked) var dormantCount = 0
  /// The child stores of the store over the set's host (see `ObserverSet.childStores`).
  @exclusivity(unchecked) var childStores: ChildStores?
}

/// The observers of one value: the cells readers read, by key path, and the child scopes.
///
/// The containers hold `ObservationCell`s, not `Observer<Base>`s: containers of a
/// non-generic element type are specialized at compile time, while those of `Observer<Base>`
/// would look up their generic metadata at run time on every use (most of a send's cost in
/// callgrind). Everything stored is an `Observer<Base>`.
///
/// The stored properties opt out of dynamic exclusivity checks (each access would otherwise
/// call into the runtime, several times per send): they are touched only on the main actor,
/// never while a mutating access to them is in progress.
final class ObserverSet<Base> {
  /// Invariant (relied on by the `unsafeDowncast`s below): every cell stored here and in the
  /// lists is an `Observer<Base>`, and the cell at key path `KeyPath<Base, V>` is a
  /// `ValueCell<Base, V>` (only `makeCell(for:)` inserts, with the key path it is given); a
  /// projection's cell is at a key of another root, whose value type names the projection's
  /// (see `cell(for:projecting:description:)`).
  ///
  /// A set's first cell is kept apart (``soleCell``) until a second one comes: an element
  /// store's row view usually reads one path, and a dictionary and a list of recent cells cost
  /// about 190 bytes per row of a long list. Invariant: `storedExtras.stored` is empty while
  /// `soleCell` is set.
  var cells: [AnyKeyPath: ObservationCell] {
    guard let soleCell else { return storedExtras?.stored ?? [:] }
    return [Self.key(of: soleCell): soleCell]
  }
  /// What only some sets need (see ``ObserverSetExtras``), made when first needed: the set of
  /// one row of a list (one per row) has one cell and none of it.
  @exclusivity(unchecked) private var storedExtras: ObserverSetExtras?
  /// The set's only cell, while it has had only one (see ``cells``), stored under its key.
  @exclusivity(unchecked) private var soleCell: ObservationCell?
  /// The first active observer but for the scopes of single elements (those are in
  /// `activeElements`), at `activeIndex` 0; the others are in the extras' `moreActive`, each at
  /// one past its place there. Invariant: there are none there while this is `nil`. Kept
  /// apart: the set of one row of a list (one per row) has one active observer, and an array
  /// of one costs 48 bytes.
  @exclusivity(unchecked) private var firstActive: ObservationCell?
  /// The active observers after `firstActive`.
  private var moreActive: ContiguousArray<ObservationCell> { storedExtras?.moreActive ?? [] }
  /// The active observers, but for the scopes of single elements (in `activeElements`).
  var active: [ObservationCell] {
    guard let firstActive else { return [] }
    return [firstActive] + moreActive
  }
  /// The active scopes of single elements of an identified collection (kept in the extras:
  /// only the set of a collection has any).
  var activeElements: ContiguousArray<ObservationCell> {
    storedExtras?.activeElements ?? []
  }
  /// The active child scopes and prefix groups at a byte offset of `Base` (a subset of
  /// `active`).
  private var activeOffsetScopes: [ObservationCell] { storedExtras?.offsetScopes ?? [] }
  /// For the set of an identified collection with element stores: the scopes of its elements
  /// (an ``ElementScopes``), which compare the active ones in one pass and shadow the
  /// collection once a plain reducer writes elements in place (see ``CollectionShadow``).
  /// Set by the collection's scope (``ScopeNode/collectionShadow``), which holds it too.
  var collectionShadow: CollectionShadow<Base>? {
    get {
      guard let shadow = storedExtras?.collectionShadow else { return nil }
      // Only this setter stores one, a `CollectionShadow<Base>`.
      return unsafeDowncast(shadow, to: CollectionShadow<Base>.self)
    }
    set { extras.collectionShadow = newValue }
  }
  /// Unowned and unchecked (a checked unowned reference is retained and released around every
  /// use): the host owns this set (its `observers`), and everything that uses the set holds
  /// the host too (a store holds both; a cell or scope is reached through the set).
  /// Set once, by the host's initializer, right after it made this set (``attach(to:)``): the
  /// host holds the set in a constant, which it reads without retaining it, so the set cannot
  /// be given the host before the host exists.
  private(set) unowned(unsafe) var host: (any ObservationHost<Base>)!
  /// The root state's changes, shared by every set of one store tree: kept by the root, not
  /// here (the set of one row of a list, one per row, is a word smaller).
  var clock: Unmanaged<ChangeClock> { host.clock }

  init() {}

  /// Makes `host` the value this set observes; called once, by the host's initializer.
  func attach(to host: any ObservationHost<Base>) {
    precondition(self.host == nil, "An observer set belongs to one host.")
    self.host = host
  }

  /// Cells that notified their readers and have not been read since (counted in the extras'
  /// `dormantCount`) cost nothing on a change (they are not active); they are kept so that
  /// the re-render that usually follows a notification finds its cell, and dropped once there
  /// are more than ``dormantLimit``.
  static var dormantLimit: Int { 32 }

  @inline(__always)
  private static func observer(_ cell: ObservationCell) -> Observer<Base> {
    unsafeDowncast(cell, to: Observer<Base>.self)
  }

  /// The key of a cell stored in `cells` (a `ValueCell<Base, _>`, so a `KeyedCell<Base>`).
  @inline(__always)
  private static func key(of cell: ObservationCell) -> AnyKeyPath {
    unsafeDowncast(cell, to: KeyedCell<Base>.self).key
  }

  /// The child stores made by the store over this set's host, kept here rather than in the
  /// store (an element store of a row rarely scopes, and a long list has one per row). A host
  /// has one store at a time: each store has a host of its own, but for the scope of an
  /// element, which a new store of the element takes up once the last one is gone (the child
  /// stores of that one, each holding it, are gone too).
  var childStores: ChildStores? {
    @inline(__always) get { storedExtras?.childStores }
  }

  /// ``childStores``, made if needed.
  func makeChildStores() -> ChildStores {
    let extras = self.extras
    if let childStores = extras.childStores { return childStores }
    let made = ChildStores()
    extras.childStores = made
    return made
  }

  /// ``storedExtras``, made if needed.
  private var extras: ObserverSetExtras {
    if let storedExtras { return storedExtras }
    let made = ObserverSetExtras()
    storedExtras = made
    return made
  }

  /// The cell for `keyPath`, created from the current value when no live reader has it.
  @inline(__always)
  func cell<Value>(for keyPath: KeyPath<Base, Value>) -> ValueCell<Base, Value> {
    if let soleCell, Self.key(of: soleCell) === keyPath {
      let cell = unsafeDowncast(soleCell, to: ValueCell<Base, Value>.self)
      if cell.activeIndex < 0 { wake(cell) }
      return cell
    }
    if let cell = recentCell(for: keyPath) { return cell }
    let cell = existingCell(at: keyPath) ?? makeCell(for: keyPath)
    // The sole cell is found before the recent ones.
    if cell !== soleCell { extras.recent.remember(RecentCell(keyPath: keyPath, cell: cell)) }
    return cell
  }

  /// The cell of a key path object read lately, woken if it was dormant, or `nil`.
  @inline(__always)
  private func recentCell<Value>(for keyPath: KeyPath<Base, Value>) -> ValueCell<Base, Value>? {
    guard let extras = storedExtras else { return nil }
    let found = extras.recent.first { entry in
      entry.pointee.keyPath === keyPath ? entry.pointee.cell : nil
    }
    guard let found else { return nil }
    let cell = unsafeDowncast(found, to: ValueCell<Base, Value>.self)
    if cell.activeIndex < 0 { wake(cell) }
    return cell
  }

  /// Whether the invariant of the recent cells holds: each entry's cell is the one `cells` holds
  /// under its key path (checked by the model test after every step).
  var recentCellsMatchCells: Bool {
    (storedExtras?.recent.entries ?? []).allSatisfy { cells[$0.keyPath] === $0.cell }
  }

  /// The cell stored at `key`, woken if it was dormant, or `nil`.
  @inline(__always)
  private func existingCell<Value>(at key: AnyKeyPath) -> ValueCell<Base, Value>? {
    let stored =
      if let soleCell { Self.key(of: soleCell) == key ? soleCell : nil } else {
        storedExtras?.stored[key]
      }
    guard let found = stored else { return nil }
    let cell = unsafeDowncast(found, to: ValueCell<Base, Value>.self)
    if cell.activeIndex < 0 { wake(cell) }
    return cell
  }

  /// The cell of the value `project` computes from `Base`, under `key` (a key path into
  /// another root, so that it is never taken for a path of `Base`): for a value that a key
  /// path of `Base` cannot reach safely, such as the presence of a child behind an optional
  /// chain through an enum case (appending to such a path crashes the runtime).
  func cell<Value>(
    for key: AnyKeyPath, projecting project: @escaping (Base) -> Value,
    description: @autoclosure () -> String
  ) -> ValueCell<Base, Value> {
    if let cell: ValueCell<Base, Value> = existingCell(at: key) { return cell }
    var initial: Value?
    host.withCurrentValue { initial = project($0.pointee) }
    // `withCurrentValue` always calls its body.
    return insert(
      ValueCell(
        key: key, project: project, description: description(), value: initial!, set: self))
  }

  /// Stores a new cell under its key and makes it active.
  private func insert<Value>(_ cell: ValueCell<Base, Value>) -> ValueCell<Base, Value> {
    if soleCell == nil, storedExtras?.stored.isEmpty ?? true {
      soleCell = cell
    } else {
      let extras = self.extras
      if let soleCell {
        extras.stored[Self.key(of: soleCell)] = soleCell
        self.soleCell = nil
      }
      extras.stored[cell.key] = cell
    }
    activate(cell)
    return cell
  }

  /// A dormant cell is read again: it takes the current value (unless nothing changed since it
  /// went dormant, as when a view renders right after the change that notified it) and is
  /// compared again.
  private func wake<Value>(_ cell: ValueCell<Base, Value>) {
    if cell.dormantSince != clock._withUnsafeGuaranteedRef(\.generation) {
      host.withCurrentValue { cell.refresh(from: $0) }
    }
    // Reads are counted afresh from the wake (the change log reports them per change).
    cell.resetReads()
    if let extras = storedExtras, extras.dormantCount > 0 { extras.dormantCount -= 1 }
    activate(cell)
  }

  /// A cell notified its readers (who Observation then cancels): it stops being compared.
  func makeDormant(_ observer: Observer<Base>) {
    guard observer.activeIndex >= 0 else { return }
    deactivate(observer)
    // A set without extras has one cell at most: nothing to bound.
    guard let extras = storedExtras else { return }
    extras.dormantCount += 1
    if extras.dormantCount > Self.dormantLimit {
      extras.stored = extras.stored.filter { Self.observer($0.value).activeIndex >= 0 }
      extras.recent.removeAll()
      if let soleCell, Self.observer(soleCell).activeIndex < 0 { forgetSoleCell() }
      extras.dormantCount = 0
    }
  }

  private func makeCell<Value>(for keyPath: KeyPath<Base, Value>) -> ValueCell<Base, Value> {
    let offset = MemoryLayout<Base>.offset(of: keyPath)
    // A path of stored properties has an offset, and so no prefix.
    let prefix = offset == nil ? StoredPrefix.of(keyPath) : nil
    let group = prefix.map(group(for:))
    var initial: Value?
    var elementKey: GroupMembership?
    host.withCurrentValue { base in
      initial = base.pointee[keyPath: keyPath]
      if let group, let prefix {
        elementKey = group.elementKey(for: keyPath, at: prefix.next, in: base)
      }
    }
    // `withCurrentValue` always calls its body.
    let cell = ValueCell(keyPath: keyPath, offset: offset, value: initial!, set: self)
    if let group { cell.membership = elementKey ?? group.membership }
    return insert(cell)
  }

  /// The group of the cells whose paths start with `prefix`, made on first use.
  private func group(for prefix: StoredPrefix) -> PrefixGroup<Base> {
    group(offset: prefix.offset, type: prefix.type)
  }

  /// The group of the prefix of type `type` at `offset`, made on first use.
  private func group(offset: Int, type: Any.Type) -> PrefixGroup<Base> {
    let key = PrefixKey(offset: offset, type: ObjectIdentifier(type))
    // Every group stored under a key is a `PrefixGroup<Base>` (made below).
    if let group = storedExtras?.prefixGroups[key] {
      return unsafeDowncast(group, to: PrefixGroup<Base>.self)
    }
    func make<Prefix>(_: Prefix.Type) -> PrefixGroup<Base> {
      TypedPrefixGroup<Base, Prefix>(offset: offset)
    }
    let group =
      (type as? any IdentifiedCollectionPrefix.Type)?.makePrefixGroup(offset: offset)
      ?? _openExistential(type, do: make)
    extras.prefixGroups[key] = group
    return group
  }

  /// A new active listener to the elements of the collection at `keyPath` (see
  /// ``RowsListener``), or `nil` when the path is not made of stored properties (then no
  /// group can compare it).
  func rowsListener<ID, Element>(
    at keyPath: KeyPath<Base, IdentifiedArray<ID, Element>>
  ) -> RowsListener<Base, ID, Element>? {
    guard let offset = MemoryLayout<Base>.offset(of: keyPath) else { return nil }
    let listener = RowsListener<Base, ID, Element>(set: self, offset: offset)
    listener.membership = group(offset: offset, type: IdentifiedArray<ID, Element>.self).membership
    activate(listener)
    return listener
  }

  /// Whether no observer is active: then nothing of `Base` is compared on a change.
  var isInactive: Bool {
    firstActive == nil && storedExtras?.activeElements.isEmpty ?? true
  }

  /// Every active observer, element scopes included.
  var allActive: [Observer<Base>] {
    (active + activeElements).map(Self.observer)
  }

  func activate(_ observer: Observer<Base>) {
    guard observer.activeIndex < 0 else { return }
    if let group = observer.prefixGroup {
      // The group is compared in the cell's place; it starts from the current prefix, as the
      // cell starts from the current value.
      observer.activeIndex = group.members.count
      group.members.append(observer)
      // Only a tracked observer has a group.
      group.memberDidActivate(unsafeDowncast(observer, to: TrackedObserver<Base>.self))
      if group.members.count == 1 {
        host.withCurrentValue { group.takeSnapshot(in: $0) }
        activate(group)
      }
      return
    }
    let wasInactive = isInactive
    if observer.isElementScope {
      let extras = self.extras
      observer.activeIndex = extras.activeElements.count
      extras.activeElements.append(observer)
    } else {
      if firstActive == nil {
        observer.activeIndex = 0
        firstActive = observer
      } else {
        let extras = self.extras
        observer.activeIndex = extras.moreActive.count + 1
        extras.moreActive.append(observer)
      }
      if observer.isOffsetScope { extras.offsetScopes.append(observer) }
    }
    if wasInactive { host.observersDidChangeActivity(isActive: true) }
  }

  func deactivate(_ observer: Observer<Base>) {
    let index = observer.activeIndex
    guard index >= 0 else { return }
    if let group = observer.prefixGroup {
      // Only a tracked observer has a group.
      group.memberWillDeactivate(unsafeDowncast(observer, to: TrackedObserver<Base>.self))
      Self.remove(observer, at: index, from: &group.members)
      observer.activeIndex = -1
      if group.members.isEmpty {
        deactivate(group)
        group.dropSnapshot()
      }
      return
    }
    if observer.isElementScope {
      // An active element scope is in the extras (see `activate(_:)`).
      Self.remove(observer, at: index, from: &storedExtras!.activeElements)
    } else {
      removeActive(observer, at: index)
      if observer.isOffsetScope, let extras = storedExtras,
        let position = extras.offsetScopes.firstIndex(where: { $0 === observer })
      {
        extras.offsetScopes.remove(at: position)
      }
    }
    observer.activeIndex = -1
    if isInactive { host.observersDidChangeActivity(isActive: false) }
  }

  /// Removes `observer` from `index` of the active observers (`firstActive`, `moreActive`),
  /// moving the last one there.
  private func removeActive(_ observer: Observer<Base>, at index: Int) {
    guard let extras = storedExtras, !extras.moreActive.isEmpty else {
      firstActive = nil
      return
    }
    let last = extras.moreActive.removeLast()
    if last !== observer {
      if index == 0 { firstActive = last } else { extras.moreActive[index - 1] = last }
      Self.observer(last).activeIndex = index
    }
  }

  /// Calls `body` with every active observer but the element scopes, those active when the
  /// call starts (as a loop over a copy of one array would).
  @inline(__always)
  private func forEachActive(_ body: (Observer<Base>) -> Void) {
    guard let first = firstActive else { return }
    guard let extras = storedExtras, !extras.moreActive.isEmpty else {
      body(Self.observer(first))
      return
    }
    let more = extras.moreActive
    body(Self.observer(first))
    for observer in more { body(Self.observer(observer)) }
  }

  /// Removes `observer` from `index` of `list`, moving the last one there.
  private static func remove(
    _ observer: Observer<Base>, at index: Int, from list: inout ContiguousArray<ObservationCell>
  ) {
    let last = list.removeLast()
    if last !== observer {
      list[index] = last
      Self.observer(last).activeIndex = index
    }
  }

  /// The active child scope that reads the child at `keyPath` through a ``KeyPathLens``, if
  /// any: a scan of the active scopes (of those at an offset, for a path of stored
  /// properties), for the rare lookup of a collection's scope whose element stores went away.
  func activeScope<Child>(at keyPath: KeyPath<Base, Child>) -> ScopeNode<Base, Child>? {
    let candidates =
      MemoryLayout<Base>.offset(of: keyPath) != nil ? activeOffsetScopes : Array(active)
    for cell in candidates {
      if let scope = cell as? ScopeNode<Base, Child>,
        let lens = scope.lens as? KeyPathLens<Base, Child>, lens.keyPath == keyPath
      {
        return scope
      }
    }
    return nil
  }

  /// Drops a cell for good (its value is gone: an element left its collection).
  func forget(_ observer: Observer<Base>, at keyPath: AnyKeyPath) {
    deactivate(observer)
    if let soleCell {
      if Self.key(of: soleCell) == keyPath { forgetSoleCell() }
    } else {
      storedExtras?.stored[keyPath] = nil
    }
    storedExtras?.recent.removeAll()
  }

  private func forgetSoleCell() {
    soleCell = nil
  }

  /// Compares every active observer against `base`.
  ///
  /// - Complexity: O(active observers), each a byte comparison where the path is made of
  ///   stored properties, a key path read and `==` otherwise.
  @inline(__always)
  func collectChanges(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    forEachActive { $0.collectChanges(in: base, into: &changed, recorder: recorder) }
    collectElementScopeChanges(in: base, into: &changed, recorder: recorder)
  }

  /// Compares the active observers against `base` when its ids are those of the last
  /// comparison (a collection whose elements may have changed in place): the observers of the
  /// ids alone are skipped.
  ///
  /// - Complexity: O(active observers).
  func collectChangesWithSameIDs(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    collectChangesBesideElements(in: base, into: &changed, recorder: recorder)
    collectElementScopeChanges(in: base, into: &changed, recorder: recorder)
  }

  /// Compares every active element scope against `base`.
  @inline(__always)
  private func collectElementScopeChanges(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    guard let extras = storedExtras, !extras.activeElements.isEmpty else { return }
    let activeElements = extras.activeElements
    if let collectionShadow {
      collectionShadow.collectElementChanges(
        in: base, scopes: activeElements, into: &changed, recorder: recorder)
    } else {
      for observer in activeElements {
        Self.observer(observer).collectChanges(in: base, into: &changed, recorder: recorder)
      }
    }
  }

  /// Compares the active observers against `base` when only the elements whose scopes are
  /// `elementScopes` may have changed: the scopes of the other elements are not visited.
  ///
  /// - Complexity: O(active observers that are not element scopes + `elementScopes`).
  func collectChanges(
    in base: UnsafePointer<Base>, onlyElements elementScopes: ContiguousArray<ObservationCell>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) {
    collectChangesBesideElements(in: base, into: &changed, recorder: recorder)
    for scope in elementScopes {
      let observer = Self.observer(scope)
      // An inactive scope has no reader to notify.
      if observer.activeIndex >= 0 {
        observer.collectChanges(in: base, into: &changed, recorder: recorder)
      }
    }
  }

  /// Like `collectChanges(in:onlyElements:into:recorder:)` for one element scope, whose
  /// element is known to be at `element`, at `index` of `base`.
  func collectChanges(
    in base: UnsafePointer<Base>, onlyElement scope: ObservationCell,
    at element: UnsafeRawPointer, index: Int, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    collectChangesBesideElements(in: base, into: &changed, recorder: recorder)
    let observer = Self.observer(scope)
    // An inactive scope has no reader to notify.
    if observer.activeIndex >= 0 {
      observer.collectChanges(
        ofElementAt: element, index: index, in: base, into: &changed, recorder: recorder)
    }
  }

  /// Compares the active observers but for the element scopes and those of the ids alone,
  /// when only elements changed in place.
  @inline(__always)
  private func collectChangesBesideElements(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) {
    forEachActive { observer in
      if !observer.dependsOnlyOnIDs {
        observer.collectChanges(in: base, into: &changed, recorder: recorder)
      }
    }
  }

  /// Passes an announced element mutation to the child scopes that hold the collection.
  func prepareForElementMutation(
    _ mutation: ElementMutation, at offset: Int, size: Int, in base: UnsafeRawPointer
  ) {
    guard let extras = storedExtras else { return }
    for scope in extras.offsetScopes {
      Self.observer(scope).prepareForElementMutation(mutation, at: offset, size: size, in: base)
    }
  }
}
