import SwiftSyntax

/// How a view uses one of its properties at one place.
enum UseKind: Equatable {
  /// Read while rendering: shown, compared, or given to a helper that renders.
  case read
  /// Passed as it is to a child view's initializer, to `.environmentObject(_:)` or to
  /// `.focusedObject(_:)`.
  case passOn
  /// Used in an action: a button's closure, `.task`, `.onAppear`, a `Void` method.
  case action
  /// Used in an initializer to set the property up.
  case setup
}

/// One use of a property inside a view type.
struct PropertyUse {
  var reference: DeclReferenceExprSyntax
  /// The expression that stands for the property: `model` or `self.model`.
  var expression: ExprSyntax
  var kind: UseKind
}

enum UseContext {
  /// Labels of closure arguments that run in response to an event, not while rendering.
  static let actionLabels: Set<String> = [
    "action", "perform", "onDismiss", "onCommit", "onEditingChanged", "onCompletion",
    "onIncrement", "onDecrement", "onEnded", "onChanged", "completion", "handler",
    "primaryAction", "set", "setter",
  ]

  /// Calls whose trailing closure runs in response to an event.
  static let actionCalls: Set<String> = [
    "onTapGesture", "onLongPressGesture", "onAppear", "onDisappear", "task", "onChange",
    "onReceive", "onSubmit", "refreshable", "onDelete", "onMove", "onInsert", "onEnded",
    "onChanged", "onOpenURL", "onContinueUserActivity", "onHover", "onDrop", "onCommit",
    "Task", "detached", "withAnimation", "asyncAfter", "async", "sink", "onPreferenceChange",
    "onKeyPress", "onScrollGeometryChange", "onGeometryChange", "onDrag",
    "handlesExternalEvents", "onContinuousHover", "onPasteCommand", "onCopyCommand",
    "fileImporter", "fileExporter", "fileMover",
    "onExitCommand", "onPlayPauseCommand", "onMoveCommand", "perform", "withTransaction",
    "run", "default", "cancel", "destructive",
  ]

  /// Whether `name` follows SwiftUI's naming of event handlers: `onAppear`, `onDismiss`.
  static func isEventHandlerName(_ name: String) -> Bool {
    guard name.hasPrefix("on"), name.count > 2 else { return false }
    return name[name.index(name.startIndex, offsetBy: 2)].isUppercase
  }

  /// Whether `closure` runs in response to an event rather than to build a view.
  static func isActionClosure(_ closure: ClosureExprSyntax) -> Bool {
    guard let parent = closure.parent else { return false }
    if let call = parent.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id {
      guard let name = call.calleeName else { return false }
      if name == "Button" { return call.argument("action") == nil }
      if name == "Slider" { return isEditingChanged(closure) }
      return actionCalls.contains(name) || isEventHandlerName(name)
        || takesCallback(call, named: name)
    }
    if let element = parent.as(MultipleTrailingClosureElementSyntax.self) {
      return actionLabels.contains(element.label.text) || isEventHandlerName(element.label.text)
    }
    if let argument = parent.as(LabeledExprSyntax.self), let label = argument.label?.text {
      return actionLabels.contains(label) || isEventHandlerName(label)
    }
    // `.onEnded({ _ in … })`: a lone closure in parentheses, as a trailing one.
    if let argument = parent.as(LabeledExprSyntax.self),
      let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
      call.arguments.count == 1, call.trailingClosure == nil, let name = call.calleeName
    {
      return name != "Button" && (actionCalls.contains(name) || isEventHandlerName(name))
    }
    return false
  }

  /// Whether `call` of `name`, a method of the type around it declared in this file
  /// (`menuItem("Terms") { router.push(.terms) }` with `func menuItem(_ title: String, action:
  /// @escaping () -> Void) -> some View`), takes its trailing closure as a callback: the last
  /// parameter of each such method is a function that returns `Void`, which a view's content
  /// never is.
  private static func takesCallback(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
    guard call.calledExpression.is(DeclReferenceExprSyntax.self),
      ExpensiveMembers.mayNameMember(name), !synchronousCalls.contains(name)
    else { return false }
    guard let typeName = ActionHandlers.reducerType(of: call),
      let file = call.root.as(SourceFileSyntax.self)
    else { return false }
    var found = false
    for statement in file.statements {
      let members: MemberBlockItemListSyntax
      if let type = statement.item.as(StructDeclSyntax.self), type.name.text == typeName {
        members = type.memberBlock.members
      } else if let type = statement.item.as(ClassDeclSyntax.self), type.name.text == typeName {
        members = type.memberBlock.members
      } else if let type = statement.item.as(ExtensionDeclSyntax.self),
        type.extendedType.simpleName == typeName
      {
        members = type.memberBlock.members
      } else {
        continue
      }
      for member in members {
        guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name
        else { continue }
        guard let last = function.signature.parameterClause.parameters.last,
          isVoidFunction(last.type)
        else { return false }
        found = true
      }
    }
    return found
  }

