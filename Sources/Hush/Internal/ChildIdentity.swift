import CasePaths

/// Which child an optional or enum child state holds: its case, when its state is a
/// `@CasePathable` enum, and its `Identifiable` id. Two values with the same identity are the
/// same child in two states; a new identity is another child (its predecessor's effects are
/// cancelled, its predecessor's store goes stale).
///
/// `@unchecked Sendable`: used as part of an effect's cancellation id, which is hashed and
/// compared on any thread; the id and the case key path are immutable values, read only.
struct ChildIdentity: Hashable, @unchecked Sendable {
  /// The case of an enum state (the key path `allCasePaths[root:]` gives), or `nil`.
  let caseKeyPath: AnyKeyPath?
  /// The state's `Identifiable` id, or `nil`.
  let id: AnyHashable?

  init<State>(of state: State) {
    caseKeyPath = caseKeyPathOf(state)
    id = identityOf(state)
  }
}

/// The case key path of `value`'s case, when it is a `@CasePathable` enum whose case paths
/// are reflectable (the macro's are).
private func caseKeyPathOf<Value>(_ value: Value) -> AnyKeyPath? {
  func reflect<Root: CasePathable>(_ root: Root) -> AnyKeyPath? {
    (Root.allCasePaths as? any CasePathReflectable<Root>)?[root]
  }
  guard let casePathable = value as? any CasePathable else { return nil }
  return reflect(casePathable)
}
