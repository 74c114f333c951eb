import SwiftSyntax

/// The type whose property a write changes, as far as one file shows it: `Item` for
/// `item.title = …` when `item` is declared `var item: Item` or `var item = Item(…)`, the
/// enclosing type for `title = …` or `self.title = …`.
///
/// Written as a string kept in the project index:
/// - a type's simple name (`Item`);
/// - `@Owner.property` when the write goes through a property of the enclosing type, whose
///   type the whole project's index knows (``ProjectIndex/writeOwner(_:)``);
/// - ``unknown`` when the file does not show it (`$0.title`, `rows[i].title`, `a.b.title`, a
///   name declared without a type): such a write may change any type's property of that name.
enum WriteOwner {
  static let unknown = "?"
  /// A write to a local `var` that is then only added to a collection (`var item = post.item;
  /// item.hasReply = true; items.append(item)`): it finishes a new value and changes no
  /// stored value in place. It counts only for a type that may be a class.
  static let newValue = "+"

  /// The owner of the property `target` names: `title` in `item.title`, `items` in `items`.
  static func of(_ target: ExprSyntax, in syntax: SyntaxIndex) -> String {
    if target.is(DeclReferenceExprSyntax.self) {
      return syntax.enclosingTypeName(of: target) ?? unknown
    }
    guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base else {
      return unknown
    }
    var root = base
    while true {
      if let optional = root.as(OptionalChainingExprSyntax.self) {
        root = optional.expression
      } else if let forced = root.as(ForceUnwrapExprSyntax.self) {
        root = forced.expression
      } else {
        break
      }
    }
    guard let reference = root.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil
    else { return unknown }
    let name = reference.baseName.text
    if reference.baseName.tokenKind == .keyword(.self) {
      return syntax.enclosingTypeName(of: target) ?? unknown
    }
    if name.hasPrefix("$") { return unknown }
    if let local = LocalBinding.find(name, before: target) {
      if !local.isConstant, let scope = local.scope, isOnlyAdded(name, after: target, in: scope) {
        return newValue
      }
      if let type = local.type { return simpleName(ofType: type, at: target) ?? unknown }
      if let value = local.value { return typeMade(by: value) ?? unknown }
      return unknown
    }
    guard let enclosing = syntax.enclosingTypeName(of: target) else { return unknown }
    return "@\(enclosing).\(name)"
  }

  /// Whether the local `name`, after `write`, is only read through (`name.title`), added to
  /// a collection or looked up there (`items.append(name)`, `items.insert(name, at: 0)`,
  /// `items.contains(name)`), or returned as an element of a collection being made (from a
  /// `map` closure) in `scope`: never stored over a value that is there, nor handed anywhere
  /// else.
  private static func isOnlyAdded(
    _ name: String, after write: ExprSyntax, in scope: CodeBlockItemListSyntax
  ) -> Bool {
    let end = write.endPosition
    for item in scope where item.endPosition > end {
      guard isOnlyAdded(name, after: end, in: item) else { return false }
    }
    return true
  }

  /// ``isOnlyAdded(_:after:in:)`` in one statement, from `end` on.
  private static func isOnlyAdded(
    _ name: String, after end: AbsolutePosition, in item: CodeBlockItemSyntax
  ) -> Bool {
    for token in item.tokens(viewMode: .sourceAccurate)
    where token.position >= end && token.tokenKind == .identifier(name) {
      guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
      if let member = reference.parent?.as(MemberAccessExprSyntax.self),
        member.base?.id == reference.id
      {
        continue
      }
      if let argument = reference.parent?.as(LabeledExprSyntax.self),
        let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
        let callee = call.calleeName,
        argument.label == nil
          ? addingOrLooking.contains(callee)
          : argument.label?.text == "of"
            && ["firstIndex", "lastIndex"].contains(callee)
      {
        continue
      }
      if let returned = reference.parent?.as(ReturnStmtSyntax.self),
        isElementOfNewCollection(returned)
      {
        continue
      }
      return false
    }
    return true
  }

  /// The calls that add a value to a collection or look it up there, never storing it over
  /// a value that is there.
  private static let addingOrLooking: Set<String> = [
    "append", "insert", "contains", "firstIndex", "lastIndex",
  ]

  /// Whether `returned` gives an element of a collection being made: it returns from the
  /// closure of a `map`, `compactMap` or `flatMap` (`entries.compactMap { entry in var message
  /// = …; message.metadata = entry.metadata; return message }`).
  private static func isElementOfNewCollection(_ returned: ReturnStmtSyntax) -> Bool {
    var node = Syntax(returned)
    while let parent = node.parent {
      if parent.is(FunctionDeclSyntax.self) || parent.is(AccessorBlockSyntax.self) {
        return false
      }
      if let closure = parent.as(ClosureExprSyntax.self) {
        var call = closure.parent
        if call?.is(LabeledExprSyntax.self) == true { call = call?.parent?.parent }
        guard let name = call?.as(FunctionCallExprSyntax.self)?.calleeName else { return false }
        return ["map", "compactMap", "flatMap"].contains(name)
      }
      node = parent
    }
    return false
  }

  /// `Item` for `Item`, `Item?`, `inout Item`, `Feature.Item`, the enclosing type for `Self`;
  /// `nil` for a generic, collection, tuple, function or composed type.
  static func simpleName(ofType text: String, at node: some SyntaxProtocol) -> String? {
    let name = simpleName(ofStoredType: text)
    return name == "Self" ? ActionHandlers.reducerType(of: node) : name
  }

  /// As ``simpleName(ofType:at:)``, leaving `Self` as it is.
  static func simpleName(ofStoredType text: String) -> String? {
    var type = Substring(text)
    for prefix in ["inout ", "borrowing ", "consuming "] where type.hasPrefix(prefix) {
      type = type.dropFirst(prefix.count)
    }
    while let last = type.last, last == "?" || last == "!" { type = type.dropLast() }
    guard let first = type.first, first.isUppercase,
      type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    else { return nil }
    return String(type.split(separator: ".").last ?? type)
  }

  /// The type `value` makes: `Item` for `Item(…)`, `Item.init(…)`, `try await Item(…)` and
  /// `x as? Item`; `nil` when that is not written there.
  private static func typeMade(by value: ExprSyntax) -> String? {
    var current = value
    while true {
      if let tryExpr = current.as(TryExprSyntax.self) {
        current = tryExpr.expression
      } else if let awaitExpr = current.as(AwaitExprSyntax.self) {
        current = awaitExpr.expression
      } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
        current = forced.expression
      } else {
        break
      }
    }
    if let cast = current.as(AsExprSyntax.self) {
      return simpleName(ofType: cast.type.trimmedText, at: value)
    }
    if let sequence = current.as(SequenceExprSyntax.self), sequence.elements.count == 3,
      let cast = Array(sequence.elements)[1].as(UnresolvedAsExprSyntax.self),
      cast.questionOrExclamationMark != nil,
      let type = sequence.elements.last?.as(TypeExprSyntax.self)
    {
      return simpleName(ofType: type.type.trimmedText, at: value)
    }
    guard let call = current.as(FunctionCallExprSyntax.self) else { return nil }
    var called = call.calledExpression
    if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
      let base = member.base
    {
      called = base
    }
    guard let reference = called.as(DeclReferenceExprSyntax.self),
      reference.baseName.text.first?.isUppercase == true
    else { return nil }
    return reference.baseName.text
  }
}
