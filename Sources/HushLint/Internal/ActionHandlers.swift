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
  /// Whether the handler does nothing but return an effect (not `.none`, not a send, not one
  /// that sends this action again, as a timer's tick does).
  var onlyStartsEffect: Bool
  /// Whether it returns something other than `.none`.
  var returnsEffect: Bool
  /// Whether it is `return .none` alone: an exhaustive switch's way of leaving the action to
  /// another reducer of the feature.
  var doesNothing: Bool
  /// Where it is, for messages: `RootInitialization.swift:462`.
  var place: String
  /// Whether it only hands its payload and the state to a method of the reducer whose own
  /// switch handles them (`case .inner(let action): return handleInnerAction(action, state:
  /// &state)`): that switch's case is the handler.
  var dispatches = false

  /// Whether sending its action only runs logic that a shared helper could run: state
  /// changes, or returning an effect.
  var onlySharesLogic: Bool { onlyMutatesState || onlyStartsEffect }
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

  /// The reducer switches among `switches`, each with the case path its patterns are under:
  /// a switch over `action`; over the `internalAction` (or `viewAction`, `childAction`, …)
  /// parameter of a `reduce(into:internalAction:)` that handles one group of a feature's
  /// actions (`.internal(…)`); or over the parameter of a method that one case of another
  /// reducer switch of the type hands its whole payload to (`case .inner(let action): return
  /// handleInnerAction(action, state: &state)` makes the switch of `handleInnerAction`'s
  /// `action` one under `["inner"]`). Not one inside a case of another: that one switches
  /// over a payload that happens to have such a name, and its returns belong to the outer
  /// case.
  static func reducerSwitches(_ switches: [SwitchExprSyntax]) -> [(
    switchExpr: SwitchExprSyntax, prefix: [String]
  )] {
    var prefixes: [SyntaxIdentifier: [String]] = [:]
    for switchExpr in switches {
      prefixes[switchExpr.id] = actionPrefix(of: switchExpr)
    }
    // The methods the cases hand payloads to, by reducer type and name, with the payload's
    // argument position and the case path; `nil` when two cases hand theirs to one method.
    // Rounds reach a method handed a payload by a method that was handed one.
    for _ in 0..<3 {
      var targets: [String: (argument: Int, path: [String])?] = [:]
      for switchExpr in switches {
        guard let prefix = prefixes[switchExpr.id] else { continue }
        let type = featureType(of: switchExpr) ?? ""
        for element in switchExpr.cases {
          guard let switchCase = element.as(SwitchCaseSyntax.self),
            let (method, argument, path) = dispatch(of: switchCase)
          else { continue }
          let key = type + "." + method
          if let known = targets[key] {
            if known?.argument != argument || known?.path != prefix + path {
              targets[key] = .some(nil)
            }
          } else {
            targets[key] = (argument, prefix + path)
          }
        }
      }
      guard !targets.isEmpty else { break }
      var changed = false
      for switchExpr in switches {
        guard let subject = switchExpr.subject.as(DeclReferenceExprSyntax.self)?.baseName.text,
          let method = ancestors(of: switchExpr).lazy.compactMap({
            $0.as(FunctionDeclSyntax.self)
          }).first,
          let target = targets[(featureType(of: switchExpr) ?? "") + "." + method.name.text]
        else { continue }
        let parameters = Array(method.signature.parameterClause.parameters)
        var prefix = prefixes[switchExpr.id]
        if let target {
          guard target.argument < parameters.count,
            (parameters[target.argument].secondName ?? parameters[target.argument].firstName)
              .text == subject
          else { continue }
          prefix = target.path
        } else {
          // Its payload comes from more than one case: which one is not known.
          prefix = nil
        }
        if prefix != prefixes[switchExpr.id] {
          prefixes[switchExpr.id] = prefix
          changed = true
        }
      }
      if !changed { break }
    }
    let outer = switches.filter { prefixes[$0.id] != nil }
    let ids = Set(outer.map(\.id))
    return outer.filter { switchExpr in
      !ancestors(of: switchExpr).contains { ids.contains($0.id) }
    }.map { ($0, prefixes[$0.id] ?? []) }
  }

  /// The case path a reducer switch's patterns are under: `[]` for `switch action`,
  /// `["internal"]` for `switch internalAction` in `reduce(into:internalAction:)`; `nil` for
  /// any other switch.
  private static func actionPrefix(of switchExpr: SwitchExprSyntax) -> [String]? {
    guard let subject = switchExpr.subject.as(DeclReferenceExprSyntax.self)?.baseName.text
    else { return nil }
    if subject == "action" { return categoryPrefix(of: switchExpr) ?? [] }
    guard subject.hasSuffix("Action"), subject.count > "Action".count else { return nil }
    for ancestor in ancestors(of: switchExpr) {
      guard let function = ancestor.as(FunctionDeclSyntax.self) else { continue }
      guard function.name.text == "reduce",
        function.signature.parameterClause.parameters.contains(where: {
          $0.firstName.text == subject && $0.secondName == nil
        })
      else { return nil }
      return [String(subject.dropLast("Action".count))]
    }
    return nil
  }

  /// The case of the feature's actions that a `switch action` handles the payloads of when
  /// it is in `func reduce(into state: inout State, action: FeatureAction)`: `["feature"]`, by
  /// TCA's naming of an action category (`case feature(FeatureAction)`, `case view(ViewAction)`);
  /// `nil` elsewhere or for a parameter of type `Action`.
  private static func categoryPrefix(of switchExpr: SwitchExprSyntax) -> [String]? {
    for ancestor in ancestors(of: switchExpr) {
      if ancestor.is(ClosureExprSyntax.self) { return nil }
      guard let function = ancestor.as(FunctionDeclSyntax.self) else { continue }
      guard function.name.text == "reduce",
        let parameter = function.signature.parameterClause.parameters.first(where: {
          ($0.secondName ?? $0.firstName).text == "action"
        }),
        let typeName = parameter.type.simpleName, typeName.hasSuffix("Action"),
        typeName.count > "Action".count
      else { return nil }
      let category = typeName.dropLast("Action".count)
      return [category.prefix(1).lowercased() + category.dropFirst()]
    }
    return nil
  }

  /// `case .inner(let action): return handleInnerAction(action, state: &state)` (or
  /// `reduceInner(&state, action)`, `self.…`): a case that takes every payload of its path,
  /// binds it, and only hands it with the state to a method. The method's name, the
  /// payload's argument position and the case's path.
  private static func dispatch(of switchCase: SwitchCaseSyntax) -> (
    method: String, argument: Int, path: [String]
  )? {
    guard case .case(let label) = switchCase.label, label.caseItems.count == 1,
      let item = label.caseItems.first, item.whereClause == nil,
      let (path, reach) = pattern(item.pattern), reach == .anyPayload,
      switchCase.statements.count == 1, let statement = switchCase.statements.first?.item
    else { return nil }
    let bound =
      descendants(IdentifierPatternSyntax.self, of: item.pattern).map(\.identifier.text)
      + (item.pattern.is(ValueBindingPatternSyntax.self)
        ? descendants(DeclReferenceExprSyntax.self, of: item.pattern).filter {
          $0.parent?.is(LabeledExprSyntax.self) == true
        }.map(\.baseName.text) : [])
    guard bound.count == 1, let name = bound.first, let (call, method) = handOff(statement),
      let argument = call.arguments.enumerated().first(where: {
        $0.element.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
      })?.offset
    else { return nil }
    return (method, argument, path)
  }

  /// The call that a case's only statement is or returns when it hands the state to a method
  /// of the reducer (`reduceInner(&state, action)`, `self.handle(action, state: &state)`),
  /// with the method's name.
  private static func handOff(_ statement: CodeBlockItemSyntax.Item) -> (
    call: FunctionCallExprSyntax, method: String
  )? {
    guard
      let call = (statement.as(ReturnStmtSyntax.self)?.expression ?? statement.as(ExprSyntax.self))?
        .as(FunctionCallExprSyntax.self),
      call.trailingClosure == nil,
      call.arguments.contains(where: { $0.expression.is(InOutExprSyntax.self) })
    else { return nil }
    let callee = call.calledExpression
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      return (call, reference.baseName.text)
    }
    if let member = callee.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return (call, member.declName.baseName.text)
    }
    return nil
  }

  /// The feature whose actions the reducer switch `switchExpr` handles: its reducer type
  /// (``reducerType(of:)``), or the feature a reducer nested in it shares its actions with
  /// (`struct Analytics: Reducer { typealias Action = ForumFeature.Action … }` in
  /// `extension ForumFeature` handles `ForumFeature`'s actions, and runs beside its body).
  static func featureType(of switchExpr: SwitchExprSyntax) -> String? {
    for ancestor in ancestors(of: switchExpr) {
      let members: MemberBlockItemListSyntax
      if let structDecl = ancestor.as(StructDeclSyntax.self) {
        members = structDecl.memberBlock.members
      } else if let classDecl = ancestor.as(ClassDeclSyntax.self) {
        members = classDecl.memberBlock.members
      } else if ancestor.is(ExtensionDeclSyntax.self) || ancestor.is(EnumDeclSyntax.self)
        || ancestor.is(ActorDeclSyntax.self)
      {
        break
      } else {
        continue
      }
      for member in members {
        guard let alias = member.decl.as(TypeAliasDeclSyntax.self), alias.name.text == "Action",
          let shared = alias.initializer.value.as(MemberTypeSyntax.self),
          shared.name.text == "Action", let feature = shared.baseType.simpleName
        else { continue }
        return feature
      }
      break
    }
    return reducerType(of: switchExpr)
  }

  /// `case .play, .pause: return reducePlayer(&state, action)`: a case that only hands the
  /// action it switches over, whole, with the state to a method, whose own switch handles it.
  private static func handsOnAction(
    _ switchCase: SwitchCaseSyntax, of switchExpr: SwitchExprSyntax
  ) -> Bool {
    guard let subject = switchExpr.subject.as(DeclReferenceExprSyntax.self)?.baseName.text,
      switchCase.statements.count == 1, let statement = switchCase.statements.first?.item,
      let (call, _) = handOff(statement)
    else { return false }
    return call.arguments.contains {
      $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == subject
    }
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
        return extensionDecl.extendedType.simpleName
      }
    }
    return nil
  }

  /// The handlers of `switchExpr`, whose patterns are under `prefix`, one per case item, in
  /// order, with their cases.
  static func handlers(
    of switchExpr: SwitchExprSyntax, prefix: [String], place: (SwitchCaseSyntax) -> String
  ) -> [(handler: ActionHandler, switchCase: SwitchCaseSyntax)] {
    var result: [(ActionHandler, SwitchCaseSyntax)] = []
    for element in switchExpr.cases {
      guard let switchCase = element.as(SwitchCaseSyntax.self),
        case .case(let label) = switchCase.label
      else { continue }
      let dispatches =
        dispatch(of: switchCase) != nil || handsOnAction(switchCase, of: switchExpr)
      let onlyMutates = !dispatches && onlyMutatesState(switchCase)
      // Its returns at any depth (`if … { return .merge(a, b) } else { return b }`).
      let returnsEffect = returnedEffects(of: switchCase).contains { $0.trimmedText != ".none" }
      let effect = onlyMutates || dispatches ? nil : onlyEffect(of: switchCase)
      // What its effects send (`await send(.check(false))`), to tell a loop from shared logic.
      let sentByEffects = onlyMutates ? sentPaths(in: Syntax(switchCase.statements)) : []
      // `return .none`, or `break` in a reducer that returns `.none` after its switch.
      let doesNothing =
        switchCase.statements.count == 1
        && (switchCase.statements.first?.item.as(ReturnStmtSyntax.self)?.expression?
          .trimmedText == ".none"
          || switchCase.statements.first?.item.is(BreakStmtSyntax.self) == true)
      for item in label.caseItems {
        guard let (casePattern, reach) = pattern(item.pattern) else { continue }
        let path = prefix + casePattern
        // An effect that sends this action again is a loop (a timer's tick), not shared logic.
        let loops: ([[String]]) -> Bool = { sent in
          sent.contains { $0.starts(with: path) || path.starts(with: $0) }
        }
        let startsEffect = effect.map { !loops($0.sentPaths) } ?? false
        result.append(
          (
            ActionHandler(
              path: path, reach: item.whereClause == nil ? reach : .somePayloads,
              onlyMutatesState: onlyMutates && !loops(sentByEffects),
              onlyStartsEffect: startsEffect,
              returnsEffect: returnsEffect, doesNothing: doesNothing,
              place: place(switchCase), dispatches: dispatches),
            switchCase
          ))
      }
    }
    return result
  }

  /// The handlers of a file's reducer switches, one list per switch, by reducer type.
  static func byType(
    in switches: [(switchExpr: SwitchExprSyntax, prefix: [String])], file: String,
    lines: LineTable
  ) -> [String: [[ActionHandler]]] {
    let fileName = lastPathComponent(of: file)
    var result: [String: [[ActionHandler]]] = [:]
    for (switchExpr, prefix) in switches {
      guard let type = featureType(of: switchExpr) else { continue }
      let found = handlers(of: switchExpr, prefix: prefix) { switchCase in
        "\(fileName):\(lines.position(of: switchCase.positionAfterSkippingLeadingTrivia).line)"
      }
      result[type, default: []].append(found.map(\.handler))
    }
    return result
  }

  /// The case paths the reducer switches among `switches` match inside another case, by
  /// reducer type, each after the name of the case it is matched in (TCA's `presented` and
  /// `element` skipped; `""` when there is none): `["appLock", "unlockApp"]` for
  /// `case .appLock(.unlockApp):`; `["path", "element"]`, `["path", "detail", "saveTapped"]`
  /// and `["detail", "saveTapped"]` for
  /// `case .path(.element(id: _, action: .detail(.saveTapped))):`.
  static func nestedPaths(
    in switches: [(switchExpr: SwitchExprSyntax, prefix: [String])]
  ) -> [String: Set<[String]>] {
    var result: [String: Set<[String]>] = [:]
    for (switchExpr, prefix) in switches {
      let type = featureType(of: switchExpr) ?? ""
      for element in switchExpr.cases {
        guard case .case(let label) = element.as(SwitchCaseSyntax.self)?.label else { continue }
        for item in label.caseItems {
          let cases = descendants(MemberAccessExprSyntax.self, of: item.pattern).filter {
            $0.base == nil
          }
          // A switch a parent's case hands a child's actions to matches them under that case
          // (`case .recording(let action): return reduceRecording(&state, action)`, then
          // `case .presentRecorded:` in `reduceRecording`).
          var enclosing = prefix.last ?? ""
          for (position, member) in cases.enumerated() {
            defer {
              let name = member.declName.baseName.text
              if !["presented", "element"].contains(name) { enclosing = name }
            }
            guard position > 0 || !prefix.isEmpty else { continue }
            // `.detail(.saveTapped)` from its callee, `.unlockApp` alone.
            let call = member.parent?.as(FunctionCallExprSyntax.self)
            let expression =
              call.flatMap { $0.calledExpression.id == member.id ? ExprSyntax($0) : nil }
              ?? ExprSyntax(member)
            if let path = casePath(expression) {
              result[type, default: []].insert([enclosing] + path)
            }
          }
        }
      }
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
  /// may or may not. A switch whose handler does nothing (`case .x: return .none`) leaves it
  /// to the others.
  static func match(_ path: [String], across switches: [[ActionHandler]]) -> ActionHandler? {
    var found: ActionHandler?
    for handlers in switches {
      switch run(path, by: handlers) {
      case .none: continue
      case .unknown: return nil
      case .handler(let position):
        guard found == nil else { return nil }
        found = handlers[position]
      }
    }
    return found
  }

  /// What one of a feature's switches does with the action at `path`, beside the others:
  /// ``match(_:in:)``, but a handler that does nothing (`return .none`, `break`) or hands the
  /// action to a method's switch (`case .inner(let action): return handleInnerAction(action,
  /// state: &state)`) leaves it to the other switches (`.none`).
  static func run(_ path: [String], by handlers: [ActionHandler]) -> Match {
    let found = match(path, in: handlers)
    if case .handler(let position) = found,
      handlers[position].doesNothing || handlers[position].dispatches
    {
      return .none
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

  /// The effect a handler does nothing but return (after local values and guards that return
  /// `.none`), with the case paths its closures send: `return .run { send in … }`, not
  /// `.none`, not `.send(.x)` (a chain of sends, each reported where it is sent).
  private static func onlyEffect(of handler: SwitchCaseSyntax) -> (
    effect: ExprSyntax, sentPaths: [[String]]
  )? {
    // `guard let x = state.x else { return .none }` and `let id = state.id` may come first.
    let guards = handler.statements.dropLast()
    guard
      guards.allSatisfy({ item in
        if let declaration = item.item.as(VariableDeclSyntax.self) {
          return declaration.bindings.allSatisfy { $0.pattern.is(IdentifierPatternSyntax.self) }
        }
        guard let guardStmt = item.item.as(GuardStmtSyntax.self),
          guardStmt.body.statements.count == 1
        else { return false }
        return guardStmt.body.statements.first?.item.as(ReturnStmtSyntax.self)?.expression?
          .trimmedText == ".none"
      }),
      let effect = handler.statements.last?.item.as(ReturnStmtSyntax.self)?.expression,
      effect.trimmedText != ".none", sends(in: effect).isEmpty
    else { return nil }
    return (effect, sentPaths(in: Syntax(effect)))
  }

  /// The case paths `node`'s effect closures send: `["check"]` for `await send(.check(false))`.
  private static func sentPaths(in node: Syntax) -> [[String]] {
    descendants(FunctionCallExprSyntax.self, of: node).compactMap { call in
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "send"
        ? call.arguments.first.flatMap { casePath($0.expression) } : nil
    }
  }

  /// The returned expressions of a reducer's case: its `return`s at any depth (in `if`,
  /// `guard`, an inner `switch`), not those of closures and local functions.
  static func returnedEffects(of switchCase: SwitchCaseSyntax) -> [ExprSyntax] {
    returnedEffects(in: switchCase.statements)
  }

  /// The returned expressions of `statements`, at any depth, not those of closures and local
  /// functions.
  static func returnedEffects(in statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
    descendants(ReturnStmtSyntax.self, of: statements) { node in
      node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self)
        || node.is(AccessorBlockSyntax.self)
    }.compactMap(\.expression)
  }

  /// The sends an effect makes before anything else, with their actions: `.send(.x)`,
  /// `Effect.send(.x)`, `.run { send in await send(.x) }` with nothing before the send, and
  /// those among the effects of `.merge(…)`, `.concatenate(…)` and either side of `? :`.
  static func sends(in effect: ExprSyntax) -> [(send: ExprSyntax, action: ExprSyntax)] {
    // `ok ? .send(.x) : .none`.
    if let ternary = effect.as(TernaryExprSyntax.self) {
      return sends(in: ternary.thenExpression) + sends(in: ternary.elseExpression)
    }
    // The same, as parsed (operators unfolded): `ok`, `? .send(.x) :`, `.none`.
    if let elements = effect.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
      let ternary = elements.dropFirst().first?.as(UnresolvedTernaryExprSyntax.self),
      let otherwise = elements.last
    {
      return sends(in: ternary.thenExpression) + sends(in: otherwise)
    }
    guard let call = effect.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base.map(isEffectType) ?? true
    else { return [] }
    switch member.declName.baseName.text {
    case "send":
      return call.arguments.first.map { [(effect, $0.expression)] } ?? []
    case "merge", "concatenate":
      // `.merge(a, b)` and `.merge([a, b])`; `.merge(effects)` with the array built in the
      // case (`var effects: [Effect<Action>] = [.send(.a)]`, `effects.append(.send(.b))`).
      let elements = call.arguments.flatMap { argument -> [ExprSyntax] in
        let expression = argument.expression
        if let array = expression.as(ArrayExprSyntax.self) {
          return array.elements.map(\.expression)
        }
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
          return localEffects(named: name, before: call)
        }
        return [expression]
      }
      guard member.declName.baseName.text == "concatenate" else {
        return elements.flatMap { sends(in: $0) }
      }
      // In order: only the first effect's sends. A send after an effect that runs
      // (`.concatenate(.run { timer }, .send(.stop))`) happens when that effect ends, which no
      // helper can do; one after another send (`.concatenate(.send(.setDates),
      // .send(.fetch))`) runs after that action's handler, which a helper called in this
      // case would run before.
      for element in elements where element.trimmedText != ".none" {
        return sends(in: element)
      }
      return []
    case "run":
      return sentByRun(call).map { [(effect, $0)] } ?? []
    default:
      return []
    }
  }

  /// The effects put in the local array `name` in the reducer case around `use`: the
  /// elements of its initial array literal and what is appended to it before `use`.
  private static func localEffects(named name: String, before use: some SyntaxProtocol)
    -> [ExprSyntax]
  {
    guard
      let switchCase = ancestors(of: use).lazy.compactMap({ $0.as(SwitchCaseSyntax.self) })
        .first
    else { return [] }
    let skip: (Syntax) -> Bool = { $0.is(ClosureExprSyntax.self) || $0.is(FunctionDeclSyntax.self) }
    var effects: [ExprSyntax] = []
    for binding in descendants(PatternBindingSyntax.self, of: switchCase, skipping: skip)
    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
      effects +=
        binding.initializer?.value.as(ArrayExprSyntax.self)?.elements.map(\.expression)
        ?? []
    }
    for call in descendants(FunctionCallExprSyntax.self, of: switchCase, skipping: skip)
    where call.calleeName == "append"
      && call.calleeBase?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
      && call.position < use.position
    {
      if let appended = call.arguments.first?.expression { effects.append(appended) }
    }
    return effects
  }

  /// `Effect` or `Effect<Action>`, the base of `Effect.send(.x)`.
  private static func isEffectType(_ base: ExprSyntax) -> Bool {
    let name =
      base.as(GenericSpecializationExprSyntax.self)?.expression ?? base
    return name.as(DeclReferenceExprSyntax.self)?.baseName.text == "Effect"
  }

  /// The action of `.run { send in await send(.x) }` with nothing before the send (also with
  /// more work after it, and as `.run(operation: { send in … }, catch: …)`): the effect's first
  /// step runs the store again with `.x`, which the case could have done itself.
  private static func sentByRun(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
    // `operation:` first: with it, a trailing closure is the `catch:` handler.
    let operation =
      call.argument("operation")?.as(ClosureExprSyntax.self) ?? call.trailingClosure
    guard let closure = operation,
      call.arguments.allSatisfy({ ["priority", "operation", "catch"].contains($0.label?.text) }),
      let parameter = closure.signature?.parameterClause?.as(
        ClosureShorthandParameterListSyntax.self)?.first?.name.text,
      let first = closure.statements.first?.item.as(ExprSyntax.self),
      first.is(AwaitExprSyntax.self), case let awaited = unwrapped(first),
      let send = awaited.as(FunctionCallExprSyntax.self),
      send.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter,
      send.arguments.count == 1, let action = send.arguments.first?.expression,
      // The action is built from cases and values only: a call such as
      // `client.settings()` may be the awaited work.
      descendants(FunctionCallExprSyntax.self, of: action).allSatisfy({ call in
        call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
      })
    else { return nil }
    return action
  }

  /// Whether a handler changes state and does nothing else but return: its statements are
  /// changes of `state`, local values (`let trimmed = text.trimmed()`, and changes of them),
  /// guards, and `if` and `switch` statements (`switch result { case let .success(items): … }`)
  /// made of the same, at least one of them a change of `state`.
  static func onlyMutatesState(_ handler: SwitchCaseSyntax) -> Bool {
    var mutations = 0
    var locals = localNames(in: handler.label)
    return onlyChangesState(handler.statements, mutations: &mutations, locals: &locals)
      && mutations > 0
  }

  /// Whether `statements` only change `state` or `locals`, bind locals, or return; counts the
  /// changes of `state`.
  private static func onlyChangesState(
    _ statements: CodeBlockItemListSyntax, mutations: inout Int, locals: inout Set<String>
  ) -> Bool {
    for statement in statements {
      let item = statement.item
      if item.is(ReturnStmtSyntax.self) { continue }
      if let declaration = item.as(VariableDeclSyntax.self) {
        // `let trimmed = text.trimmed()`: a value a helper would compute as well.
        for binding in declaration.bindings {
          guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
          else { return false }
          locals.insert(name)
        }
        continue
      }
      if let guardStmt = item.as(GuardStmtSyntax.self) {
        locals.formUnion(localNames(in: guardStmt.conditions))
        var inner = locals
        guard onlyChangesState(guardStmt.body.statements, mutations: &mutations, locals: &inner)
        else { return false }
        continue
      }
      let expression = item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
      guard let expression else { return false }
      if let ifExpr = expression.as(IfExprSyntax.self) {
        guard onlyChangesState(ifExpr, mutations: &mutations, locals: locals) else { return false }
        continue
      }
      if let switchExpr = expression.as(SwitchExprSyntax.self) {
        for element in switchExpr.cases {
          guard let switchCase = element.as(SwitchCaseSyntax.self) else { return false }
          var inner = locals.union(localNames(in: switchCase.label))
          guard onlyChangesState(switchCase.statements, mutations: &mutations, locals: &inner)
          else { return false }
        }
        continue
      }
      let target: ExprSyntax
      if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first
      {
        target = first
      } else if let call = expression.as(FunctionCallExprSyntax.self), let base = call.calleeBase {
        // `state.viewModel.play()` asks an object the state holds to do work;
        // `state.items.append(item)`, `state.page?.reset()` and `state.reset()` change the state.
        if holdsObject(base) { return false }
        target = base
      } else {
        return false
      }
      switch rootName(of: target) {
      case "state": mutations += 1
      case let name? where locals.contains(name): continue
      default: return false
      }
    }
    return true
  }

  /// Whether `base`, a part of the state a method is called on, is named as an object that
  /// does work (`viewModel`, `cameraManager`, `player`, `recordingTask`): by name, since a
  /// file does not say whether a stored property's type is a class.
  private static func holdsObject(_ base: ExprSyntax) -> Bool {
    var expression = base
    while true {
      if let optional = expression.as(OptionalChainingExprSyntax.self) {
        expression = optional.expression
      } else if let forced = expression.as(ForceUnwrapExprSyntax.self) {
        expression = forced.expression
      } else if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
        expression = subscriptCall.calledExpression
      } else {
        break
      }
    }
    guard let member = expression.as(MemberAccessExprSyntax.self) else { return false }
    let name = member.declName.baseName.text.lowercased()
    return objectNames.contains { name.hasSuffix($0) }
  }

  /// The ends of names that name an object doing work, for ``holdsObject(_:)``.
  private static let objectNames = [
    "model", "manager", "controller", "player", "service", "client", "engine", "session",
    "coordinator", "recorder", "task", "timer",
  ]

  /// `if` and its `else if` / `else`, as ``onlyChangesState(_:mutations:locals:)``.
  private static func onlyChangesState(
    _ ifExpr: IfExprSyntax, mutations: inout Int, locals: Set<String>
  ) -> Bool {
    var inner = locals.union(localNames(in: ifExpr.conditions))
    guard onlyChangesState(ifExpr.body.statements, mutations: &mutations, locals: &inner) else {
      return false
    }
    switch ifExpr.elseBody {
    case .ifExpr(let elseIf)?:
      return onlyChangesState(elseIf, mutations: &mutations, locals: locals)
    case .codeBlock(let block)?:
      var inner = locals
      return onlyChangesState(block.statements, mutations: &mutations, locals: &inner)
    case nil:
      return true
    }
  }

  /// The names a pattern or condition binds: `items` in `case let .loaded(.success(items))`,
  /// `item` in `guard let item = state.item`.
  private static func localNames(in node: some SyntaxProtocol) -> Set<String> {
    var names = Set(descendants(IdentifierPatternSyntax.self, of: node).map(\.identifier.text))
    // `let .route(route)`: bound names are references under the `let`.
    for binding in descendants(ValueBindingPatternSyntax.self, of: node) {
      names.formUnion(
        descendants(DeclReferenceExprSyntax.self, of: binding).filter {
          $0.parent?.is(MemberAccessExprSyntax.self) != true
        }.map(\.baseName.text))
    }
    // `if let item`, `guard let item` (the shorthand).
    for condition in descendants(OptionalBindingConditionSyntax.self, of: node) {
      if let name = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
        names.insert(name)
      }
    }
    return names
  }
}
