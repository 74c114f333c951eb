/// One implementation of one scenario at one size, ready to be measured: `operation` is what
/// is timed, `renders` counts the re-renders it caused.
@MainActor
public final class Fixture {
  /// The timed operation; `iteration` varies the value written so that every change is real.
  public let operation: @MainActor (_ iteration: Int) -> Void
  /// Work done between samples, outside the timed region (e.g. letting accumulated
  /// observations fire), or nil.
  public let betweenSamples: (@MainActor () -> Void)?
  /// The frame whose renders are counted, if the scenario renders.
  public let frame: Frame?
  /// How many logical operations one call of `operation` stands for (e.g. rows visited).
  public let unitsPerOperation: Int
  /// Checks, after the measured loop, that the readers were alive and notified all along;
  /// returns a description of what is wrong, or nil.
  public let verify: @MainActor (_ operations: Int) -> String?
  /// Everything that must stay alive while the fixture is measured (readers, stores).
  private let keepAlive: [AnyObject]

  public init(
    frame: Frame?,
    unitsPerOperation: Int = 1,
    keepAlive: [AnyObject],
    betweenSamples: (@MainActor () -> Void)? = nil,
    verify: @escaping @MainActor (_ operations: Int) -> String? = { _ in nil },
    operation: @escaping @MainActor (Int) -> Void
  ) {
    self.frame = frame
    self.unitsPerOperation = unitsPerOperation
    self.keepAlive = keepAlive
    self.betweenSamples = betweenSamples
    self.verify = verify
    self.operation = operation
  }

  /// Runs `body` with everything the fixture holds kept alive.
  public func withLiveReaders<R>(_ body: () throws -> R) rethrows -> R {
    try withExtendedLifetime(keepAlive) { try body() }
  }
}

/// A scenario: implementations × sizes, each making a fixture.
public struct Scenario: Sendable {
  public let id: String
  public let title: String
  /// What one operation is, for the table's caption.
  public let operationDescription: String
  public let columnTitle: String
  public let columns: [Int]
  /// A label per column, when the columns are not sizes.
  public let columnLabels: [String]?
  public let implementations: [Implementation]
  /// Whether renders per change is a meaningful column.
  public let reportsRenders: Bool

  public struct Implementation: Sendable {
    public let name: String
    public let make: @MainActor @Sendable (_ column: Int) -> Fixture?
  }

  public func label(ofColumn index: Int) -> String {
    columnLabels?[index] ?? "\(columnTitle) = \(columns[index].formatted())"
  }
}

extension Int {
  /// 10000 → "10,000", without Foundation.
  func formatted() -> String {
    let digits = Array(String(self))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(d)
    }
    return out
  }
}

/// Every scenario, in the order of RESULTS.md.
public let allScenarios: [Scenario] = [
  rowFanOutScenario, sendCostScenario, trackedReadScenario, scopeScenario,
  highFrequencyInputScenario, derivedScenario, changeLogScenario, subscriptReadersScenario,
  derivedRowsScenario, macroStateScenario, sharedCostScenario, sharedReadScenario,
  observedRowsScenario, scaleRowsScenario,
]
