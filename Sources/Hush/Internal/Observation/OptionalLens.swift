import IssueReporting

/// The child inside an optional, while it is the child the scope was made for (same
/// ``ChildIdentity``); remembers its last value for when it is gone, as a sheet that animates
/// away still shows its last state.
///
/// A lens made with a read-only path (one case of an enum destination, `\.destination?.edit`)
/// reports writes instead of applying them.
final class OptionalLens<Parent, Wrapped>: ScopeLens<Parent, Wrapped> {
  private let keyPath: KeyPath<Parent, Wrapped?>
  /// The same path as `keyPath` when it is writable.
  private let writableKeyPath: WritableKeyPath<Parent, Wrapped?>?
  /// The identity of the child this lens follows.
  let identity: ChildIdentity
  // Touched on the main actor only, never while an access to it is in progress (see
  // `ObserverSet`).
  @exclusivity(unchecked) private var lastValue: Wrapped
  /// Set once the child was found `nil` or replaced by another child. From then on the scope
  /// answers the child's last value and drops writes, even if a child with the same identity
  /// comes back: the new child gets a store of its own on the next scope.
  private(set) var isRemoved = false

  init(_ keyPath: KeyPath<Parent, Wrapped?>, identity: ChildIdentity, value: Wrapped) {
    self.keyPath = keyPath
    self.writableKeyPath = keyPath as? WritableKeyPath<Parent, Wrapped?>
    self.identity = identity
    self.lastValue = value
  }

  /// The child in `parent`, when it is still this lens's child; marks the lens removed
  /// otherwise.
  private func child(in parent: Parent) -> Wrapped? {
    guard !isRemoved else { return nil }
    guard let value = parent[keyPath: keyPath], ChildIdentity(of: value) == identity else {
      isRemoved = true
      return nil
    }
    return value
  }

  override func withChild(
    in parent: UnsafePointer<Parent>, _ body: (UnsafePointer<Wrapped>) -> Void
  )
    -> Bool
  {
    guard let value = child(in: parent.pointee) else { return false }
    lastValue = value
    withUnsafePointer(to: &lastValue, body)
    return true
  }

  override func containsChild(in parent: UnsafePointer<Parent>) -> Bool {
    child(in: parent.pointee) != nil
  }

  /// Takes the child's current value as its last one, while it is present. The store calls
  /// it after each send to the child and each scope to it, so that a child without readers
  /// still answers its latest value once dismissed; a child with readers is kept current by
  /// their comparisons.
  func refresh(in parent: UnsafePointer<Parent>) {
    if let value = child(in: parent.pointee) { lastValue = value }
  }

  override var isChildRemoved: Bool { isRemoved }

  override func withLastChild(_ body: (UnsafePointer<Wrapped>) -> Void) {
    withUnsafePointer(to: &lastValue, body)
  }

  override func modify(_ parent: inout Parent, _ body: (inout Wrapped) -> Void) {
    // A write to a dismissed child is dropped, silently: SwiftUI writes to a sheet's focused
    // field while the sheet animates away.
    guard child(in: parent) != nil else { return }
    guard let writableKeyPath else {
      reportIssue(
        """
        A write to the store of \(pathComponent) was dropped: that store reaches its state \
        through a read-only path (one case of an enum), so it cannot write it back.

        Send an action instead: the child's reducer changes its state (with a BindingReducer \
        for bindings).
        """)
      return
    }
    body(&parent[keyPath: writableKeyPath]!)
    if let value = parent[keyPath: writableKeyPath] { lastValue = value }
  }

  override var pathComponent: String {
    describePath(keyPath)
  }
}

extension Optional {
  /// Whether a child is present, and which: what the reader of an optional child store
  /// tracks (see `Store.scope(state:action:)` for optional state).
  var childPresence: ChildPresence {
    ChildPresence(identity: map { ChildIdentity(of: $0) })
  }
}

/// The presence of an optional child and its identity; equal for two states of one child.
struct ChildPresence: Equatable {
  let identity: ChildIdentity?
}

/// The key of the cell that tracks the presence of the optional child at `path` of `Parent`:
/// a key path into this type, so that it is never taken for a path of `Parent`, and whose value
/// type is the cell's. Never read.
struct ChildPresenceKey<Parent, Child> {
  subscript(path: KeyPath<Parent, Child?>) -> ChildPresence {
    preconditionFailure("ChildPresenceKey is a key, never read")
  }
}