  /// Whether `type` is a function type that returns `Void`: `() -> Void`, `@escaping (Int) ->
  /// ()`, `(() -> Void)?`.
  private static func isVoidFunction(_ type: TypeSyntax) -> Bool {
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return isVoidFunction(attributed.baseType)
    }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return isVoidFunction(optional.wrappedType)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first
    {
      return isVoidFunction(only.type)
    }
    guard let function = type.as(FunctionTypeSyntax.self) else { return false }
    let result = function.returnClause.type
    return result.as(IdentifierTypeSyntax.self)?.name.text == "Void"
      || result.as(TupleTypeSyntax.self)?.elements.isEmpty == true
  }

  /// Whether a `Slider`'s trailing closure is its `onEditingChanged` (`Slider(value: $x) {
  /// editing in … }`): it takes a parameter, as a label does not.
  private static func isEditingChanged(_ closure: ClosureExprSyntax) -> Bool {
    closure.signature?.parameterClause != nil
  }

  /// Whether `node`, inside `member`, only runs in response to an event.
  static func isInAction(_ node: some SyntaxProtocol) -> Bool {
    for ancestor in ancestors(of: node) {
      if isAction(ancestor) { return true }
      if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(AccessorDeclSyntax.self)
        || ancestor.is(MemberBlockItemSyntax.self)
      {
        return false
      }
    }
    return false
  }

  /// Whether everything inside `node` runs only in response to an event: an action-labelled
  /// argument, an action closure, a `Void` or `async` method, an `await`, a setter or
  /// observer. Pass it as `descendants(_:of:skipping:)`'s `skipping` to leave actions out.
  ///
  /// Asked of every node of a view's rendering code: the node's kind is read once, and only the
  /// kinds that can be actions are cast.
  static func isAction(_ node: Syntax) -> Bool {
    switch node.kind {
    case .labeledExpr:
      guard let label = node.cast(LabeledExprSyntax.self).label?.text else { return false }
      return actionLabels.contains(label) || isEventHandlerName(label)
    case .closureExpr:
      return isActionClosure(node.cast(ClosureExprSyntax.self))
    case .functionDecl:
      // A `Void` method, or an `async` one: `body` cannot wait for it.
      let signature = node.cast(FunctionDeclSyntax.self).signature
      return signature.returnClause == nil || signature.effectSpecifiers?.asyncSpecifier != nil
    case .awaitExpr:
      // What is awaited runs in a task or an async callback, never while `body` runs.
      return true
    case .accessorDecl:
      let kind = node.cast(AccessorDeclSyntax.self).accessorSpecifier.tokenKind
      return kind == .keyword(.set) || kind == .keyword(.didSet) || kind == .keyword(.willSet)
    default:
      return false
    }
  }

  /// Calls whose closures build views while the caller renders: containers, content
  /// modifiers and TCA's view helpers. Their action-labelled closures still run later.
  static let contentCalls: Set<String> = [
    "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid",
    "GridRow", "List", "ForEach", "Group", "Section", "ScrollView", "ScrollViewReader",
    "NavigationStack", "NavigationView", "NavigationSplitView", "NavigationLink", "Form",
    "GeometryReader", "ViewThatFits", "TabView", "Menu", "Label", "Picker", "Toggle",
    "DisclosureGroup", "GroupBox", "ControlGroup", "LabeledContent", "Link", "ShareLink",
    "Table", "TableColumn", "ToolbarItem", "ToolbarItemGroup", "Canvas", "TimelineView",
    "ContentUnavailableView", "Gauge", "ProgressView", "Stepper", "Slider", "HSplitView",
    "VSplitView", "WithViewStore", "WithPerceptionTracking", "IfLetStore", "SwitchStore",
    "ForEachStore", "overlay", "background", "toolbar", "mask", "safeAreaInset", "sheet",
    "fullScreenCover", "popover", "contextMenu", "alert", "confirmationDialog",
    "navigationDestination", "searchSuggestions", "swipeActions", "inspector",
  ]

  /// Calls that run their closure before they return: `map`, `filter`, `sorted(by:)`.
  static let synchronousCalls: Set<String> = [
    "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "sorted", "first", "last",
    "firstIndex", "lastIndex", "contains", "allSatisfy", "min", "max", "prefix", "drop",
    "partition", "count",
  ]

  /// Labels of closures that build content.
  static let contentLabels: Set<String> = [
    "content", "label", "header", "footer", "destination", "detail", "sidebar", "placeholder",
    "icon", "title", "message", "actions", "background", "overlay", "leading", "trailing",
    "minimumValueLabel", "maximumValueLabel", "currentValueLabel", "preview", "by", "where",
  ]

  /// Whether code inside `node`, within a view-building member, may run later than the member
  /// evaluates: a closure other than those that build content (`VStack { … }`,
  /// `.overlay { … }`) or run at once (`map`, `{ … }()`) — a callback handed to a child view,
  /// a `Button` or gesture action, an `onX` handler, a `Task` — a nested function, or an
  /// accessor other than a getter. Pass it as `descendants(_:of:skipping:)`'s `skipping` to
  /// keep only what runs while `body` evaluates.
  static func isDeferred(_ node: Syntax) -> Bool {
    switch node.kind {
    case .closureExpr: return !runsAtOnce(node.cast(ClosureExprSyntax.self))
    case .functionDecl: return node.cast(FunctionDeclSyntax.self).name.text != "body"
    case .accessorDecl:
      return node.cast(AccessorDeclSyntax.self).accessorSpecifier.tokenKind != .keyword(.get)
    default: return false
    }
  }

  /// Whether `closure` runs while the expression around it is evaluated.
  private static func runsAtOnce(_ closure: ClosureExprSyntax) -> Bool {
    guard let parent = closure.parent else { return false }
    let call: FunctionCallExprSyntax?
    let label: String?
    if let direct = parent.as(FunctionCallExprSyntax.self) {
      if direct.calledExpression.id == closure.id { return true }
      guard direct.trailingClosure?.id == closure.id else { return false }
      call = direct
      label = nil
    } else if let element = parent.as(MultipleTrailingClosureElementSyntax.self) {
      call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
      label = element.label.text
    } else if let argument = parent.as(LabeledExprSyntax.self) {
      call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
      label = argument.label?.text
    } else {
      return false
    }
    guard let call, let name = call.calleeName else { return false }
    if let label, actionLabels.contains(label) || isEventHandlerName(label) { return false }
    if name == "Button" { return label == "label" || call.argument("action") != nil }
    if name == "Slider", label == nil, isEditingChanged(closure) { return false }
    if synchronousCalls.contains(name) { return true }
    if contentCalls.contains(name) {
      guard let label else {
        // `.sheet(item:) { dismissed } content: { … }`: the first closure is not the content.
        return !call.additionalTrailingClosures.contains { $0.label.text == "content" }
      }
      return contentLabels.contains(label)
    }
    guard let label else { return false }
    return contentLabels.contains(label) && name.first?.isUppercase == true
  }

  /// Every use of the property `name` in `members`.
  static func uses(of name: String, in members: [DeclSyntax], source: String) -> [PropertyUse] {
    let finder = ReferenceFinder(names: [name, "$" + name, "_" + name])
    for member in members {
      if let variable = member.as(VariableDeclSyntax.self),
        variable.bindings.contains(where: { $0.identifierName == name })
      {
        continue
      }
      // A member whose text never spells the name cannot use it: not walked.
      guard
        containsBytes(
          source, name, in: member.position.utf8Offset..<member.endPosition.utf8Offset)
      else { continue }
      finder.walk(member)
    }
    return finder.found.map { reference, expression in
      PropertyUse(
        reference: reference, expression: expression,
        kind: classify(expression, reference: reference))
    }
  }

  private static func classify(
    _ expression: ExprSyntax, reference: DeclReferenceExprSyntax
  ) -> UseKind {
    if ancestors(of: expression).contains(where: { $0.is(InitializerDeclSyntax.self) }) {
      return .setup
    }
    if reference.baseName.text.hasPrefix("$") { return .read }
    // `.onReceive(model.objectWillChange) { … }`: a subscription to its changes, which runs
    // an action; nothing of the object is shown.
    if isInAction(expression)
      || expression.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        == "objectWillChange"
    {
      return .action
    }
    if let argument = expression.parent?.as(LabeledExprSyntax.self),
      let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
      let callee = call.calleeName
    {
      if ["environmentObject", "environment", "focusedObject", "focusedSceneObject"].contains(
        callee)
      {
        return .passOn
      }
      if call.isUnqualifiedCall, callee.first?.isUppercase == true { return .passOn }
    }
    return .read
  }
}

