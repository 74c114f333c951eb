import SwiftSyntax

/// `AnyView` as the row of a `ForEach`.
struct AnyViewRowRule: Rule {
  static let description = RuleDescription(
    id: "anyview-row",
    name: "AnyView Row",
    summary: "AnyView(…) or .eraseToAnyView() as the row of a ForEach",
    rationale: """
      A row wrapped in AnyView hides its type, so SwiftUI cannot compare the old row with the \
      new one structurally: on every update it must compare dynamically and often rebuilds the \
      row's whole subtree, and lazy containers lose their cheap size estimates. Return the \
      concrete view instead: use @ViewBuilder on the row helper, an if/else or switch in the \
      content closure, or a small enum-driven row view.
      """,
    triggeringExamples: [
      Example("ForEach(items) { item in ↓AnyView(Row(item: item)) }"),
      Example("ForEach(items) { ↓AnyView(Row(item: $0)) }"),
      Example("ForEach(items) { item in Row(item: item).↓eraseToAnyView() }"),
      Example(
        """
        ForEach(items, id: \\.id) { item in
          if item.isHeader {
            ↓AnyView(Header(item: item))
          } else {
            ↓AnyView(Row(item: item))
          }
        }
        """),
      Example(
        """
        ForEach(model.cells, content: { cell in
          return ↓AnyView(cell.view)
        })
        """),
      Example(
        """
        List {
          ForEach(items) { item in
            Group { ↓SwiftUI.AnyView(Row(item: item)) }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example("ForEach(items) { item in Row(item: item) }"),
      Example(
        """
        ForEach(items) { item in
          HStack {
            AnyView(item.icon)
            Text(item.title)
          }
        }
        """),
      Example(
        """
        ForEach(items) { item in
          if item.isHeader { Header(item: item) } else { Row(item: item) }
        }
        """),
      Example("let erased = AnyView(Text(\"Hi\"))"),
      Example(
        """
        var body: some View {
          AnyView(content)
        }
        """),
      Example("ForEach(items, content: row(for:))"),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    for forEach in file.syntax.forEachCalls {
      guard let content = forEach.contentClosure else { continue }
      for expression in ViewContainers.rowExpressions(of: content) {
        result += Self.erasures(in: expression)
      }
    }
    return result
  }

  private static func erasures(in expression: ExprSyntax) -> [Finding] {
    if let ifExpr = expression.as(IfExprSyntax.self) {
      var result = statementExpressions(ifExpr.body.statements).flatMap(erasures(in:))
      switch ifExpr.elseBody {
      case .ifExpr(let next): result += erasures(in: ExprSyntax(next))
      case .codeBlock(let block):
        result += statementExpressions(block.statements).flatMap(erasures(in:))
      case nil: break
      }
      return result
    }
    if let switchExpr = expression.as(SwitchExprSyntax.self) {
      return switchExpr.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
        .flatMap { statementExpressions($0.statements).flatMap(erasures(in:)) }
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return [] }
    if call.isType("AnyView") {
      return [
        Finding(
          at: call,
          message: "AnyView as a ForEach row hides the row's type, so SwiftUI cannot diff it "
            + "structurally; return the concrete view (@ViewBuilder, if/else or switch)")
      ]
    }
    if call.calleeName == "eraseToAnyView", call.calleeBase != nil,
      let member = call.calledExpression.as(MemberAccessExprSyntax.self)
    {
      return [
        Finding(
          at: member.declName,
          message: ".eraseToAnyView() on a ForEach row hides the row's type, so SwiftUI "
            + "cannot diff it structurally; return the concrete view")
      ]
    }
    return []
  }
}
