import Hush

extension TestStore {
  /// Overrides the store's dependencies for `operation`, then puts them back. As in TCA.
  ///
  /// ```swift
  /// await store.withDependencies {
  ///   $0.weatherClient.search = { _ in throw Offline() }
  /// } operation: {
  ///   await store.send(.searchTapped("Oak")) { $0.isSearching = true }
  ///   await store.receive(\.resultsLoaded) { $0.isSearching = false }
  /// }
  /// ```
  public func withDependencies<R>(
    _ updateValuesForOperation: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = dependencies
    defer { dependencies = previous }
    try updateValuesForOperation(&dependencies)
    return try operation()
  }

  /// Overrides the store's dependencies for an async `operation`, then puts them back.
  public func withDependencies<R>(
    _ updateValuesForOperation: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () async throws -> sending R
  ) async rethrows -> R {
    let previous = dependencies
    defer { dependencies = previous }
    try updateValuesForOperation(&dependencies)
    return try await operation()
  }

  /// Sets the store's exhaustivity for `operation`, then puts it back. As in TCA.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refresh)
  ///   await store.receive(\.loaded) { $0.items = ["Milk"] }
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try operation()
  }

  /// Sets the store's exhaustivity for an async `operation`, then puts it back.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> sending R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try await operation()
  }
}
