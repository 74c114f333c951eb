import Foundation
import Yams

/// Which rules run, at which severity, on which files: the contents of `.hush-lint.yml`.
///
/// ```yaml
/// disabled_rules: [whole-model-dependency]
/// opt_in_rules: [lazy-chain]
/// severity:
///   anyview-row: error
/// excluded: ["Generated/**", "Tests/Fixtures"]
/// included: ["Sources"]
/// ```
public struct Configuration: Sendable {
  /// The file name looked up in the current directory.
  public static let fileName = ".hush-lint.yml"

  /// Rules turned off.
  public var disabledRules: Set<String> = []
  /// Rules that are off by default and turned on.
  public var optInRules: Set<String> = []
  /// Severities that replace the rules' defaults.
  public var severities: [String: Severity] = [:]
  /// Globs, relative to ``rootDirectory``, of paths not to lint.
  public var excluded: [String] = []
  /// Globs, relative to ``rootDirectory``, of the only paths to lint; empty means all.
  public var included: [String] = []
  /// The directory globs are relative to: the configuration file's directory.
  public var rootDirectory: String = FileManager.default.currentDirectoryPath
  /// When set, only these rules run (opt-in or not); used by tests and `--explain`.
  public var onlyRules: Set<String>?

  /// The built-in defaults: every rule that is not opt-in, at its default severity.
  public init() {}

  /// The defaults with the provisional rules on too: those opt-in only until a sample of apps
  /// they were never tuned on shows them right often enough (``RuleDescription/optInReason``).
  /// The same as a `.hush-lint.yml` that lists them under `opt_in_rules`.
  public static var withProvisionalRules: Configuration {
    var configuration = Configuration()
    for rule in RuleRegistry.all where rule.description.optInReason != nil {
      configuration.optInRules.insert(rule.description.id)
    }
    return configuration
  }

  /// Whether the rule runs.
  public func isEnabled(_ description: RuleDescription) -> Bool {
    if let onlyRules { return onlyRules.contains(description.id) }
    if disabledRules.contains(description.id) { return false }
    return !description.isOptIn || optInRules.contains(description.id)
  }

  /// The severity the rule reports at.
  public func severity(for description: RuleDescription) -> Severity {
    severities[description.id] ?? description.defaultSeverity
  }

  private static let keys = ["disabled_rules", "opt_in_rules", "severity", "excluded", "included"]

  /// Parses a configuration file.
  ///
  /// - Parameters:
  ///   - yaml: The file's contents.
  ///   - path: The file's path, for error messages; its directory is the root for globs.
  /// - Throws: ``ConfigurationError`` naming the line of an unknown key, an unknown rule id
  ///   or a value of the wrong type.
  public static func parse(yaml: String, path: String) throws(ConfigurationError) -> Configuration {
    var configuration = Configuration()
    configuration.rootDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let root: Node?
    do {
      root = try Yams.compose(yaml: yaml)
    } catch let error as YamlError {
      throw ConfigurationError(path: path, line: error.line, message: error.summary)
    } catch {
      throw ConfigurationError(path: path, line: nil, message: "\(error)")
    }
    guard let root else { return configuration }
    guard let mapping = root.mapping else {
      throw ConfigurationError(path: path, node: root, message: "expected a mapping of keys")
    }
    for (keyNode, value) in mapping {
      guard let key = keyNode.string, keys.contains(key) else {
        throw ConfigurationError(
          path: path, node: keyNode,
          message: "unknown key '\(keyNode.string ?? "?")'; expected one of "
            + keys.joined(separator: ", "))
      }
      switch key {
      case "disabled_rules":
        configuration.disabledRules = Set(try ruleIDs(value, path: path, key: key))
      case "opt_in_rules":
        configuration.optInRules = Set(try ruleIDs(value, path: path, key: key))
      case "severity":
        guard let severities = value.mapping else {
          throw ConfigurationError(
            path: path, node: value, message: "'severity' must map rule ids to severities")
        }
        for (ruleNode, levelNode) in severities {
          let rule = try ruleID(ruleNode, path: path)
          guard let level = levelNode.string.flatMap(Severity.init(rawValue:)) else {
            throw ConfigurationError(
              path: path, node: levelNode,
              message: "unknown severity '\(levelNode.string ?? "?")' for \(rule); expected "
                + "info, warning or error")
          }
          configuration.severities[rule] = level
        }
      case "excluded":
        configuration.excluded = try strings(value, path: path, key: key)
      default:
        configuration.included = try strings(value, path: path, key: key)
      }
    }
    return configuration
  }

  /// Loads `path`.
  ///
  /// - Throws: ``ConfigurationError`` when the file cannot be read or is invalid.
  public static func load(path: String) throws(ConfigurationError) -> Configuration {
    guard let data = FileManager.default.contents(atPath: path),
      let yaml = String(data: data, encoding: .utf8)
    else {
      throw ConfigurationError(path: path, line: nil, message: "could not read the file")
    }
    return try parse(yaml: yaml, path: path)
  }

  private static func strings(
    _ node: Node, path: String, key: String
  ) throws(ConfigurationError) -> [String] {
    if let single = node.scalar { return [single.string] }
    guard let sequence = node.sequence else {
      throw ConfigurationError(path: path, node: node, message: "'\(key)' must be a list")
    }
    var result: [String] = []
    for item in sequence {
      guard let string = item.string else {
        throw ConfigurationError(
          path: path, node: item, message: "'\(key)' must be a list of strings")
      }
      result.append(string)
    }
    return result
  }

  private static func ruleIDs(
    _ node: Node, path: String, key: String
  ) throws(ConfigurationError) -> [String] {
    if let single = node.scalar { return [try ruleID(Node.scalar(single), path: path)] }
    guard let sequence = node.sequence else {
      throw ConfigurationError(path: path, node: node, message: "'\(key)' must be a list")
    }
    var result: [String] = []
    for item in sequence { result.append(try ruleID(item, path: path)) }
    return result
  }

  private static func ruleID(_ node: Node, path: String) throws(ConfigurationError) -> String {
    guard let id = node.string, RuleRegistry.rule(withID: id) != nil else {
      throw ConfigurationError(
        path: path, node: node,
        message: "unknown rule '\(node.string ?? "?")'; run 'hush lint --list-rules'")
    }
    return id
  }
}

/// A `.hush-lint.yml` that cannot be used, with the line at fault.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
  /// The configuration file.
  public var path: String
  /// The one-based line at fault, when known.
  public var line: Int?
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(path: String, line: Int?, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  init(path: String, node: Node, message: String) {
    self.init(path: path, line: node.mark.map { $0.line }, message: message)
  }

  /// `path:line: error: message`, the form editors recognise.
  public var description: String {
    if let line { return "\(path):\(line): error: \(message)" }
    return "\(path): error: \(message)"
  }
}

extension YamlError {
  fileprivate var line: Int? {
    switch self {
    case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
      return mark.line
    default:
      return nil
    }
  }

  fileprivate var summary: String {
    switch self {
    case .scanner(_, let problem, _, _), .parser(_, let problem, _, _),
      .composer(_, let problem, _, _):
      return "invalid YAML: \(problem)"
    default:
      return "invalid YAML"
    }
  }
}
