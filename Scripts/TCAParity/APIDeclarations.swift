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
    /// A type's conformance to a protocol (`Store: Hashable`), or a protocol's refinement.
    case conformance
  }

  /// `Store`, `Store.scope`, `Reducer.ifLet`, `@Reducer`: the name a user writes, with the
  /// type it is a member of.
  var name: String
  var kind: Kind
  /// The parameters of a function, initializer or subscript, or a case's payload, in order
  /// (source-location parameters aside).
  var parameters: [Parameter] = []
  /// Where it is declared, relative to the module's folder.
  var file: String
  /// For a declaration of a module TCA re-exports (`Perception`, `SwiftUINavigation`), its
  /// name; `nil` for TCA's own.
  var module: String? = nil
  /// Where its name is, `Sources/Hush/Store/Store.swift:264:15` (Hush's only): how the
  /// compiler names it in the references `Scripts/apple-compile --references` writes.
  var location: String? = nil
  /// Whether it is a protocol's requirement (`Reducer.body`), or a type's `body` (a view's,
  /// which SwiftUI reads): a conforming type writes it by declaring its own, which refers to
  /// nothing.
  var isRequirement = false
  /// For a conformance, the protocol (`Hashable` for `Store: Hashable`).
  var protocolName: String? = nil
  /// Whether a conformance is a protocol's refinement (`CaseReducer: Reducer`): part of the
  /// protocol's declaration, written wherever the protocol is.
  var isRefinement = false
  /// For a conformance declared by an extension, where the extension's members are (Hush's):
  /// a use of one (`store.id`) is a use of the conformance.
  var memberLocations: [String] = []
  /// Why TCA's users no longer write it (on the declaration or around it), or `nil`.
  var retirement: Retirement?
  /// For a typealias of another type by its plain name (`TestStoreTask = StoreTask`), that
  /// name: the alias's members are that type's.
  var aliasOf: String? = nil

  /// One parameter: its argument label (`_` for none), the outer type it takes, and whether it
  /// has a default value.
  struct Parameter: Hashable {
    var label: String
    var type: TypeHead
    var hasDefault: Bool
  }

  /// The argument labels that must be written (`_` for none).
  var requiredLabels: [String] { parameters.filter { !$0.hasDefault }.map(\.label) }
  /// The labels of the parameters with a default value.
  var optionalLabels: [String] { parameters.filter(\.hasDefault).map(\.label) }

  /// How the table names one overload: `Store.scope(state: KeyPath, action: CaseKeyPath)`,
  /// each parameter with the outer type it takes (`_` for any type: a generic parameter,
  /// `some P`, an associated type) and `= …` for a default value.
  var typedSignature: String {
    switch kind {
    case .function, .initializer, .subscriptMember,
      .enumCase where !parameters.isEmpty:
      let list = parameters.map { "\($0.label): \($0.type)\($0.hasDefault ? " = …" : "")" }
      return "\(name)(\(list.joined(separator: ", ")))"
    case .conformance:
      return signature
    default:
      return name
    }
  }

  /// How the table names it: `Store.scope(state:action:)`.
  var signature: String {
    switch kind {
    case .function, .initializer, .subscriptMember,
      .enumCase where !requiredLabels.isEmpty:
      let labels = requiredLabels + optionalLabels.map { "\($0)?" }
      return "\(name)(\(labels.map { "\($0):" }.joined()))"
    case .conformance:
      return "\(name): \(protocolName ?? "")"
    default:
      return name
    }
  }

  /// Whether a call written with the arguments `shape` (TCA's parameters that it writes, in
  /// order) compiles against this declaration (Hush's) as far as the outer types tell: the
  /// same labels in the same order once this one's unwritten defaults are left out, and each
  /// parameter taking what TCA's takes (`aliases` maps type aliases to what they name).
  func accepts(_ shape: [Parameter], aliases: [String: String]) -> Bool {
    let labels = Set(shape.map(\.label))
    let written = parameters.filter { !$0.hasDefault || labels.contains($0.label) }
    return written.count == shape.count
      && zip(written, shape).allSatisfy { mine, theirs in
        mine.label == theirs.label && mine.type.accepts(theirs.type, aliases: aliases)
      }
  }

  /// The declarations of `overloads` (Hush's) that calls written for this declaration (TCA's)
  /// compile against, or `[]` when one of those calls compiles against none: the same kind
  /// family, and for functions, each call shape — the required parameters, with none, each
  /// one, or all of the optional ones — fits one of them by labels and outer types.
  func spellings(in overloads: [APIDeclaration], aliases: [String: String]) -> [APIDeclaration] {
    let candidates = overloads.filter { $0.name == name }
    switch kind {
    case .function, .initializer, .subscriptMember, .operator,
      .enumCase where !parameters.isEmpty:
      // A case with a payload is made like a call: by a case or a static function.
      let callable = candidates.filter {
        $0.kind == kind || (kind == .enumCase && $0.kind == .function)
      }
      let optional = parameters.filter(\.hasDefault).map(\.label)
      let shapeLabels =
        [Set<String>(), Set(optional)] + optional.map { Set([$0]) }
      var found: [APIDeclaration] = []
      for labels in shapeLabels {
        let shape = parameters.filter { !$0.hasDefault || labels.contains($0.label) }
        let fitting = callable.filter { $0.accepts(shape, aliases: aliases) }
        if fitting.isEmpty { return [] }
        found += fitting.filter { !found.contains($0) }
      }
      return found
    case .type, .typealias, .associatedType:
      return candidates.filter { [.type, .typealias, .associatedType].contains($0.kind) }
    case .property, .enumCase:
      // A case and a static property or function spell the same at the use site (`.none`).
      return candidates.filter { [.property, .enumCase, .function].contains($0.kind) }
    case .macro:
      return candidates.filter { $0.kind == .macro }
    case .conformance:
      return candidates.filter {
        $0.kind == .conformance
          && Self.implied(by: $0.protocolName ?? "").contains(protocolName ?? "")
      }
    }
  }

  /// The protocols a conformance to `name` gives too: `Hashable` gives `Equatable`.
  static func implied(by name: String) -> Set<String> {
    let refines: [String: [String]] = [
      "Hashable": ["Equatable"], "Comparable": ["Equatable"],
      "Collection": ["Sequence"], "BidirectionalCollection": ["Collection"],
      "RandomAccessCollection": ["BidirectionalCollection"],
      "MutableCollection": ["Collection"], "RangeReplaceableCollection": ["Collection"],
    ]
    var found: Set<String> = [name]
    var pending = [name]
    while let next = pending.popLast() {
      for refined in refines[next] ?? [] where found.insert(refined).inserted {
        pending.append(refined)
      }
    }
    return found
  }
}

