import Observation

/// The unit of observation: readers register on a cell, and a cell notifies them when the value
/// it stands for really changed.
///
/// Cells are not generic, so the key path readers track (`\ObservationCell.version`) is a single
/// literal that the runtime instantiates once, however many value types the store observes.
class ObservationCell: Observable {
  /// Never read: it names what readers track. Stored, so that Observation hashes and compares
  /// its key path as an offset (a computed property's key path costs about 1,000 instructions
  /// more per send), and empty, so that it takes no room in the cells and scopes (one of each
  /// per row of a long list).
  final var version: Void = ()
  /// Whether the cell notified its readers and has not been read since (see
  /// `ValueCell.deactivateAndNotify()`): Observation cancelled them, so it has no reader.
  /// No dynamic exclusivity checks (one runtime call per tracked read otherwise): touched on
  /// the main actor only, never during an access to it. With the flags of ``Observer`` and
  /// its 32-bit `activeIndex`, it fills the word after the object's header: a cell and a
  /// scope are made per row of a long list.
  @exclusivity(unchecked) final var awaitsRead = false

  /// What readers track, made once: a key path literal in a function body is looked up in
  /// the runtime on every call (about 110 instructions per read and per notification).
  static let versionKeyPath: KeyPath<ObservationCell, Void> & Sendable = \.version

  /// Registers the current reader (if any) as depending on this cell, on the cell's
  /// `registrar`.
  @inline(__always)
  final func track(on registrar: ObservationRegistrar) {
    awaitsRead = false
    registrar.access(self, keyPath: Self.versionKeyPath)
  }

  /// Notifies the readers that depended on this cell, registered on its `registrar`; they are
  /// then cancelled by Observation. Observation calls them whatever the mutation does, so it
  /// does nothing (a write to `version` would cost a dynamic exclusivity check per
  /// notification).
  @inline(__always)
  final func notifyChange(on registrar: ObservationRegistrar) {
    registrar.withMutation(of: self, keyPath: Self.versionKeyPath) {}
  }

  /// Notifies the readers that depended on this cell. Only a cell readers track has any, and a
  /// registrar (``TrackedCell``, ``TrackedObserver``); an observer that only compares and
  /// passes changes on (a child scope, a group of cells) has neither: a registrar is an
  /// object of about 100 bytes, and a field of 8, per row of a long list.
  func notifyChange() {}

  /// Leaves the set of active observers that compare this cell on every change, for good.
  func leaveActiveSet() {}

  /// Leaves the active observers after notifying at a change of the root whose clock is
  /// `clock`; a cell may stay known, to be woken by the next read.
  func becomeDormant(clock: ChangeClock) {
    leaveActiveSet()
  }

  /// Leaves the active observers, having notified its readers at an earlier change and not
  /// been read since (see ``ChangeClock/retireUnreadCells()``).
  func retireUnread() {}

  /// Takes a changed observer out of the active set, then notifies its readers (at a change
  /// of the root whose clock is `clock`, which the root passes down: a cell reaches it
  /// otherwise only through its hosts).
  ///
  /// Observation cancels a reader once it is notified, so a cell that notified has no readers
  /// left: leaving the active set first means it costs nothing until a reader reads it again.
  func deactivateAndNotify(clock: ChangeClock) {
    becomeDormant(clock: clock)
    notifyChange()
  }
}

/// A cell readers track on its own, outside an observer set: a derived value, a control's
/// value.
final class TrackedCell: ObservationCell {
  /// Where readers register.
  private let registrar = ObservationRegistrar()

  /// Registers the current reader (if any) as depending on this cell.
  @inline(__always)
  func track() {
    track(on: registrar)
  }

  override func notifyChange() {
    notifyChange(on: registrar)
  }
}
