import ConcurrencyExtras

extension Effect {
  /// Makes the effect cancellable with ``cancel(id:)``, and optionally cancels the work that
  /// already runs under the same id first.
  ///
  /// Ids belong to the store that runs the effect: two stores (two screens) using the same id
  /// never cancel each other's work. A store that goes away cancels all of its effects, with
  /// or without an id, including those its child stores started.
  ///
  /// ```swift
  /// case .refresh:
  ///   return .run { send in
  ///     await send(.loaded(try await api.feed()))
  ///   }
  ///   .cancellable(id: FeedID.refresh, cancelInFlight: true)   // one refresh at a time
  /// case .onDisappear:
  ///   return .cancel(id: FeedID.refresh)
  /// ```
  ///
  /// A cancelled `.run` sees `Task.isCancelled` and `CancellationError`s from cancellable
  /// awaits; an action it sends after the cancellation is dropped, never delivered late.
  ///
  /// - Parameters:
  ///   - id: Any `Hashable & Sendable` value; an enum case or a type is a good choice.
  ///   - cancelInFlight: Whether to cancel the effects already running under `id` before
  ///     this one starts.
  /// - Returns: The effect, cancellable by `id`.
  public func cancellable(
    id: some Hashable & Sendable, cancelInFlight: Bool = false
  ) -> Self {
    if isNone, !cancelInFlight { return self }
    return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels the effects running under `id` in the store that runs this effect, and closes
  /// the throttle window of `id`.
  ///
  /// ```swift
  /// case .searchCleared:
  ///   state.results = []
  ///   return .cancel(id: SearchID.request)
  /// ```
  ///
  /// - Parameter id: The id the effects were made cancellable with.
  /// - Returns: An effect that cancels them and does nothing else.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel([EffectID(id)]))
  }

  /// Cancels the effects running under any of `ids`.
  ///
  /// ```swift
  /// case .onDisappear:
  ///   return .cancel(ids: [SearchID.request, SearchID.suggestions])
  /// ```
  ///
  /// - Parameter ids: The ids the effects were made cancellable with.
  /// - Returns: An effect that cancels them and does nothing else.
  public static func cancel(ids: some Sequence<any Hashable & Sendable>) -> Self {
    Self(.cancel(ids.map { EffectID($0) }))
  }
}

extension Effect {
  /// The effect with its cancellation ids made its own under `scope` (a child feature's state
  /// path, a row's collection and id): sibling features' effects with the same id do not
  /// interfere.
  func scopingIDs(to scope: some Hashable & Sendable) -> Self {
    scopingIDs(to: EffectID(scope))
  }

  private func scopingIDs(to scope: EffectID) -> Self {
    func scoped(_ id: EffectID) -> EffectID {
      EffectID(ScopedEffectID(scope: scope, id: id))
    }
    switch operation {
    case .none, .send:
      return self
    case .run(var options, let operation):
      options.scopes.insert(scope, at: 0)
      return Self(.run(options, operation))
    case let .merge(effects):
      return Self(.merge(effects.map { $0.scopingIDs(to: scope) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.scopingIDs(to: scope) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        .cancellable(
          id: scoped(id), cancelInFlight: cancelInFlight, effect.scopingIDs(to: scope)))
    case let .cancel(ids):
      return Self(.cancel(ids.map(scoped)))
    case let .deferred(duration, clock, effect):
      return Self(.deferred(duration, clock, effect.scopingIDs(to: scope)))
    case let .throttle(id, interval, clock, latest, effect):
      return Self(
        .throttle(
          id: scoped(id), interval: interval, clock: clock, latest: latest,
          effect.scopingIDs(to: scope)))
    }
  }
}

/// A cancellation id of a child feature's effect, made distinct by the child's scope.
struct ScopedEffectID: Hashable, Sendable {
  let scope: EffectID
  let id: EffectID
}

extension EffectID {
  /// Whether this id is `other` scoped to one or more child scopes below `other`'s: the
  /// same id in a descendant of the feature that uses `other`.
  func isScoped(below other: EffectID) -> Bool {
    // Scopes are added outermost first as the effect goes up: `other`'s scopes must be the
    // first of this id's, followed by at least one more, and the same id at the end.
    guard let scoped = base as? ScopedEffectID else { return false }
    if let otherScoped = other.base as? ScopedEffectID {
      return scoped.scope == otherScoped.scope && scoped.id.isScoped(below: otherScoped.id)
    }
    return scoped.id == other || scoped.id.isScoped(below: other)
  }
}