/// The outer type a parameter takes, as far as syntax tells: `KeyPath` for
/// `KeyPath<State, Child>`, `closure` for a function type (`builder closure` for a result
/// builder's, the value's type for an `@autoclosure`), `_` for any type (a generic parameter,
/// `some P`, `any P`, an associated type such as `State`), and whether it is optional. Generic arguments are not compared: `KeyPath<State, Child>` and
/// `KeyPath<State, Child?>` are both `KeyPath`.
struct TypeHead: Hashable, CustomStringConvertible {
  var name: String
  var isOptional = false

  static let any = TypeHead(name: "_")

  /// The key path types (case key paths are key paths too).
  static let keyPaths: Set<String> = [
    "AnyKeyPath", "PartialKeyPath", "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath",
    "CaseKeyPath", "PartialCaseKeyPath",
  ]

  var description: String { isOptional ? "\(name)?" : name }

  /// Key paths a parameter of each kind also takes: a `KeyPath` parameter takes a
  /// `WritableKeyPath` argument, not the other way round, and a `CaseKeyPath` (a key path
  /// between `Case`s: Hush takes `\.child` as a `KeyPath` into the action's `AllCasePaths`
  /// beside its `CaseKeyPath` overload).
  static let wider: [String: Set<String>] = [
    "KeyPath": ["WritableKeyPath", "ReferenceWritableKeyPath", "CaseKeyPath"],
    "PartialKeyPath": ["KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "CaseKeyPath"],
    "AnyKeyPath": [
      "PartialKeyPath", "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "CaseKeyPath",
    ],
    "WritableKeyPath": ["ReferenceWritableKeyPath"],
  ]

  /// Whether a parameter of this type (Hush's) takes every argument one of `other` (TCA's)
  /// takes: any type, the same type (through `aliases`), a wider key path; an optional one
  /// takes a non-optional argument too.
  func accepts(_ other: TypeHead, aliases: [String: String]) -> Bool {
    if name == "_" { return true }
    if other.isOptional && !isOptional { return false }
    // A builder's closure takes what a plain closure is written as, not the other way round.
    if name == "builder closure" && other.name == "closure" { return true }
    let mine = aliases[name] ?? name
    let theirs = aliases[other.name] ?? other.name
    return mine == theirs || Self.wider[mine]?.contains(theirs) == true
  }

  /// The head of `type`, where `generics` are the names of the generic parameters and
  /// associated types in scope.
  init(_ type: TypeSyntax, generics: Set<String>) {
    if let attributed = type.as(AttributedTypeSyntax.self) {
      let names = attributed.attributes.compactMap {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
      }
      if names.contains("autoclosure"),
        let function = attributed.baseType.as(FunctionTypeSyntax.self)
      {
        // Written as a value: `initialState: State()`.
        self.init(function.returnClause.type, generics: generics)
      } else {
        self.init(attributed.baseType, generics: generics)
      }
    } else if let optional = type.as(OptionalTypeSyntax.self) {
      self.init(optional.wrappedType, generics: generics)
      isOptional = true
    } else if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      self.init(optional.wrappedType, generics: generics)
      isOptional = true
    } else if type.is(FunctionTypeSyntax.self) {
      self.init(name: "closure")
    } else if let tuple = type.as(TupleTypeSyntax.self) {
      if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
        self.init(only.type, generics: generics)
      } else {
        self.init(name: "tuple")
      }
    } else if type.is(ArrayTypeSyntax.self) {
      self.init(name: "Array")
    } else if type.is(DictionaryTypeSyntax.self) {
      self.init(name: "Dictionary")
    } else if let existential = type.as(SomeOrAnyTypeSyntax.self) {
      // `any WritableKeyPath<Root, Value> & Sendable` is that key path; `some Reducer`,
      // `any Error` are any type that conforms.
      let constraint = TypeHead(existential.constraint, generics: generics)
      self = Self.keyPaths.contains(constraint.name) ? constraint : .any
    } else if let composition = type.as(CompositionTypeSyntax.self) {
      // `WritableKeyPath<Root, Value> & Sendable`: the type that is not a marker protocol.
      let parts = composition.elements.map { TypeHead($0.type, generics: generics) }
      self = parts.first { $0.name != "Sendable" } ?? .any
    } else if let identifier = type.as(IdentifierTypeSyntax.self) {
      let name = identifier.name.text
      if generics.contains(name) || name == "Self" {
        self = .any
      } else if name == "Optional", let wrapped = identifier.genericArgumentClause?.arguments.first,
        case .type(let wrappedType) = wrapped.argument
      {
        self.init(wrappedType, generics: generics)
        isOptional = true
      } else {
        self.init(name: name)
      }
    } else if let member = type.as(MemberTypeSyntax.self) {
      // `Self.State`, `R.Action`: a member of a generic is any type; `Swift.KeyPath` is
      // `KeyPath`.
      let base = TypeHead(member.baseType, generics: generics)
      let isModule = ["Swift", "SwiftUI", "Foundation", "CasePaths", "Dependencies"].contains(
        member.baseType.trimmedDescription)
      self = base == .any && !isModule ? .any : TypeHead(name: member.name.text)
    } else {
      self.init(name: type.trimmedDescription)
    }
  }

  init(name: String, isOptional: Bool = false) {
    self.name = name
    self.isOptional = isOptional
  }
}

