import Hush

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Effect {
  /// An effect that sends what a Combine publisher publishes, as TCA's `Effect.publisher`: a
  /// bridge for code that already speaks Combine (a notification, a timer publisher, a
  /// legacy service).
  ///
  /// ```swift
  /// case .onAppear:
  ///   return .publisher {
  ///     NotificationCenter.default
  ///       .publisher(for: UIApplication.userDidTakeScreenshotNotification)
  ///       .map { _ in Action.screenshotTaken }
  ///   }
  ///   .cancellable(id: CancelID.screenshots)
  /// ```
  ///
  /// `createPublisher` is called now; the store subscribes on the main actor when it runs the
  /// effect, and sends each value, in order. The effect finishes when the publisher completes; cancelling it
  /// cancels the subscription.
  ///
  /// - Parameter createPublisher: Makes the publisher.
  /// - Returns: An effect that sends the publisher's values.
  public static func publisher(_ createPublisher: () -> some Publisher<Action, Never>) -> Self {
    // Combine publishers are not `Sendable`; this one is subscribed once, on the main actor
    // (where the store runs, as TCA subscribes on the store's thread: closures a reducer
    // wrote on the main actor run there).
    let publisher = UncheckedSendable(createPublisher().eraseToAnyPublisher())
    return .run { send in
      let (values, continuation) = AsyncStream<UncheckedSendable<Action>>.makeStream()
      let subscription = await MainActor.run {
        UncheckedSendable(
          publisher.value.sink(
            receiveCompletion: { _ in continuation.finish() },
            receiveValue: { continuation.yield(UncheckedSendable($0)) }))
      }
      // The iteration ends when the publisher completes or the effect is cancelled.
      for await value in values { await send(value.value) }
      await MainActor.run { subscription.value.cancel() }
    }
  }
}
