/// How much a rule's violation matters: whether it fails the build and how tools show it.
///
/// Severities are ordered: `info < warning < error`. Only `error` fails `hush lint`, unless
/// `--strict` is given, which makes warnings fail too.
public enum Severity: String, CaseIterable, Comparable, Codable, Sendable {
  /// A hint worth knowing about; never fails the build.
  case info
  /// A problem a reviewer would fix; fails the build under `--strict`.
  case warning
  /// A problem that always fails the build.
  case error

  /// The next severity down, used for the milder variant of a rule (`error` → `warning`,
  /// `warning` → `info`, `info` stays `info`).
  public var lowered: Severity {
    switch self {
    case .error: .warning
    case .warning, .info: .info
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs.rank < rhs.rank
  }

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }
}