/// Collects the public declarations of Swift files, with swift-syntax.
final class APICollector: SyntaxVisitor {
  private(set) var declarations: [APIDeclaration] = []
  /// Every type alias of the module (underscored and internal ones too), by name, with the
  /// outer type it names: `_SendableWritableKeyPath` is `WritableKeyPath`.
  private(set) var aliases: [String: String] = [:]
  private let file: String
  /// The module's folder, relative to the repository (`Sources/Hush/`), for locations; `nil`
  /// for TCA's.
  private let locationPrefix: String?
  private let converter: SourceLocationConverter
  /// The generic parameters of each type of the module (and of the types it extends), and the
  /// associated types of each protocol: within them, a parameter of such a type takes any type.
  private let generics: [String: Set<String>]
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
    /// The generic parameters and associated types in scope.
    var generics: Set<String>
    var isProtocol = false
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

  /// The generic parameters of the types of other modules that TCA and Hush extend.
  static let foreignGenerics: [String: Set<String>] = [
    "Binding": ["Value"], "Bindable": ["Value"], "Perception.Bindable": ["Value"],
    "UIBindable": ["Value"], "Optional": ["Wrapped"], "Array": ["Element"],
    "Result": ["Success", "Failure"], "Task": ["Success", "Failure"], "View": ["Body"],
    "ObservedObject": ["ObjectType"], "ObservedObject.Wrapper": ["ObjectType"],
    "IdentifiedArray": ["ID", "Element"], "Scene": ["Body"], "Collection": ["Element"],
  ]

