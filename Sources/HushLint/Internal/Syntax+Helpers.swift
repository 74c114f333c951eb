import SwiftSyntax

extension VariableDeclSyntax {
  var isStatic: Bool {
    modifiers.contains {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }
  }

  var isLazy: Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
  }

  /// The names of the attributes, without arguments: `["ObservedObject"]`.
  var attributeNames: [String] {
    attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
  }
}

extension PatternBindingSyntax {
  var identifierName: String? {
    pattern.as(IdentifierPatternSyntax.self)?.identifier.text
  }

  /// Whether the binding has a getter rather than storage (observers `willSet`/`didSet` do
  /// not make a property computed).
  /// The one expression a computed property's getter is or returns (`{ [.a, .b] }`,
  /// `get { return presentation.addRoutine }`); `nil` for a stored property or a longer getter.
  var getterExpression: ExprSyntax? {
    guard let accessorBlock else { return nil }
    let body: CodeBlockItemListSyntax?
    switch accessorBlock.accessors {
    case .getter(let statements): body = statements
    case .accessors(let accessors):
      body = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
    }
    guard let body, body.count == 1, let item = body.first?.item else { return nil }
    return item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
  }

  /// Whether the property is computed and its getter only reads a path of properties
  /// (`get { presentation.addRoutine }`, `var title: String { self.draft.title }`): it hands
  /// out a value that is stored elsewhere, not one made on each read.
  var forwardsStoredPath: Bool {
    guard var expression = getterExpression else { return false }
    while true {
      if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
        expression = base
      } else if let optional = expression.as(OptionalChainingExprSyntax.self) {
        expression = optional.expression
      } else {
        return expression.is(DeclReferenceExprSyntax.self)
      }
    }
  }

  var isComputed: Bool {
    guard let accessorBlock else { return false }
    switch accessorBlock.accessors {
    case .getter: return true
    case .accessors(let accessors):
      return accessors.contains {
        $0.accessorSpecifier.tokenKind == .keyword(.get)
          || $0.accessorSpecifier.tokenKind == .keyword(._read)
      }
    }
  }
}

extension FunctionCallExprSyntax {
  /// The called name: `ForEach` for `ForEach(…)`, `sorted` for `xs.sorted(…)`.
  var calleeName: String? {
    // Asked of most calls by several rules: the called expression is made once and its kind
    // read once.
    let callee = calledExpression
    switch callee.kind {
    case .declReferenceExpr:
      return callee.cast(DeclReferenceExprSyntax.self).baseName.text
    case .memberAccessExpr:
      return callee.cast(MemberAccessExprSyntax.self).declName.baseName.text
    case .genericSpecializationExpr:
      return callee.cast(GenericSpecializationExprSyntax.self).expression.as(
        DeclReferenceExprSyntax.self)?.baseName.text
    default:
      return nil
    }
  }

  /// The receiver of a method call: `xs` in `xs.sorted()`.
  var calleeBase: ExprSyntax? {
    calledExpression.as(MemberAccessExprSyntax.self)?.base
  }

  /// Whether this is a type's initializer or a free function call: `List { … }`, not
  /// `x.list()`.
  var isUnqualifiedCall: Bool {
    calledExpression.is(DeclReferenceExprSyntax.self)
      || calledExpression.is(GenericSpecializationExprSyntax.self)
      || (calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(
        DeclReferenceExprSyntax.self)?.baseName.text == "SwiftUI")
  }

  /// Whether this calls the SwiftUI type `name` (`List`, `SwiftUI.List`).
  func isType(_ name: String) -> Bool {
    // The name first: it rules out most calls, and is cheaper to read.
    calleeName == name && isUnqualifiedCall
  }

  /// The argument labelled `label`.
  func argument(_ label: String) -> ExprSyntax? {
    arguments.first { $0.label?.text == label }?.expression
  }

  /// The first argument without a label.
  var firstUnlabeledArgument: ExprSyntax? {
    arguments.first { $0.label == nil }?.expression
  }

  /// The closure that builds the content: the trailing closure or a `content:` argument.
  var contentClosure: ClosureExprSyntax? {
    if let trailingClosure { return trailingClosure }
    return argument("content")?.as(ClosureExprSyntax.self)
  }
}

/// The parents of `node`, nearest first, each found when asked for: a search that stops at
/// the first match goes no further up, and nothing is stored.
func ancestors(of node: some SyntaxProtocol) -> Ancestors {
  Ancestors(upcoming: node.parent)
}

/// The parents of a node, nearest first (see ``ancestors(of:)``).
struct Ancestors: Sequence, IteratorProtocol {
  fileprivate var upcoming: Syntax?

  mutating func next() -> Syntax? {
    defer { upcoming = upcoming?.parent }
    return upcoming
  }
}

/// The root of a member chain: `model` in `model.items.count` or `$model.name`.
func rootName(of expression: ExprSyntax) -> String? {
  var current = expression
  while true {
    if let reference = current.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = current.as(MemberAccessExprSyntax.self) {
      guard let base = member.base else { return nil }
      if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
        return member.declName.baseName.text
      }
      current = base
    } else if let call = current.as(FunctionCallExprSyntax.self) {
      current = call.calledExpression
    } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
      current = subscriptCall.calledExpression
    } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
      current = unwrap.expression
    } else if let optional = current.as(OptionalChainingExprSyntax.self) {
      current = optional.expression
    } else {
      return nil
    }
  }
}

