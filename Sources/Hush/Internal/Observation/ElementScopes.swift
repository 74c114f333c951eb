import IdentifiedCollections
import OrderedCollections

/// The scopes of the elements of one identified collection (those of its element stores), by
/// id, each with its store while it has one: how an ``ElementMutation`` finds the one scope to
/// compare, how a change of the collection compares all of them in one pass, and how the
/// element stores find an element's live store.
///
/// Entries do not keep their scopes alive (a scope lives while its store or its active readers
/// do) and are not weak references either: a weak reference gives its object a side table, and
/// every retain and release of the scope then takes the runtime's slow path, once per row per
/// change. A scope's lens removes its entry when the scope goes away. An entry's store is held
/// weakly: a row view holds its store.
///
/// The entries are kept in an array of slots, found by id through a dictionary of slot
/// numbers: an index holds one entry per row of a long list, and a dictionary of the entries
/// themselves would hold two or three times as many.
final class ElementScopes<ID: Hashable, Element>: CollectionShadow<IdentifiedArray<ID, Element>> {
  typealias Scope = ScopeNode<IdentifiedArray<ID, Element>, Element>

  /// Invariant: an entry's scope is alive. Its lens removes the entry when it finds its element
  /// gone (a removed scope is never looked up again) and in its `deinit`, which runs while the
  /// scope is released, before anything can look it up. Every scope here was made by
  /// `makeScope`, so its lens is an `ElementLens<ID, Element>`, and every entry's scope is a
  /// `Scope`.
  private typealias Entry = ElementScopeEntry

  @inline(__always)
  private static func scope(of entry: Unmanaged<AnyObject>) -> Scope {
    unsafeDowncast(entry.takeUnretainedValue(), to: Scope.self)
  }

  // No dynamic exclusivity checks: touched on the main actor only, never during an access to
  // them.

  /// The slot of each live entry, by id.
  @exclusivity(unchecked) private var slotsByID: [ID: Int32] = [:]
  /// The entries, by slot; a free slot has no scope, and is in `freeSlots`.
  @exclusivity(unchecked) private var slots: ContiguousArray<Entry> = []
  @exclusivity(unchecked) private var freeSlots: ContiguousArray<Int32> = []
  /// The stores of elements that left the collection, while a view holds them (a removed row's
  /// store answers its last value): their entries are gone with their scopes' removal.
  private var staleStores = WeakCache<ID>()

  /// Whether a key is its element's own id, when `Element` is `Identifiable` with ids of type
  /// `ID` (then an element's key in the collection usually is; see
  /// `ElementStores.ownIdentity(of:id:)`), `nil` otherwise: found once for `Element`, and
  /// comparing the ids as they are, without boxing them.
  let isOwnID = ownIDComparison(of: Element.self, keys: ID.self)
  /// Where a lens holds its element's last value (``ElementLens/lastValueOffset``), found once
  /// (a scan of the active element scopes would otherwise look up the lens's type per call).
  private let lastValueOffset = ElementLens<ID, Element>.lastValueOffset
  /// Whether `Element` is `Identifiable` with ids of type `ID`.
  var keyIsIdentityType: Bool { isOwnID != nil }
  /// Whether the elements are identified collections themselves (see
  /// `ScopeLens.childIsIdentifiedCollection`).
  let elementIsIdentifiedCollection = Element.self is any IdentifiedCollectionPrefix.Type

  /// The scope of the element whose store is sending an action, while it sends (set by the
  /// element store around its send, restored after): the element mutation the action
  /// announces is usually that element's. Not retained (the sending store holds its scope
  /// for the whole send) and no dynamic exclusivity checks (main actor only, never touched
  /// during an access to it).
  @exclusivity(unchecked) var sending: Unmanaged<Scope>?

  // The shadow (see ``CollectionShadow``). No dynamic exclusivity checks: touched on the main
  // actor only, never during an access to them.

