import SwiftSyntax

/// Type declarations gathered from every linted file, so a rule can look past one file.
///
/// Rules use it only to stay silent when they cannot be sure: a model type that is not in the
/// index, or is declared twice with different shapes, is treated as unknown.
public struct ProjectIndex: Sendable {
  /// The declarations of a type, by simple name. Nested `Feature.State` is under `State`.
  var types: [String: [TypeSummary]] = [:]
  /// How many extensions each type has, by simple name.
  var extensionCounts: [String: Int] = [:]
  /// Computed properties declared in extensions, by the extended type's simple name.
  var extensionComputedProperties: [String: Set<String>] = [:]
  /// Collections a reducer runs element reducers over: `rows` for
  /// `.forEach(\.rows, action: \.rows) { … }`.
  var forEachCollections: Set<String> = []

  /// An empty index.
  public init() {}

  /// Indexes the type declarations in `files`.
  public init(files: [SourceFileSyntax]) {
    for file in files { add(file) }
  }

  /// Adds the type declarations in `file`.
  public mutating func add(_ file: SourceFileSyntax) {
    let collector = TypeCollector(viewMode: .sourceAccurate)
    collector.walk(file)
    for summary in collector.summaries { types[summary.name, default: []].append(summary) }
    for (name, computed) in collector.extensions {
      extensionCounts[name, default: 0] += 1
      extensionComputedProperties[name, default: []].formUnion(computed)
    }
    forEachCollections.formUnion(collector.forEachCollections)
  }

  /// Adds everything in `other`.
  public mutating func merge(_ other: ProjectIndex) {
    types.merge(other.types) { $0 + $1 }
    extensionCounts.merge(other.extensionCounts) { $0 + $1 }
    extensionComputedProperties.merge(other.extensionComputedProperties) { $0.union($1) }
    forEachCollections.formUnion(other.forEachCollections)
  }

  /// Element type name of a collection type: `Item` for `[Item]`, `Array<Item>`,
  /// `IdentifiedArrayOf<Item>`.
  static func elementType(of collectionType: String) -> String? {
    var text = collectionType
    if text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
    if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") {
      return String(text.dropFirst().dropLast())
    }
    for prefix in ["Array<", "ContiguousArray<", "IdentifiedArrayOf<", "Set<"]
    where text.hasPrefix(prefix) && text.hasSuffix(">") {
      return String(text.dropFirst(prefix.count).dropLast())
    }
    return nil
  }

  /// The one declaration named `name`, or `nil` when there is none or more than one.
  func uniqueType(named name: String) -> TypeSummary? {
    guard let found = types[name], found.count == 1 else { return nil }
    return found[0]
  }
}

/// The shape of one type declaration.
struct TypeSummary: Sendable {
  enum Kind: Sendable { case structure, classType, enumeration, actor }

  var name: String
  var kind: Kind
  /// Stored instance properties, with their written type when annotated.
  var storedProperties: [(name: String, type: String?)]
  /// Computed instance properties.
  var computedProperties: Set<String>
  /// Stored instance properties declared with `var`.
  var variableProperties: Set<String> = []
  /// Whether the type declares its own `==` or `hash(into:)`, so equality may ignore fields.
  var hasCustomEquality = false
}

private final class TypeCollector: SyntaxVisitor {
  var summaries: [TypeSummary] = []
  var extensions: [(name: String, computed: Set<String>)] = []
  var forEachCollections: Set<String> = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if node.calleeName == "forEach", node.calleeBase != nil,
      node.argument("action") != nil,
      let keyPath = node.firstUnlabeledArgument?.as(KeyPathExprSyntax.self),
      let last = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
    {
      forEachCollections.insert(last.declName.baseName.text)
    }
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    if let name = node.extendedType.trimmedDescription.split(separator: ".").last {
      var computed: Set<String> = []
      for member in node.memberBlock.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic else {
          continue
        }
        for binding in variable.bindings where binding.isComputed {
          if let name = binding.identifierName { computed.insert(name) }
        }
      }
      extensions.append((String(name), computed))
    }
    return .visitChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name.text, .structure, node.memberBlock)
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name.text, .classType, node.memberBlock)
    return .visitChildren
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name.text, .enumeration, node.memberBlock)
    return .visitChildren
  }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name.text, .actor, node.memberBlock)
    return .visitChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  private func record(_ name: String, _ kind: TypeSummary.Kind, _ members: MemberBlockSyntax) {
    var summary = TypeSummary(
      name: name, kind: kind, storedProperties: [], computedProperties: [])
    for member in members.members {
      if let function = member.decl.as(FunctionDeclSyntax.self),
        ["==", "hash"].contains(function.name.text)
      {
        summary.hasCustomEquality = true
      }
      guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic else {
        continue
      }
      for binding in variable.bindings {
        guard let propertyName = binding.identifierName else { continue }
        if binding.isComputed {
          summary.computedProperties.insert(propertyName)
        } else {
          summary.storedProperties.append(
            (propertyName, binding.typeAnnotation?.type.trimmedDescription))
          if variable.bindingSpecifier.tokenKind == .keyword(.var) {
            summary.variableProperties.insert(propertyName)
          }
        }
      }
    }
    summaries.append(summary)
  }
}
