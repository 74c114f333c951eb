import Observation

/// The unit of observation: readers register on a cell, and a cell notifies them when the value
/// it stands for really changed.
///
/// Cells are not generic, so the key path readers track (`\ObservationCell.version`) is a single
/// literal that the runtime instantiates once, however many value types the store observes.
class ObservationCell: Observable {
  /// Where readers register; shared by the observers that no reader ever tracks (see
  /// ``init(isTracked:)``).
  final let registrar: ObservationRegistrar
  /// Never read or written: it names what readers track.
  final var version = 0
  /// Tracked reads since the cell was created or last notified its readers (counted afresh
  /// for each change it notifies); the change log reports it. No dynamic exclusivity checks
  /// (one runtime call per tracked read otherwise): touched on the main actor only, never
  /// during an access to it.
  @exclusivity(unchecked) final var reads = 0
  /// Whether the cell notified its readers and has not been read since (see
  /// `ValueCell.deactivateAndNotify()`): Observation cancelled them, so it has no reader.
  /// Unchecked exclusivity, as `reads`.
  @exclusivity(unchecked) final var awaitsRead = false

  /// A cell readers track (`isTracked`), with a registrar of its own; or an observer that only
  /// compares and passes changes on (a child scope, a group of cells), which no reader ever
  /// tracks: it shares one registrar with the others, as it never registers a reader nor
  /// notifies one (a registrar is an object of about 100 bytes, one per row of a long list).
  init(isTracked: Bool = true) {
    registrar = isTracked ? ObservationRegistrar() : Self.untrackedRegistrar
  }

  /// The registrar of every observer that no reader tracks: nothing registers on it.
  private static let untrackedRegistrar = ObservationRegistrar()

  /// What readers track, made once: a key path literal in a function body is looked up in
  /// the runtime on every call (about 110 instructions per read and per notification).
  static let versionKeyPath: KeyPath<ObservationCell, Int> & Sendable = \.version

  /// Registers the current reader (if any) as depending on this cell.
  @inline(__always)
  final func track() {
    reads &+= 1
    awaitsRead = false
    registrar.access(self, keyPath: Self.versionKeyPath)
  }

  /// Notifies the readers that depended on this cell; they are then cancelled by Observation.
  /// Observation calls them whatever the mutation does, so it does nothing (a write to
  /// `version` would cost a dynamic exclusivity check per notification).
  final func notifyChange() {
    registrar.withMutation(of: self, keyPath: Self.versionKeyPath) {}
  }

  /// Leaves the set of active observers that compare this cell on every change, for good.
  func leaveActiveSet() {}

  /// Leaves the active observers after notifying; a cell may stay known, to be woken by the
  /// next read.
  func becomeDormant() {
    leaveActiveSet()
  }

  /// Leaves the active observers, having notified its readers at an earlier change and not
  /// been read since (see ``ChangeClock/retireUnreadCells()``).
  func retireUnread() {}

  /// Takes a changed observer out of the active set, then notifies its readers.
  ///
  /// Observation cancels a reader once it is notified, so a cell that notified has no readers
  /// left: leaving the active set first means it costs nothing until a reader reads it again.
  func deactivateAndNotify() {
    becomeDormant()
    notifyChange()
  }
}
