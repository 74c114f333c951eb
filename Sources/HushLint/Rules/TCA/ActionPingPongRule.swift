import SwiftSyntax

/// `return .send(.x)` to an action whose handler only changes state.
struct ActionPingPongRule: Rule {
  static let description = RuleDescription(
    id: "action-ping-pong",
    name: "Action Ping-Pong",
    summary: "return .send(.x) to an action whose handler only mutates state",
    rationale: """
      Returning .send(.x) from a reducer sends another action through the whole store: the \
      reducer runs again, state is compared again, and every observing view is notified \
      twice for one user event. When the handler of .x only mutates state (and perhaps \
      returns an effect), the round trip buys nothing: move the shared logic into a helper \
      (a mutating method on State, or a function returning the Effect) and call it from both \
      places. Sends to delegate actions and to actions handled elsewhere are not reported.
      """,
    requiresComposableArchitecture: true,
    triggeringExamples: [
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .incrementTapped:
            return ↓.send(.increment)
          case .increment:
            state.count += 1
            return .none
          }
        }
        """),
      .tca(
        """
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          switch action {
          case .onAppear:
            state.isLoading = true
            return ↓.send(.reset(animated: false))
          case let .reset(animated):
            state.items = []
            state.animated = animated
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .clearTapped: return ↓.send(.clear)
          case .clear:
            state.query = ""
            state.results.removeAll()
            return .run { _ in await analytics.log("clear") }
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .view(.saveTapped):
            return ↓.send(.save)
          case .save:
            state.isSaving = true
            return .none
          case .view:
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .a: return ↓.send(.b)
          case .b: state.x = 1; return .none
          case .c: return ↓.send(.b, animation: .default)
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .retryTapped:
            return ↓.run { send in await send(.load) }
          case .load:
            state.isLoading = true
            return .run { send in await send(.loaded(try await client.fetch())) }
          case .loaded: return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .readingFinished: return ↓.send(.setRoute(.summary))
          case let .setRoute(route):
            state.route = route
            return .none
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .incrementTapped:
            state.count += 1
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .saveTapped: return .send(.delegate(.saved))
          case .delegate: return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .onAppear: return .send(.child(.load))
          case .child: return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .onAppear: return .send(.swap(.refresh))
          case .swap(.closeTapped):
            state.isSwapOpen = false
            return .none
          case .settings(.path(.element(id: _, action: .tor(.failed)))):
            return .send(.torFailed(.retry))
          case .torFailed(.retry), .swap:
            state.alert = nil
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .refresh:
            return .run { send in await send(.loaded(try await api.fetch())) }
          case let .loaded(items):
            state.items = items
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .start: return .send(.tick)
          case .tick:
            return .run { send in try await clock.sleep(for: .seconds(1)); await send(.tick) }
          }
        }
        """),
      Example(
        """
        Reduce { state, action in
          switch action {
          case .a: return .send(.b)
          case .b: state.x = 1; return .none
          }
        }
        """),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    for switchExpr in file.syntax.switches
    where switchExpr.subject.trimmedDescription == "action" {
      var handlers: [String: SwitchCaseSyntax] = [:]
      // Cases whose handler binds the payload: `.route(.hud)` sends a value, not a child action.
      var valueCases: Set<String> = []
      for element in switchExpr.cases {
        guard let switchCase = element.as(SwitchCaseSyntax.self),
          case .case(let label) = switchCase.label
        else { continue }
        for item in label.caseItems where !Self.isChildAction(item.pattern) {
          if let name = Self.caseName(of: item.pattern), Self.bindsPayload(item.pattern) {
            valueCases.insert(name)
          }
          if let name = Self.caseName(of: item.pattern), handlers[name] == nil {
            handlers[name] = switchCase
          }
        }
      }
      for element in switchExpr.cases {
        guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
        for statement in switchCase.statements {
          guard let returned = statement.item.as(ReturnStmtSyntax.self)?.expression,
            let (send, action) = Self.sentAction(returned),
            let target = Self.actionName(action), target != "delegate",
            valueCases.contains(target) || !Self.isChildAction(action),
            let handler = handlers[target], handler.id != switchCase.id,
            Self.onlyMutatesState(handler)
          else { continue }
          let sent =
            send.as(FunctionCallExprSyntax.self).map(Self.isRun) == true
            ? ".run { await send(.\(target)) }" : ".send(.\(target))"
          let returnsEffect = handler.statements.contains {
            guard let returned = $0.item.as(ReturnStmtSyntax.self)?.expression else {
              return false
            }
            return returned.trimmedDescription != ".none"
          }
          result.append(
            Finding(
              at: send,
              message: "'\(sent)' runs the store again for a handler that only "
                + (returnsEffect
                  ? "changes state and returns an effect; call a shared helper that returns it"
                  : "changes state; call a shared helper instead of sending an action")))
        }
      }
    }
    return result
  }

  /// Whether `node` names a child's action, `.child(.load)`: the child's reducer handles it,
  /// whatever this switch does with it.
  private static func isChildAction(_ node: some SyntaxProtocol) -> Bool {
    var current = Syntax(node)
    if let pattern = current.as(ExpressionPatternSyntax.self) {
      current = Syntax(pattern.expression)
    }
    guard let call = current.as(FunctionCallExprSyntax.self),
      let argument = call.arguments.first?.expression
    else { return false }
    let inner = argument.as(FunctionCallExprSyntax.self)?.calledExpression ?? argument
    return inner.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
  }

  /// The effect and the action of `.send(.x)`, or of `.run { send in await send(.x) }` with
  /// nothing before the send: either only runs the store again with `.x`.
  private static func sentAction(_ effect: ExprSyntax) -> (ExprSyntax, ExprSyntax)? {
    guard let call = effect.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
    else { return nil }
    if member.declName.baseName.text == "send" {
      return call.arguments.first.map { (effect, $0.expression) }
    }
    guard isRun(call), call.arguments.isEmpty,
      let closure = call.trailingClosure, closure.statements.count == 1,
      let parameter = closure.signature?.parameterClause?.as(
        ClosureShorthandParameterListSyntax.self)?.first?.name.text,
      let awaited = statementExpressions(closure.statements).first,
      closure.statements.first?.item.as(ExprSyntax.self).map({ $0.is(AwaitExprSyntax.self) })
        ?? false,
      let send = awaited.as(FunctionCallExprSyntax.self),
      send.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter,
      send.arguments.count == 1, let action = send.arguments.first?.expression,
      // The action is built from cases and values only: a call such as
      // `client.settings()` may be the awaited work.
      descendants(FunctionCallExprSyntax.self, of: action).allSatisfy({ call in
        call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
      })
    else { return nil }
    return (effect, action)
  }

  private static func isRun(_ call: FunctionCallExprSyntax) -> Bool {
    call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "run"
  }

  /// Whether a case pattern binds its payload: `.route(let r)`, `let .route(r)`.
  private static func bindsPayload(_ pattern: PatternSyntax) -> Bool {
    if pattern.is(ValueBindingPatternSyntax.self) { return true }
    return pattern.tokens(viewMode: .sourceAccurate).contains {
      $0.tokenKind == .keyword(.let) || $0.tokenKind == .keyword(.var)
    }
  }

  /// `increment` for `.increment`, `.increment(let x)`, `let .increment(x)`.
  private static func caseName(of pattern: PatternSyntax) -> String? {
    if let expression = pattern.as(ExpressionPatternSyntax.self) {
      return actionName(expression.expression)
    }
    if let binding = pattern.as(ValueBindingPatternSyntax.self) {
      return caseName(of: binding.pattern)
    }
    return nil
  }

  private static func actionName(_ expression: ExprSyntax) -> String? {
    var current = expression
    if let call = current.as(FunctionCallExprSyntax.self) { current = call.calledExpression }
    guard let member = current.as(MemberAccessExprSyntax.self), member.base == nil else {
      return nil
    }
    return member.declName.baseName.text
  }

  private static func onlyMutatesState(_ handler: SwitchCaseSyntax) -> Bool {
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
