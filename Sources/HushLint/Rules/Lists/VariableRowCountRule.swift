import SwiftSyntax

/// A `ForEach` in a `List` whose content yields no view for some elements.
struct VariableRowCountRule: Rule {
  static let description = RuleDescription(
    id: "variable-row-count",
    name: "Variable Row Count",
    summary: "A ForEach in a List whose rows are conditional (if without else, EmptyView arm)",
    rationale: """
      List and Table load rows lazily only when every element of a ForEach makes a fixed \
      number of views. When the content is an if without an else, an if let, or a switch with \
      an EmptyView() arm, SwiftUI must build the content of every element up front to count \
      the rows, on every update. Filter the data before the ForEach instead \
      (ForEach(model.visibleItems) { … }), computed once in the model.
      """,
    triggeringExamples: [
      Example(
        """
        List {
          ForEach(items) { item in
            ↓if item.isVisible {
              Row(item: item)
            }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(items) { item in
            ↓if let detail = item.detail {
              Text(detail)
            }
          }
        }
        """),
      Example(
        """
        List {
          Section("Done") {
            ForEach(tasks) { task in
              ↓switch task.state {
              case .done: TaskRow(task: task)
              default: EmptyView()
              }
            }
          }
        }
        """),
      Example(
        """
        Table(people) {
          TableColumn("Name", value: \\.name)
        } rows: {
          ForEach(people) { person in
            ↓if person.isActive { TableRow(person) }
          }
        }
        """),
      Example(
        """
        List(selection: $selection) {
          ForEach(items) { item in
            Group {
              ↓if item.isPinned { PinnedRow(item: item) } else if item.isShown { Row(item: item) }
            }
          }
          .onDelete(perform: delete)
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        struct Board: View {
          var tasks: [Task]
          private var boardStates: [TaskState] { [.ready, .inProgress, .done] }
          var body: some View {
            List {
              ForEach(boardStates, id: \\.self) { state in
                if tasks.contains(where: { $0.state == state }) { Text(state.title) }
              }
            }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(FilterMethod.allCases, id: \\.self) { method in
            if method.isAvailable { Text(method.title) }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(model.visibleItems) { item in Row(item: item) }
        }
        """),
      Example(
        """
        List {
          ForEach(items) { item in
            if item.isPinned { PinnedRow(item: item) } else { Row(item: item) }
          }
        }
        """),
      Example(
        """
        ScrollView {
          VStack {
            ForEach(items) { item in
              if item.isVisible { Row(item: item) }
            }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(items) { item in
            HStack {
              Text(item.name)
              if item.isNew { Image(systemName: "sparkle") }
            }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(items) { item in
            if #available(iOS 17, *) { Row(item: item) }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(items) { item in
            switch item.kind {
            case .photo: PhotoRow(item: item)
            case .text: TextRow(item: item)
            }
          }
        }
        """),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    file.syntax.forEachCalls.filter { ViewContainers.isInsideList($0) }
      .compactMap { forEach -> Finding? in
        guard let content = forEach.contentClosure else { return nil }
        // A fixed handful of values (`Filter.allCases`, a literal, a static list) is not the
        // long list whose rows List would build only as they scroll in.
        if let data = forEach.firstUnlabeledArgument,
          CollectionWorkInBodyRule.isConstant(CollectionWorkInBodyRule.unwrappingArray(data))
            || Self.isConstantProperty(data, of: forEach, in: file)
        {
          return nil
        }
        for expression in ViewContainers.rowExpressions(of: content) {
          if let ifExpr = expression.as(IfExprSyntax.self), Self.mayYieldNothing(ifExpr) {
            return Finding(
              at: ifExpr,
              message: "this ForEach row is conditional, so List must build every element "
                + "to count its rows; filter the data before the ForEach")
          }
          if let switchExpr = expression.as(SwitchExprSyntax.self),
            Self.hasEmptyArm(switchExpr)
          {
            return Finding(
              at: switchExpr,
              message: "a switch arm yields EmptyView, so List must build every element to "
                + "count its rows; filter the data before the ForEach")
          }
        }
        return nil
      }
  }

  /// `ForEach(boardStates)` with `private var boardStates: [State] { [.ready, .done] }` in the
  /// same view: a computed property of the view whose getter is constant data.
  private static func isConstantProperty(
    _ data: ExprSyntax, of forEach: FunctionCallExprSyntax, in file: LintedFile
  ) -> Bool {
    let name: String
    if let reference = data.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else if let member = data.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      name = member.declName.baseName.text
    } else {
      return false
    }
    guard let typeName = ActionHandlers.reducerType(of: forEach),
      let view = file.views.first(where: { $0.name == typeName }),
      let property = view.properties.first(where: { $0.name == name && $0.isComputed }),
      let value = property.binding.getterExpression
    else { return false }
    return CollectionWorkInBodyRule.isConstant(CollectionWorkInBodyRule.unwrappingArray(value))
  }

  private static func mayYieldNothing(_ ifExpr: IfExprSyntax) -> Bool {
    if ifExpr.conditions.contains(where: { $0.condition.is(AvailabilityConditionSyntax.self) }) {
      return false
    }
    switch ifExpr.elseBody {
    case nil: return true
    case .ifExpr(let next): return mayYieldNothing(next)
    case .codeBlock(let block): return isEmptyView(block.statements)
    }
  }

  private static func hasEmptyArm(_ switchExpr: SwitchExprSyntax) -> Bool {
    switchExpr.cases.contains { element in
      guard let switchCase = element.as(SwitchCaseSyntax.self) else { return false }
      return isEmptyView(switchCase.statements)
    }
  }

  private static func isEmptyView(_ statements: CodeBlockItemListSyntax) -> Bool {
    let expressions = statementExpressions(statements)
    guard expressions.count == 1, statements.count == 1,
      let call = expressions[0].as(FunctionCallExprSyntax.self)
    else { return statements.isEmpty }
    return call.isType("EmptyView") && call.arguments.isEmpty
  }
}
