import SwiftSyntax

/// Finds the view that contains a view expression, looking through modifiers and the
/// control flow of result builders.
enum ViewContainers {
  /// The call whose content closure (or argument) holds `call`, skipping containers named in
  /// `transparent`; `nil` when `call` is not inside any call's content (for example, it is
  /// returned from a helper property, so its container cannot be known).
  static func container(
    of call: FunctionCallExprSyntax, through transparent: Set<String> = []
  ) -> FunctionCallExprSyntax? {
    var node = Syntax(call)
    while let parent = node.parent {
      if let enclosing = parent.as(FunctionCallExprSyntax.self) {
        if enclosing.calledExpression.id == node.id {
          node = parent
          continue
        }
        if let name = enclosing.calleeName, transparent.contains(name),
          enclosing.isUnqualifiedCall
        {
          node = parent
          continue
        }
        return enclosing
      }
      guard isTransparent(parent) else { return nil }
      node = parent
    }
    return nil
  }

  private static func isTransparent(_ node: Syntax) -> Bool {
    switch node.kind {
    case .memberAccessExpr, .closureExpr, .codeBlockItem, .codeBlockItemList, .codeBlock,
      .ifExpr, .switchCase, .switchCaseList, .switchExpr, .expressionStmt, .ifConfigClause,
      .ifConfigClauseList, .ifConfigDecl, .labeledExpr, .labeledExprList,
      .multipleTrailingClosureElement, .multipleTrailingClosureElementList, .returnStmt:
      true
    default:
      false
    }
  }

  /// Whether `call` is inside a `List` or `Table`, through `Section`, `Group` and `ForEach`.
  static func isInsideList(_ call: FunctionCallExprSyntax) -> Bool {
    guard
      let enclosing = container(of: call, through: ["Section", "Group", "ForEach"]),
      enclosing.isUnqualifiedCall, let name = enclosing.calleeName
    else { return false }
    return name == "List" || name == "Table"
  }

  /// Whether the call is a SwiftUI `ForEach`.
  static func isForEach(_ call: FunctionCallExprSyntax) -> Bool {
    call.isType("ForEach")
  }

  /// The views a closure's body yields at its top level, looking through `Group`.
  static func rowExpressions(of closure: ClosureExprSyntax) -> [ExprSyntax] {
    statementExpressions(closure.statements).flatMap { expression -> [ExprSyntax] in
      if let call = expression.as(FunctionCallExprSyntax.self), call.isType("Group"),
        let content = call.contentClosure
      {
        return rowExpressions(of: content)
      }
      return [expression]
    }
  }
}
