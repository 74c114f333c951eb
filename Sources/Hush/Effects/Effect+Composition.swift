extension Effect {
  /// Runs several effects one after the other: each starts when the previous one finished.
  ///
  /// ```swift
  /// return .concatenate(
  ///   .run { send in await send(.saved(try await api.save(draft))) },
  ///   .run { send in await send(.synced(try await api.sync())) }
  /// )
  /// ```
  ///
  /// Cancelling it (its task, or an id around it) cancels the running effect and skips the
  /// rest.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs several effects one after the other: each starts when the previous one finished.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    combining(effects, as: Operation.concatenate)
  }

  /// Runs this effect, then `other` once this one finished: the instance form of
  /// `concatenate`, as TCA has it beside ``merge(with:)``.
  ///
  /// ```swift
  /// return .send(.saving).concatenate(with: .run { send in await send(.saved(try save())) })
  /// ```
  public func concatenate(with other: Self) -> Self {
    .concatenate(self, other)
  }

  /// Transforms the actions the effect sends, to embed a child feature's effect in its
  /// parent's.
  ///
  /// ```swift
  /// case let .settings(action):
  ///   return Settings().reduce(into: &state.settings, action: action)
  ///     .map(AppAction.settings)
  /// ```
  ///
  /// Cancellation ids, debounces and throttles keep working on the transformed effect.
  ///
  /// - Parameter transform: Turns an action of this effect into an action of the new one.
  /// - Returns: An effect that does the same work and sends transformed actions.
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(options, operation):
      return Effect<NewAction>(
        .run(options) { send in
          await operation(Send { action in send(transform(action)) })
        })
    case let .merge(effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<NewAction>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case let .cancel(ids):
      return Effect<NewAction>(.cancel(ids))
    case let .deferred(duration, clock, effect):
      return Effect<NewAction>(.deferred(duration, clock, effect.map(transform)))
    case let .throttle(id, interval, clock, latest, effect):
      return Effect<NewAction>(
        .throttle(
          id: id, interval: interval, clock: clock, latest: latest, effect.map(transform)))
    }
  }
}

extension Effect where Action: Sendable {
  /// The actions the effect sends, as an async sequence, as TCA's `actions`: run the effect on
  /// its own, say to test it without a store.
  ///
  /// ```swift
  /// var sent: [Action] = []
  /// for await action in Effect<Action>.send(.started).concatenate(with: load).actions {
  ///   sent.append(action)
  /// }
  /// ```
  ///
  /// The effect runs, on the main actor, when iteration starts; it finishes when the effect
  /// finished, and ending the iteration early cancels the effect.
  public var actions: AsyncStream<Action> {
    AsyncStream { [self] continuation in
      let task = Task { @MainActor in
        // A store of no state runs the effect: each action it sends comes out here.
        let store = Store<Void, Action>(initialState: ()) { _, action in
          continuation.yield(action)
          return .none
        }
        await withTaskCancellationHandler {
          await store.run(self).finish()
        } onCancel: {
          store.effects.cancelAll()
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
