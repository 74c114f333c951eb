import SwiftParser
import SwiftSyntax

/// One public declaration of a module, keyed so that TCA's and Hush's spellings compare.
struct APIDeclaration: Hashable {
  enum Kind: String {
    case type, `typealias`, function, initializer, property, subscriptMember = "subscript"
    case enumCase = "case", macro, `operator`, associatedType = "associatedtype"
  }

  /// `Store`, `Store.scope`, `Reducer.ifLet`, `@Reducer`: the name a user writes, with the
  /// type it is a member of.
  var name: String
  var kind: Kind
  /// The argument labels that must be written (`_` for none), for functions, initializers and
  /// subscripts.
  var requiredLabels: [String]
  /// The labels of the parameters with a default value (source-location parameters aside).
  var optionalLabels: [String]
  /// Where it is declared, relative to the module's folder.
  var file: String
  /// Deprecated or unavailable (on the declaration or around it).
  var isDeprecated: Bool

  /// How the table names it: `Store.scope(state:action:)`.
  var signature: String {
    switch kind {
    case .function, .initializer, .subscriptMember:
      let labels = requiredLabels + optionalLabels.map { "\($0)?" }
      return "\(name)(\(labels.map { "\($0):" }.joined()))"
    default:
      return name
    }
  }

  /// Whether `other` (Hush's) lets a call written for this one (TCA's) compile: the same name
  /// and kind family, the same required labels, and every optional label.
  func isSpelled(likeIn other: APIDeclaration) -> Bool {
    guard name == other.name else { return false }
    switch (kind, other.kind) {
    case (.function, .function), (.initializer, .initializer), (.subscriptMember, .subscriptMember),
      (.operator, .operator):
      return requiredLabels == other.requiredLabels
        && Set(optionalLabels).isSubset(of: other.optionalLabels)
    case (.type, _), (.typealias, _), (.associatedType, _):
      return [.type, .typealias, .associatedType].contains(other.kind)
    case (.property, _), (.enumCase, _):
      // A case and a static property or function spell the same at the use site (`.none`).
      return [.property, .enumCase, .function].contains(other.kind)
    default:
      return kind == other.kind
    }
  }
}

/// Collects the public declarations of Swift files, with swift-syntax.
final class APICollector: SyntaxVisitor {
  private(set) var declarations: [APIDeclaration] = []
  private let file: String
  /// A type or extension around the visited node.
  private struct Scope {
    /// `Store`, or `Store.Inner` for a nested one.
    var name: String
    /// Whether the type is visible outside its module (an extension's always is).
    var isPublic: Bool
    /// Whether a member without an access modifier is public: in a public protocol, and in a
    /// `public extension`.
    var membersArePublic: Bool
    var isDeprecated: Bool
  }

  private var scopes: [Scope] = []

  /// Parameters that say where a call was written: not part of how a user spells a call.
  static let sourceLocationLabels: Set<String> = [
    "fileID", "filePath", "file", "line", "column", "function",
  ]

  init(file: String) {
    self.file = file
    super.init(viewMode: .sourceAccurate)
  }

  static func declarations(in source: String, file: String) -> [APIDeclaration] {
    let collector = APICollector(file: file)
    collector.walk(Parser.parse(source: source))
    return collector.declarations
  }

  // MARK: Scopes

  private var typeName: String? {
    scopes.isEmpty ? nil : scopes.map(\.name).joined(separator: ".")
  }

  private var scopeIsPublic: Bool { scopes.last?.isPublic ?? true }
  private var scopeIsDeprecated: Bool { scopes.contains { $0.isDeprecated } }

