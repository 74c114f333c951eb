/// The few entries looked up last, kept in front of a hashed table: a view's body reads and
/// scopes with the same key path literals (one object each) on every render, and comparing
/// objects costs far less than hashing a key path. Holds at most ``limit`` entries; a new one
/// replaces the oldest.
struct RecentEntries<Entry> {
  private(set) var entries: ContiguousArray<Entry> = []
  private var next = 0

  static var limit: Int { 4 }

  /// The first non-`nil` result of `body` on the entries, each passed in place (not copied:
  /// an entry holds references, whose copies would cost retains and releases).
  @inline(__always)
  func first<Result>(_ body: (UnsafePointer<Entry>) -> Result?) -> Result? {
    entries.withUnsafeBufferPointer { entries in
      guard let base = entries.baseAddress else { return nil }
      for index in 0..<entries.count {
        if let result = body(base + index) { return result }
      }
      return nil
    }
  }

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
