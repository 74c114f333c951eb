/// What one fixture measured.
public struct Measurement: Sendable {
  /// Median time per unit (per change, per evaluation, per row), in nanoseconds.
  public var nanosecondsPerUnit: Double
  /// Re-renders per operation, when the fixture renders.
  public var rendersPerOperation: Double?
  public var operations: Int
  public var samples: Int
  /// What `Fixture.verify` reported, if anything.
  public var problem: String?
}

/// Times `fixture.operation`: a warm-up, then `samples` samples of a calibrated number of
/// operations each, keeping the fixture's readers alive throughout; returns the median.
@MainActor
public func measure(
  _ fixture: Fixture, samples: Int = 11, sampleTarget: Duration = .milliseconds(10),
  budget: Duration = .seconds(2)
) -> Measurement {
  let clock = ContinuousClock()
  var iteration = 0
  return fixture.withLiveReaders {
    // Warm-up, and calibration of the operations per sample.
    let warmStart = clock.now
    fixture.operation(iteration)
    iteration += 1
    let once = clock.now - warmStart
    fixture.betweenSamples?()
    let perSample = max(1, min(100_000, Int(sampleTarget / max(once, .nanoseconds(20)))))
    let affordable = max(3, Int(budget / max(once * perSample, .nanoseconds(1))))
    let sampleCount = min(samples, affordable)

    var perOperation: [Double] = []
    for _ in 0..<sampleCount {
      let start = clock.now
      for _ in 0..<perSample {
        fixture.operation(iteration)
        iteration += 1
      }
      let elapsed = clock.now - start
      perOperation.append(elapsed.nanoseconds / Double(perSample))
      fixture.betweenSamples?()
    }
    perOperation.sort()
    let median = perOperation[perOperation.count / 2]
    return Measurement(
      nanosecondsPerUnit: median / Double(fixture.unitsPerOperation),
      rendersPerOperation: fixture.frame.map { Double($0.renders) / Double(iteration) },
      operations: iteration,
      samples: sampleCount,
      problem: fixture.verify(iteration)
    )
  }
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// "850 ns", "2.41 µs", "31.2 ms".
public func formatNanoseconds(_ ns: Double) -> String {
  func digits(_ v: Double) -> String {
    let places = v < 10 ? 2 : v < 100 ? 1 : 0
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (v * scale).rounded() / scale
    var text = places == 0 ? String(Int(rounded)) : String(rounded)
    if places > 0 {
      let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      let fraction = parts.count > 1 ? String(parts[1]) : ""
      text =
        parts[0] + "." + fraction + String(repeating: "0", count: max(0, places - fraction.count))
    }
    return text
  }
  if ns < 1_000 { return digits(ns) + " ns" }
  if ns < 1_000_000 { return digits(ns / 1_000) + " µs" }
  if ns < 1_000_000_000 { return digits(ns / 1_000_000) + " ms" }
  return digits(ns / 1_000_000_000) + " s"
}

/// "1", "10,000", "0.5".
public func formatCount(_ value: Double) -> String {
  if value == value.rounded() { return Int(value).formatted() }
  return String((value * 100).rounded() / 100)
}

/// "×4.2", "×0.31", "×120", "×0.0012": two significant digits below 10.
public func formatRatio(_ ratio: Double) -> String {
  if ratio >= 100 { return "×" + Int(ratio.rounded()).formatted() }
  if ratio >= 10 { return "×" + String((ratio * 10).rounded() / 10) }
  var scale = 10.0
  while ratio * scale < 10, scale < 1e9 { scale *= 10 }
  let rounded = (ratio * scale).rounded() / scale
  // Avoid exponent notation for small ratios.
  var digits = String(Int((rounded * scale).rounded()))
  var places = 0
  var s = scale
  while s > 1 { s /= 10; places += 1 }
  while digits.count <= places { digits = "0" + digits }
  let split = digits.index(digits.endIndex, offsetBy: -places)
  return "×" + digits[..<split] + "." + digits[split...]
}
