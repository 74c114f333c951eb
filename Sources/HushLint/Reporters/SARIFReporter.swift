import Foundation

/// Renders a SARIF 2.1.0 log: one run, the rules that ran, and a result per violation.
enum SARIFReporter {
  private struct Log: Encodable {
    var version = "2.1.0"
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case version
      case schema = "$schema"
      case runs
    }
  }

  private struct Run: Encodable {
    var tool: Tool
    var results: [Result]
  }

  private struct Tool: Encodable {
    var driver: Driver
  }

  private struct Driver: Encodable {
    var name = "hush"
    var informationUri = "https://github.com/hush-swift/hush"
    var rules: [RuleMetadata]
  }

  private struct Text: Encodable {
    var text: String
  }

  private struct RuleMetadata: Encodable {
    var id: String
    var name: String
    var shortDescription: Text
    var fullDescription: Text
    var help: Text
    var defaultConfiguration: Level
  }

  private struct Level: Encodable {
    var level: String
  }

  private struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int?
    var level: String
    var message: Text
    var locations: [Location]
  }

  private struct Location: Encodable {
    var physicalLocation: PhysicalLocation
  }

  private struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region
  }

  private struct ArtifactLocation: Encodable {
    var uri: String
  }

  private struct Region: Encodable {
    var startLine: Int
    var startColumn: Int
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .info: "note"
    case .warning: "warning"
    case .error: "error"
    }
  }

  static func render(_ violations: [Violation], rules: [RuleDescription]) -> String {
    let sortedRules = rules.sorted { $0.id < $1.id }
    let indices = Dictionary(
      uniqueKeysWithValues: sortedRules.enumerated().map { ($1.id, $0) })
    let metadata = sortedRules.map {
      RuleMetadata(
        id: $0.id, name: $0.name, shortDescription: Text(text: $0.summary),
        fullDescription: Text(text: $0.rationale), help: Text(text: $0.rationale),
        defaultConfiguration: Level(level: level($0.defaultSeverity)))
    }
    let results = violations.map { violation in
      Result(
        ruleId: violation.ruleID, ruleIndex: indices[violation.ruleID],
        level: level(violation.severity), message: Text(text: violation.message),
        locations: [
          Location(
            physicalLocation: PhysicalLocation(
              artifactLocation: ArtifactLocation(uri: uri(violation.file)),
              region: Region(
                startLine: violation.position.line, startColumn: violation.position.column)))
        ])
    }
    return JSONReporter.encode(
      Log(runs: [Run(tool: Tool(driver: Driver(rules: metadata)), results: results)]))
  }

  private static func uri(_ path: String) -> String {
    let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    return trimmed.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? trimmed
  }
}
