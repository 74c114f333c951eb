import SwiftSyntax

/// Collects every node of one kind under a root, in source order.
final class NodeCollector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
  private(set) var found: [Node] = []

  init() {
    super.init(viewMode: .sourceAccurate)
  }

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
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
