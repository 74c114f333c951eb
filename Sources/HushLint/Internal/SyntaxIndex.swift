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
  /// function bodies in the same walk (see ``TypeRecorder``).
  init(_ tree: SourceFileSyntax, types: TypeRecorder? = nil) {
    let collector = Collector(types: types)
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
    let start = node.position
    let end = node.endPosition
    var low = 0
    var high = calls.count
    while low < high {
      let middle = (low + high) / 2
      if calls[middle].position < start { low = middle + 1 } else { high = middle }
    }
    var upper = low
    while upper < calls.count, calls[upper].position < end { upper += 1 }
    // A call that starts where `node` starts may be around it (`node` its called name).
    while low < upper, calls[low].endPosition > end { low += 1 }
    return calls[low..<upper]
  }

  private final class Collector: LeanVisitor {
    var index = SyntaxIndex()
    private let types: TypeRecorder?
    /// How many function declarations, and closures, are around the node visited.
    private var functionDepth = 0
    private var closureDepth = 0

    init(types: TypeRecorder?) {
      self.types = types
      super.init()
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      index.calls.append(node)
      if functionDepth == 0 { types?.record(node) }
      return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      index.typeDeclarations.append((Syntax(node), node.name.text))
      if functionDepth == 0 {
        types?.enter(node)
        if closureDepth == 0 { index.viewCandidates.structs.append(node) }
      }
      return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) {
      if functionDepth == 0 { types?.exit() }
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      if let name = node.extendedType.simpleName {
        index.typeDeclarations.append((Syntax(node), name))
      }
      if functionDepth == 0 {
        types?.enter(node)
        if closureDepth == 0 { index.viewCandidates.extensions.append(node) }
      }
      return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
      if functionDepth == 0 { types?.exit() }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      index.typeDeclarations.append((Syntax(node), node.name.text))
      if functionDepth == 0 { types?.enter(node) }
      return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) {
      if functionDepth == 0 { types?.exit() }
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      index.typeDeclarations.append((Syntax(node), node.name.text))
      if functionDepth == 0 { types?.enter(node) }
      return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) {
      if functionDepth == 0 { types?.exit() }
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      index.typeDeclarations.append((Syntax(node), node.name.text))
      if functionDepth == 0 { types?.enter(node) }
      return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) {
      if functionDepth == 0 { types?.exit() }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
      closureDepth += 1
      return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) { closureDepth -= 1 }

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
      return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      index.functions.append(node)
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
