import Foundation

/// Renders violations as a JSON array with stable key order.
enum JSONReporter {
  private struct Item: Encodable {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var rule: String
    var message: String
  }

  static func render(_ violations: [Violation]) -> String {
    let items = violations.map {
      Item(
        file: $0.file, line: $0.position.line, column: $0.position.column,
        severity: $0.severity.rawValue, rule: $0.ruleID, message: $0.message)
    }
    return encode(items)
  }

  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
