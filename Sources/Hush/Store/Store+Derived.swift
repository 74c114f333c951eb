extension Store {
  /// A value derived from the state at `input`, recomputed only when that value really changed
  /// and announced only when the result changed.
  ///
  /// ```swift
  /// let whiteCats = store.derived(\.cats) { $0.filter(\.isWhite) }
  /// ForEach(whiteCats.value) { CatRow(cat: $0) }
  /// ```
  ///
  /// The result recomputes synchronously with the change. For a large input of which a view
  /// shows a prefix, derive a lazy pipeline: `store.derived(\.cats) { $0.lazy.filter(\.isWhite) }`
  /// filters only as far as the view iterates.
  ///
  /// - Parameters:
  ///   - input: The path the value is derived from; nothing else is observed.
  ///   - transform: Computes the value from the input.
  /// - Returns: The derived value; keep it (in a model, or `@State`) rather than deriving it
  ///   in `body`.
  @_disfavoredOverload
  public func derived<Input, Value>(
    _ input: KeyPath<State, Input>,
    _ transform: @escaping @MainActor (Input) -> Value
  ) -> Derived<Value> {
    Derived(
      RecomputedValue({ [self] in self[input] }, transform: transform, comparesInput: false),
      recomputesImmediately: true)
  }
}
