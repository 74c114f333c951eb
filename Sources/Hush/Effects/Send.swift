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
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` to the store, unless the effect's task was cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }
}
