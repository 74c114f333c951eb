/// Sends actions from an effect back into its store, on the main actor.
///
/// An effect receives a `Send` and calls it as a function:
///
/// ```swift
/// return .run { send in
///   let results = try await api.search(query)
///   await send(.resultsLoaded(results))
/// }
/// ```
///
/// An action sent after the effect was cancelled (or its store went away) is dropped: a late
/// result never reaches the state.
public struct Send<Action>: Sendable {
  let deliver: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` that delivers to `deliver`; a store makes one for each effect.
  @_disfavoredOverload
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Creates a `Send` that delivers to `send`, as TCA spells it (to test an effect's body on
  /// its own, say).
  ///
  /// ```swift
  /// let sent = LockIsolated<[Action]>([])
  /// await operation(Send { action in sent.withValue { $0.append(action) } })
  /// ```
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.init(send)
  }

  /// Sends `action` to the store, unless the effect's task was cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }
}

/// The `Send` of a reducer's actions: `SendOf<Feature>`, as in TCA.
public typealias SendOf<R: Reducer> = Send<R.Action>
