import ConcurrencyExtras

/// Wraps an effect's work: records whether it was cancelled, and lets a test wait until it
/// started (so that advancing a test clock reaches it).
final class EffectProbe: Sendable {
  let wasCancelled = LockIsolated(false)
  private let started = AsyncStream<Void>.makeStream()

  /// Returns once the effect started its work.
  func waitUntilStarted() async {
    for await _ in started.stream { return }
  }

  func run(_ body: @Sendable () async throws -> Void) async throws {
    started.continuation.yield()
    try await withTaskCancellationHandler {
      try await body()
    } onCancel: {
      wasCancelled.setValue(true)
    }
  }
}