  init(
    file: String, tree: SourceFileSyntax, locationPrefix: String?,
    generics: [String: Set<String>]
  ) {
    self.file = file
    self.locationPrefix = locationPrefix
    self.converter = SourceLocationConverter(fileName: file, tree: tree)
    self.generics = generics
    super.init(viewMode: .sourceAccurate)
  }

  /// The public declarations of a module's files (`path` → source), with locations under
  /// `locationPrefix` when given, and its type aliases.
  static func declarations(in sources: [(path: String, source: String)], locationPrefix: String?)
    -> (declarations: [APIDeclaration], aliases: [String: String])
  {
    let trees = sources.map { (path: $0.path, tree: Parser.parse(source: $0.source)) }
    let genericsCollector = GenericsCollector(viewMode: .sourceAccurate)
    for (_, tree) in trees { genericsCollector.walk(tree) }
    let generics = genericsCollector.generics.merging(foreignGenerics) { $0.union($1) }
    var declarations: [APIDeclaration] = []
    var aliases: [String: String] = [:]
    for (path, tree) in trees {
      let collector = APICollector(
        file: path, tree: tree, locationPrefix: locationPrefix, generics: generics)
      collector.walk(tree)
      declarations += collector.declarations
      aliases.merge(collector.aliases) { first, _ in first }
    }
    // An extension's conformance of a type the module declares but does not make public
    // (`Publishers.Create.Subscription`) is not API.
    let publicTypes = Set(declarations.filter { $0.kind == .type }.map(\.name))
    declarations.removeAll {
      $0.kind == .conformance && genericsCollector.generics[$0.name] != nil
        && !publicTypes.contains($0.name)
    }
    return (declarations, aliases)
  }

  // MARK: Scopes

  private var typeName: String? {
    scopes.isEmpty ? nil : scopes.map(\.name).joined(separator: ".")
  }

  private var scopeIsPublic: Bool { scopes.last?.isPublic ?? true }
  private var scopeRetirement: Retirement? { scopes.lazy.compactMap(\.retirement).first }
  private var scopeGenerics: Set<String> { scopes.last?.generics ?? [] }

