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

/// A visitor that does not go into the subtrees that hold no expression, statement or
/// declaration: types, the clauses made of types, imports, literals, name patterns and
/// modifiers, nor the tokens of a name (`DeclReferenceExprSyntax`; a subclass that overrides
/// its visit should keep `.skipChildren`). Every walk visits each node it enters (and makes the
/// node's data the first time), so the walks that look for calls, names and declarations skip
/// these.
class LeanVisitor: SyntaxVisitor {
  init() {
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: OptionalTypeSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: ArrayTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: DictionaryTypeSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: SomeOrAnyTypeSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: AttributedTypeSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: TupleTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ImplicitlyUnwrappedOptionalTypeSyntax)
    -> SyntaxVisitorContinueKind
  { .skipChildren }
  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  // Literals, patterns and modifiers are tokens alone.
  override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: FloatLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: NilLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
}

/// Gathers the calls, name references and operator sequences under a node, in source order,
/// leaving out the subtrees whose top node `skipping` accepts (the node itself too). Only a
/// labelled argument, a closure, a function or an accessor is asked, the kinds that
/// ``UseContext/isAction(_:)`` and ``UseContext/isDeferred(_:)`` can accept: a walk that
/// asked every node spent most of its time asking.
final class CodeCollector: LeanVisitor {
  private(set) var calls: [FunctionCallExprSyntax] = []
  private(set) var references: [DeclReferenceExprSyntax] = []
  private(set) var sequences: [SequenceExprSyntax] = []
  private let skipping: (Syntax) -> Bool

  init(skipping: @escaping (Syntax) -> Bool) {
    self.skipping = skipping
    super.init()
  }

  private func enter(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
    skipping(Syntax(node)) ? .skipChildren : .visitChildren
  }

  override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind { enter(node) }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { enter(node) }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node) }
  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node) }
  override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind { enter(node) }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    calls.append(node)
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    references.append(node)
    return .skipChildren
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    sequences.append(node)
    return .visitChildren
  }
}
