import ConcurrencyExtras

/// One key path of a value that live readers read, with the value they saw.
///
/// A change is detected in two steps. Bitwise-identical bytes mean an unchanged value: a copy
/// held here shares any buffer with the state, so an in-place mutation of the state's copy
/// goes through copy-on-write and changes the bytes. Different bytes are then compared with
/// `==` when the value is `Equatable` (but for integers and `Bool`, whose different bytes are
/// different values); other values count as changed (never a missed update), unless the bytes
/// that differ are only padding (``SignificantBits``).
final class ValueCell<Base, Value>: KeyedCell<Base> {
  // The stored properties of fixed size come first, their offsets then do not depend on
  // `Value`; the small ones share one word (a cell is made per row of a long list).

  /// Tracked reads since the cell was created or last notified its readers (counted afresh
  /// for each change it notifies); the change log reports it. 16 bits, stopping at 65,535. No
  /// dynamic exclusivity checks (one runtime call per tracked read otherwise): touched on the
  /// main actor only, never during an access to it.
  @exclusivity(unchecked) private(set) var reads: UInt16 = 0
  /// Whether the value may hold a ``Shared``: then, once a shared value changed, equal bytes
  /// (and `==`, which reads the same shared value on both sides) do not mean unchanged. Found
  /// at the first comparison after a shared value changed (0: not yet, 1: no, 2: yes), so that
  /// an app without shared values never looks.
  @exclusivity(unchecked) private var holdsSharedState: UInt8 = 0
  /// Whether the cell is a projection's.
  private let isProjection: Bool
  /// `offset`, or -1 without one (or for an offset past `Int32.max`, read through the key
  /// path).
  private let storedOffset: Int32
  /// How the cell compares values whose bytes differ (`nil`: different bytes are different
  /// values), shared by the cells of one value type; for a projection, a ``Projection`` of its
  /// own, which also reads the value. One field for both: a cell is made per row of a long
  /// list.
  private let comparison: CellComparison<Value>?
  /// How a projection reads its value, and what the change log calls it; `nil` for a path.
  private var projection: Projection<Base, Value>? {
    // Only a projection's cell has it set, and its comparison is its `Projection`.
    isProjection ? unsafeDowncast(comparison!, to: Projection<Base, Value>.self) : nil
  }
  /// The byte offset of the value inside `Base`, when the path is made of stored properties.
  /// Reading `Value` at `base + offset` is then exactly `base.pointee[keyPath: keyPath]`
  /// (`MemoryLayout.offset(of:)` gives an offset only for such paths), and comparing its bytes
  /// with `value`'s is sound because `value` holds its own references to any buffer it shares
  /// (see the type's discussion).
  private var offset: Int? { storedOffset >= 0 ? Int(storedOffset) : nil }

  private var mayHoldShared: Bool {
    if holdsSharedState == 0 {
      holdsSharedState = SharedHolders.mayHoldShared(Value.self) ? 2 : 1
    }
    return holdsSharedState == 2
  }
  /// Unowned, and unchecked (a checked unowned reference is retained and released around
  /// every use): the set holds this cell (in `cells`) for as long as anything can reach it
  /// through the set; a cell forgotten by its set is reached by nothing that uses `set`.
  private unowned(unsafe) let set: ObserverSet<Base>
  /// The root's ``ChangeClock`` generation when the cell went dormant: when it is still the
  /// current one on waking, `value` is still current.
  private(set) var dormantSince = -1
  /// The value readers saw; always equal to the current value at the cell's path.
  /// (No dynamic exclusivity checks: compared on every change; see `ObserverSet`.)
  @exclusivity(unchecked) private(set) var value: Value

  /// A cell of the path `keyPath`, whose `offset` is `MemoryLayout<Base>.offset(of: keyPath)`.
  init(keyPath: KeyPath<Base, Value>, offset: Int?, value: Value, set: ObserverSet<Base>) {
    self.comparison = CellComparison.shared()
    self.isProjection = false
    self.value = value
    self.storedOffset = offset.flatMap { Int32(exactly: $0) } ?? -1
    self.set = set
    super.init(key: keyPath)
  }