/// Finds references to a set of names, as bare identifiers or through `self.`.
private final class ReferenceFinder: LeanVisitor {
  let names: Set<String>
  var found: [(DeclReferenceExprSyntax, ExprSyntax)] = []

  init(names: Set<String>) {
    self.names = names
    super.init()
  }

  /// Names that parameters of the functions and closures around the walk hide: a bare
  /// reference to one is the parameter, not the property.
  private var hidden: [Set<String>] = []

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    hidden.append(
      names.intersection(
        node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }))
    return .visitChildren
  }

  override func visitPost(_ node: FunctionDeclSyntax) { hidden.removeLast() }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    var parameters: [String] = []
    switch node.signature?.parameterClause {
    case .simpleInput(let list): parameters = list.map(\.name.text)
    case .parameterClause(let clause):
      parameters = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
    case nil: break
    }
    hidden.append(names.intersection(parameters))
    return .visitChildren
  }

  override func visitPost(_ node: ClosureExprSyntax) { hidden.removeLast() }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    guard names.contains(node.baseName.text) else { return .skipChildren }
    if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
      guard let base = member.base?.as(DeclReferenceExprSyntax.self),
        base.baseName.tokenKind == .keyword(.self)
      else { return .skipChildren }
      found.append((node, ExprSyntax(member)))
    } else if !hidden.contains(where: { $0.contains(node.baseName.text) }) {
      found.append((node, ExprSyntax(node)))
    }
    return .skipChildren
  }
}
