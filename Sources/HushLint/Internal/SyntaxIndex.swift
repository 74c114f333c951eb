import SwiftSyntax

/// The nodes of a file that rules look at, gathered in one walk so each rule does not walk the
/// whole tree again.
struct SyntaxIndex {
  var calls: [FunctionCallExprSyntax] = []
  var memberAccesses: [MemberAccessExprSyntax] = []
  var sequences: [SequenceExprSyntax] = []
  var forLoops: [ForStmtSyntax] = []
  var variables: [VariableDeclSyntax] = []
  var functions: [FunctionDeclSyntax] = []
  var switches: [SwitchExprSyntax] = []
  /// The names of the enum cases the file declares.
  var enumCases: [String] = []
  /// The enum cases with a payload (`case rows(IdentifiedActionOf<RowFeature>)`).
  var casesWithPayloads: [EnumCaseElementSyntax] = []
  /// The members of every type and extension, in source order (a nested type's members
  /// follow the member they are in).
  var memberItems: [MemberBlockItemSyntax] = []
  /// The `#Preview` blocks.
  var previews: [Syntax] = []
  /// Every type and extension declaration, in source order, with its simple name.
  private(set) var typeDeclarations: [(node: Syntax, name: String)] = []
  /// Where each of ``functions`` and ``variables`` sits, in the same order, when the index
  /// was asked to record it: found in the walk, where asking each declaration would walk up
  /// to the file's root.
  private(set) var functionPlaces: [DeclarationPlace] = []
  private(set) var variablePlaces: [DeclarationPlace] = []

  /// Where the file's functions and variables sit (empty unless the index recorded it).
  var places: DeclarationPlaces {
    DeclarationPlaces(
      functions: functions, functionPlaces: functionPlaces, variables: variables,
      variablePlaces: variablePlaces)
  }

  /// The type names in the payload of each enum case that has one, by case name:
  /// `["IdentifiedActionOf", "RowFeature"]` for `case rows(IdentifiedActionOf<RowFeature>)`.
  var casePayloads: [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for node in casesWithPayloads {
      guard let payload = node.parameterClause else { continue }
      for token in payload.tokens(viewMode: .sourceAccurate) {
        if case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true {
          result[node.name.text, default: []].insert(name)
        }
      }
    }
    return result
  }

  /// The calls of SwiftUI's `ForEach`, in source order (several rules start from them).
  private(set) var forEachCalls: [FunctionCallExprSyntax] = []
  /// The structs and extensions outside functions and closures: where views are declared.
  private(set) var viewCandidates:
    (structs: [StructDeclSyntax], extensions: [ExtensionDeclSyntax]) =
      ([], [])

  /// Gathers the nodes of `tree`; `types`, when given, is shown the declarations outside
  /// function bodies in the same walk (see ``TypeRecorder``); `recordingPlaces`: whether to
  /// record where each function and variable sits (``places``).
  init(_ tree: SourceFileSyntax, types: TypeRecorder? = nil, recordingPlaces: Bool = false) {
    let collector = Collector(types: types, recordingPlaces: recordingPlaces)
    collector.walk(tree)
    self = collector.index
    forEachCalls = calls.filter { $0.calleeName == "ForEach" && $0.isUnqualifiedCall }
  }

  fileprivate init() {}