  /// Where `token` is, as the compiler names a declaration: `Sources/Hush/Store.swift:12:15`.
  private func location(of token: TokenSyntax) -> String? {
    guard let locationPrefix else { return nil }
    let location = converter.location(for: token.positionAfterSkippingLeadingTrivia)
    return "\(locationPrefix)\(file):\(location.line):\(location.column)"
  }

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
    _ name: String, _ kind: APIDeclaration.Kind, at token: TokenSyntax,
    attributes: AttributeListSyntax, parameters: FunctionParameterListSyntax,
    genericParameters: GenericParameterClauseSyntax? = nil
  ) {
    let generics = scopeGenerics.union(genericParameters?.parameters.map(\.name.text) ?? [])
    record(
      name, kind, at: token, attributes: attributes,
      parameters: parameters.map {
        var type = TypeHead($0.type, generics: generics)
        if $0.ellipsis != nil { type.name += "..." }
        let isBuilder = $0.attributes.contains {
          $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
            .prefix { $0 != "<" }.hasSuffix("Builder") == true
        }
        // A result builder's body: several statements, an `if`, a `for`.
        if isBuilder && type.name == "closure" { type.name = "builder closure" }
        return APIDeclaration.Parameter(
          label: $0.firstName.text, type: type, hasDefault: $0.defaultValue != nil)
      })
  }

  private func record(
    _ name: String, _ kind: APIDeclaration.Kind, at token: TokenSyntax,
    attributes: AttributeListSyntax, parameters: [APIDeclaration.Parameter] = []
  ) {
    // Underscored names, members of underscored types, and SPI are not API a feature spells.
    guard !name.hasPrefix("_"), !scopes.contains(where: { $0.name.hasPrefix("_") }),
      !isSPI(attributes)
    else {
      return
    }
    let parameters = parameters.filter { !Self.sourceLocationLabels.contains($0.label) }
    let required = parameters.filter { !$0.hasDefault }.map(\.label)
    let optional = parameters.filter(\.hasDefault).map(\.label)
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
        name: qualified, kind: kind, parameters: parameters, file: file,
        location: location(of: token),
        // A view's or a reducer's `body` is read by SwiftUI or the store, never called.
        isRequirement: scopes.last?.isProtocol ?? false || kind == .property && name == "body",
        retirement: scopeRetirement ?? Retirement.of(attributes)))
  }

  /// The protocols an inheritance clause names, public and not underscored (`@unchecked
  /// Sendable` is `Sendable`), and a type or protocol's superclass alike.
  private func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
    (clause?.inheritedTypes ?? []).compactMap { inherited in
      var type = inherited.type
      if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
      let name = type.trimmedDescription
      return name.hasPrefix("_") ? nil : name
    }
  }

  /// Records the conformances an inheritance clause declares, for the type `name`.
  private func recordConformances(
    of name: String, _ clause: InheritanceClauseSyntax?, attributes: AttributeListSyntax,
    members: MemberBlockSyntax? = nil, isProtocol: Bool = false
  ) {
    guard !name.split(separator: ".").contains(where: { $0.hasPrefix("_") }),
      !isSPI(attributes), let clause
    else { return }
    // A use of a member the conformance's extension declares is a use of it.
    let memberLocations =
      members?.members.compactMap { member -> String? in
        let decl = member.decl
        let token: TokenSyntax? =
          decl.as(FunctionDeclSyntax.self)?.name
          ?? decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern
          .as(IdentifierPatternSyntax.self)?.identifier
          ?? decl.as(InitializerDeclSyntax.self)?.initKeyword
          ?? decl.as(SubscriptDeclSyntax.self)?.subscriptKeyword
          ?? decl.as(TypeAliasDeclSyntax.self)?.name
        return token.flatMap(location(of:))
      } ?? []
    for protocolName in inherited(clause) {
      declarations.append(
        APIDeclaration(
          name: name, kind: .conformance, file: file, location: location(of: clause.colon),
          protocolName: protocolName, isRefinement: isProtocol, memberLocations: memberLocations,
          retirement: scopeRetirement ?? Retirement.of(attributes)))
    }
  }

  private func enterType(
    _ token: TokenSyntax, modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax,
    inheritance: InheritanceClauseSyntax?, isProtocol: Bool = false
  ) -> SyntaxVisitorContinueKind {
    let name = token.text
    let isPublic = self.isPublic(modifiers) && !isSPI(attributes)
    if isPublic { record(name, .type, at: token, attributes: attributes) }
    let qualified = typeName.map { "\($0).\(name)" } ?? name
    if isPublic {
      recordConformances(
        of: qualified, inheritance, attributes: attributes, isProtocol: isProtocol)
    }
    scopes.append(
      Scope(
        name: name, isPublic: isPublic, membersArePublic: isProtocol && isPublic,
        retirement: Retirement.of(attributes),
        generics: scopeGenerics.union(generics[qualified] ?? []), isProtocol: isProtocol))
    return .visitChildren
  }

  // MARK: Types

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      node.name, modifiers: node.modifiers, attributes: node.attributes,
      inheritance: node.inheritanceClause)
  }
  override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      node.name, modifiers: node.modifiers, attributes: node.attributes,
      inheritance: node.inheritanceClause)
  }
  override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      node.name, modifiers: node.modifiers, attributes: node.attributes,
      inheritance: node.inheritanceClause)
  }
  override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      node.name, modifiers: node.modifiers, attributes: node.attributes,
      inheritance: node.inheritanceClause)
  }
  override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(
      node.name, modifiers: node.modifiers, attributes: node.attributes,
      inheritance: node.inheritanceClause, isProtocol: true)
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // The extended type may be another module's (`DependencyValues`, `SwiftUI.Binding`).
    var name = node.extendedType.trimmedDescription
    if let dot = name.firstIndex(of: "."), name[..<dot] == "SwiftUI" {
      name = String(name[name.index(after: dot)...])
    }
    recordConformances(
      of: name, node.inheritanceClause, attributes: node.attributes, members: node.memberBlock)
    scopes.append(
      Scope(
        name: name, isPublic: !isSPI(node.attributes),
        membersArePublic: node.modifiers.contains { $0.name.text == "public" },
        retirement: Retirement.of(node.attributes),
        generics: extendedGenerics(name.prefix { $0 != "<" }.description)))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

  /// The generics of an extended type and of the types it is nested in (`StackState.Component`
  /// has `StackState`'s).
  private func extendedGenerics(_ name: String) -> Set<String> {
    let components = name.split(separator: ".")
    return components.indices.reduce(into: scopeGenerics) { result, index in
      result.formUnion(generics[components[...index].joined(separator: ".")] ?? [])
    }
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    let generics = scopeGenerics.union(
      node.genericParameterClause?.parameters.map(\.name.text) ?? [])
    let head = TypeHead(node.initializer.value, generics: generics)
    // Top-level ones only: a member alias (`typealias State = Never`) names a generic.
    if head != .any && scopes.isEmpty { aliases[node.name.text] = head.name }
    if isPublic(node.modifiers) {
      record(node.name.text, .typealias, at: node.name, attributes: node.attributes)
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
    if scopeIsPublic {
      record(node.name.text, .associatedType, at: node.name, attributes: node.attributes)
    }
    return .skipChildren
  }

  // MARK: Members

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    guard isPublic(node.modifiers) else { return .skipChildren }
    let name = node.name.text
    let isOperator = node.name.tokenKind.isOperator
    record(
      name, isOperator ? .operator : .function, at: node.name, attributes: node.attributes,
      parameters: node.signature.parameterClause.parameters,
      genericParameters: node.genericParameterClause)
    return .skipChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    guard isPublic(node.modifiers) else { return .skipChildren }
    record(
      "init", .initializer, at: node.initKeyword, attributes: node.attributes,
      parameters: node.signature.parameterClause.parameters,
      genericParameters: node.genericParameterClause)
    return .skipChildren
  }

  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    guard isPublic(node.modifiers) else { return .skipChildren }
    record(
      "subscript", .subscriptMember, at: node.subscriptKeyword, attributes: node.attributes,
      parameters: node.parameterClause.parameters,
      genericParameters: node.genericParameterClause)
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard isPublic(node.modifiers) else { return .skipChildren }
    for binding in node.bindings {
      if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
        record(
          pattern.identifier.text, .property, at: pattern.identifier, attributes: node.attributes)
      }
    }
    return .skipChildren
  }

  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
    guard scopeIsPublic else { return .skipChildren }
    for element in node.elements {
      // A payload's labels are spelled like arguments: `.off(showSkippedAssertions: true)`.
      let parameters = element.parameterClause?.parameters.map {
        APIDeclaration.Parameter(
          label: $0.firstName?.text ?? "_", type: TypeHead($0.type, generics: scopeGenerics),
          hasDefault: $0.defaultValue != nil)
      }
      record(
        element.name.text, .enumCase, at: element.name, attributes: node.attributes,
        parameters: parameters ?? [])
    }
    return .skipChildren
  }

  override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind {
    if isPublic(node.modifiers) {
      record("@\(node.name.text)", .macro, at: node.name, attributes: node.attributes)
    }
    return .skipChildren
  }

  // Closures and function bodies declare nothing public.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The generic parameters of each type declared in a module, and the associated types of
