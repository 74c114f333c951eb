import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@Reducer` adds to an enum of features:
///
/// ```swift
/// @Reducer enum Destination {
///   case edit(EditFeature)                  // a feature: State, Action and a Scope
///   case alert(AlertState<Alert>)           // an alert or a dialog: its actions, no reducer
///   @ReducerCaseIgnored case detail(Item)   // plain data: a State case only
/// }
/// ```
///
/// - `enum State: Hush.CaseReducerState`, `@CasePathable @dynamicMemberLookup`, one case per
///   case (`edit(EditFeature.State)`), with the conformances `@Reducer(state:)` names;
/// - `enum Action`, `@CasePathable`, a case per feature and per alert (`edit(EditFeature.Action)`,
///   `alert(Alert)`), with the conformances `@Reducer(action:)` names;
/// - `static var body`: one `Scope` per feature;
/// - `enum CaseScope` and `static func scope(_:)`, which `store.case` calls: a store per
///   feature, the value itself for the other cases.
///
/// A case with one value is a feature unless it is marked `@ReducerCaseIgnored`, or its
/// value is an `AlertState` / `ConfirmationDialogState` (or it is marked
/// `@ReducerCaseEphemeral`); a case with no value or several is plain data.
struct ReducerEnum {
  enum Kind {
    /// A feature's reducer type.
    case feature(TypeSyntax)
    /// An alert's or a dialog's state, and the type of its actions.
    case ephemeral(TypeSyntax, action: TypeSyntax)
    /// Plain data.
    case ignored
  }

  struct Case {
    let element: EnumCaseElementSyntax
    let kind: Kind
    var name: String { element.name.text }
  }

  let enumDecl: EnumDeclSyntax
  let cases: [Case]
  let stateConformances: [String]
  let actionConformances: [String]
  let declaresState: Bool
  let declaresAction: Bool
  /// Whether the enum writes its own `static var body` (one that adds to the scopes, as
  /// TCA's TicTacToe does): the macro then makes none.
  let declaresBody: Bool