  /// A cell of a value computed from `Base` by `project`, under `key`: for a value no key path
  /// can reach (see ``ObserverSet/cell(for:projecting:description:)``).
  init(
    key: AnyKeyPath, project: @escaping (Base) -> Value, description: String, value: Value,
    set: ObserverSet<Base>
  ) {
    self.comparison = Projection(project: project, description: description)
    self.isProjection = true
    self.value = value
    self.storedOffset = -1
    self.set = set
    super.init(key: key)
  }

  /// The value, read by the current reader (if any), which then depends on this cell.
  @inline(__always)
  func trackedValue() -> Value {
    if reads != .max { reads += 1 }
    track()
    return value
  }

  /// Counts reads afresh (the change log reports them per change).
  func resetReads() {
    reads = 0
  }

  /// The value in `base`, where there is no offset to read it at.
  @inline(__always)
  private func read(_ base: UnsafePointer<Base>) -> Value {
    if let projection { return projection.project(base.pointee) }
    return base.pointee[keyPath: unsafeDowncast(key, to: KeyPath<Base, Value>.self)]
  }

  override func collectChanges(
    in base: UnsafePointer<Base>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    let newValue: Value
    // After a shared value changed, a value equal to the one readers saw is still changed
    // when it holds that shared value: both copies read it now (see `SharedHolders`).
    let comparesShared = SharedChanges.isComparingAll && mayHoldShared
    if let offset {
      let raw = UnsafeRawPointer(base) + offset
      if withUnsafeBytes(of: &value, { hasSameBytes(raw, $0) }),
        !comparesShared || !SharedHolders.holdsChangedShared(value)
      {
        return
      }
      newValue = raw.assumingMemoryBound(to: Value.self).pointee
    } else {
      newValue = read(base)
      if hasSameBits(newValue, value), !comparesShared || !SharedHolders.holdsChangedShared(value) {
        return
      }
    }
    if let isEqual = comparison?.isEqual, isEqual(value, newValue),
      !comparesShared || !SharedHolders.holdsChangedShared(newValue)
    {
      // Keep the newer bytes so the next comparison takes the bitwise fast path.
      value = newValue
      return
    }
    if let recorder {
      recorder.record(
        host: set.host, path: projection?.description ?? describePath(key),
        oldValue: value, newValue: newValue, reads: Int(reads))
    }
    value = newValue
    changed.append(self)
  }

  override func leaveActiveSet() {
    set.forget(self, at: key)
  }

  /// A cell outside a prefix group stays active after it notified, until the next change: a
  /// reader notified by a change usually renders again before the next one, and reads the
  /// cell again; leaving the active set and coming back (this cell, and with it its scope in
  /// its parent's set, and so on up) would cost that reader more than one comparison.
  /// Observation cancelled the readers, so the cell has none until it is read (``track()``
  /// clears `awaitsRead`), and it is not compared meanwhile; the next change starts by making
  /// it dormant if it is still unread (``ChangeClock/retireUnreadCells()``). So a view that
  /// went away is compared for the last time at the change it would have seen, and leaves
  /// the active set at the next one.
  override func deactivateAndNotify(clock: ChangeClock) {
    guard membership == nil, activeIndex >= 0 else {
      super.deactivateAndNotify(clock: clock)
      return
    }
    if awaitsRead {
      // Notified earlier in this change (a send made while readers were notified) and not
      // read since: nobody to notify.
      retireUnread()
      return
    }
    awaitsRead = true
    // Reads are counted afresh from the notification (the change log reports them per change).
    reads = 0
    clock.cellAwaitsRead(self)
    notifyChange()
  }

  override func retireUnread() {
    awaitsRead = false
    // Only an active cell: one that left its set meanwhile (its element was removed) may have
    // a set that is gone, and is not compared anyway.
    guard activeIndex >= 0 else { return }
    // Not compared since it notified: its value is taken afresh when it is read again.
    dormantSince = -1
    set.makeDormant(self)
  }

  override func becomeDormant(clock: ChangeClock) {
    // Only when it goes dormant now: a cell already dormant (notified again by an outer
    // propagation after a re-entrant send skipped it) holds a value from before that send.
    if activeIndex >= 0 { dormantSince = clock.generation }
    set.makeDormant(self)
  }

  /// Takes the current value, when woken after being dormant (changes were not compared).
  func refresh(from base: UnsafePointer<Base>) {
    if let offset {
      value = (UnsafeRawPointer(base) + offset).assumingMemoryBound(to: Value.self).pointee
    } else {
      value = read(base)
    }
  }
}

