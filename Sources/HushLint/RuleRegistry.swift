/// Every rule Hush knows, in a stable order.
public enum RuleRegistry {
  /// All rule types, ordered by id.
  public static let all: [any Rule.Type] = [
    ActionPingPongRule.self,
    AnyViewRowRule.self,
    CollectionWorkInBodyRule.self,
    ComputedScopeRule.self,
    ExpensiveViewInitRule.self,
    ForEachThroughParentStoreRule.self,
    HighFrequencySendRule.self,
    ImpureBodyRule.self,
    LazyChainRule.self,
    NestedForEachInListRule.self,
    ObserveWholeStateRule.self,
    RowThroughParentStoreRule.self,
    UnreadObservedObjectRule.self,
    UnstableIdentityRule.self,
    VariableRowCountRule.self,
    WholeModelDependencyRule.self,
    WriteOnlyObservedObjectRule.self,
  ]

  /// The rule type with `id`, if there is one.
  public static func rule(withID id: String) -> (any Rule.Type)? {
    all.first { $0.description.id == id }
  }

  /// Every rule id, sorted.
  public static var ids: [String] { all.map { $0.description.id } }
}
