import SwiftSyntax

/// One case of a reducer's `switch action`: which actions it handles and what it does.
struct ActionHandler: Sendable, Hashable, Codable {
  /// How a handler's pattern matches the actions under its case path.
  enum Reach: String, Sendable, Hashable, Codable {
    /// `case .reset:`, `case .initialization(.reset):`: that case, with any payload.
    case exact
    /// `case let .route(route):`, `case .route(_):`: every value below the path, bound or
    /// ignored.
    case anyPayload
    /// `case .route(.home(true)):`, `case .path(.element(id: _, action: .x)):`: only some of
    /// them, which the linter cannot tell apart.
    case somePayloads
  }

  /// Its case path: `["initialization", "reset"]` for `case .initialization(.reset):`.
  var path: [String]
  var reach: Reach
  /// Whether the handler changes state (at least once) and does nothing else but return.
  var onlyMutatesState: Bool
  /// Whether it returns something other than `.none`.
  var returnsEffect: Bool
  /// Where it is, for messages: `RootInitialization.swift:462`.
  var place: String
}

/// The reducer switches of a file (`switch action { … }`) and their handlers.
enum ActionHandlers {
  /// What a sent action meets in a list of handlers.
  enum Match {
    /// The handler at this position runs it.
    case handler(Int)
    /// A handler may or may not run it (a payload pattern), or a bare case above it takes
    /// it, as a parent's `case .child:` takes a child's actions: nothing is said.
    case unknown
    /// No handler runs it.
    case none
  }

  /// The switches over `action` in `switches`.
  static func reducerSwitches(_ switches: [SwitchExprSyntax]) -> [SwitchExprSyntax] {
    switches.filter { $0.subject.trimmedDescription == "action" }
  }

  /// The innermost type or extension around `node`, by simple name: a reducer's switch
  /// belongs to it.
  static func reducerType(of node: some SyntaxProtocol) -> String? {
    for ancestor in ancestors(of: node) {
      if let declaration = ancestor.asProtocol(NamedDeclSyntax.self),
        ancestor.is(StructDeclSyntax.self) || ancestor.is(ClassDeclSyntax.self)
          || ancestor.is(EnumDeclSyntax.self) || ancestor.is(ActorDeclSyntax.self)
      {
        return declaration.name.text
      }
      if let extensionDecl = ancestor.as(ExtensionDeclSyntax.self) {
        return extensionDecl.extendedType.trimmedDescription.split(separator: ".").last.map(
          String.init)
      }
    }
    return nil
  }

  /// The handlers of `switchExpr`, one per case item, in order, with their cases.
  static func handlers(
    of switchExpr: SwitchExprSyntax, place: (SwitchCaseSyntax) -> String
  ) -> [(handler: ActionHandler, switchCase: SwitchCaseSyntax)] {
    var result: [(ActionHandler, SwitchCaseSyntax)] = []
    for element in switchExpr.cases {
      guard let switchCase = element.as(SwitchCaseSyntax.self),
        case .case(let label) = switchCase.label
      else { continue }
      let onlyMutates = onlyMutatesState(switchCase)
      let returnsEffect = switchCase.statements.contains {
        guard let returned = $0.item.as(ReturnStmtSyntax.self)?.expression else { return false }
        return returned.trimmedDescription != ".none"
      }
      for item in label.caseItems {
        guard let (path, reach) = pattern(item.pattern) else { continue }
        result.append(
          (
            ActionHandler(
              path: path, reach: item.whereClause == nil ? reach : .somePayloads,
              onlyMutatesState: onlyMutates, returnsEffect: returnsEffect,
              place: place(switchCase)),
            switchCase
          ))
      }
    }
    return result
  }

  /// The handlers of a file's reducer switches, one list per switch, by reducer type.
  static func byType(
    in switches: [SwitchExprSyntax], file: String, converter: SourceLocationConverter
  ) -> [String: [[ActionHandler]]] {
    let fileName = file.split(separator: "/").last.map(String.init) ?? file
    var result: [String: [[ActionHandler]]] = [:]
    for switchExpr in reducerSwitches(switches) {
      guard let type = reducerType(of: switchExpr) else { continue }
      let found = handlers(of: switchExpr) { switchCase in
        "\(fileName):\(converter.location(for: switchCase.positionAfterSkippingLeadingTrivia).line)"
      }
      result[type, default: []].append(found.map(\.handler))
    }
    return result
  }

