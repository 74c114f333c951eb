import SwiftSyntax

/// Collects every node of one kind under a root, in source order.
final class NodeCollector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
  private(set) var found: [Node] = []
  private let skipping: ((Syntax) -> Bool)?

  init(skipping: ((Syntax) -> Bool)? = nil) {
    self.skipping = skipping
    super.init(viewMode: .sourceAccurate)
  }

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    if let skipping, skipping(node) { return .skipChildren }
    if let match = node.as(Node.self) { found.append(match) }
    return .visitChildren
  }
}

/// Every `Node` under `root`, in source order.
func descendants<Node: SyntaxProtocol>(_ type: Node.Type, of root: some SyntaxProtocol)
  -> [Node]
{
  let collector = NodeCollector<Node>()
  collector.walk(root)
  return collector.found
}

/// Every `Node` in `root` outside the subtrees whose top node `skipping` accepts (`root`
/// itself included), in one
/// walk: O(size of `root`), where asking each node about its ancestors would be O(size ×
/// depth) — minutes for a chain of a few thousand modifiers.
func descendants<Node: SyntaxProtocol>(
  _ type: Node.Type, of root: some SyntaxProtocol, skipping: @escaping (Syntax) -> Bool
) -> [Node] {
  let collector = NodeCollector<Node>(skipping: skipping)
  collector.walk(root)
  return collector.found
}