  /// The ids of the collection at the last comparison: holding them makes a change of the
  /// ids copy them, so ids with the same bits are the same ids. `nil` while not shadowing.
  @exclusivity(unchecked) private var shadowIDs: OrderedSet<ID>?
  /// How the shadow compares, chosen when the first element stores were made (a test may
  /// force one way).
  private let comparison = ShadowComparison.current
  /// Whether the shadow copies the elements (`shadow`); otherwise it holds only the ids, and
  /// each active element scope compares its element with the last value its lens holds.
  @exclusivity(unchecked) private(set) var copiesElements = false
  /// The copy of the elements, in the collection's order; empty unless `copiesElements`.
  @exclusivity(unchecked) private var shadow: [Element] = []
  /// The comparisons in a row that found no element changed.
  @exclusivity(unchecked) private var unchangedComparisons = 0
  /// The indices of the elements found changed by a comparison (capacity reused).
  @exclusivity(unchecked) private var changedIndices: ContiguousArray<Int> = []
  /// The scopes of those elements (capacity reused).
  @exclusivity(unchecked) private var changedScopes: ContiguousArray<ObservationCell> = []

  /// After this many comparisons in a row that found nothing changed, a shadow that copies
  /// the elements stops and the scope takes a snapshot again: a send that leaves the
  /// collection alone then costs one byte comparison instead of one over all elements.
  /// Dropping the copy costs about what one copy-on-write of the collection does, and a
  /// comparison over the elements is dozens of times cheaper than either. A shadow of the ids
  /// alone does not stop: a comparison costs what the active element scopes do, where a
  /// snapshot would make the next write copy the collection.
  static var patience: Int { 16 }

  /// The shadow copies the elements when at least one element in this many has a live scope
  /// (every active one is live): one comparison of all the elements in large blocks then
  /// costs less than one per active scope, each through its lens, and than bringing the last
  /// value of every live scope up to date (which the copy makes needless: a removed element's
  /// last value comes from it).
  static var copyingDensity: Int { 16 }

  /// Whether the shadow of a collection of `count` elements copies them (see
  /// ``copyingDensity``).
  private func copyingPays(count: Int) -> Bool {
    slotsByID.count &* Self.copyingDensity >= count
  }

  /// The current period of removal tracking, or `nil` when removals are not tracked.
  ///
  /// Invariant: during a period, every element that leaves the collection has the lens of its
  /// live scope marked removed (``ElementLens/elementWasRemoved(lastValue:)``) by the end of
  /// the change that removed it. It holds while the collection's scope is active and compares
  /// the collection at a stored offset: every change of the collection then reaches the scope
  /// in the same propagation, and a change of its ids goes through
  /// ``elementsWillChange(from:to:)`` (from the snapshot's replacement, or from the shadow's
  /// comparison). A period ends whenever the scope's activity changes. So a lens found present
  /// in the current period (``ElementLens/presentInPeriod``) and not marked removed is present:
  /// an element store's send checks that instead of reading the collection.
  @exclusivity(unchecked) private(set) var removalTracking: Int?
  @exclusivity(unchecked) private var periods = 0

  override func collectionScopeDidChangeActivity(isActive: Bool, comparesAtOffset: Bool) {
    // Periods stay within 32 bits (a lens stores them so), never negative.
    periods = periods == Int(Int32.max) ? 0 : periods + 1
    removalTracking = isActive && comparesAtOffset ? periods : nil
  }

  /// The live scope of the element with `id`, if any.
  subscript(id id: ID) -> Scope? {
    guard let slot = slotsByID[id] else { return nil }
    // A slot of `slotsByID` holds a scope.
    return Self.scope(of: slots[Int(slot)].scope!)
  }

  /// The live scope of the element with `id`, if any, with its store if it has one.
  func scopeAndStore(id: ID) -> (scope: Scope, store: AnyObject?)? {
    guard let slot = slotsByID[id] else { return nil }
    // A slot of `slotsByID` holds a scope.
    return (Self.scope(of: slots[Int(slot)].scope!), slots[Int(slot)].store)
  }

  /// The store of the element with `id` that left the collection, if a view still holds it.
  func staleStore(id: ID) -> AnyObject? {
    staleStores[id]
  }

  /// Records `store`, made over the live scope of the element with `id`.
  func setStore(_ store: AnyObject, id: ID) {
    // The store was made over the live scope, which has an entry.
    slots[Int(slotsByID[id]!)].store = store
  }

