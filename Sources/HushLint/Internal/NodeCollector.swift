import SwiftSyntax

/// Collects the nodes `matches` accepts under a root, in source order.
///
/// Not generic: a generic visitor class runs unspecialized (its overridden `visitAny` is
/// reached through the class's table), and asking each node `as(Node.self)` there looked up
/// generic metadata per node (a fifth of a lint's time on a real app). The test comes from
/// ``descendants(_:of:)``, which is specialized for each node type.
final class NodeCollector: SyntaxAnyVisitor {
  private(set) var found: [Syntax] = []
  private let matches: (Syntax) -> Bool
  private let skipping: ((Syntax) -> Bool)?

  init(matches: @escaping (Syntax) -> Bool, skipping: ((Syntax) -> Bool)? = nil) {
    self.matches = matches
    self.skipping = skipping
    super.init(viewMode: .sourceAccurate)
  }

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    if let skipping, skipping(node) { return .skipChildren }
    if matches(node) { found.append(node) }
    return .visitChildren
  }
}

/// Every `Node` under `root`, in source order.
func descendants<Node: SyntaxProtocol>(_ type: Node.Type, of root: some SyntaxProtocol)
  -> [Node]
{
  let collector = NodeCollector(matches: { $0.is(Node.self) })
  collector.walk(root)
  return collector.found.map { $0.cast(Node.self) }
}

/// Every `Node` in `root` outside the subtrees whose top node `skipping` accepts (`root`
/// itself included), in one
/// walk: O(size of `root`), where asking each node about its ancestors would be O(size ×
/// depth) — minutes for a chain of a few thousand modifiers.
func descendants<Node: SyntaxProtocol>(
  _ type: Node.Type, of root: some SyntaxProtocol, skipping: @escaping (Syntax) -> Bool
) -> [Node] {
  let collector = NodeCollector(matches: { $0.is(Node.self) }, skipping: skipping)
  collector.walk(root)
  return collector.found.map { $0.cast(Node.self) }
}

/// Every `First` and every `Second` in `root` outside the subtrees whose top node `skipping`
/// accepts, each in source order: one walk where two calls of
/// ``descendants(_:of:skipping:)`` would make two.
func descendants<First: SyntaxProtocol, Second: SyntaxProtocol>(
  _ first: First.Type, _ second: Second.Type, of root: some SyntaxProtocol,
  skipping: @escaping (Syntax) -> Bool
) -> ([First], [Second]) {
  let collector = NodeCollector(
    matches: { $0.is(First.self) || $0.is(Second.self) }, skipping: skipping)
  collector.walk(root)
  var firsts: [First] = []
  var seconds: [Second] = []
  for node in collector.found {
    if let found = node.as(First.self) { firsts.append(found) }
    if let found = node.as(Second.self) { seconds.append(found) }
  }
  return (firsts, seconds)
}
