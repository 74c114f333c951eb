import Observation

/// The unit of observation: readers register on a cell, and a cell notifies them when the value
/// it stands for really changed.
///
/// Cells are not generic, so the key path readers track (`\ObservationCell.version`) is a single
/// literal that the runtime instantiates once, however many value types the store observes.
class ObservationCell: Observable {
  final let registrar = ObservationRegistrar()
  /// Never read for its value: it names what readers track.
  final var version = 0
  /// Tracked reads since the cell was created (it is created afresh after each change it
  /// notifies); the change log reports it.
  final var reads = 0

  init() {}

  /// Registers the current reader (if any) as depending on this cell.
  @inline(__always)
  final func track() {
    reads &+= 1
    registrar.access(self, keyPath: \ObservationCell.version)
  }

  /// Notifies the readers that depended on this cell; they are then cancelled by Observation.
  final func notifyChange() {
    registrar.withMutation(of: self, keyPath: \ObservationCell.version) { version &+= 1 }
  }

  /// Leaves the set of active observers that compare this cell on every change, for good.
  func leaveActiveSet() {}

  /// Leaves the active observers after notifying; a cell may stay known, to be woken by the
  /// next read.
  func becomeDormant() {
    leaveActiveSet()
  }
}