/// A cell stored in an ``ObserverSet`` under a key; not generic over its value's type, so that
/// the set reads the key of its only cell without knowing that type (see
/// `ObserverSet.soleCell`).
class KeyedCell<Base>: TrackedObserver<Base> {
  /// The cell's key in its set: the path it reads (a `KeyPath<Base, Value>` for a
  /// `ValueCell<Base, Value>`), or the key of its projection.
  final let key: AnyKeyPath

  init(key: AnyKeyPath) {
    self.key = key
  }
}

/// How the ``ValueCell``s of values of type `Value` compare them once their bytes differ (see
/// `cellEqualityFunction(for:)`).
class CellComparison<Value> {
  let isEqual: ((Value, Value) -> Bool)?

  init(isEqual: ((Value, Value) -> Bool)?) {
    self.isEqual = isEqual
  }

  /// The comparison the cells of `Value` share, made once per type; `nil` when different bytes
  /// are different values.
  static func shared() -> CellComparison<Value>? {
    let type = ObjectIdentifier(Value.self)
    // What the lock guards is not generic, so that a look-up (one per cell made, one cell per
    // row of a long list) needs no type metadata at run time.
    let known = sharedCellComparisons.withValue { UncheckedSendable($0[type]) }.value
    let comparison: CellComparison<Value>
    if let known {
      // Stored by `makeShared(for:)`, for this type.
      comparison = unsafeDowncast(known, to: CellComparison<Value>.self)
    } else {
      comparison = makeShared(for: type)
    }
    return comparison.isEqual == nil ? nil : comparison
  }

  /// Makes the comparison of `Value` (the first time one of its cells is made), unless another
  /// thread just did.
  private static func makeShared(for type: ObjectIdentifier) -> CellComparison<Value> {
    // Immutable once made, and its function reads only its arguments: shared by any thread.
    let made = UncheckedSendable(
      CellComparison(isEqual: cellEqualityFunction(for: Value.self)) as AnyObject)
    let stored = sharedCellComparisons.withValue { comparisons in
      if let known = comparisons[type] { return UncheckedSendable(known) }
      comparisons[type] = made.value
      return made
    }.value
    return unsafeDowncast(stored, to: CellComparison<Value>.self)
  }
}

/// The comparison each value type's cells share, by type (see `CellComparison.shared()`).
private let sharedCellComparisons = LockIsolated<[ObjectIdentifier: AnyObject]>([:])

/// How a ``ValueCell`` of a projection reads its value, and what the change log calls it.
private final class Projection<Base, Value>: CellComparison<Value> {
  let project: (Base) -> Value
  let description: String

  init(project: @escaping (Base) -> Value, description: String) {
    self.project = project
    self.description = description
    super.init(isEqual: CellComparison<Value>.shared()?.isEqual)
  }
}

/// What a cell compares values with once their bytes differ: `==`, unless different bytes
/// already mean different values (the standard library's integers and `Bool`: one
/// representation per value, no padding); for a value that is not `Equatable`, its bits
/// without the padding bytes a copy need not copy, when its type has any.
private func cellEqualityFunction<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
  if typesWhoseBytesDecideEquality.contains(where: { $0 == type }) { return nil }
  if let isEqual = equalityFunction(for: type) { return isEqual }
  // Not `Equatable`: changed when its bits differ, padding aside (see `SignificantBits`).
  guard let bits = SignificantBits.of(type) else { return nil }
  return { bits.same($0, $1) }
}

/// See `cellEqualityFunction(for:)`: made once, not per cell.
private let typesWhoseBytesDecideEquality: [Any.Type] = [
  Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
  UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self, Bool.self,
]

/// `==` for `Value` when it is `Equatable`, found once per cell, not per comparison.
func equalityFunction<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equatable.equalityFunction(as: type)
}

extension Equatable {
  fileprivate static func equalityFunction<Value>(as _: Value.Type) -> (Value, Value) -> Bool {
    { lhs, rhs in
      // `Value` is `Self`: the caller found `Self` by casting `Value.self`.
      withUnsafePointer(to: lhs) { lhs in
        withUnsafePointer(to: rhs) { rhs in
          UnsafeRawPointer(lhs).assumingMemoryBound(to: Self.self).pointee
            == UnsafeRawPointer(rhs).assumingMemoryBound(to: Self.self).pointee
        }
      }
    }
  }
}
