/// The few entries looked up last, kept in front of a hashed table: a view's body reads and
/// scopes with the same key path literals (one object each) on every render, and comparing
/// objects costs far less than hashing a key path. Holds at most ``limit`` entries; a new one
/// replaces the oldest.
struct RecentEntries<Entry> {
  private(set) var entries: ContiguousArray<Entry> = []
  private var next = 0

  static var limit: Int { 4 }

  /// Adds `entry`, replacing the oldest when full.
  mutating func remember(_ entry: Entry) {
    if entries.count < Self.limit {
      entries.append(entry)
    } else {
      entries[next] = entry
      next = (next + 1) % Self.limit
    }
  }

  /// Drops every entry.
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
    next = 0
  }
}
