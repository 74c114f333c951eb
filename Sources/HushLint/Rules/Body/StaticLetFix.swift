import SwiftSyntax

/// The mechanical fix of `expensive-view-init` for an object made per render: made once, in a
/// `private static let` of the view.
///
/// Two shapes, in a view declared as a non-generic struct:
///
/// ```swift
/// var body: some View {
///   let formatter = DateFormatter()      // moved, with the assignments right after it,
///   formatter.dateStyle = .medium        // into `private static let formatter:
///   return Text(formatter.string(…))     // DateFormatter = { … }()`; uses read `Self.formatter`
/// }
/// private let decoder = JSONDecoder()    // `private static let decoder = JSONDecoder()`
/// ```
///
/// Not fixed when the object is configured from anything but literals and types (the view's
/// own values would not be in scope in a static), changed after it is configured, or its name
/// is taken or made twice in the view: those need a choice.
enum StaticLetFix {
  /// `finding` with its fix, when `call` (the expensive initializer) has one.
  static func fix(
    _ finding: Finding, for call: FunctionCallExprSyntax, in view: ViewType
  ) -> Finding? {
    guard view.declaration.genericParameterClause == nil,
      let (binding, declaration) = boundVariable(of: call),
      declaration.bindingSpecifier.tokenKind == .keyword(.let),
      declaration.bindings.count == 1, declaration.attributes.isEmpty,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return nil }
    // Another value of the same name (a local, a parameter) would be rewritten too.
    let locals = view.members.flatMap {
      descendants(IdentifierPatternSyntax.self, of: $0).filter { $0.identifier.text == name }
    }
    guard locals.count == 1, !view.members.contains(where: { parameters(named: name, in: $0) })
    else { return nil }
    if declaration.parent?.is(MemberBlockItemSyntax.self) == true {
      guard directMember(declaration, of: view) != nil,
        !declaration.isStatic,
        let edits = storedPropertyEdits(declaration, name: name, in: view)
      else { return nil }
      // Uses in another file's extension would still read the instance property.
      let (type, count) = (view.name, view.extensionCount)
      return finding.fixed(by: edits) { index in (index.extensionCounts[type] ?? 0) <= count }
    }
    guard let edits = localEdits(declaration, call: call, name: name, in: view) else {
      return nil
    }
    return finding.fixed(by: edits)
  }

  /// The binding whose initial value is `call` (or `try! call`), and its declaration.
  private static func boundVariable(
    of call: FunctionCallExprSyntax
  ) -> (PatternBindingSyntax, VariableDeclSyntax)? {
    var value = Syntax(call)
    if let tryExpression = call.parent?.as(TryExprSyntax.self),
      tryExpression.questionOrExclamationMark?.tokenKind == .exclamationMark
    {
      value = Syntax(tryExpression)
    }
    guard let initializer = value.parent?.as(InitializerClauseSyntax.self),
      let binding = initializer.parent?.as(PatternBindingSyntax.self),
      let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self)
    else { return nil }
    return (binding, declaration)
  }

  /// The member of the view's own declaration that `node` is, or is inside.
  private static func directMember(_ node: some SyntaxProtocol, of view: ViewType) -> DeclSyntax? {
    var current = Syntax(node)
    while let parent = current.parent {
      if let item = parent.as(MemberBlockItemSyntax.self) {
        guard item.parent?.parent?.id == view.declaration.memberBlock.id else { return nil }
        return item.decl
      }
      current = parent
    }
    return nil
  }

  /// `let name = …` as a stored property: `static` before `let`, and `Self.name` for every
  /// use in the view's members; `nil` if a member changes or rebinds `name`.
  private static func storedPropertyEdits(
    _ declaration: VariableDeclSyntax, name: String, in view: ViewType
  ) -> [TextEdit]? {
    var edits = [
      TextEdit(
        range: declaration.bindingSpecifier.positionAfterSkippingLeadingTrivia
          .utf8Offset..<declaration.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset,
        replacement: "static ")
    ]
    for member in view.members where member.id != DeclSyntax(declaration).id {
      guard let uses = uses(of: name, in: member, selfQualified: true) else { return nil }
      edits += uses
    }
    return edits
  }

  /// `let name = …` in a member's body: the declaration and the assignments after it go into
  /// a static let inserted before the member; every later use reads `Self.name`.
  private static func localEdits(
    _ declaration: VariableDeclSyntax, call: FunctionCallExprSyntax, name: String,
    in view: ViewType
  ) -> [TextEdit]? {
    guard let item = declaration.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self),
      list.parent?.is(CodeBlockSyntax.self) == true
        || list.parent?.is(AccessorBlockSyntax.self) == true,
      let member = directMember(list, of: view),
      let type = declaration.bindings.first?.typeAnnotation?.type.trimmedText
        ?? call.calleeName,
      isStaticSafe(call.arguments)
    else { return nil }
    // The name must be free among the view's members (`fix` checked it is bound only here).
    let taken = view.members.contains { member in
      if let variable = member.as(VariableDeclSyntax.self) {
        return variable.bindings.contains { $0.identifierName == name }
      }
      return member.as(FunctionDeclSyntax.self)?.name.text == name
    }
    guard !taken else { return nil }
    // The declaration and the assignments right after it that use only literals and types.
    let items = Array(list)
    guard let start = items.firstIndex(where: { $0.id == item.id }) else { return nil }
    var end = start
    while end + 1 < items.count, isConfiguration(items[end + 1], of: name) { end += 1 }
    // Later statements only read it (a call or property read on it).
    var edits: [TextEdit] = []
    for later in items[(end + 1)...] {
      guard let uses = uses(of: name, in: later, selfQualified: false) else { return nil }
      edits += uses
    }
    let indentation = Self.indentation(before: item)
    let memberIndentation = Self.indentation(before: member)
    let statements = items[start...end].map(\.trimmedText)
    let property: String
    if start == end {
      let annotation = declaration.bindings.first?.typeAnnotation?.trimmedText ?? ""
      property = "private static let \(name)\(annotation) = \(initialValue(of: declaration))"
    } else {
      property =
        "private static let \(name): \(type) = {\n"
        + (statements + ["return \(name)"]).map { indentation + $0 + "\n" }.joined()
        + memberIndentation + "}()"
    }
    let insertion = insertionPoint(before: member)
    edits.append(
      TextEdit(range: insertion..<insertion, replacement: property + "\n\n" + memberIndentation))
    // From the line break before the declaration to the end of the last assignment.
    edits.append(
      TextEdit(
        range: lineStart(of: items[start])..<items[end].endPositionBeforeTrailingTrivia.utf8Offset,
        replacement: ""))
    return edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// `Self.name` for each use of `name` in `node` (and `self.name` when `selfQualified`), or
  /// `nil` if one changes it (`name = …`, `name.x = …`, `&name`).
  private static func uses(
    of name: String, in node: some SyntaxProtocol, selfQualified: Bool
  ) -> [TextEdit]? {
    var edits: [TextEdit] = []
    for reference in descendants(DeclReferenceExprSyntax.self, of: node)
    where reference.baseName.text == name && reference.argumentNames == nil {
      var target = ExprSyntax(reference)
      if let access = reference.parent?.as(MemberAccessExprSyntax.self),
        access.declName.id == reference.id
      {
        // `self.name` reads the property; `x.name` is another value's member.
        guard selfQualified,
          access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind
            == .keyword(.self)
        else { continue }
        target = ExprSyntax(access)
      }
      if isChanged(target) { return nil }
      edits.append(
        TextEdit(
          range: target.positionAfterSkippingLeadingTrivia
            .utf8Offset..<target.endPositionBeforeTrailingTrivia.utf8Offset,
          replacement: "Self.\(name)"))
    }
    return edits
  }

  /// Whether `expression`, or a member of it, is assigned or passed `inout`.
  private static func isChanged(_ expression: ExprSyntax) -> Bool {
    var current = Syntax(expression)
    while let parent = current.parent {
      if parent.is(InOutExprSyntax.self) { return true }
      if let list = parent.as(ExprListSyntax.self),
        parent.parent?.is(SequenceExprSyntax.self) == true
      {
        // `target = value`, `target += value` (operators are not folded here).
        let elements = Array(list)
        guard elements.count >= 2, elements[0].id == current.id else { return false }
        return isAssignment(elements[1])
      }
      guard parent.is(MemberAccessExprSyntax.self) else { return false }
      current = parent
    }
    return false
  }

  /// `=`, or a compound assignment such as `+=` (not a comparison).
  private static func isAssignment(_ token: ExprSyntax) -> Bool {
    if token.is(AssignmentExprSyntax.self) { return true }
    guard let text = token.as(BinaryOperatorExprSyntax.self)?.operator.text else {
      return false
    }
    return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
  }

  /// `name.property = value` where `value` uses only literals and types.
  private static func isConfiguration(_ item: CodeBlockItemSyntax, of name: String) -> Bool {
    guard let sequence = item.item.as(SequenceExprSyntax.self) else { return false }
    let elements = Array(sequence.elements)
    guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
      let target = elements[0].as(MemberAccessExprSyntax.self),
      target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
    else { return false }
    return elements.dropFirst(2).allSatisfy(isStaticSafe)
  }

  /// Whether `node` refers to nothing but types, literals and implicit members (`.medium`):
  /// no `self`, no local, no property of the view.
  private static func isStaticSafe(_ node: some SyntaxProtocol) -> Bool {
    if !descendants(ClosureExprSyntax.self, of: node).isEmpty { return false }
    for reference in descendants(DeclReferenceExprSyntax.self, of: node) {
      if let access = reference.parent?.as(MemberAccessExprSyntax.self),
        access.declName.id == reference.id
      {
        continue
      }
      guard reference.baseName.text.first?.isUppercase == true else { return false }
    }
    return true
  }

  /// Whether a function, initializer or closure in `node` has a parameter called `name`.
  private static func parameters(named name: String, in node: some SyntaxProtocol) -> Bool {
    descendants(ClosureShorthandParameterSyntax.self, of: node).contains { $0.name.text == name }
      || descendants(ClosureParameterSyntax.self, of: node).contains {
        ($0.secondName ?? $0.firstName).text == name
      }
      || descendants(FunctionParameterSyntax.self, of: node).contains {
        ($0.secondName ?? $0.firstName).text == name
      }
  }

  private static func initialValue(of declaration: VariableDeclSyntax) -> String {
    declaration.bindings.first?.initializer?.value.trimmedText ?? ""
  }

  /// The spaces and tabs that start the line of `node`'s first token.
  private static func indentation(before node: some SyntaxProtocol) -> String {
    var indentation = ""
    for piece in node.leadingTrivia {
      switch piece {
      case .newlines, .carriageReturns, .carriageReturnLineFeeds: indentation = ""
      case .spaces(let count): indentation += String(repeating: " ", count: count)
      case .tabs(let count): indentation += String(repeating: "\t", count: count)
      default: break
      }
    }
    return indentation
  }

  /// Where `node`'s line starts: the offset of the last line break of its leading trivia (so
  /// that removing from there removes its line), or its first token if it has none.
  private static func lineStart(of node: some SyntaxProtocol) -> Int {
    var offset = node.position.utf8Offset
    var lastBreak: Int?
    for piece in node.leadingTrivia {
      switch piece {
      case .newlines, .carriageReturns, .carriageReturnLineFeeds: lastBreak = offset
      default: break
      }
      offset += piece.sourceLength.utf8Length
    }
    return lastBreak ?? node.positionAfterSkippingLeadingTrivia.utf8Offset
  }

  /// Where a declaration goes before `member`: before its comments, after their indentation.
  private static func insertionPoint(before member: some SyntaxProtocol) -> Int {
    var offset = member.position.utf8Offset
    for piece in member.leadingTrivia {
      switch piece {
      case .newlines, .carriageReturns, .carriageReturnLineFeeds, .spaces, .tabs: break
      default: return offset
      }
      offset += piece.sourceLength.utf8Length
    }
    return member.positionAfterSkippingLeadingTrivia.utf8Offset
  }
}
