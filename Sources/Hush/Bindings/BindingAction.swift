import ConcurrencyExtras

/// A write of one value of a feature's state, sent as an action so that the reducer applies
/// it: what `store.query = "cat"` (and `$store.query` in a `TextField`) sends on a store
/// whose action is a ``BindableAction``.
///
/// ```swift
/// @CasePathable
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case searchTapped
/// }
///
/// var body: some ReducerOf<Self> {
///   BindingReducer()  // applies the write
///   Reduce { state, action in
///     switch action {
///     case .binding(\.query):  // the query was just written
///       return .send(.searchTapped)
///     case .binding, .searchTapped:
///       return .none
///     }
///   }
/// }
/// ```
///
/// Two binding actions are equal when they write equal values to the same path, so a test
/// can send or receive one: `.binding(.set(\.query, "cat"))`, or by case key path,
/// `store.send(\.binding.query, "cat")`.
public struct BindingAction<Root>: CasePathable, Equatable, Sendable {
  /// The path written.
  public var keyPath: PartialKeyPath<Root> { path.value }
  let path: UncheckedSendable<PartialKeyPath<Root>>
  let set: @Sendable (inout Root) -> Void
  let value: any Sendable
  let valueIsEqualTo: @Sendable (Any) -> Bool

  /// Writes `value` at `keyPath`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    set(keyPath, value, applied: nil)
  }

  /// Writes `value` at `keyPath`, and records in `applied` that a reducer applied it.
  static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value, applied: AppliedFlag?
  ) -> Self {
    // Key paths are immutable, so sharing one across threads is safe.
    let path = UncheckedSendable(keyPath)
    return Self(
      path: UncheckedSendable(keyPath),
      set: {
        applied?.set()
        $0[keyPath: path.value] = value
      },
      value: value, valueIsEqualTo: { ($0 as? Value) == value })
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueIsEqualTo(rhs.value)
  }

  /// Whether `bindingAction` writes at `keyPath`: `case .binding(\.query):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, bindingAction: Self)
    -> Bool
  {
    keyPath == bindingAction.keyPath
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of a binding action: one per writable path of the state, so that
  /// `\.binding.query` reaches the value written at `\.query`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The value a binding action writes at `keyPath`, when it writes there.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      let path = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .set(path.value, $0) },
        extract: { $0.keyPath == path.value ? $0.value as? Value : nil })
    }
  }
}

extension BindingAction: CustomStringConvertible {
  /// `.set(\State.query, "cat")`.
  public var description: String {
    ".set(\(keyPath), \(value is String ? "\"\(value)\"" : "\(value)"))"
  }
}

/// Whether a binding action a store sent was applied by a reducer.
///
/// `@unchecked Sendable`: set by the reducer and read by the store after `send` returned,
/// both on the main actor (a reducer runs there); the lock only keeps a misuse from racing.
final class AppliedFlag: @unchecked Sendable {
  private let isSet = LockIsolated(false)

  func set() { isSet.setValue(true) }
  var value: Bool { isSet.value }
}