  /// Which handler of one switch runs the action at `path`: the first, in order, whose
  /// pattern takes it.
  static func match(_ path: [String], in handlers: [ActionHandler]) -> Match {
    for (position, handler) in handlers.enumerated()
    where handler.path.count <= path.count && Array(path.prefix(handler.path.count)) == handler.path
    {
      switch handler.reach {
      case .somePayloads: return .unknown
      case .anyPayload: return .handler(position)
      // `case .child:` above `.child(.load)` is how a parent lets a child's action through.
      case .exact: return handler.path.count == path.count ? .handler(position) : .unknown
      }
    }
    return .none
  }

  /// The one handler, across the switches of a reducer type (every one of them runs), that
  /// runs the action at `path`; `nil` when none does, more than one switch takes it, or one
  /// may or may not.
  static func match(_ path: [String], across switches: [[ActionHandler]]) -> ActionHandler? {
    var found: ActionHandler?
    for handlers in switches {
      switch match(path, in: handlers) {
      case .none: continue
      case .unknown: return nil
      case .handler(let position):
        guard found == nil else { return nil }
        found = handlers[position]
      }
    }
    return found
  }

  /// The case path of an action expression: `["a", "b"]` for `.a(.b)` and `.a(.b(x))`.
  static func casePath(_ expression: ExprSyntax) -> [String]? {
    var path: [String] = []
    var current = expression
    while true {
      if let call = current.as(FunctionCallExprSyntax.self),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
      {
        path.append(member.declName.baseName.text)
        guard call.arguments.count == 1, let argument = call.arguments.first,
          argument.label == nil, isCase(argument.expression)
        else { return path }
        current = argument.expression
      } else if let member = current.as(MemberAccessExprSyntax.self), member.base == nil {
        path.append(member.declName.baseName.text)
        return path
      } else {
        return path.isEmpty ? nil : path
      }
    }
  }

  /// Whether `expression` is an enum case, `.x` or `.x(…)`.
  private static func isCase(_ expression: ExprSyntax) -> Bool {
    let callee = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
    return callee.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
  }

  /// The case path of a case pattern and how far it reaches.
  private static func pattern(
    _ pattern: PatternSyntax, bound: Bool = false
  ) -> ([String], ActionHandler.Reach)? {
    if let binding = pattern.as(ValueBindingPatternSyntax.self) {
      // `let .route(route)`: the names below are bound, not compared.
      return self.pattern(binding.pattern, bound: true)
    }
    guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else {
      return nil
    }
    var path: [String] = []
    var current = expression
    while true {
      if let member = current.as(MemberAccessExprSyntax.self), member.base == nil {
        path.append(member.declName.baseName.text)
        return (path, .exact)
      }
      guard let call = current.as(FunctionCallExprSyntax.self),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
      else { return nil }
      path.append(member.declName.baseName.text)
      if call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
        isCase(argument.expression)
      {
        current = argument.expression
        continue
      }
      // `(let x)`, `(_)`, `(let a, _)`: every payload; anything else matches only some.
      let takesAll = call.arguments.allSatisfy { argument in
        let payload = argument.expression
        // `x` under `let .route(x)`, `_`, `let x`.
        if payload.is(DiscardAssignmentExprSyntax.self)
          || (bound && payload.is(DeclReferenceExprSyntax.self))
        {
          return true
        }
        guard let inner = payload.as(PatternExprSyntax.self)?.pattern else { return false }
        return inner.is(ValueBindingPatternSyntax.self) || inner.is(WildcardPatternSyntax.self)
          || inner.is(IdentifierPatternSyntax.self)
      }
      return (path, takesAll ? .anyPayload : .somePayloads)
    }
  }

  /// Whether a handler changes state and does nothing else but return.
  static func onlyMutatesState(_ handler: SwitchCaseSyntax) -> Bool {
    var mutations = 0
    for statement in handler.statements {
      if statement.item.is(ReturnStmtSyntax.self) { continue }
      guard let expression = statement.item.as(ExprSyntax.self) else { return false }
      if let sequence = expression.as(SequenceExprSyntax.self),
        let target = sequence.elements.first, rootName(of: target) == "state"
      {
        mutations += 1
      } else if let call = expression.as(FunctionCallExprSyntax.self),
        let base = call.calleeBase, rootName(of: base) == "state"
      {
        mutations += 1
      } else {
        return false
      }
    }
    return mutations > 0
  }
}