  /// Creates the scope of the element with `id` (there is no live one), whose value in the
  /// collection now is `element`.
  func makeScope(
    id: ID, element: Element, in collection: ObserverSet<IdentifiedArray<ID, Element>>
  ) -> Scope {
    let lens = ElementLens(id: id, element: element, scopes: self)
    // The element was just read from the collection.
    if let period = removalTracking { lens.presentInPeriod = period }
    let scope = Scope(parent: collection, lens: lens)
    var entry = Entry()
    entry.scope = Unmanaged.passUnretained(scope as AnyObject)
    #if DEBUG
      entry.lens = ObjectIdentifier(lens)
    #endif
    if let slot = freeSlots.popLast() {
      slots[Int(slot)] = entry
      slotsByID[id] = slot
    } else {
      slotsByID[id] = Int32(truncatingIfNeeded: slots.count)
      slots.append(entry)
    }
    return scope
  }

  /// The scope whose lens is `lens`, the live scope of the element with `id`, leaves the index
  /// (its element is gone, or the scope is going away); its store, if a view still holds it,
  /// stays to be found as the element's stale store.
  ///
  /// The entry at `id` is that scope's: an entry is made only where there is none (see
  /// `makeScope`), and a lens removes its entry once, when it is marked removed or, if it
  /// never was, in its `deinit` (so a new scope for the same id comes after). A debug build
  /// checks it.
  func remove(id: ID, lens: ObjectIdentifier) {
    guard let slot = slotsByID.removeValue(forKey: id) else { return }
    let index = Int(slot)
    #if DEBUG
      precondition(
        slots[index].lens == lens,
        "ElementScopes: an element scope's lens removed another scope's entry")
    #endif
    if let store = slots[index].store { staleStores.insert(store, for: id) }
    slots[index] = Entry()
    freeSlots.append(slot)
  }

  /// The collection changes from `old` to `new`: the live scopes of the elements that left it
  /// take their value in `old` as their last one and stay stale (a removed row's store answers
  /// the row's last value, even if it had no reader to follow it).
  ///
  /// - Complexity: O(live scopes) when the ids changed, O(1) otherwise.
  func elementsWillChange(
    from old: UnsafePointer<IdentifiedArray<ID, Element>>,
    to new: UnsafePointer<IdentifiedArray<ID, Element>>
  ) {
    guard !slotsByID.isEmpty else { return }
    let oldIDs = old.pointee.ids
    let ids = new.pointee.ids
    if hasSameBits(oldIDs, ids) { return }
    elementsWillChange(from: oldIDs, elements: old.pointee.elements, to: ids)
  }

  /// Like `elementsWillChange(from:to:)`, with the old collection given as its ids and its
  /// elements in the same order; the caller found the ids changed.
  private func elementsWillChange(
    from oldIDs: OrderedSet<ID>, elements: [Element], to ids: OrderedSet<ID>
  ) {
    for (id, scope, known) in removedEntries(from: oldIDs, to: ids) {
      guard let index = known ?? oldIDs.firstIndex(of: id) else { continue }
      Self.lens(of: scope).elementWasRemoved(lastValue: elements[index])
    }
  }

  /// The ids changed from `oldIDs` to `ids`: the live scopes of the elements that left keep
  /// the last value their lens holds (the shadow of the ids alone keeps it up to date at every
  /// comparison).
  private func elementsWillChange(from oldIDs: OrderedSet<ID>, to ids: OrderedSet<ID>) {
    for (_, scope, _) in removedEntries(from: oldIDs, to: ids) {
      Self.lens(of: scope).elementWasRemoved()
    }
  }

  /// The live entries whose ids are in `oldIDs` and not in `ids`, each with its index in
  /// `oldIDs` when known.
  ///
  /// When many elements have a live scope (a list with every row on screen), the ids the two
  /// share at their start and at their end are passed over by comparison (the same id at the
  /// same place is still there), and only the ids between are looked up: an insertion or a
  /// removal costs O(N) comparisons rather than a hash lookup per live scope.
  private func removedEntries(
    from oldIDs: OrderedSet<ID>, to ids: OrderedSet<ID>
  ) -> [(id: ID, scope: Unmanaged<AnyObject>, index: Int?)] {
    guard slotsByID.count &* 4 >= oldIDs.count else {
      return slotsByID.compactMap { id, slot in
        // A slot of `slotsByID` holds a scope.
        ids.contains(id) ? nil : (id, slots[Int(slot)].scope!, nil)
      }
    }
    let old = oldIDs.elements
    let new = ids.elements
    let shared = min(old.count, new.count)
    var prefix = 0
    while prefix < shared, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shared - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    var removed: [(id: ID, scope: Unmanaged<AnyObject>, index: Int?)] = []
    for index in prefix..<(old.count - suffix) {
      let id = old[index]
      if let slot = slotsByID[id], !ids.contains(id) {
        // A slot of `slotsByID` holds a scope.
        removed.append((id, slots[Int(slot)].scope!, index))
      }
    }
    return removed
  }