  /// The simple name of the innermost type or extension declaration around `node`, found by
  /// position (files declare few types), as ``ActionHandlers/reducerType(of:)`` finds it by
  /// walking up.
  func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
    let position = node.position
    var found: String?
    // Source order: a later declaration that holds the node is nested in an earlier one.
    for declaration in typeDeclarations
    where declaration.node.position <= position && position < declaration.node.endPosition {
      found = declaration.name
    }
    return found
  }

  /// The calls inside `node` (itself included), in source order: a slice of ``calls``, found
  /// by position, where a walk of `node` would visit every node under it.
  func calls(in node: some SyntaxProtocol) -> ArraySlice<FunctionCallExprSyntax> {
    // The walk that made `calls` visits in source order, so their positions never decrease.
    let end = node.endPosition
    var low = lowerBound(of: node.position, in: calls)
    var upper = low
    while upper < calls.count, calls[upper].position < end { upper += 1 }
    // A call that starts where `node` starts may be around it (`node` its called name).
    while low < upper, calls[low].endPosition > end { low += 1 }
    return calls[low..<upper]
  }

  private final class Collector: LeanVisitor {
    var index = SyntaxIndex()
    private let recorder: TypeRecorder?
    /// How many function declarations, and closures, are around the node visited.
    private var functionDepth = 0
    private var closureDepth = 0
    private let recordingPlaces: Bool
    /// How many bodies (a function's, an initializer's: code blocks), accessor blocks and
    /// closures are around the node visited.
    private var codeDepth = 0
    /// The types and extensions around the node visited, innermost last, each with the
    /// ``codeDepth`` it is at.
    private var scopes: [(name: String?, isFilePrivate: Bool, codeDepth: Int)] = []

    init(types: TypeRecorder?, recordingPlaces: Bool) {
      self.recorder = types
      self.recordingPlaces = recordingPlaces
      super.init()
    }

    /// Where a declaration with `modifiers`, visited now, sits.
    private func place(_ modifiers: DeclModifierListSyntax) -> DeclarationPlace {
      let isPrivate = modifiers.isFilePrivate
      guard let type = scopes.last else {
        return DeclarationPlace(typeName: nil, isLocal: codeDepth > 0, isFilePrivate: isPrivate)
      }
      if codeDepth > type.codeDepth {
        return DeclarationPlace(typeName: nil, isLocal: true, isFilePrivate: isPrivate)
      }
      return DeclarationPlace(
        typeName: type.name, isLocal: false, isFilePrivate: isPrivate || type.isFilePrivate)
    }

    private func enterType(_ name: String?, _ modifiers: DeclModifierListSyntax) {
      guard recordingPlaces else { return }
      // A type directly inside a private one (no code between) is private with it.
      let outer = scopes.last.map { $0.codeDepth == codeDepth && $0.isFilePrivate } ?? false
      scopes.append((name, modifiers.isFilePrivate || outer, codeDepth))
    }

    private func leaveType() {
      if recordingPlaces { scopes.removeLast() }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      index.calls.append(node)
      if functionDepth == 0 { recorder?.record(node) }
      return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      index.typeDeclarations.append((Syntax(node), node.name.text))
      enterType(node.name.text, node.modifiers)
      if functionDepth == 0 {
        recorder?.enter(node)
        if closureDepth == 0 { index.viewCandidates.structs.append(node) }
      }
      return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) {
      leaveType()
      if functionDepth == 0 { recorder?.exit() }
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      let name = node.extendedType.simpleName
      if let name { index.typeDeclarations.append((Syntax(node), name)) }
      enterType(name, node.modifiers)
      if functionDepth == 0 {
        recorder?.enter(node)
        if closureDepth == 0 { index.viewCandidates.extensions.append(node) }
      }
      return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
      leaveType()
      if functionDepth == 0 { recorder?.exit() }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      index.typeDeclarations.append((Syntax(node), node.name.text))
      enterType(node.name.text, node.modifiers)
      if functionDepth == 0 { recorder?.enter(node) }
      return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) {
      leaveType()
      if functionDepth == 0 { recorder?.exit() }
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      index.typeDeclarations.append((Syntax(node), node.name.text))
      enterType(node.name.text, node.modifiers)
      if functionDepth == 0 { recorder?.enter(node) }
      return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) {
      leaveType()
      if functionDepth == 0 { recorder?.exit() }
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      index.typeDeclarations.append((Syntax(node), node.name.text))
      enterType(node.name.text, node.modifiers)
      if functionDepth == 0 { recorder?.enter(node) }
      return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) {
      leaveType()
      if functionDepth == 0 { recorder?.exit() }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
      closureDepth += 1
      codeDepth += 1
      return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
      closureDepth -= 1
      codeDepth -= 1
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
      codeDepth += 1
      return .visitChildren
    }

    override func visitPost(_ node: CodeBlockSyntax) { codeDepth -= 1 }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
      codeDepth += 1
      return .visitChildren
    }

    override func visitPost(_ node: AccessorBlockSyntax) { codeDepth -= 1 }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
      index.memberAccesses.append(node)
      return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      index.sequences.append(node)
      return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
      index.forLoops.append(node)
      return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      index.variables.append(node)
      if recordingPlaces { index.variablePlaces.append(place(node.modifiers)) }
      return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      index.functions.append(node)
      if recordingPlaces { index.functionPlaces.append(place(node.modifiers)) }
      functionDepth += 1
      return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { functionDepth -= 1 }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
      index.memberItems.append(node)
      return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
      if node.macroName.text == "Preview" { index.previews.append(Syntax(node)) }
      return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
      if node.macroName.text == "Preview" { index.previews.append(Syntax(node)) }
      return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
      index.enumCases.append(node.name.text)
      if node.parameterClause != nil { index.casesWithPayloads.append(node) }
      return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
      index.switches.append(node)
      return .visitChildren
    }
  }
}

