import SwiftSyntax

/// A check over one parsed Swift file.
///
/// A rule is a stateless value with a static ``RuleDescription``. It reports ``Finding``s at
/// syntax positions; the ``Linter`` turns them into ``Violation``s, applying configuration,
/// suppression comments and baselines.
public protocol Rule: Sendable {
  /// The rule's id, summary, rationale, default severity and examples.
  static var description: RuleDescription { get }
  /// Creates the rule.
  init()
  /// Everything the rule finds in `file`.
  func findings(in file: LintedFile) -> [Finding]
}

/// A rule's raw report: a place in the syntax tree and a message.
///
/// A finding that depends on declarations in other files (a model type, an extension) is
/// resolved once every file is indexed: its `resolve` closure returns the message, or `nil`
/// to drop the finding. This lets each file be parsed once and released right after its
/// rules run.
public struct Finding: Sendable {
  /// Where the violation starts.
  public var position: AbsolutePosition
  /// What is wrong and what to write instead.
  public var message: String
  /// Whether this is the rule's milder variant, reported one severity lower.
  public var isMild: Bool
  /// For a finding that needs the whole project: the message, or `nil` to drop it.
  var resolve: (@Sendable (ProjectIndex) -> String?)?
  /// The edits that fix the violation mechanically (`hush lint --fix`), if it has such a fix.
  var edits: [TextEdit] = []
  /// For a fix that holds only given other files' declarations: whether it holds.
  var fixHolds: (@Sendable (ProjectIndex) -> Bool)?
  /// For a finding decided by one fact of the project that can be written down (so that the
  /// file's findings can be cached as they are, not decided anew when another file changes).
  var condition: FindingCondition?

  /// This finding with a mechanical fix: `edits`, made only where `holds` (if given) says the
  /// fix is right once every file is indexed.
  func fixed(
    by edits: [TextEdit], when holds: (@Sendable (ProjectIndex) -> Bool)? = nil
  ) -> Finding {
    var fixed = self
    fixed.edits = edits
    fixed.fixHolds = holds
    return fixed
  }

  /// Creates a finding at the first token of `node`.
  public init(at node: some SyntaxProtocol, message: String, isMild: Bool = false) {
    self.position = node.positionAfterSkippingLeadingTrivia
    self.message = message
    self.isMild = isMild
  }

  /// Creates a finding decided only when every linted file has been indexed.
  init(
    at node: some SyntaxProtocol, isMild: Bool = false,
    resolve: @escaping @Sendable (ProjectIndex) -> String?
  ) {
    self.position = node.positionAfterSkippingLeadingTrivia
    self.message = ""
    self.isMild = isMild
    self.resolve = resolve
  }

  /// Creates a finding decided by `condition` once every linted file has been indexed.
  init(at node: some SyntaxProtocol, when condition: FindingCondition) {
    self.position = node.positionAfterSkippingLeadingTrivia
    self.message = ""
    self.isMild = false
    self.condition = condition
  }

  /// This finding, dropped once every file is indexed if `drop` says so; otherwise decided as
  /// before (its own resolver, or its message).
  func dropped(when drop: @escaping @Sendable (ProjectIndex) -> Bool) -> Finding {
    var deferred = self
    let message = message
    let resolve = resolve
    deferred.resolve = { index in
      guard !drop(index) else { return nil }
      return resolve.map { $0(index) } ?? message
    }
    return deferred
  }
}

/// A project fact a finding depends on, kept with the finding in the lint cache and checked
/// against the whole project's index each lint.
enum FindingCondition: Codable, Sendable, Hashable {
  /// The view `view` reads `name` (found by `key`, see ``ExpensiveMembers``) of another type
  /// while it renders: reported when that member builds an expensive object each time it
  /// runs, and the view is not shown only in widgets.
  case readsExpensiveMember(key: String, name: String, view: String)

  /// A list's data is `name` (found by `key`) of a model, which filters, sorts or groups a
  /// collection each time it runs: reported when it does.
  case readsCollectionWork(key: String, name: String)

  /// Work done when the view `view` is made (a stored property's default, its initializer):
  /// reported with `message` unless the view is made only when its window opens
  /// (``ProjectIndex/isMadeOnlyWithItsWindow(_:)``).
  case madeWithView(view: String, message: String)

  /// Work done each time the view `view` renders: reported with `message` unless the view is
  /// shown only in widgets (``ProjectIndex/isOnlyInWidgets(_:)``), which render once.
  case rendersWithView(view: String, message: String)

  /// The message when the condition holds in `index`; `nil` when it does not.
  func message(in index: ProjectIndex) -> String? {
    switch self {
    case .readsExpensiveMember(let key, let name, let view):
      guard !index.isOnlyInWidgets(view) else { return nil }
      return index.expensiveMember(key).map {
        ExpensiveViewInitRule.expensiveMemberMessage(name, $0, called: key.hasSuffix(")"))
      }
    case .readsCollectionWork(let key, let name):
      return index.collectionWorkMember(key).flatMap {
        CollectionWorkInBodyRule.collectionWorkMessage(name, $0, in: index)
      }
    case .madeWithView(let view, let message):
      return index.isMadeOnlyWithItsWindow(view) ? nil : message
    case .rendersWithView(let view, let message):
      return index.isOnlyInWidgets(view) ? nil : message
    }
  }
}