  init?(_ enumDecl: EnumDeclSyntax, attribute: AttributeSyntax, context: some MacroExpansionContext)
  {
    self.enumDecl = enumDecl
    var cases: [Case] = []
    var valid = true
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let ignored = caseDecl.attributes.contains("ReducerCaseIgnored", qualifiedBy: ["Hush"])
      let ephemeral = caseDecl.attributes.contains("ReducerCaseEphemeral", qualifiedBy: ["Hush"])
      for element in caseDecl.elements {
        let parameters = Array(element.parameterClause?.parameters ?? [])
        if ignored || parameters.count != 1 {
          cases.append(Case(element: element, kind: .ignored))
          continue
        }
        let type = parameters[0].type
        if let action = Self.ephemeralAction(of: type) {
          cases.append(Case(element: element, kind: .ephemeral(type, action: action)))
        } else if ephemeral {
          context.diagnose(
            Diagnostic(
              node: type,
              message: HushMacroDiagnostic(
                message: """
                  '@ReducerCaseEphemeral' marks a case that holds an 'AlertState<Action>' or a \
                  'ConfirmationDialogState<Action>'; '\(type.trimmedDescription)' is neither
                  """,
                id: "reducer-case-ephemeral-type")))
          valid = false
        } else {
          cases.append(Case(element: element, kind: .feature(type)))
        }
      }
    }
    guard valid else { return nil }
    self.cases = cases
    let conformances = Self.conformances(in: attribute)
    stateConformances = conformances.state
    actionConformances = conformances.action
    let declared = enumDecl.memberBlock.declaredTypeNames
    declaresState = declared.contains("State")
    declaresAction = declared.contains("Action")
    declaresBody = enumDecl.memberBlock.members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
      return Self.isStaticBody(variable)
    }
  }

  /// Whether `variable` is a case reducer's `static var body`.
  static func isStaticBody(_ variable: VariableDeclSyntax) -> Bool {
    variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
      && variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      }
  }

  /// The action type of an alert's or a dialog's state (`AlertState<Alert>` → `Alert`).
  static func ephemeralAction(of type: TypeSyntax) -> TypeSyntax? {
    let name: String
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      name = identifier.name.text
    } else if let member = type.as(MemberTypeSyntax.self),
      member.baseType.trimmedDescription == "Hush"
    {
      name = member.name.text
    } else {
      return nil
    }
    guard name == "AlertState" || name == "ConfirmationDialogState",
      let arguments = genericArguments(of: type), arguments.count == 1
    else { return nil }
    return arguments[0]
  }

  /// The conformances `@Reducer(state: .equatable, action: .equatable, .sendable)` names.
  static func conformances(in attribute: AttributeSyntax) -> (state: [String], action: [String]) {
    guard case .argumentList(let arguments) = attribute.arguments else { return ([], []) }
    var state: [String] = []
    var action: [String] = []
    var target = 0
    for argument in arguments {
      if let label = argument.label?.text { target = label == "action" ? 1 : 0 }
      guard let member = argument.expression.as(MemberAccessExprSyntax.self) else { continue }
      let name: String
      switch member.declName.baseName.text {
      case "codable": name = "Codable"
      case "decodable": name = "Decodable"
      case "encodable": name = "Encodable"
      case "equatable": name = "Equatable"
      case "hashable": name = "Hashable"
      case "sendable": name = "Sendable"
      default: continue
      }
      if target == 0 { state.append(name) } else { action.append(name) }
    }
    return (state, action)
  }

  var access: String { enumDecl.modifiers.accessPrefix }
  var name: String { enumDecl.name.text }

  func members() -> [DeclSyntax] {
    var members: [DeclSyntax] = []
    if !declaresState { members.append(stateEnum) }
    if !declaresAction { members.append(actionEnum) }
    if !declaresBody { members.append(body) }
    members.append(caseScope)
    members.append(scopeFunction)
    return members
  }

  /// `text` with every line after the first indented one level, for a multi-line block
  /// interpolated at one level of indentation.
  private func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
  }

  private func inheritance(_ types: [String]) -> String {
    types.isEmpty ? "" : ": " + types.joined(separator: ", ")
  }

  private var stateEnum: DeclSyntax {
    let cases = cases.map { item -> String in
      switch item.kind {
      case .feature(let type):
        let parameter = item.element.parameterClause!.parameters.first!
        let label = parameter.firstName.map { "\($0.text): " } ?? ""
        return "case \(item.name)(\(label)\(type.trimmedDescription).State)"
      case .ephemeral, .ignored:
        return "case \(item.element.trimmedDescription)"
      }
    }
    return """
      @CasePathable @dynamicMemberLookup
      \(raw: access)enum State\(raw: inheritance(["Hush.CaseReducerState"] + stateConformances)) {
        \(raw: access)typealias StateReducer = \(raw: name)
        \(raw: cases.joined(separator: "\n"))
      }
      """
  }

  private var actionEnum: DeclSyntax {
    let cases = cases.compactMap { item -> String? in
      switch item.kind {
      case .feature(let type):
        return "case \(item.name)(\(type.trimmedDescription).Action)"
      case .ephemeral(_, let action):
        return "case \(item.name)(\(action.trimmedDescription))"
      case .ignored:
        return nil
      }
    }
    return """
      @CasePathable
      \(raw: access)enum Action\(raw: inheritance(actionConformances)) {
        \(raw: cases.joined(separator: "\n"))
      }
      """
  }

  private var body: DeclSyntax {
    let scopes = cases.compactMap { item -> String? in
      guard case .feature(let type) = item.kind else { return nil }
      return """
        Hush.Scope(state: \\Self.State.Cases.\(item.name), action: \\Self.Action.Cases.\(item.name)) {
          \(type.trimmedDescription)()
        }
        """
    }
    let statements =
      scopes.isEmpty
      ? "Hush.EmptyReducer<Self.State, Self.Action>()" : scopes.joined(separator: "\n")
    return """
      @Hush.ReducerBuilder<Self.State, Self.Action>
      \(raw: access)static var body: some Hush.Reducer<Self.State, Self.Action> {
        \(raw: indented(statements))
      }
      """
  }

  private var caseScope: DeclSyntax {
    let cases = cases.map { item -> String in
      switch item.kind {
      case .feature(let type):
        return "case \(item.name)(Hush.StoreOf<\(type.trimmedDescription)>)"
      case .ephemeral, .ignored:
        return "case \(item.element.trimmedDescription)"
      }
    }
    return """
      @CasePathable @dynamicMemberLookup
      \(raw: access)enum CaseScope {
        \(raw: cases.joined(separator: "\n"))
      }
      """
  }

  /// A store per feature (its presence tracked, as an optional scope's), the value itself for
  /// the other cases (read through the store, tracked as any read of that case's path).
  private var scopeFunction: DeclSyntax {
    let branches = cases.map { item -> String in
      switch item.kind {
      case .feature:
        return """
          if let store = store.scope(state: \\.\(item.name), action: \\.\(item.name)) {
            return .\(item.name)(store)
          }
          """
      case .ephemeral:
        return """
          if let value = store[\\.\(item.name)] {
            return .\(item.name)(value)
          }
          """
      case .ignored:
        let parameters = Array(item.element.parameterClause?.parameters ?? [])
        switch parameters.count {
        case 0:
          return """
            if store[\\.\(item.name)] != nil {
              return .\(item.name)
            }
            """
        case 1:
          let label = parameters[0].firstName.map { "\($0.text): " } ?? ""
          return """
            if let value = store[\\.\(item.name)] {
              return .\(item.name)(\(label)value)
            }
            """
        default:
          let arguments = parameters.enumerated().map { index, parameter in
            (parameter.firstName.map { "\($0.text): " } ?? "") + "value.\(index)"
          }
          return """
            if let value = store[\\.\(item.name)] {
              return .\(item.name)(\(arguments.joined(separator: ", ")))
            }
            """
        }
      }
    }
    return """
      @MainActor
      \(raw: access)static func scope(_ store: Hush.Store<Self.State, Self.Action>) -> CaseScope {
        \(raw: indented(branches.joined(separator: "\n")))
        return Hush._unreachableCase(of: store)
      }
      """
  }
}
