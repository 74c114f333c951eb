import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A diagnostic of one of Hush's macros: an error, with an id that names the macro.
struct HushMacroDiagnostic: DiagnosticMessage {
  let message: String
  let id: String

  var diagnosticID: MessageID { MessageID(domain: "HushMacros", id: id) }
  var severity: DiagnosticSeverity { .error }
}

/// A fix-it's message.
struct HushFixItMessage: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "HushMacros", id: message) }
}

extension AttributeListSyntax {
  /// Whether the list holds an attribute named `name`, written plain or qualified by one of
  /// `modules` (`CasePathable`, `CasePaths.CasePathable`), with or without arguments.
  func contains(_ name: String, qualifiedBy modules: [String] = []) -> Bool {
    contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return attribute.isNamed(name, qualifiedBy: modules)
    }
  }
}

extension AttributeSyntax {
  /// Whether this attribute is `name` or `Module.name` for one of `modules`, ignoring its
  /// generic arguments (`ReducerBuilder<State, Action>`).
  func isNamed(_ name: String, qualifiedBy modules: [String] = []) -> Bool {
    var type = attributeName.trimmed
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == name
    }
    if let member = type.as(MemberTypeSyntax.self) {
      type = member.baseType
      guard member.name.text == name, let base = type.as(IdentifierTypeSyntax.self) else {
        return false
      }
      return modules.contains(base.name.text)
    }
    return false
  }
}

extension InheritanceClauseSyntax? {
  /// Whether the clause names `name` (plain or qualified by one of `modules`).
  func names(_ name: String, qualifiedBy modules: [String] = []) -> Bool {
    guard let clause = self else { return false }
    return clause.inheritedTypes.contains { inherited in
      let text = inherited.type.trimmedDescription
      return text == name || modules.contains { "\($0).\(name)" == text }
    }
  }
}

extension DeclModifierListSyntax {
  /// The access level a declaration spells (`public `, `package `, …, with a trailing space),
  /// or an empty string: what the members a macro adds to a type should share with it.
  var accessPrefix: String {
    for modifier in self {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate):
        return "\(modifier.name.text) "
      case .keyword(.private):
        // A private type's members are visible in its file: fileprivate keeps them usable
        // beside it.
        return "fileprivate "
      default:
        continue
      }
    }
    return ""
  }
}

extension MemberBlockSyntax {
  /// The names of the types declared directly in this block (structs, enums, classes,
  /// actors, typealiases).
  var declaredTypeNames: Set<String> {
    var names: Set<String> = []
    for member in members {
      let decl = member.decl
      if let type = decl.as(StructDeclSyntax.self) {
        names.insert(type.name.text)
      } else if let type = decl.as(EnumDeclSyntax.self) {
        names.insert(type.name.text)
      } else if let type = decl.as(ClassDeclSyntax.self) {
        names.insert(type.name.text)
      } else if let type = decl.as(ActorDeclSyntax.self) {
        names.insert(type.name.text)
      } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
        names.insert(alias.name.text)
      }
    }
    return names
  }
}

/// What kind of declaration a macro was attached to, for its messages ("a class").
func describeKind(of declaration: some SyntaxProtocol) -> String {
  if declaration.is(ClassDeclSyntax.self) { return "a class" }
  if declaration.is(ActorDeclSyntax.self) { return "an actor" }
  if declaration.is(ProtocolDeclSyntax.self) { return "a protocol" }
  if declaration.is(ExtensionDeclSyntax.self) { return "an extension" }
  if declaration.is(StructDeclSyntax.self) { return "a struct" }
  if declaration.is(EnumDeclSyntax.self) { return "an enum" }
  if declaration.is(VariableDeclSyntax.self) { return "a property" }
  if declaration.is(FunctionDeclSyntax.self) { return "a function" }
  return "this declaration"
}

/// The name a type declaration declares, if it is one.
func declaredName(of declaration: some SyntaxProtocol) -> String? {
  if let decl = declaration.as(ClassDeclSyntax.self) { return decl.name.text }
  if let decl = declaration.as(ActorDeclSyntax.self) { return decl.name.text }
  if let decl = declaration.as(ProtocolDeclSyntax.self) { return decl.name.text }
  if let decl = declaration.as(StructDeclSyntax.self) { return decl.name.text }
  if let decl = declaration.as(EnumDeclSyntax.self) { return decl.name.text }
  return nil
}
