/// One send or write as the change log reports it: what caused it, and which observed paths it
/// changed.
///
/// Turn the log on for a store to see why views render, the Hush answer to
/// `Self._printChanges()`:
///
/// ```swift
/// store.changeLog = { print($0) }
/// store.send(.increment)
/// // send increment: count 0 → 1 (1 read)
/// store.send(.addZero)
/// // send addZero: invalidated nothing (no change)
/// store.title = "World"
/// // write title: title "Hello" → "World" (2 reads)
/// ```
///
/// The log costs nothing when off: the send path checks one optional and allocates nothing.
public struct ChangeLogEntry: Sendable, Equatable, CustomStringConvertible {
  /// What made the change.
  public enum Cause: Sendable, Equatable, CustomStringConvertible {
    /// An action sent to the store (described with `String(describing:)`).
    case send(String)
    /// A write through the store (`store.title = …`, `$store.title`), at a path.
    case write(String)
    /// A shared value (``Shared``) the state holds changed outside this store's sends: through
    /// another store, outside any store, or in its storage.
    case sharedValue

    public var description: String {
      switch self {
      case let .send(action): "send \(action)"
      case let .write(path): "write \(path)"
      case .sharedValue: "shared value changed"
      }
    }
  }

  /// An observed path whose value changed, invalidating its readers.
  public struct Change: Sendable, Equatable, CustomStringConvertible {
    /// The path from the root state, as `settings.theme` or `rows[id: 42].value`.
    public let path: String
    /// The value readers had seen, described compactly.
    public let oldValue: String
    /// The new value, described compactly.
    public let newValue: String
    /// The tracked reads of the path since its readers last rendered: one per reader, unless a
    /// reader read the path more than once.
    public let reads: Int

    /// Creates a change, as the log reports it.
    public init(path: String, oldValue: String, newValue: String, reads: Int) {
      self.path = path
      self.oldValue = oldValue
      self.newValue = newValue
      self.reads = reads
    }

    public var description: String {
      "\(path) \(oldValue) → \(newValue) (\(reads) read\(reads == 1 ? "" : "s"))"
    }
  }

  /// What caused the change.
  public let cause: Cause
  /// The observed paths that changed, in no particular order.
  public let changes: [Change]
  /// Whether the state changed at all: `false` for work that changed nothing (`count += 0`,
  /// an equal value); `true` with no ``changes`` for a change no reader reads.
  public let stateChanged: Bool

  /// Creates an entry, as the log reports it.
  public init(cause: Cause, changes: [Change], stateChanged: Bool) {
    self.cause = cause
    self.changes = changes
    self.stateChanged = stateChanged
  }

  /// Whether the change invalidated no reader: work a view did not need.
  public var invalidatedNothing: Bool {
    changes.isEmpty
  }

  public var description: String {
    if !changes.isEmpty {
      return "\(cause): " + changes.map(\.description).joined(separator: "; ")
    }
    return
      "\(cause): invalidated nothing (\(stateChanged ? "the change is not read" : "no change"))"
  }
}

/// Collects the changes of one propagation while the log is on.
final class ChangeRecorder {
  private(set) var changes: [ChangeLogEntry.Change] = []

  func record<Base, Value>(
    host: any ObservationHost<Base>, path: String, oldValue: Value, newValue: Value, reads: Int
  ) {
    changes.append(
      ChangeLogEntry.Change(
        path: joinPath(host.pathDescription, path),
        oldValue: describeValue(oldValue), newValue: describeValue(newValue), reads: reads))
  }
}

/// `settings.theme` for `\AppState.settings.theme`, `self` for `\AppState.self`; subscripts
/// (which key paths print with an address) as `[…]`.
func describePath(_ keyPath: AnyKeyPath) -> String {
  var text = Substring(String(describing: keyPath))
  if text.first == "\\" { text = text.dropFirst() }
  // Skip the root type's name, generic arguments included.
  var depth = 0
  var start = text.endIndex
  for index in text.indices {
    switch text[index] {
    case "<": depth += 1
    case ">": depth -= 1
    case "." where depth == 0:
      start = text.index(after: index)
    default: continue
    }
    if start != text.endIndex { break }
  }
  var path = String(text[start...])
  while let computed = path.range(of: ".<computed ") {
    let end = path[computed.upperBound...].firstIndex(of: ">") ?? path.endIndex
    path.replaceSubrange(
      computed.lowerBound..<(end == path.endIndex ? end : path.index(after: end)), with: "[…]")
  }
  return path.isEmpty ? "self" : path
}

/// Joins a scope's prefix and a path inside it.
func joinPath(_ prefix: String, _ path: String) -> String {
  if prefix.isEmpty { return path }
  if path == "self" { return prefix }
  return path.hasPrefix("[") ? prefix + path : prefix + "." + path
}

/// A short description of a value for a log line.
func describeValue<Value>(_ value: Value) -> String {
  let text =
    switch value {
    case let string as String: String(reflecting: string)
    default: String(describing: value)
    }
  let limit = 60
  return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
}
