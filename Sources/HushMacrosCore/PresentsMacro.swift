import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents var destination: Destination.State?`, as TCA spells it: `\.$destination` is the
/// path `ifLet` and `scope` take.
///
/// The state stays a plain optional, stored as `$destination` (so the path the reducer runs
/// through on every send is a stored property's, which Hush reads and writes in place), and
/// `destination` reads and writes it (`_modify` keeps writes through it in place too). Hush
/// observes both by value, so neither is less precise than a plain optional.
public protocol PresentsMacroImplementation: AccessorMacro, PeerMacro {}

extension PresentsMacroImplementation {
  /// The property's name, type and initial value, or `nil` after a diagnostic.
  fileprivate static func property(
    _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax,
    in context: some MacroExpansionContext, diagnose: Bool
  ) -> (name: String, type: TypeSyntax, initializer: ExprSyntax?, access: String)? {
    func fail(_ message: String, id: String) {
      if diagnose {
        context.diagnose(
          Diagnostic(node: attribute, message: HushMacroDiagnostic(message: message, id: id)))
      }
    }
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.bindings.count == 1, let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
    else {
      fail(
        """
        '@Presents' applies to one stored property of a feature's state \
        ('@Presents var destination: Destination.State?'), not \(describeKind(of: declaration))
        """, id: "presents-kind")
      return nil
    }
    let name = identifier.identifier.text
    guard variable.bindingSpecifier.tokenKind == .keyword(.var) else {
      fail(
        "'@Presents' needs a 'var': a presented feature comes and goes ('var \(name)')",
        id: "presents-let")
      return nil
    }
    guard binding.accessorBlock == nil else {
      fail(
        "'@Presents' applies to a stored property; '\(name)' is computed", id: "presents-computed")
      return nil
    }
    guard let type = binding.typeAnnotation?.type, isOptional(type) else {
      fail(
        """
        '@Presents' holds a presented feature's optional state: write its type \
        ('@Presents var \(name): Destination.State?')
        """, id: "presents-optional")
      return nil
    }
    return (name, type.trimmed, binding.initializer?.value.trimmed, variable.modifiers.accessPrefix)
  }

  private static func isOptional(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return true
    }
    let name = type.trimmedDescription.split(separator: "<").first ?? ""
    return name == "Optional" || name == "Swift.Optional"
  }
}

extension PresentsMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = property(declaration, attribute: node, in: context, diagnose: true)
    else { return [] }
    let storage = "$\(property.name)"
    return [
      """
      @storageRestrictions(initializes: \(raw: storage))
      init(initialValue) {
        \(raw: storage) = initialValue
      }
      """,
      """
      get {
        \(raw: storage)
      }
      """,
      """
      set {
        \(raw: storage) = newValue
      }
      """,
      """
      _modify {
        yield &\(raw: storage)
      }
      """,
    ]
  }
}

extension PresentsMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = property(declaration, attribute: node, in: context, diagnose: false)
    else { return [] }
    let initial = property.initializer?.trimmedDescription ?? "nil"
    return [
      """
      \(raw: property.access)var $\(raw: property.name): \(property.type) = \(raw: initial)
      """
    ]
  }
}

/// `@ViewAction(for: Feature.self)` on a view, as TCA spells it: the view conforms to
/// `ViewActionSending`, so `send(.saveTapped)` sends `.view(.saveTapped)` to its `store`.
public protocol ViewActionMacroImplementation: ExtensionMacro {}

extension ViewActionMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: HushMacroDiagnostic(
            message: """
              '@ViewAction(for:)' applies to a view that holds a feature's store, not \
              \(describeKind(of: declaration))
              """,
            id: "view-action-kind")))
      return []
    }
    let hasStore = declaration.memberBlock.members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
      return variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "store"
      }
    }
    guard hasStore else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: HushMacroDiagnostic(
            message: """
              '@ViewAction(for:)' sends to the view's 'store': declare it \
              ('let store: StoreOf<Feature>', or '@Bindable var store: StoreOf<Feature>')
              """,
            id: "view-action-store")))
      return []
    }
    guard !protocols.isEmpty else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Hush.ViewActionSending {}")]
  }
}
