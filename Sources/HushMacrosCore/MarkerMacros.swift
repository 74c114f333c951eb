import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ReducerCaseIgnored`: marks a case of a `@Reducer` enum as plain data (a `State` case, no
/// action, no scope). `@Reducer` reads the mark; the macro itself adds nothing.
public protocol ReducerCaseIgnoredMacroImplementation: PeerMacro {}

extension ReducerCaseIgnoredMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    diagnoseUnlessCase(declaration, attribute: node, in: context)
    return []
  }
}

/// `@ReducerCaseEphemeral`: marks a case of a `@Reducer` enum that holds an alert's or a
/// dialog's state (which `@Reducer` also recognizes unmarked).
public protocol ReducerCaseEphemeralMacroImplementation: PeerMacro {}

extension ReducerCaseEphemeralMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    diagnoseUnlessCase(declaration, attribute: node, in: context)
    return []
  }
}

private func diagnoseUnlessCase(
  _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax,
  in context: some MacroExpansionContext
) {
  guard !declaration.is(EnumCaseDeclSyntax.self) else { return }
  context.diagnose(
    Diagnostic(
      node: attribute,
      message: HushMacroDiagnostic(
        message: """
          '\(attribute.trimmedDescription)' marks a case of a '@Reducer' enum, not \
          \(describeKind(of: declaration))
          """,
        id: "reducer-case-mark")))
}

/// `@ObservableState`, accepted so that TCA's state types compile unchanged: Hush observes
/// state by value, so a state needs nothing for it. The macro adds the `ObservableState`
/// conformance (a marker) and nothing that a read or a write would run.
public protocol ObservableStateMacroImplementation: ExtensionMacro {}

extension ObservableStateMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else {
      let name = declaredName(of: declaration).map { " '\($0)'" } ?? ""
      context.diagnose(
        Diagnostic(
          node: node,
          message: HushMacroDiagnostic(
            message: """
              '@ObservableState' applies to a struct or an enum (a feature's state), and\
              \(name) is \(describeKind(of: declaration))
              """,
            id: "observable-state-kind")))
      return []
    }
    guard !protocols.isEmpty else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Hush.ObservableState {}")]
  }
}

/// `@ObservationStateIgnored`, accepted so that TCA's state types compile unchanged: Hush
/// observes every stored property by value, and a property nobody reads costs nothing, so
/// there is nothing to ignore. It adds nothing.
public protocol ObservationStateIgnoredMacroImplementation: PeerMacro {}

extension ObservationStateIgnoredMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
