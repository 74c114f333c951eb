import SwiftParser
import SwiftSyntax

/// The members of other types that a file's index records, for the rules that follow a view's
/// reads into them: what only a rule that is off would ask for is not gathered.
struct IndexedMembers: OptionSet, Sendable {
  let rawValue: Int
  /// Members that build an expensive object each run, and what each member reads
  /// (`expensive-view-init`).
  static let expensive = IndexedMembers(rawValue: 1)
  /// Members that filter, sort or group a collection each run (`collection-work-in-body`).
  static let collectionWork = IndexedMembers(rawValue: 2)
  static let all: IndexedMembers = [.expensive, .collectionWork]
}

/// A parsed Swift file and what the rules need to know about it.
public struct LintedFile: Sendable {
  /// The path used in reports.
  public let path: String
  /// The source text.
  public let source: String
  /// The syntax tree; for source that does not fully parse, the part that did.
  public let tree: SourceFileSyntax
  /// Converts tree positions into lines and columns.
  ///
  /// - Complexity: O(size of the file) each time it is read: it walks the tree. The linter's
  ///   rules use ``sourcePosition(of:)``, which reads a line table made once from the text.
  public var converter: SourceLocationConverter {
    SourceLocationConverter(fileName: path, tree: tree)
  }
  /// Where each line starts.
  let lines: LineTable
  /// Whether the file has `import ComposableArchitecture`.
  public let importsComposableArchitecture: Bool
  /// Whether the file is test code: it imports `XCTest` or `Testing`, or has a `@testable`
  /// import. Nothing in it renders for a user, and what looks like needless work there (a
  /// closure scope, an action sent to be received, a whole state observed) is usually the
  /// subject of the test: its declarations are indexed, its findings not reported.
  public let isTestCode: Bool
  /// Declarations gathered from every file linted together with this one.
  public let index: ProjectIndex
  /// The SwiftUI views and view modifiers declared in this file.
  let views: [ViewType]
  /// The nodes rules search, gathered in one walk.
  let syntax: SyntaxIndex
  /// The keys of this file's private members, each to the key it is declared under
  /// (``ExpensiveMembers/privateKeys(places:file:)``).
  let privateMemberKeys: [String: String]
  /// The collections the file writes.
  let mutated: MutatedNames
  /// The reducer switches (`switch action { … }`), each with the case path its patterns are
  /// under.
  let reducerSwitches: [(switchExpr: SwitchExprSyntax, prefix: [String])]
  /// Every function call in the file, in source order.
  var calls: [FunctionCallExprSyntax] { syntax.calls }

  /// Parses `source`.
  ///
  /// - Parameters:
  ///   - path: The path to show in reports.
  ///   - source: The Swift source.
  ///   - index: Declarations from the whole set of linted files; when `nil`, only this
  ///     file's declarations and writes are known.
  public init(path: String, source: String, index: ProjectIndex? = nil) {
    let tree = Parser.parse(source: source)
    self.init(path: path, source: source, tree: tree, index: index)
  }

  /// Wraps an already parsed tree.
  public init(path: String, source: String, tree: SourceFileSyntax, index: ProjectIndex?) {
    self.init(path: path, source: source, tree: tree, index: index, gathering: .all)
  }

  /// Wraps an already parsed tree; with no `index`, indexes the file's facts that `gathering`
  /// names (the others only rules that are off would ask for).
  init(
    path: String, source: String, tree: SourceFileSyntax, index: ProjectIndex?,
    gathering: IndexedMembers
  ) {
    self.path = path
    self.source = source
    self.tree = tree
    let lines = LineTable(source)
    self.lines = lines
    let imports = tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
    self.importsComposableArchitecture = imports.contains {
      $0.path.first?.name.text == "ComposableArchitecture"
    }
    self.isTestCode = imports.contains { decl in
      let module = decl.path.first?.name.text
      return module == "XCTest" || module == "Testing"
        || decl.attributes.contains {
          $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "testable"
        }
    }
    // This file's declarations, recorded in the walk that gathers the nodes.
    let types = TypeRecorder(source: source)
    let syntax = SyntaxIndex(tree, types: types, recordingPlaces: !gathering.isEmpty)
    let views = ViewType.all(in: syntax)
    let mutated = MutatedNames(syntax)
    let reducerSwitches = ActionHandlers.reducerSwitches(syntax.switches)
    let privateKeys =
      gathering.isEmpty
      ? [:]
      : ExpensiveMembers.privateKeys(places: syntax.places, file: path)
    if let index {
      self.index = index
    } else {
      // This file's declarations and writes; whether they are all the writes is known only
      // to a lint of the whole set of files.
      var own = ProjectIndex()
      own.add(types)
      own.writes = mutated.owners
      // A file that does not import SwiftUI makes no SwiftUI view.
      if imports.contains(where: { $0.path.first?.name.text == "SwiftUI" }) {
        own.viewSites = ViewSites.collect(syntax)
      }
      own.actionHandlers = ActionHandlers.byType(in: reducerSwitches, file: path, lines: lines)
      own.nestedActionPaths = ActionHandlers.nestedPaths(in: reducerSwitches)
      // Which reducers a parent's case embeds matters to the reducers of TCA's files.
      if importsComposableArchitecture { own.casePayloads = syntax.casePayloads }
      let viewNames = Set(views.map(\.name))
      if !gathering.isEmpty {
        let working: Set<SyntaxIdentifier>
        let functionKeys: [[String]]
        let buildsObjects =
          gathering.contains(.expensive) && ExpensiveMembers.mayBuild(in: source)
        (own.expensiveMembers, own.memberDeclarations, working, functionKeys) =
          ExpensiveMembers.collect(
            calls: buildsObjects ? syntax.calls : [],
            places: syntax.places, enumCases: syntax.enumCases, viewNames: viewNames, file: path,
            privateKeys: privateKeys, lines: lines)
        if gathering.contains(.expensive) {
          own.memberReads = ExpensiveMembers.reads(
            functionKeys: functionKeys, places: syntax.places, viewNames: viewNames,
            working: working, privateKeys: privateKeys)
        }
        if gathering.contains(.collectionWork) {
          own.collectionWorkMembers = ExpensiveMembers.collectionWork(
            calls: syntax.calls, places: syntax.places, viewNames: viewNames, file: path,
            privateKeys: privateKeys, lines: lines)
        }
      }
      (own.handoffs, own.sliderBindings) = ViewType.handoffs(in: views, syntax: syntax)
      self.index = own
    }
    self.views = views
    self.syntax = syntax
    self.mutated = mutated
    self.reducerSwitches = reducerSwitches
    self.privateMemberKeys = privateKeys
  }

  /// Whether the file imports `module` (`import Hush`, `@testable import Hush`).
  public func imports(_ module: String) -> Bool {
    tree.statements.contains { item in
      item.item.as(ImportDeclSyntax.self)?.path.first?.name.text == module
    }
  }

  /// The one-based line and UTF-8 column of `position`.
  public func sourcePosition(of position: AbsolutePosition) -> SourcePosition {
    lines.position(of: position)
  }
}
