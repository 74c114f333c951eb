extension Effect {
  /// Runs the effect only once `duration` passed without another effect under `id`: each
  /// new one cancels the one waiting, and the work a previous one already started.
  ///
  /// The search field case: one request for what the user typed last, none for the
  /// keystrokes in between, and a keystroke after the request started cancels it (its late
  /// result is never delivered).
  ///
  /// ```swift
  /// case let .queryChanged(query):
  ///   state.query = query
  ///   return .run { send in
  ///     await send(.resultsLoaded(try await api.search(query)))
  ///   }
  ///   .debounce(id: SearchID.request, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// Twenty keystrokes 50 ms apart start one request, 300 ms after the last one. The
  /// deadline is fixed when the effect starts, so a busy machine does not delay it further.
  /// Debouncing `.none` cancels what waits or runs under `id`.
  ///
  /// - Parameters:
  ///   - id: The cancellation id; `cancel(id:)` cancels the waiting effect and the started one.
  ///   - duration: How long the input must be quiet.
  ///   - clock: The clock to wait on; inject `TestClock` in tests.
  /// - Returns: The debounced effect.
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration> = ContinuousClock()
  ) -> Self {
    if isNone { return .cancel(id: id) }
    return Self(.deferred(duration, clock, self)).cancellable(id: id, cancelInFlight: true)
  }

  /// Runs at most one effect under `id` per `interval`: the first one right away (the leading
  /// edge) and, with `latest`, the last one that arrived during the interval at its end.
  ///
  /// The slider case: the value follows the finger at 15 updates a second instead of 120,
  /// and the final value always arrives.
  ///
  /// ```swift
  /// case let .sliderMoved(value):
  ///   return .send(.applyBrightness(value))
  ///     .throttle(id: SliderID.brightness, for: .seconds(1) / 15, clock: clock, latest: true)
  /// ```
  ///
  /// A slider moved 120 times in a second applies 15 or 16 values, the last one being where
  /// the finger stopped. An effect delivered at the end of an interval opens the next one.
  /// Without `latest`, the first effect of each interval runs and the others are dropped.
  ///
  /// - Parameters:
  ///   - id: The id of the throttle; `cancel(id:)` closes its interval and drops what waits.
  ///   - interval: The shortest time between two effects that run.
  ///   - clock: The clock to measure the interval on; inject `TestClock` in tests.
  ///   - latest: Whether the last effect of an interval runs at its end (`true`) or is
  ///     dropped like the others after the first (`false`).
  /// - Returns: The throttled effect.
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration> = ContinuousClock(),
    latest: Bool
  ) -> Self {
    Self(
      .throttle(id: EffectID(id), interval: interval, clock: clock, latest: latest, self))
  }
}