  /// Whether a declaration with these modifiers, in the current scope, is public.
  private func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
    guard scopeIsPublic else { return false }
    let names = Set(modifiers.map(\.name.text))
    if names.contains("public") || names.contains("open") { return true }
    if !names.isDisjoint(with: ["private", "fileprivate", "internal", "package"]) { return false }
    return scopes.last?.membersArePublic ?? false
  }

  private func isDeprecated(_ attributes: AttributeListSyntax) -> Bool {
    attributes.contains { element in
      guard let attribute = element.as(AttributeSyntax.self),
        attribute.attributeName.trimmedDescription == "available",
        let arguments = attribute.arguments?.trimmedDescription
      else { return false }
      return arguments.contains("deprecated") || arguments.contains("unavailable")
        || arguments.contains("obsoleted")
    }
  }

  private func record(
    _ name: String, _ kind: APIDeclaration.Kind, attributes: AttributeListSyntax,
    parameters: FunctionParameterListSyntax? = nil
  ) {
    guard !name.hasPrefix("_") else { return }
    var required: [String] = []
    var optional: [String] = []
    for parameter in parameters ?? [] {
      let label = parameter.firstName.text
      if parameter.defaultValue != nil {
        if !Self.sourceLocationLabels.contains(label) { optional.append(label) }
      } else {
        required.append(label)
      }
    }
    let qualified = typeName.map { "\($0).\(name)" } ?? name
    declarations.append(
      APIDeclaration(
        name: qualified, kind: kind, requiredLabels: required, optionalLabels: optional,
        file: file, isDeprecated: scopeIsDeprecated || isDeprecated(attributes)))
  }

  private func enterType(
    _ name: String, modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax,
    isProtocol: Bool = false
  ) -> SyntaxVisitorContinueKind {
    let isPublic = self.isPublic(modifiers)
    if isPublic { record(name, .type, attributes: attributes) }
    scopes.append(
      Scope(
        name: name, isPublic: isPublic, membersArePublic: isProtocol && isPublic,
        isDeprecated: isDeprecated(attributes)))
    return .visitChildren
  }

  // MARK: Types

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, modifiers: node.modifiers, attributes: node.attributes)
  }
  override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, modifiers: node.modifiers, attributes: node.attributes)
  }
  override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, modifiers: node.modifiers, attributes: node.attributes)
  }
  override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, modifiers: node.modifiers, attributes: node.attributes)
  }
  override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      node.name.text, modifiers: node.modifiers, attributes: node.attributes, isProtocol: true)
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // The extended type may be another module's (`DependencyValues`, `SwiftUI.Binding`).
    var name = node.extendedType.trimmedDescription
    if let dot = name.firstIndex(of: "."), name[..<dot] == "SwiftUI" {
      name = String(name[name.index(after: dot)...])
    }
    scopes.append(
      Scope(
        name: name, isPublic: true,
        membersArePublic: node.modifiers.contains { $0.name.text == "public" },
        isDeprecated: isDeprecated(node.attributes)))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    if isPublic(node.modifiers) {
      record(node.name.text, .typealias, attributes: node.attributes)
    }
    return .skipChildren
  }

  override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
    if scopeIsPublic { record(node.name.text, .associatedType, attributes: node.attributes) }
    return .skipChildren
  }

  // MARK: Members

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    guard isPublic(node.modifiers) else { return .skipChildren }
    let name = node.name.text
    let isOperator = node.name.tokenKind.isOperator
    record(
      name, isOperator ? .operator : .function, attributes: node.attributes,
      parameters: node.signature.parameterClause.parameters)
    return .skipChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    guard isPublic(node.modifiers) else { return .skipChildren }
    record(
      "init", .initializer, attributes: node.attributes,
      parameters: node.signature.parameterClause.parameters)
    return .skipChildren
  }

  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    guard isPublic(node.modifiers) else { return .skipChildren }
    record(
      "subscript", .subscriptMember, attributes: node.attributes,
      parameters: node.parameterClause.parameters)
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard isPublic(node.modifiers) else { return .skipChildren }
    for binding in node.bindings {
      if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
        record(pattern.identifier.text, .property, attributes: node.attributes)
      }
    }
    return .skipChildren
  }

  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
    guard scopeIsPublic else { return .skipChildren }
    for element in node.elements {
      record(element.name.text, .enumCase, attributes: node.attributes)
    }
    return .skipChildren
  }

  override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind {
    if isPublic(node.modifiers) {
      record("@\(node.name.text)", .macro, attributes: node.attributes)
    }
    return .skipChildren
  }

  // Closures and function bodies declare nothing public.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension TokenKind {
  fileprivate var isOperator: Bool {
    switch self {
    case .binaryOperator, .prefixOperator, .postfixOperator: true
    default: false
    }
  }
}
