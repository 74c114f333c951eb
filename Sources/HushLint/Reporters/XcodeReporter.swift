/// Renders `path:line:col: warning: message [rule-id]` lines.
enum XcodeReporter {
  static func render(_ violations: [Violation]) -> String {
    violations.map { violation in
      let level =
        switch violation.severity {
        case .info: "note"
        case .warning: "warning"
        case .error: "error"
        }
      return "\(violation.file):\(violation.position.line):\(violation.position.column): "
        + "\(level): \(violation.message) [\(violation.ruleID)]\n"
    }.joined()
  }
}
