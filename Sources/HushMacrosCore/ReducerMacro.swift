import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`, as TCA spells it.
///
/// On a struct: the `Reducer` conformance, `@CasePathable` on its `Action` enum
/// (`@CasePathable @dynamicMemberLookup` on an enum `State`), and `@ReducerBuilder` on its
/// `body`. On an enum whose cases hold reducers (`case edit(EditFeature)`): the `State` and
/// `Action` enums with one case per case, a body with one `Scope` per feature, and the
/// `CaseScope` a view switches over (`switch store.case { … }`); see `ReducerEnum`.
public protocol ReducerMacroImplementation: MemberMacro, MemberAttributeMacro, ExtensionMacro {}

extension ReducerMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return ReducerEnum(enumDecl, attribute: node, context: context)?.members() ?? []
    }
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      let name = declaredName(of: declaration).map { " '\($0)'" } ?? ""
      context.diagnose(
        Diagnostic(
          node: node,
          message: HushMacroDiagnostic(
            message: """
              '@Reducer' applies to a struct or an enum, and\(name) is \
              \(describeKind(of: declaration)); a reducer is a value: declare it as a struct
              """,
            id: "reducer-kind")))
      return []
    }
    if let arguments = node.arguments {
      context.diagnose(
        Diagnostic(
          node: arguments,
          message: HushMacroDiagnostic(
            message: """
              '@Reducer(state:action:)' adds conformances to the State and Action an enum \
              reducer's cases make; a struct declares its own: write \
              'struct State: Equatable' (or an extension) instead
              """,
            id: "reducer-struct-arguments"),
          fixIt: .replace(
            message: HushFixItMessage(message: "Remove the arguments"),
            oldNode: node,
            newNode: node.with(\.leftParen, nil).with(\.arguments, nil).with(\.rightParen, nil))
        ))
    }
    diagnoseMissingDomain(of: structDecl, attribute: node, in: context)
    return []
  }

  /// Reports a struct reducer that declares no `State` (or no `Action`) and gives the compiler
  /// nothing to infer it from (a `body` of `some Reducer<Int, Action>` or a
  /// `reduce(into:action:)` over a concrete type).
  private static func diagnoseMissingDomain(
    of structDecl: StructDeclSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) {
    let declared = structDecl.memberBlock.declaredTypeNames
    let inferable = inferableDomain(of: structDecl)
    for (index, name) in ["State", "Action"].enumerated()
    where !declared.contains(name) && !inferable[index] {
      let example = name == "State" ? "struct State { … }" : "enum Action { … }"
      context.diagnose(
        Diagnostic(
          node: attribute,
          message: HushMacroDiagnostic(
            message: """
              '@Reducer' struct '\(structDecl.name.text)' has no '\(name)': declare the \
              \(name == "State" ? "state it evolves" : "actions it handles") inside it \
              ('\(example)', or 'typealias \(name) = …')
              """,
            id: "reducer-missing-\(name.lowercased())")))
    }
  }

  /// Whether the compiler can infer `State` and `Action` from the struct's `body` or
  /// `reduce(into:action:)` without a nested declaration.
  private static func inferableDomain(of structDecl: StructDeclSyntax) -> [Bool] {
    var inferable = [false, false]
    func note(_ type: TypeSyntax?, at index: Int) {
      guard let type else { return }
      let text = type.trimmedDescription
      if text != "State", text != "Self.State", text != "Action", text != "Self.Action" {
        inferable[index] = true
      }
    }
    for member in structDecl.memberBlock.members {
      if let variable = member.decl.as(VariableDeclSyntax.self),
        let binding = variable.bindings.first,
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
        let type = binding.typeAnnotation?.type
      {
        let constraint = type.as(SomeOrAnyTypeSyntax.self)?.constraint ?? type
        if let arguments = genericArguments(of: constraint), arguments.count == 2 {
          note(arguments[0], at: 0)
          note(arguments[1], at: 1)
        } else if !["Reducer", "ReducerOf", "Hush.Reducer", "Hush.ReducerOf"].contains(
          constraint.trimmedDescription.split(separator: "<").first.map(String.init) ?? "")
        {
          // A concrete body type (`Reduce<Int, Bool>`, `Scope<…>`) names the domain.
          inferable = [true, true]
        }
      } else if let function = member.decl.as(FunctionDeclSyntax.self),
        function.name.text == "reduce"
      {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard parameters.count == 2 else { continue }
        let stateType = parameters[0].type.as(AttributedTypeSyntax.self)?.baseType
        note(stateType, at: 0)
        note(parameters[1].type, at: 1)
      }
    }
    return inferable
  }
}

/// The generic arguments of a type written `Name<A, B>` (plain or qualified).
func genericArguments(of type: TypeSyntax) -> [TypeSyntax]? {
  let clause =
    type.as(IdentifierTypeSyntax.self)?.genericArgumentClause
    ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
  guard let clause else { return nil }
  var types: [TypeSyntax] = []
  for argument in clause.arguments {
    #if canImport(SwiftSyntax601)
      guard case .type(let type) = argument.argument else { return nil }
      types.append(type)
    #else
      types.append(argument.argument)
    #endif
  }
  return types
}

extension ReducerMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      // An enum of features that writes its own `static var body`: the builder that the
      // conformance an extension adds does not carry over.
      guard let variable = member.as(VariableDeclSyntax.self),
        ReducerEnum.isStaticBody(variable),
        !variable.attributes.contains("ReducerBuilder", qualifiedBy: ["Hush"]),
        case .getter? = variable.bindings.first?.accessorBlock?.accessors
      else { return [] }
      return [
        AttributeSyntax(
          attributeName: IdentifierTypeSyntax(
            name: "Hush.ReducerBuilder<Self.State, Self.Action>"))
      ]
    }
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    if let enumDecl = member.as(EnumDeclSyntax.self) {
      var wanted: [String]
      switch enumDecl.name.text {
      case "Action": wanted = ["CasePathable"]
      case "State": wanted = ["CasePathable", "dynamicMemberLookup"]
      default: return []
      }
      if enumDecl.attributes.contains("CasePathable", qualifiedBy: ["CasePaths"])
        || enumDecl.inheritanceClause.names("CasePathable", qualifiedBy: ["CasePaths"])
      {
        wanted.removeAll { $0 == "CasePathable" }
      }
      if enumDecl.attributes.contains("dynamicMemberLookup") {
        wanted.removeAll { $0 == "dynamicMemberLookup" }
      }
      return wanted.map { AttributeSyntax(attributeName: IdentifierTypeSyntax(name: "\(raw: $0)")) }
    }
    if let variable = member.as(VariableDeclSyntax.self), isBody(variable) {
      var attributes = reducerBuilderAttribute(for: variable).map { [$0] } ?? []
      if !isIsolated(variable.attributes, variable.modifiers) {
        attributes.append(mainActor)
      }
      return attributes
    }
    if let function = member.as(FunctionDeclSyntax.self), function.name.text == "reduce",
      !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
      function.signature.parameterClause.parameters.map({ $0.firstName.text }) == [
        "into", "action",
      ],
      !isIsolated(function.attributes, function.modifiers)
    {
      return [mainActor]
    }
    return []
  }

  /// `@MainActor`, which `body` and `reduce(into:action:)` get from `Reducer`'s requirements
  /// when the conformance is written on the struct, but not from a conformance that an
  /// extension adds.
  private static var mainActor: AttributeSyntax {
    AttributeSyntax(attributeName: IdentifierTypeSyntax(name: "MainActor"))
  }

  private static func isIsolated(
    _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax
  ) -> Bool {
    attributes.contains("MainActor")
      || modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) }
  }

  /// Whether `variable` is the reducer's instance `var body`.
  private static func isBody(_ variable: VariableDeclSyntax) -> Bool {
    variable.bindingSpecifier.tokenKind == .keyword(.var) && variable.bindings.count == 1
      && variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        == "body"
      && !variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
  }

  /// `@Hush.ReducerBuilder<State, Action>` for a computed `var body: some Reducer<…>` that has
  /// no builder attribute yet: a conformance added by an extension does not carry the
  /// protocol's result builder over to the body.
  private static func reducerBuilderAttribute(for variable: VariableDeclSyntax) -> AttributeSyntax?
  {
    guard let binding = variable.bindings.first,
      let accessors = binding.accessorBlock?.accessors,
      case .getter = accessors,
      let constraint = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?.constraint,
      !variable.attributes.contains("ReducerBuilder", qualifiedBy: ["Hush"]),
      let arguments = genericArguments(of: constraint)
    else { return nil }
    let name = constraint.trimmedDescription.split(separator: "<").first.map(String.init) ?? ""
    let domain: String
    switch (name, arguments.count) {
    case ("ReducerOf", 1), ("Hush.ReducerOf", 1):
      let reducer = arguments[0].trimmedDescription
      domain = "\(reducer).State, \(reducer).Action"
    case ("Reducer", 2), ("Hush.Reducer", 2):
      domain = "\(arguments[0].trimmedDescription), \(arguments[1].trimmedDescription)"
    default:
      return nil
    }
    return AttributeSyntax(
      attributeName: IdentifierTypeSyntax(name: "Hush.ReducerBuilder<\(raw: domain)>"))
  }
}

extension ReducerMacroImplementation {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let isEnum = declaration.is(EnumDeclSyntax.self)
    guard isEnum || declaration.is(StructDeclSyntax.self) else { return [] }
    // The compiler lists only the conformances the type does not declare already.
    let missing = protocols.map(\.trimmedDescription).filter {
      isEnum || !$0.hasSuffix("CaseReducer")
    }
    guard !missing.isEmpty else { return [] }
    let conformances = missing.map { $0.hasPrefix("Hush.") ? $0 : "Hush.\($0)" }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): \(raw: conformances.joined(separator: ", ")) {}")
    ]
  }
}
