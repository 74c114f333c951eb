/// Objects by key, held weakly: a scoped store lives as long as something (a view) holds it,
/// and the same key gives the same object meanwhile.
struct WeakCache<Key: Hashable> {
  private var entries: [Key: WeakEntry] = [:]
  /// The size at which entries whose objects are gone are dropped; doubles with the live ones,
  /// so pruning costs O(1) amortized per insertion.
  private var pruneThreshold = 16

  subscript(key: Key) -> AnyObject? {
    entries[key]?.object
  }

  mutating func insert(_ object: AnyObject, for key: Key) {
    entries[key] = WeakEntry(object: object)
    if entries.count >= pruneThreshold {
      entries = entries.filter { $0.value.object != nil }
      pruneThreshold = max(16, entries.count * 2)
    }
  }
}

/// An object of a ``WeakCache``, held weakly. Not nested in the generic cache: a nested type
/// is generic too, and each use of it (three per element store made) would look up its
/// metadata at run time.
private struct WeakEntry {
  weak var object: AnyObject?
}