  /// The lens of an entry's scope (made by `makeScope`, so an `ElementLens<ID, Element>`).
  private static func lens(of entry: Unmanaged<AnyObject>) -> ElementLens<ID, Element> {
    unsafeDowncast(scope(of: entry).lens, to: ElementLens<ID, Element>.self)
  }

  /// Brings the last value of every live element scope that no observer compares up to date
  /// with `collection`, so that a removal keeps the value seen at the last comparison (what a
  /// snapshot or the copy gives the others).
  ///
  /// One pass, as `collectElementChanges(in:scopes:into:recorder:)`: a scope whose element is
  /// bitwise its last value at the index where it was last found costs one inline byte
  /// comparison; only the others go through their lens (a call that fetches the elements and
  /// looks up their types, hundreds of instructions in this unspecialized code).
  ///
  /// - Complexity: O(live scopes).
  private func refreshInactiveScopes(in collection: UnsafePointer<IdentifiedArray<ID, Element>>) {
    collection.pointee.elements.withUnsafeBufferPointer { elements in
      let base = UnsafeRawPointer(elements.baseAddress)
      let count = elements.count
      let size = MemoryLayout<Element>.size
      let stride = MemoryLayout<Element>.stride
      // The slots one by one, in place (a copy of an entry copies its weak reference), free
      // ones passed over: a lens that finds its element gone frees its slot meanwhile.
      var slot = 0
      while slot < slots.count {
        // Not retained: the entry's scope is alive (see `Entry`), and nothing here releases it.
        let stale = slots[slot].scope?._withUnsafeGuaranteedRef { object -> Bool in
          let scope = unsafeDowncast(object, to: Scope.self)
          guard scope.activeIndex < 0 else { return false }
          // Made by `makeScope`, with an `ElementLens<ID, Element>`.
          let lens = unsafeDowncast(scope.lens, to: ElementLens<ID, Element>.self)
          let index = lens.lastIndex
          guard let base, index < count else { return true }
          return !hasSameBytes(
            base + index * stride, lens.last(offset: lastValueOffset), count: size)
        }
        if stale == true, let entry = slots[slot].scope {
          Self.lens(of: entry).refreshLast(in: collection)
        }
        slot += 1
      }
    }
  }

  override var isShadowing: Bool { shadowIDs != nil }

  override func startShadowing(
    from old: UnsafePointer<IdentifiedArray<ID, Element>>,
    to new: UnsafePointer<IdentifiedArray<ID, Element>>,
    observers: ObserverSet<IdentifiedArray<ID, Element>>
  ) -> Bool {
    // Without element scopes there is nothing to compare per element; with other ids, the
    // collection changed shape, not elements in place.
    guard !slotsByID.isEmpty, hasSameBits(old.pointee.ids, new.pointee.ids) else { return false }
    shadowIDs = old.pointee.ids
    unchangedComparisons = 0
    switch comparison {
    case .byDensity:
      copiesElements = copyingPays(count: new.pointee.count)
    case .idsOnly: copiesElements = false
    }
    // Shares the snapshot's buffer, which the scope drops next: the copy is then the only
    // reference to it, and is updated in place.
    if copiesElements { shadow = old.pointee.elements }
    return true
  }

  override func stopShadowing(changedTo collection: UnsafePointer<IdentifiedArray<ID, Element>>) {
    guard let shadowIDs else { return }
    let ids = collection.pointee.ids
    if !slotsByID.isEmpty, !hasSameBits(shadowIDs, ids) {
      if copiesElements {
        elementsWillChange(from: shadowIDs, elements: shadow, to: ids)
      } else {
        elementsWillChange(from: shadowIDs, to: ids)
      }
    }
    stopShadowing()
  }

  override func stopShadowing() {
    guard shadowIDs != nil else { return }
    shadowIDs = nil
    copiesElements = false
    shadow = []
    unchangedComparisons = 0
  }

