import IdentifiedCollections

/// A child scope of an observed value: the part of `Parent` a child store reads, with the
/// observers of its own paths. It is an observer of its parent while any of its own observers
/// is active.
final class ScopeNode<Parent, Child>: Observer<Parent>, ObservationHost {
  typealias Value = Child

  private unowned let parentObservers: ObserverSet<Parent>
  private let lens: ScopeLens<Parent, Child>
  private(set) lazy var observers = ObserverSet<Child>(host: self)

  init(parent: ObserverSet<Parent>, lens: ScopeLens<Parent, Child>) {
    self.parentObservers = parent
    self.lens = lens
  }

  override func collectChanges(
    in base: UnsafePointer<Parent>, into changed: inout [ObservationCell],
    recorder: ChangeRecorder?
  ) {
    let found = lens.withChild(in: base) { child in
      observers.collectChanges(in: child, into: &changed, recorder: recorder)
    }
    if !found {
      // The element left its collection: its readers are going away with it. Stop comparing
      // (a later read starts afresh).
      changed.append(self)
    }
  }

  override func leaveActiveSet() {
    for observer in Array(observers.active) {
      observer.leaveActiveSet()
    }
    parentObservers.deactivate(self)
  }

  func withCurrentValue(_ body: (UnsafePointer<Child>) -> Void) {
    parentObservers.host.withCurrentValue { parent in
      if !lens.withChild(in: parent, body) {
        lens.withLastChild(body)
      }
    }
  }

  func mutateValue(cause: @autoclosure () -> ChangeLogEntry.Cause, _ body: (inout Child) -> Void) {
    parentObservers.host.mutateValue(cause: cause()) { parent in lens.modify(&parent, body) }
  }

  var changeLog: ((ChangeLogEntry) -> Void)? {
    get { parentObservers.host.changeLog }
    set { parentObservers.host.changeLog = newValue }
  }

  var pathDescription: String {
    joinPath(parentObservers.host.pathDescription, lens.pathComponent)
  }

  func observersDidChangeActivity(isActive: Bool) {
    if isActive {
      parentObservers.activate(self)
    } else {
      parentObservers.deactivate(self)
    }
  }
}

/// How a scope finds its child value inside the parent's.
class ScopeLens<Parent, Child> {
  /// Calls `body` with the child, or returns `false` when the parent has none.
  func withChild(
    in parent: UnsafePointer<Parent>, _ body: (UnsafePointer<Child>) -> Void
  ) -> Bool {
    preconditionFailure("ScopeLens is abstract")
  }
  /// The last child value seen, for a child that is gone.
  func withLastChild(_ body: (UnsafePointer<Child>) -> Void) {
    preconditionFailure("ScopeLens is abstract")
  }
  func modify(_ parent: inout Parent, _ body: (inout Child) -> Void) {
    preconditionFailure("ScopeLens is abstract")
  }
  /// The child's path inside the parent, for the change log.
  var pathComponent: String {
    preconditionFailure("ScopeLens is abstract")
  }
}

/// A child at a key path; read in place when the path is made of stored properties.
final class KeyPathLens<Parent, Child>: ScopeLens<Parent, Child> {
  private let keyPath: WritableKeyPath<Parent, Child>
  private let offset: Int?

  init(_ keyPath: WritableKeyPath<Parent, Child>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Parent>.offset(of: keyPath)
  }

  override func withChild(
    in parent: UnsafePointer<Parent>, _ body: (UnsafePointer<Child>) -> Void
  ) -> Bool {
    if let offset {
      body((UnsafeRawPointer(parent) + offset).assumingMemoryBound(to: Child.self))
    } else {
      withUnsafePointer(to: parent.pointee[keyPath: keyPath], body)
    }
    return true
  }

  override func withLastChild(_ body: (UnsafePointer<Child>) -> Void) {
    preconditionFailure("a key path child is never missing")
  }

  override func modify(_ parent: inout Parent, _ body: (inout Child) -> Void) {
    body(&parent[keyPath: keyPath])
  }

  override var pathComponent: String {
    describePath(keyPath)
  }
}

/// The element with one id in an identified array; remembers its last value for when it is
/// removed, as a row that is animating out still shows its last state.
final class ElementLens<ID: Hashable, Element>: ScopeLens<IdentifiedArray<ID, Element>, Element> {
  let id: ID
  private var lastElement: Element

  init(id: ID, element: Element) {
    self.id = id
    self.lastElement = element
  }

  override func withChild(
    in parent: UnsafePointer<IdentifiedArray<ID, Element>>,
    _ body: (UnsafePointer<Element>) -> Void
  ) -> Bool {
    guard let element = parent.pointee[id: id] else { return false }
    lastElement = element
    withUnsafePointer(to: element, body)
    return true
  }

  override func withLastChild(_ body: (UnsafePointer<Element>) -> Void) {
    withUnsafePointer(to: lastElement, body)
  }

  override func modify(
    _ parent: inout IdentifiedArray<ID, Element>, _ body: (inout Element) -> Void
  ) {
    guard let index = parent.index(id: id) else { return }
    body(&parent[index])
    lastElement = parent[index]
  }

  override var pathComponent: String {
    "[id: \(describeValue(id))]"
  }
}