/// The member calls of a chain, outermost first: `[filter, map]` for `xs.map{}.filter{}`.
func memberCalls(of expression: ExprSyntax) -> [FunctionCallExprSyntax] {
  var result: [FunctionCallExprSyntax] = []
  var current: ExprSyntax? = expression
  while let expr = current {
    if let call = expr.as(FunctionCallExprSyntax.self) {
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
        result.append(call)
        current = member.base
      } else {
        current = nil
      }
    } else if let member = expr.as(MemberAccessExprSyntax.self) {
      current = member.base
    } else if let optional = expr.as(OptionalChainingExprSyntax.self) {
      current = optional.expression
    } else if let unwrap = expr.as(ForceUnwrapExprSyntax.self) {
      current = unwrap.expression
    } else {
      current = nil
    }
  }
  return result
}

/// Unwraps `try`, `await` and parentheses.
func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
  if let tryExpr = expression.as(TryExprSyntax.self) { return unwrapped(tryExpr.expression) }
  if let awaitExpr = expression.as(AwaitExprSyntax.self) {
    return unwrapped(awaitExpr.expression)
  }
  if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
    let only = tuple.elements.first, only.label == nil
  {
    return unwrapped(only.expression)
  }
  return expression
}

/// The expressions a closure or code block yields as statements, looking through `return`.
func statementExpressions(_ statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
  statements.compactMap { item in
    if let expr = item.item.as(ExprSyntax.self) { return unwrapped(expr) }
    if let stmt = item.item.as(ReturnStmtSyntax.self), let expr = stmt.expression {
      return unwrapped(expr)
    }
    if let stmt = item.item.as(ExpressionStmtSyntax.self) { return unwrapped(stmt.expression) }
    return nil
  }
}

/// Whether `node` sits inside an `#if DEBUG` clause.
func isInsideDebugConditional(_ node: some SyntaxProtocol) -> Bool {
  for ancestor in ancestors(of: node) {
    if let clause = ancestor.as(IfConfigClauseSyntax.self),
      clause.poundKeyword.tokenKind == .poundIf || clause.poundKeyword.tokenKind == .poundElseif,
      clause.condition?.trimmedText == "DEBUG"
    {
      return true
    }
  }
  return false
}

/// Whether an expression is a literal or a range, whose contents cannot change.
func isLiteralCollection(_ expression: ExprSyntax) -> Bool {
  let expr = unwrapped(expression)
  if expr.is(ArrayExprSyntax.self) || expr.is(DictionaryExprSyntax.self) { return true }
  if let sequence = expr.as(SequenceExprSyntax.self) {
    return sequence.elements.contains {
      $0.as(BinaryOperatorExprSyntax.self).map {
        ["..<", "..."].contains($0.operator.text)
      } ?? false
    } && sequence.elements.allSatisfy { !$0.is(MemberAccessExprSyntax.self) }
  }
  return false
}

/// Whether `decl` declares a type: a nested one cannot use its outer type's instance members.
func isTypeDeclaration(_ decl: DeclSyntax) -> Bool {
  decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
    || decl.is(ActorDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self)
    || decl.is(TypeAliasDeclSyntax.self)
}

/// Whether an extension declares anything but nested types: only then can it use the
/// extended type's members.
func declaresMembers(_ extensionDecl: ExtensionDeclSyntax) -> Bool {
  extensionDecl.memberBlock.members.contains { !isTypeDeclaration($0.decl) }
}

extension SyntaxProtocol {
  /// The node's source text without the leading trivia of its first token and the trailing
  /// trivia of its last: what `trimmedDescription` returns, without the copy of the subtree
  /// that `trimmed` makes (a detached copy rebuilt twice, a tenth of a lint's time when type
  /// names and attributes were read through it).
  var trimmedText: String {
    let bytes = syntaxTextBytes
    let start = leadingTriviaLength.utf8Length
    let end = bytes.count - trailingTriviaLength.utf8Length
    guard start < end else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

extension TypeSyntax {
  /// The last name of the type as written: `Row` for `Picker.Row`, `View` for `SwiftUI.View`.
  var simpleName: String? {
    trimmedText.split(separator: ".").last.map(String.init)
  }
}

/// `Feed.swift` for `Sources/App/Feed.swift`: what follows the last `/`, or all of `path`.
func lastPathComponent(of path: String) -> String {
  guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
  return String(path[path.utf8.index(after: slash)...])
}

extension ExprSyntax {
  /// The collection whose indices this is: `xs` in `xs.indices` or `0..<xs.count`.
  var indexedCollection: ExprSyntax? {
    if let member = self.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "indices"
    {
      return member.base
    }
    if let sequence = self.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
      let elements = Array(sequence.elements)
      guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "..<",
        let upper = elements[2].as(MemberAccessExprSyntax.self),
        upper.declName.baseName.text == "count"
      else { return nil }
      return upper.base
    }
    return nil
  }
}