  override func collectChanges(
    in collection: UnsafePointer<IdentifiedArray<ID, Element>>,
    observers: ObserverSet<IdentifiedArray<ID, Element>>,
    into changed: inout [ObservationCell], recorder: ChangeRecorder?
  ) -> Bool {
    guard let shadowIDs else { return false }
    let ids = collection.pointee.ids
    guard copiesElements else {
      // The ids alone: every active element scope compares its element with its last value,
      // O(active observers) whatever the collection holds.
      if hasSameBits(shadowIDs, ids) {
        observers.collectChangesWithSameIDs(in: collection, into: &changed, recorder: recorder)
      } else {
        if !slotsByID.isEmpty { elementsWillChange(from: shadowIDs, to: ids) }
        self.shadowIDs = ids
        observers.collectChanges(in: collection, into: &changed, recorder: recorder)
      }
      refreshInactiveScopes(in: collection)
      // Element stores made since (a `ForEach` makes one per row) can make the copy pay: it
      // starts from the elements as they are now, which every live scope's last value is.
      if comparison == .byDensity, copyingPays(count: ids.count) {
        copiesElements = true
        shadow = collection.pointee.elements
        unchangedComparisons = 0
      }
      return true
    }
    guard hasSameBits(shadowIDs, ids) else {
      // The elements that left take their last value from the copy.
      if !slotsByID.isEmpty { elementsWillChange(from: shadowIDs, elements: shadow, to: ids) }
      stopShadowing()
      return false
    }
    findChangedElements(in: collection)
    guard !changedIndices.isEmpty else {
      unchangedComparisons += 1
      if unchangedComparisons >= Self.patience { stopShadowing() }
      return true
    }
    unchangedComparisons = 0
    for index in changedIndices {
      if let scope = self[id: ids[index]] { changedScopes.append(scope) }
    }
    changedIndices.removeAll(keepingCapacity: true)
    // The ids are unchanged: the observers of the ids alone are skipped.
    observers.collectChanges(
      in: collection, onlyElements: changedScopes, into: &changed, recorder: recorder)
    changedScopes.removeAll(keepingCapacity: true)
    return true
  }

  /// Compares the elements of `collection` with the copy, recording the indices of those that
  /// changed in `changedIndices` (see ``findChangedElements(_:copy:into:)``).
  private func findChangedElements(in collection: UnsafePointer<IdentifiedArray<ID, Element>>) {
    collection.pointee.elements.withUnsafeBufferPointer { elements in
      shadow.withUnsafeMutableBufferPointer { copy in
        Hush.findChangedElements(elements, copy: copy, into: &changedIndices)
      }
    }
  }

  /// The scope of the mutated element, if it has one; `mutation` is a mutation of a collection
  /// with this `ID` (the caller checked its collection type).
  override func scope(for mutation: ElementMutation) -> ObservationCell? {
    let id = mutation.elementID(as: ID.self)
    if let sending {
      // Made by `makeScope`, so with an `ElementLens<ID, Element>`; a scope whose element was
      // never found missing is the one the index holds for its id. Not retained: the sending
      // store holds its scope for the whole send.
      let found = sending._withUnsafeGuaranteedRef { scope -> Bool in
        let lens = unsafeDowncast(scope.lens, to: ElementLens<ID, Element>.self)
        return !lens.isRemoved && lens.id == id
      }
      if found { return sending.takeUnretainedValue() }
    }
    return self[id: id]
  }

