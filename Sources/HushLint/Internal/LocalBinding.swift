import SwiftSyntax

/// A name declared inside a member: a local `let` or `var`, an `if let` or `guard let`, a
/// closure, function or `for` parameter.
struct LocalBinding {
  /// Whether it cannot be reassigned: a `let` or a parameter.
  var isConstant: Bool
  /// Its written type, if any.
  var type: String?
  /// The value it was bound to, when written there.
  var value: ExprSyntax?
  /// The statements it was declared among, for a `var` or `let` statement.
  var scope: CodeBlockItemListSyntax?

  /// The nearest local declaration of `name` that `node` sees, or `nil` when `name` is not
  /// declared inside the member around `node` (so it names a property or a global).
  static func find(_ name: String, before node: some SyntaxProtocol) -> LocalBinding? {
    var child = Syntax(node)
    for ancestor in ancestors(of: node) {
      defer { child = ancestor }
      if let items = ancestor.as(CodeBlockItemListSyntax.self) {
        for item in items {
          if item.id == child.id { break }
          if var found = declared(name, in: item.item) {
            if item.item.is(VariableDeclSyntax.self) { found.scope = items }
            return found
          }
        }
      } else if let ifExpr = ancestor.as(IfExprSyntax.self), ifExpr.body.id == child.id {
        if let found = bound(name, in: ifExpr.conditions) { return found }
      } else if let closure = ancestor.as(ClosureExprSyntax.self),
        let parameters = closure.signature?.parameterClause
      {
        if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self),
          shorthand.contains(where: { $0.name.text == name })
        {
          return LocalBinding(isConstant: true)
        }
        if let clause = parameters.as(ClosureParameterClauseSyntax.self),
          let parameter = clause.parameters.first(where: {
            ($0.secondName ?? $0.firstName).text == name
          })
        {
          return LocalBinding(isConstant: true, type: parameter.type?.trimmedText)
        }
      } else if let loop = ancestor.as(ForStmtSyntax.self), loop.body.id == child.id,
        loop.pattern.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name })
      {
        return LocalBinding(isConstant: true)
      } else if let function = ancestor.as(FunctionDeclSyntax.self) {
        return function.signature.parameterClause.parameters.first {
          ($0.secondName ?? $0.firstName).text == name
        }.map { LocalBinding(isConstant: true, type: $0.type.trimmedText) }
      } else if ancestor.is(MemberBlockItemSyntax.self) {
        return nil
      }
    }
    return nil
  }

  private static func declared(_ name: String, in item: CodeBlockItemSyntax.Item) -> LocalBinding? {
    if let variable = item.as(VariableDeclSyntax.self),
      let binding = variable.bindings.first(where: { $0.identifierName == name })
    {
      return LocalBinding(
        isConstant: variable.bindingSpecifier.tokenKind == .keyword(.let),
        type: binding.typeAnnotation?.type.trimmedText, value: binding.initializer?.value)
    }
    if let guardStmt = item.as(GuardStmtSyntax.self) {
      return bound(name, in: guardStmt.conditions)
    }
    return nil
  }

  /// An `if let name = value` or `guard let name = value`; the shorthand `if let name` binds
  /// the outer `name` again, so it is not a new declaration.
  private static func bound(_ name: String, in conditions: ConditionElementListSyntax)
    -> LocalBinding?
  {
    for element in conditions {
      guard let binding = element.condition.as(OptionalBindingConditionSyntax.self),
        binding.pattern.trimmedText == name, let initializer = binding.initializer
      else { continue }
      return LocalBinding(
        isConstant: binding.bindingSpecifier.tokenKind == .keyword(.let),
        type: binding.typeAnnotation?.type.trimmedText, value: initializer.value)
    }
    return nil
  }
}
