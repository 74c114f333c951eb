/// A reducer that does nothing: the body of an empty ``ReducerBuilder`` block, or a
/// placeholder.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   EmptyReducer()
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  public init() {}

  @inlinable
  @MainActor
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