/// The index of the first of `nodes` (in source order) that starts at `position` or later.
private func lowerBound<Node: SyntaxProtocol>(of position: AbsolutePosition, in nodes: [Node])
  -> Int
{
  var low = 0
  var high = nodes.count
  while low < high {
    let middle = (low + high) / 2
    if nodes[middle].position < position { low = middle + 1 } else { high = middle }
  }
  return low
}

/// Where a file's functions and variables sit (``SyntaxIndex/places``): each found by its
/// position, in the declarations' source order.
struct DeclarationPlaces {
  var functions: [FunctionDeclSyntax]
  var functionPlaces: [DeclarationPlace]
  var variables: [VariableDeclSyntax]
  var variablePlaces: [DeclarationPlace]

  /// Where `function`, one of the file's, sits; `nil` if it was not recorded.
  func place(of function: FunctionDeclSyntax) -> DeclarationPlace? {
    Self.place(of: function, in: functions, places: functionPlaces)
  }

  /// Where `variable`, one of the file's, sits; `nil` if it was not recorded.
  func place(of variable: VariableDeclSyntax) -> DeclarationPlace? {
    Self.place(of: variable, in: variables, places: variablePlaces)
  }

  private static func place<Node: SyntaxProtocol>(
    of node: Node, in nodes: [Node], places: [DeclarationPlace]
  ) -> DeclarationPlace? {
    guard places.count == nodes.count else { return nil }
    // The walk that gathered them visits in source order: no two start at the same place.
    let index = lowerBound(of: node.position, in: nodes)
    guard index < nodes.count, nodes[index].id == node.id else { return nil }
    return places[index]
  }
}

/// Where a function or variable declaration sits (``SyntaxIndex/places``).
struct DeclarationPlace {
  /// The simple name of the type or extension it is a member of: `nil` for a global, a local
  /// or a member of an extension of a type without a simple name.
  var typeName: String?
  /// Whether it is local to code: a function's, an initializer's or an accessor's body, or a
  /// closure.
  var isLocal: Bool
  /// Whether it is `private` or `fileprivate` (not `private(set)`), or a member of a type or
  /// extension that is: code in other files cannot reach it.
  var isFilePrivate: Bool
}

extension DeclModifierListSyntax {
  /// Whether the modifiers make a declaration `private` or `fileprivate` (not `private(set)`).
  var isFilePrivate: Bool {
    contains {
      ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate))
        && $0.detail == nil
    }
  }
}