  /// Compares the active element scopes `scopes` against `collection` in one pass: the
  /// elements' buffer is fetched once, and a scope whose element is bitwise unchanged at the
  /// index where it was last found costs one inline byte comparison (no call per row: this is
  /// what a plain reducer's write to one row costs per row with a reader).
  override func collectElementChanges(
    in collection: UnsafePointer<IdentifiedArray<ID, Element>>,
    scopes: ContiguousArray<ObservationCell>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    collection.pointee.elements.withUnsafeBufferPointer { elements in
      let base = UnsafeRawPointer(elements.baseAddress)
      let count = elements.count
      let size = MemoryLayout<Element>.size
      let stride = MemoryLayout<Element>.stride
      for cell in scopes {
        let scope = unsafeDowncast(cell, to: Scope.self)
        // Every scope here was made by `makeScope`, with an `ElementLens<ID, Element>`.
        let lens = unsafeDowncast(scope.lens, to: ElementLens<ID, Element>.self)
        // The same check as `ElementLens.withChangedChild`'s, written out here with the size
        // and stride read once: a shared lens method cost about 40k instructions more per
        // plain write at 10,000 rows (and 1k per element send) in callgrind.
        let index = lens.lastIndex
        let last = lens.last(offset: lastValueOffset)
        if let base, !SharedChanges.isComparingAll {
          if index < count, hasSameBytes(base + index * stride, last, count: size) {
            continue
          }
          // One element inserted or removed before this one moved it by one place: found
          // there bitwise unchanged, it is the same element (its id is part of its value,
          // and ids are unique), with no lookup of its id.
          if index &+ 1 < count, hasSameBytes(base + (index &+ 1) * stride, last, count: size),
            lens.elementMoved(to: index &+ 1)
          {
            continue
          }
          if index > 0, index &- 1 < count,
            hasSameBytes(base + (index &- 1) * stride, last, count: size),
            lens.elementMoved(to: index &- 1)
          {
            continue
          }
        }
        scope.collectChanges(in: collection, into: &changed, recorder: recorder)
      }
    }
  }
}

/// Compares `elements` with `copy` (as many elements, of a collection whose ids did not change)
/// in blocks of about 4 KiB, then element by element within a block that differs; copies each
/// changed element into `copy` and appends its index to `changedIndices`.
///
/// Sound as a snapshot's byte comparison is: the copy holds its own references to every
/// element's buffers, so an element bitwise identical to its copy is the same value.
func findChangedElements<Element>(
  _ elements: UnsafeBufferPointer<Element>, copy: UnsafeMutableBufferPointer<Element>,
  into changedIndices: inout ContiguousArray<Int>
) {
  let size = MemoryLayout<Element>.size
  let stride = MemoryLayout<Element>.stride
  let blockCount = max(1, 4096 / max(stride, 1))
  guard let base = elements.baseAddress, let copyBase = copy.baseAddress else { return }
  let count = min(elements.count, copy.count)
  var start = 0
  while start < count {
    let end = min(start + blockCount, count)
    // Padding between elements is compared too: a difference there only makes the block be
    // compared element by element.
    if !hasSameBytes(base + start, copyBase + start, count: (end - start) * stride) {
      for index in start..<end where !hasSameBytes(base + index, copyBase + index, count: size) {
        copyBase[index] = base[index]
        changedIndices.append(index)
      }
    }
    start = end
  }
}

/// A slot of ``ElementScopes``: a scope, held unretained, and its store, held weakly (and in a
/// debug build the scope's lens, to check `remove(id:lens:)`); a free slot has no scope. Two
/// words in a release build: an index holds one per row of a long list. Not nested in the
/// generic class: a nested type is generic too, and each use of it (three per element store
/// made) would look up its metadata at run time.
private struct ElementScopeEntry {
  /// An `ElementScopes<ID, Element>.Scope`, of the index that holds the entry.
  var scope: Unmanaged<AnyObject>?
  /// The store made over the scope, a `Store` of the element's state and actions, while
  /// something holds it.
  weak var store: AnyObject?
  #if DEBUG
    /// The lens of the scope, which removes the entry when the scope goes away.
    var lens: ObjectIdentifier?
  #endif
}

/// Whether `key` is `element`'s own id, when `Element` is `Identifiable` with ids of type `ID`;
/// `nil` otherwise.
private func ownIDComparison<Element, ID: Hashable>(
  of _: Element.Type, keys _: ID.Type
) -> ((Element, ID) -> Bool)? {
  func compare<Identified: Identifiable>(_: Identified.Type) -> ((Element, ID) -> Bool)? {
    guard Identified.ID.self == ID.self else { return nil }
    return { element, key in
      // `Element` is `Identified`, and its ids are `ID`s (checked above).
      withUnsafePointer(to: element) { element in
        let id = UnsafeRawPointer(element).assumingMemoryBound(to: Identified.self).pointee.id
        return withUnsafePointer(to: id) {
          UnsafeRawPointer($0).assumingMemoryBound(to: ID.self).pointee == key
        }
      }
    }
  }
  guard let identifiable = Element.self as? any Identifiable.Type else { return nil }
  return compare(identifiable)
}
