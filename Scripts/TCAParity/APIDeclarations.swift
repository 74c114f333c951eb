import SwiftParser
import SwiftSyntax

/// Why a declaration of TCA's is not written by features that Hush can run: from its
/// `@available` attributes (or those of the type or extension around it).
enum Retirement: String, Hashable {
  /// Deprecated (on any platform): TCA asks its users to move off it.
  case deprecated = "deprecated in TCA"
  /// Unavailable on every platform (`@available(*, unavailable)`): no feature compiles with it.
  case unavailable = "unavailable in TCA"
  /// Obsoleted on every Apple platform by the OS versions Hush requires (iOS 17, macOS 14,
  /// tvOS 17, watchOS 10; unavailable on the others): a back-port of what the OS has since,
  /// which no feature can write where Hush runs.
  case obsoleted =
    "obsoleted in TCA by the OS versions Hush requires (iOS 17, macOS 14, tvOS 17, watchOS 10): a back-port"

  /// The OS versions Hush requires (`Package.swift`'s platforms).
  static let hushMinimums: [String: Double] = [
    "iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10, "visionOS": 1,
  ]

  /// What `attributes` say: `deprecated` anywhere, `unavailable` for `*`, or `obsoleted` (or
  /// unavailable) on every Apple platform by Hush's minimums. Unavailable or obsoleted on only
  /// some platforms (`UIAlertController(store:)`, unavailable on macOS) is not retired: the
  /// others write it.
  static func of(_ attributes: AttributeListSyntax) -> Retirement? {
    var retiredPlatforms = Set<String>()
    var named = Set<String>()
    for element in attributes {
      guard let attribute = element.as(AttributeSyntax.self),
        attribute.attributeName.trimmedDescription == "available",
        case .availability(let arguments) = attribute.arguments
      else { continue }
      let parts = arguments.map { $0.argument.trimmedDescription }
      let labeled = Dictionary(
        arguments.compactMap { argument -> (String, String)? in
          guard let labeled = argument.argument.as(AvailabilityLabeledArgumentSyntax.self)
          else { return nil }
          return (labeled.label.text, labeled.value.trimmedDescription)
        }, uniquingKeysWith: { first, _ in first })
      if labeled["deprecated"] != nil || parts.contains("deprecated") { return .deprecated }
      guard let platform = parts.first else { continue }
      named.insert(platform)
      if parts.contains("unavailable") {
        if platform == "*" { return .unavailable }
        retiredPlatforms.insert(platform)
      } else if let obsoleted = labeled["obsoleted"].flatMap(Double.init),
        let minimum = hushMinimums[platform], obsoleted <= minimum
      {
        retiredPlatforms.insert(platform)
      }
    }
    // visionOS takes iOS's availability where it is not named.
    if retiredPlatforms.contains("iOS") && !named.contains("visionOS") {
      retiredPlatforms.insert("visionOS")
    }
    return retiredPlatforms.isSuperset(of: hushMinimums.keys) ? .obsoleted : nil
  }
}

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
  /// Why TCA's users no longer write it (on the declaration or around it), or `nil`.
  var retirement: Retirement?
  /// For a typealias of another type by its plain name (`TestStoreTask = StoreTask`), that
  /// name: the alias's members are that type's.
  var aliasOf: String? = nil

  /// How the table names it: `Store.scope(state:action:)`.
  var signature: String {
    switch kind {
    case .function, .initializer, .subscriptMember,
      .enumCase where !requiredLabels.isEmpty:
      let labels = requiredLabels + optionalLabels.map { "\($0)?" }
      return "\(name)(\(labels.map { "\($0):" }.joined()))"
    default:
      return name
    }
  }

  /// Whether the arguments of a call with `labels` fit this declaration's parameters.
  func accepts(labels: Set<String>) -> Bool {
    Set(requiredLabels).isSubset(of: labels)
      && labels.isSubset(of: Set(requiredLabels).union(optionalLabels))
  }

  /// Whether every call written for this declaration (TCA's) compiles against one of
  /// `overloads` (Hush's, of the same name): the same kind family, and for functions, each
  /// call shape — the required labels, with none, each one, or all of the optional ones — fits
  /// one of them.
  func isSpelled(likeIn overloads: [APIDeclaration]) -> Bool {
    let candidates = overloads.filter { $0.name == name }
    switch kind {
    case .function, .initializer, .subscriptMember, .operator,
      .enumCase where !requiredLabels.isEmpty || !optionalLabels.isEmpty:
      // A case with a payload is made like a call: by a case or a static function.
      let callable = candidates.filter {
        $0.kind == kind || (kind == .enumCase && $0.kind == .function)
      }
      let required = Set(requiredLabels)
      let shapes =
        [required, required.union(optionalLabels)]
        + optionalLabels.map { required.union([$0]) }
      return shapes.allSatisfy { shape in callable.contains { $0.accepts(labels: shape) } }
    case .type, .typealias, .associatedType:
      return candidates.contains { [.type, .typealias, .associatedType].contains($0.kind) }
    case .property, .enumCase:
      // A case and a static property or function spell the same at the use site (`.none`).
      return candidates.contains { [.property, .enumCase, .function].contains($0.kind) }
    case .macro:
      return candidates.contains { $0.kind == .macro }
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
    var retirement: Retirement?
  }

  private var scopes: [Scope] = []

  /// Parameters that say where a call was written: not part of how a user spells a call.
  static let sourceLocationLabels: Set<String> = [
    "fileID", "filePath", "file", "line", "column", "function",
  ]

  /// Members that only satisfy a standard protocol (`Equatable`, `Hashable`, `Codable`,
  /// `Collection`, descriptions and dumps): a feature uses them through the protocol, which the
  /// type's own row covers, not by spelling them.
  static let conformanceWitnesses: Set<String> = [
    "==", "!=", "hash", "encode", "init(from)", "description", "debugDescription",
    "customMirror", "customDumpMirror", "customDumpDescription", "customDumpValue", "startIndex",
    "endIndex", "index", "subscript(position)", "replaceSubrange", "makeIterator",
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
  private var scopeRetirement: Retirement? { scopes.lazy.compactMap(\.retirement).first }

  /// Whether a declaration with these modifiers, in the current scope, is public.
  private func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
    guard scopeIsPublic else { return false }
    let names = Set(modifiers.map(\.name.text))
    if names.contains("public") || names.contains("open") { return true }
    if !names.isDisjoint(with: ["private", "fileprivate", "internal", "package"]) { return false }
    return scopes.last?.membersArePublic ?? false
  }

  /// Whether the declaration is SPI (`@_spi(Internals)`): public only to a client that
  /// imports it with `@_spi`, which a feature does not.
  private func isSPI(_ attributes: AttributeListSyntax) -> Bool {
    attributes.contains { element in
      element.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "_spi"
    }
  }

  private func record(
    _ name: String, _ kind: APIDeclaration.Kind, attributes: AttributeListSyntax,
    parameters: FunctionParameterListSyntax
  ) {
    record(
      name, kind, attributes: attributes,
      labels: parameters.map { ($0.firstName.text, $0.defaultValue != nil) })
  }

  private func record(
    _ name: String, _ kind: APIDeclaration.Kind, attributes: AttributeListSyntax,
    labels: [(label: String, hasDefault: Bool)] = []
  ) {
    // Underscored names, members of underscored types, and SPI are not API a feature spells.
    guard !name.hasPrefix("_"), !scopes.contains(where: { $0.name.hasPrefix("_") }),
      !isSPI(attributes)
    else {
      return
    }
    var required: [String] = []
    var optional: [String] = []
    for (label, hasDefault) in labels {
      if Self.sourceLocationLabels.contains(label) { continue }
      if hasDefault {
        optional.append(label)
      } else {
        required.append(label)
      }
    }
    if typeName != nil {
      let firstLabel = required.first ?? optional.first
      let witness = firstLabel.map { "\(name)(\($0))" } ?? name
      if Self.conformanceWitnesses.contains(name) && kind != .subscriptMember
        || Self.conformanceWitnesses.contains(witness)
      {
        return
      }
    }
    let qualified = typeName.map { "\($0).\(name)" } ?? name
    declarations.append(
      APIDeclaration(
        name: qualified, kind: kind, requiredLabels: required, optionalLabels: optional,
        file: file, retirement: scopeRetirement ?? Retirement.of(attributes)))
  }

  private func enterType(
    _ name: String, modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax,
    isProtocol: Bool = false
  ) -> SyntaxVisitorContinueKind {
    let isPublic = self.isPublic(modifiers) && !isSPI(attributes)
    if isPublic { record(name, .type, attributes: attributes) }
    scopes.append(
      Scope(
        name: name, isPublic: isPublic, membersArePublic: isProtocol && isPublic,
        retirement: Retirement.of(attributes)))
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
        name: name, isPublic: !isSPI(node.attributes),
        membersArePublic: node.modifiers.contains { $0.name.text == "public" },
        retirement: Retirement.of(node.attributes)))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    if isPublic(node.modifiers) {
      record(node.name.text, .typealias, attributes: node.attributes)
      let target = node.initializer.value.trimmedDescription
      if target.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }),
        declarations.last?.kind == .typealias,
        declarations.last?.name.hasSuffix(node.name.text) == true
      {
        declarations[declarations.count - 1].aliasOf = target
      }
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
      // A payload's labels are spelled like arguments: `.off(showSkippedAssertions: true)`.
      let labels = element.parameterClause?.parameters.map {
        ($0.firstName?.text ?? "_", $0.defaultValue != nil)
      }
      record(element.name.text, .enumCase, attributes: node.attributes, labels: labels ?? [])
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
