import SwiftSyntax

/// `return .send(.x)` to an action whose handler only changes state or only returns an effect.
struct ActionPingPongRule: Rule {
  static let description = RuleDescription(
    id: "action-ping-pong",
    name: "Action Ping-Pong",
    summary: "return .send(.x) to an action whose handler only mutates state or returns an effect",
    rationale: """
      Returning .send(.x) from a reducer sends another action through the whole store: the \
      reducer runs again, state is compared again, and every observing view is notified \
      twice for one user event. When the handler of .x only mutates state (and perhaps \
      returns an effect), or only returns an effect, the round trip buys nothing: move the \
      shared logic into a helper (a mutating method on State, or a function returning the \
      Effect) and call it from both places. The send is found wherever the case returns it \
      (inside if, guard or switch, as Effect.send, in .merge or first in .concatenate, in either \
      side of ? :, or as the first thing a .run does: .run { send in await send(.x); … }, also \
      .run(operation:catch:)), and the \
      handler in any switch of the feature, in any file, including the \
      reduce(into:internalAction:) of features that split their actions into groups, and the \
      switch of a method that a case hands its payload to (case .inner(let action): return \
      handleInner(action, state: &state)). Sends \
      to delegate actions, to actions a child reducer also runs, to actions a parent matches \
      in its own switch (case .appLock(.unlockApp)), and to an action whose effect sends \
      that action again (a timer's tick), and to actions another reducer of the feature also \
      runs (a reducer beside its body, sharing its Action, that logs them) are not reported; a \
      parent matches an action also in the switch of a method its case hands the child's \
      actions to, and a case that hands the whole action on (case .play, .pause: return \
      reducePlayer(&state, action)) is followed into the method's switch. A handler that only changes \
      state may compute local values, guard, and branch with if or switch (over a Result \
      payload, say) on the way; one that calls anything else (analytics, a client, or an \
      object the state holds, named as one: state.viewModel.play()) is not reported.
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
          case let .login(info):
            return ↓.run(operation: { send in
              await send(.setLoginInfo(info))
              let token = try await auth.login(info)
              await send(.loggedIn(token))
            }, catch: { _, _ in })
          case let .setLoginInfo(info):
            state.loginInfo = info
            return .none
          case let .loggedIn(token):
            state.token = token
            return .none
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
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .view(.clearTapped): return ↓.send(.internal(.clear))
          case .internal(.clear):
            state.results = []
            return .none
          case .view, .internal: return .none
          }
        }
        """),
      .tca(
        """
        extension Root {
          var coordinator: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .settingsClosed: return ↓.send(.initialization(.reload(animated: true)))
              default: return .none
              }
            }
          }
        }
        extension Root {
          var initialization: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case let .initialization(.reload(animated)):
                state.isLoading = true
                state.animates = animated
                return .none
              default: return .none
              }
            }
          }
        }
        """),
      .tca(
        """
        @Reducer struct Search {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .clear:
                state.results = []
                return .none
              default: return .none
              }
            }
            .onChange(of: \\.query) { _, _ in
              Reduce { _, _ in ↓.send(.clear) }
            }
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .onAppear:
            if state.items.isEmpty { return ↓Effect.send(.load) }
            return .merge(↓.send(.observe), .run { _ in await analytics.track("shown") })
          case .load:
            return .run { send in await send(.loaded(try await client.fetch())) }
          case .observe:
            return .run { send in
              for await items in client.changes() { await send(.loaded(items)) }
            }
          case let .loaded(items):
            state.items = items
            return .none
          }
        }
        """),
      .tca(
        """
        struct Rename: FeatureReducer {
          func reduce(into state: inout State, viewAction: ViewAction) -> Effect<Action> {
            switch viewAction {
            case let .focusChanged(field): return ↓.send(.internal(.focus(field)))
            }
          }
          func reduce(into state: inout State, internalAction: InternalAction) -> Effect<Action> {
            switch internalAction {
            case let .focus(field):
              state.focusedField = field
              return .none
            }
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case let .transcriptChanged(text):
            state.transcript = text
            return ↓.send(.translate(text))
          case let .translate(text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return .none }
            state.pending = trimmed
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .showCached:
            return ↓.send(.loaded(.success(state.cache)))
          case let .loaded(result):
            switch result {
            case let .success(items): state.items = items
            case let .failure(error): state.error = error.localizedDescription
            }
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .retryTapped:
            return ↓.send(.load)
          case .load:
            guard let id = state.selectedID else { return .none }
            let page = state.page
            return .run { send in await send(.loaded(Result { try await api.fetch(id, page) })) }
          case .loaded: return .none
          }
        }
        """),
      .tca(
        """
        @Reducer struct Sheet {
          func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case let .view(action): return reduceView(&state, action)
            case .inner(let innerAction): return handleInner(innerAction, state: &state)
            }
          }
          func reduceView(_ state: inout State, _ action: Action.View) -> Effect<Action> {
            switch action {
            case .closeTapped: return ↓.send(.inner(.setPresented(false)))
            }
          }
          func handleInner(_ action: Action.Inner, state: inout State) -> Effect<Action> {
            switch action {
            case let .setPresented(presented):
              state.isPresented = presented
              return .none
            }
          }
        }
        """),
      .tca(
        """
        @Reducer struct Form {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .cancelTapped: return ↓.send(.reset)
              case .reset, .clear: return reduceFields(&state, action)
              }
            }
          }
          func reduceFields(_ state: inout State, _ action: Action) -> Effect<Action> {
            switch action {
            case .reset:
              state.text = ""
              return .none
            default: return .none
            }
          }
        }
        """),
      .tca(
        """
        @Reducer struct Forum {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .onAppear: return ↓.send(.load)
              case .load:
                state.isLoading = true
                return .run { send in await send(.loaded(try await api.fetch())) }
              case .loaded: return .none
              }
            }
            Analytics()
          }
        }
        extension Forum {
          struct Analytics: Reducer {
            typealias State = Forum.State
            typealias Action = Forum.Action
            var body: some Reducer<State, Action> {
              Reduce { state, action in
                switch action {
                case .onAppear: analytics.log("forum shown")
                case .load, .loaded: break
                }
                return .none
              }
            }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      .tca(
        """
        Reduce { state, action in
          switch action {
          case let .queryChanged(query):
            state.query = query
            return .run { send in
              await send(.setSearching(true))
              await send(.results(try await api.search(query)))
            }
            .debounce(id: SearchID.self, for: 0.3, scheduler: mainQueue)
          case .retry:
            return .run { send in
              let results = try await api.search("")
              await send(.setSearching(false))
              await send(.results(results))
            }
          case let .setSearching(isSearching):
            state.isSearching = isSearching
            return .none
          case let .results(items):
            state.items = items
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .onAppear:
            return .concatenate(.send(.updateDates), .send(.fetchDetail))
          case .updateDates:
            state.today = dateCache.today()
            analytics.track("detail")
            return .none
          case .fetchDetail:
            return .run { [today = state.today] send in
              await send(.loaded(try await api.detail(today)))
            }
          case .loaded: return .none
          }
        }
        """),
      .tca(
        """
        @Reducer struct Share {
          func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .view(.closeTapped): return .send(.inner(.dismiss))
            case .inner(let innerAction): return handleInner(innerAction, state: &state)
            }
          }
          func handleInner(_ action: Action.Inner, state: inout State) -> Effect<Action> {
            switch action {
            case .dismiss:
              state.isClosing = true
              analytics.track("share.closed")
              return .none
            }
          }
        }
        """),
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
        Scope(state: \\.tor, action: \\.torFailed) { Tor() }
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
      .tca(
        """
        @Reducer struct Parent {
          var body: some ReducerOf<Self> {
            Scope(state: \\.child, action: \\.child) { Child() }
            Reduce { state, action in
              switch action {
              case .onAppear: return .send(.child(.load))
              case .child(.load):
                state.isLoading = true
                return .none
              case .child: return .none
              }
            }
          }
        }
        """),
      .tca(
        """
        extension Root {
          var first: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .closed: return .send(.reload)
              case .opened: return .send(.refresh(animated: true))
              default: return .none
              }
            }
          }
          var second: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .refresh(let animated) where animated: state.animates = true; return .none
              case .reload: state.count += 1; return .none
              default: return .none
              }
            }
          }
          var third: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .reload: state.reloads += 1; return .none
              default: return .none
              }
            }
          }
        }
        """),
      .tca(
        """
        struct Root {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .closed: return .send(.initialization(.start))
              default: return .none
              }
            }
          }
        }
        struct Other {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .initialization(.start): state.started = true; return .none
              default: return .none
              }
            }
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .swapStored: return .send(.checkStatus(fast: true))
          case let .checkStatus(fast):
            guard !state.pending.isEmpty else { return .none }
            if fast {
              state.isScheduled = true
              return .run { send in
                try await clock.sleep(for: .seconds(1))
                await send(.checkStatus(fast: false))
              }
            }
            state.lastCheck = now
            return .none
          }
        }
        """),
      .tca(
        """
        Reduce { state, action in
          switch action {
          case .appeared: return .send(.track)
          case .track:
            let event = state.screen.name
            if state.isFirstVisit { analytics.track(event) }
            return .none
          }
        }
        """),
      .tca(
        """
        @Reducer struct Forum {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .onAppear: return .send(.load)
              case .load:
                state.isLoading = true
                return .run { send in await send(.loaded(try await api.fetch())) }
              case .loaded: return .none
              }
            }
            Analytics()
          }
        }
        extension Forum {
          struct Analytics: Reducer {
            typealias State = Forum.State
            typealias Action = Forum.Action
            var body: some Reducer<State, Action> {
              Reduce { state, action in
                switch action {
                case .load: analytics.log("forum loading")
                case .onAppear, .loaded: break
                }
                return .none
              }
            }
          }
        }
        """),
      .tca(
        """
        @Reducer struct Recorded {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .onAppear: return .send(.play)
              case .play, .pause: return reducePlayer(&state, action)
              }
            }
          }
          func reducePlayer(_ state: inout State, _ action: Action) -> Effect<Action> {
            switch action {
            case .play:
              state.viewModel.play()
              return .none
            case .pause:
              state.viewModel.pause()
              return .none
            }
          }
        }
        """),
      .tca(
        """
        @Reducer struct Recording {
          enum Action { case stopTapped, finished }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .stopTapped: return .send(.finished)
              case .finished:
                state.isRecording = false
                return .none
              }
            }
          }
        }
        @Reducer struct RecordHome {
          enum Action { case recording(Recording.Action) }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .recording(let action): return reduceRecording(&state, action)
              }
            }
          }
          func reduceRecording(_ state: inout State, _ action: Recording.Action) -> Effect<Action> {
            switch action {
            case .finished:
              state.recording = nil
              return .none
            default: return .none
            }
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
    for (switchExpr, prefix) in file.reducerSwitches {
      let local = ActionHandlers.handlers(of: switchExpr, prefix: prefix) { _ in "" }
      let handlers = local.map(\.handler)
      let type = ActionHandlers.featureType(of: switchExpr)
      for element in switchExpr.cases {
        guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
        // One finding a send, though two returns may merge the same array of effects.
        var seen: Set<SyntaxIdentifier> = []
        for effect in ActionHandlers.returnedEffects(of: switchCase) {
          for (send, action) in ActionHandlers.sends(in: effect)
          where seen.insert(send.id).inserted {
            guard let path = ActionHandlers.casePath(action), path.first != "delegate" else {
              continue
            }
            switch ActionHandlers.match(path, in: handlers) {
            case .unknown: continue
            case .handler(let position)
            where local[position].handler.doesNothing || local[position].handler.dispatches:
              // `case .search: return .none`: another reducer of the feature may handle it;
              // `case .inner(let action): return handleInnerAction(action, state: &state)`: the
              // method's switch does.
              guard let type else { continue }
              result.append(Self.handledElsewhere(send, path, reducer: type))
            case .handler(let position):
              guard local[position].switchCase.id != switchCase.id,
                local[position].handler.onlySharesLogic
              else { continue }
              let message = Self.message(
                Self.describe(send, path), local[position].handler, elsewhere: false)
              result.append(
                Finding(at: send) { index in
                  Self.isHeardElsewhere(path, by: type, in: index)
                    || Self.runsInAnotherSwitch(path, of: type, in: index) ? nil : message
                })
            case .none:
              // Handled by another switch of the same reducer, perhaps in another file.
              guard let type else { continue }
              result.append(Self.handledElsewhere(send, path, reducer: type))
            }
          }
        }
      }
    }
    // `.onChange(of: \.query) { _, _ in Reduce { _, _ in .send(.search) } }`: a reducer with
    // no switch, whose action the feature's switches handle.
    for call in file.calls
    where call.calleeName == "onChange" && call.argument("of")?.is(KeyPathExprSyntax.self) == true {
      guard let type = ActionHandlers.reducerType(of: call),
        let closure = call.trailingClosure
          ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
      else { continue }
      for reduce in descendants(FunctionCallExprSyntax.self, of: closure)
      where reduce.isType("Reduce") {
        // `Reduce { _, _ in .send(.x) }`, `Reduce({ … })`, and its `return`s.
        guard
          let body = reduce.trailingClosure
            ?? reduce.arguments.first?.expression.as(ClosureExprSyntax.self)
        else { continue }
        var effects = ActionHandlers.returnedEffects(in: body.statements)
        if body.statements.count == 1, let only = body.statements.first?.item.as(ExprSyntax.self) {
          effects.append(only)
        }
        for (send, action) in effects.flatMap(ActionHandlers.sends(in:)) {
          guard let path = ActionHandlers.casePath(action), path.first != "delegate" else {
            continue
          }
          result.append(Self.handledElsewhere(send, path, reducer: type))
        }
      }
    }
    return result
  }

  /// A finding at `send` when the switches of `reducer`, in any linted file, have exactly one
  /// handler for `path` and it only changes state.
  private static func handledElsewhere(
    _ send: ExprSyntax, _ path: [String], reducer type: String
  ) -> Finding {
    let sent = describe(send, path)
    return Finding(at: send) { index in
      // Two reducers of one name would share their handlers. Enums are left out: a reducer
      // with a `switch action` is a struct, and `L10n.Root` is not one.
      guard (index.types[type] ?? []).filter({ $0.kind != .enumeration }).count <= 1,
        !isHeardElsewhere(path, by: type, in: index),
        let handler = ActionHandlers.match(path, across: index.actionHandlers[type] ?? []),
        handler.onlySharesLogic
      else { return nil }
      return message(sent, handler, elsewhere: true)
    }
  }

  /// Whether a reducer other than the handler's may run the action at `path`: a child's
  /// reducer (`.child(.load)` when `child` is scoped to a child reducer), or a parent that
  /// matches it inside its own case (`case .appLock(.unlockApp):` for `.unlockApp`).
  private static func isHeardElsewhere(
    _ path: [String], by type: String?, in index: ProjectIndex
  ) -> Bool {
    if path.count > 1 && index.childActions.contains(path[0]) { return true }
    // A parent's pattern, not the sender's own (`case .child(.failed): return .send(.failed)`
    // forwards a child's action as the sender's own).
    return index.nestedActionPaths.contains { matcher, paths in
      matcher != type
        && paths.contains { entry in
          let matched = Array(entry.dropFirst())
          guard (1...path.count).contains(where: { matched == Array(path.prefix($0)) }) else {
            return false
          }
          // Matched inside a case whose payload names other reducers only
          // (`case workoutList(IdentifiedActionOf<WorkoutList>)`): another child's action.
          guard let type, let enclosing = entry.first, let payload = index.casePayloads[enclosing]
          else { return true }
          return payload.contains(type)
        }
    }
  }

  /// Whether more than one switch of the feature `type` runs the action at `path` (its body's
  /// and a reducer beside it that logs the action, say): sending the action is then how both
  /// run, which one helper does not replace.
  private static func runsInAnotherSwitch(
    _ path: [String], of type: String?, in index: ProjectIndex
  ) -> Bool {
    guard let type else { return false }
    var runs = 0
    for handlers in index.actionHandlers[type] ?? [] {
      if case .handler = ActionHandlers.run(path, by: handlers) { runs += 1 }
    }
    return runs > 1
  }

  /// `.send(.a(.b))` or `.run { await send(.a(.b)) }`, for a message.
  private static func describe(_ send: ExprSyntax, _ path: [String]) -> String {
    let action =
      "." + path.joined(separator: "(.") + String(repeating: ")", count: path.count - 1)
    return send.as(FunctionCallExprSyntax.self).map(isRun) == true
      ? ".run { await send(\(action)) }" : ".send(\(action))"
  }

  private static func message(_ sent: String, _ handler: ActionHandler, elsewhere: Bool)
    -> String
  {
    "'\(sent)' runs the store again for a handler"
      + (elsewhere ? " (\(handler.place))" : "") + " that only "
      + (handler.onlyStartsEffect
        ? "returns an effect; return it from a shared helper instead of sending an action"
        : handler.returnsEffect
          ? "changes state and returns an effect; call a shared helper that returns it"
          : "changes state; call a shared helper instead of sending an action")
  }

  private static func isRun(_ call: FunctionCallExprSyntax) -> Bool {
    call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "run"
  }

}
