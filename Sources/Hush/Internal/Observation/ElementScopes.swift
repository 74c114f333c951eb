import IdentifiedCollections

/// The scopes of the elements of one identified collection (those of its element stores), by
/// id: how an ``ElementMutation`` finds the one scope to compare, and how a change of the
/// collection compares all of them in one pass.
///
/// Entries do not keep their scopes alive (a scope lives while its store or its active readers
/// do) and are not weak references either: a weak reference gives its object a side table, and
/// every retain and release of the scope then takes the runtime's slow path, once per row per
/// change. A scope's lens removes its entry when the scope goes away.
final class ElementScopes<ID: Hashable, Element> {
  typealias Scope = ScopeNode<IdentifiedArray<ID, Element>, Element>

  /// Invariant: an entry's scope is alive. Its lens removes the entry when it finds its element
  /// gone (a removed scope is never looked up again) and in its `deinit`, which runs while the
  /// scope is released, before anything can look it up. Every scope here was made by
  /// `makeScope`, so its lens is an `ElementLens<ID, Element>`.
  private struct Entry {
    let scope: Unmanaged<Scope>
    /// The lens of the scope, which removes the entry when the scope goes away.
    let lens: ObjectIdentifier
  }

  private var entries: [ID: Entry] = [:]

  /// The scope of the element whose store is sending an action, while it sends (set by the
  /// element store around its send, restored after): the element mutation the action
  /// announces is usually that element's. Not retained (the sending store holds its scope
  /// for the whole send) and no dynamic exclusivity checks (main actor only, never touched
  /// during an access to it).
  @exclusivity(unchecked) unowned(unsafe) var sending: Scope?

  /// The live scope of the element with `id`, if any.
  subscript(id id: ID) -> Scope? {
    entries[id]?.scope.takeUnretainedValue()
  }

  /// Creates the scope of the element with `id` (there is no live one).
  func makeScope(
    id: ID, element: Element, in collection: ObserverSet<IdentifiedArray<ID, Element>>
  ) -> Scope {
    let lens = ElementLens(id: id, element: element, scopes: self)
    let scope = Scope(parent: collection, lens: lens)
    entries[id] = Entry(scope: Unmanaged.passUnretained(scope), lens: ObjectIdentifier(lens))
    return scope
  }

  /// The scope whose lens is `lens` is going away.
  func remove(id: ID, lens: ObjectIdentifier) {
    if entries[id]?.lens == lens { entries[id] = nil }
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
    guard !entries.isEmpty else { return }
    let ids = new.pointee.ids
    if hasSameBits(old.pointee.ids, ids) { return }
    let removed = entries.filter { !ids.contains($0.key) }
    for (id, entry) in removed {
      guard let element = old.pointee[id: id] else { continue }
      let scope = entry.scope.takeUnretainedValue()
      unsafeDowncast(scope.lens, to: ElementLens<ID, Element>.self)
        .elementWasRemoved(lastValue: element)
    }
  }

  /// The scope of the mutated element, if it has one; `mutation` is a mutation of a collection
  /// with this `ID` (the caller checked its collection type).
  func scope(for mutation: ElementMutation) -> ObservationCell? {
    let id = mutation.elementID(as: ID.self)
    if let sending {
      // Made by `makeScope`, so with an `ElementLens<ID, Element>`; a scope whose element was
      // never found missing is the one `entries` holds for its id.
      let lens = unsafeDowncast(sending.lens, to: ElementLens<ID, Element>.self)
      if !lens.isRemoved, lens.id == id { return sending }
    }
    return self[id: id]
  }

  /// Compares the active element scopes `scopes` against `collection` in one pass: the
  /// elements' buffer is fetched once, and a scope whose element is bitwise unchanged at the
  /// index where it was last found costs one inline byte comparison (no call per row: this is
  /// what a plain reducer's write to one row costs per row with a reader).
  static func collectChanges(
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
        if let base, index < count, hasSameBytes(base + index * stride, lens.last, count: size) {
          continue
        }
        scope.collectChanges(in: collection, into: &changed, recorder: recorder)
      }
    }
  }
}