/// each protocol, by qualified name (`Store`: `State`, `Action`).
private final class GenericsCollector: SyntaxVisitor {
  var generics: [String: Set<String>] = [:]
  private var names: [String] = []

  private func enter(_ name: TokenSyntax, _ clause: GenericParameterClauseSyntax?)
    -> SyntaxVisitorContinueKind
  {
    names.append(name.text)
    generics[names.joined(separator: "."), default: []].formUnion(
      clause?.parameters.map(\.name.text) ?? [])
    return .visitChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name, node.genericParameterClause)
  }
  override func visitPost(_ node: StructDeclSyntax) { names.removeLast() }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name, node.genericParameterClause)
  }
  override func visitPost(_ node: ClassDeclSyntax) { names.removeLast() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name, node.genericParameterClause)
  }
  override func visitPost(_ node: EnumDeclSyntax) { names.removeLast() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name, node.genericParameterClause)
  }
  override func visitPost(_ node: ActorDeclSyntax) { names.removeLast() }
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name, nil)
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { names.removeLast() }
  override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
    generics[names.joined(separator: "."), default: []].insert(node.name.text)
    return .skipChildren
  }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    names.append(node.extendedType.trimmedDescription.prefix { $0 != "<" }.description)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { names.removeLast() }
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
