import SwiftSyntax

/// `WithViewStore(store, observe: { $0 })`: observing all of a feature's state.
struct ObserveWholeStateRule: Rule {
  static let description = RuleDescription(
    id: "observe-whole-state",
    name: "Observe Whole State",
    summary: "WithViewStore/ViewStore observing the whole state ({ $0 } or \\.self)",
    rationale: """
      A ViewStore re-renders its view whenever the observed value changes. Observing the \
      whole state with { $0 } or \\.self re-renders on every change of any field, including \
      ones the view never shows and the state of child features. Observe only what the view \
      needs (observe: \\.count, or a small ViewState struct made with observe: ViewState.init), \
      or migrate the feature to @ObservableState, where views track the fields they read.
      """,
    optInReason:
      "0 of 2 findings right on fifteen apps it was never tuned on: both views show every field of the state they observe (Docs/LintPrecision.md, issue 50, session 4)",
    requiresComposableArchitecture: true,
    triggeringExamples: [
      .tca("WithViewStore(store, observe: ↓{ $0 }) { viewStore in Text(viewStore.title) }"),
      .tca("WithViewStore(self.store, observe: ↓\\.self) { Text($0.title) }"),
      .tca(
        "_viewStore = ObservedObject(wrappedValue: ViewStore(store, observe: ↓{ state in state }))"),
      .tca(
        """
        struct ProfileView: View {
          let store: StoreOf<Profile>
          @ObservedObject var viewStore: ViewStoreOf<Profile>
          init(store: StoreOf<Profile>) {
            self.store = store
            self.viewStore = ViewStore(store, observe: ↓{ $0 })
          }
          var body: some View { Text(viewStore.name) }
        }
        """),
      .tca(
        """
        var body: some View {
          WithViewStore(store, observe: ↓{ $0 }, send: { .view($0) }) { viewStore in
            Text(viewStore.title)
          }
        }
        """),
      .tca("self.viewStore = ViewStore(store, observe: ↓{ (state: State) in state })"),
      .tca("WithViewStore(store) ↓{ $0 } content: { viewStore in Text(viewStore.title) }"),
      .tca("↓WithViewStore(self.store) { viewStore in Text(viewStore.title) }"),
      .tca(
        """
        struct Counter: Reducer {
          struct State: Equatable { var count = 0; var isTimerOn = false; var alert: String? }
        }
        struct CounterView: View {
          let store: StoreOf<Counter>
          var body: some View {
            WithViewStore(store, observe: ↓{ $0 }) { Text("\\($0.count)") }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      .tca(
        """
        struct SceneView: View {
          let viewStore: ViewStore<SceneState, SceneAction>
          init(store: Store<SceneState, SceneAction>) {
            self.viewStore = ViewStore(store, observe: { $0 })
          }
          var body: some View { SceneRepresentable(viewStore: viewStore) }
        }
        func testOnAppear() {
          ViewStore(store, observe: { $0 }).send(.onAppear)
          let viewStore = ViewStore(store, observe: { $0 })
          viewStore.send(.refresh)
        }
        """),
      .tca(
        """
        struct Notes: Reducer {
          struct State: Equatable { var notes: [Note.State] = []; var query = ""; var isEditing = false }
        }
        struct NotesView: View {
          let store: StoreOf<Notes>
          var body: some View {
            WithViewStore(store, observe: \\.query) { Text($0.state) }
          }
        }
        struct Note: Reducer {
          struct State: Equatable { var text = ""; var isPinned = false }
        }
        struct NoteView: View {
          let store: StoreOf<Note>
          var body: some View {
            WithViewStore(store, observe: { $0 }) { viewStore in
              TextField("Text", text: viewStore.$text)
              Button(viewStore.isPinned ? "Unpin" : "Pin") { viewStore.send(.pinTapped) }
            }
          }
        }
        """),
      .tca(
        """
        struct Preview: Reducer {
          struct State: Equatable {
            var title = ""
            var count = 0
            var items: [Int] = []
            var summary: String { "\\(count) of \\(items.count)" }
          }
        }
        struct PreviewView: View {
          let store: StoreOf<Preview>
          var body: some View {
            WithViewStore(store, observe: { $0 }) { viewStore in
              Text(viewStore.title)
              Text(viewStore.summary)
            }
          }
        }
        """),
      .tca("WithViewStore(store, observe: \\.count) { Text(\"\\($0.state)\") }"),
      .tca("WithViewStore(store, observe: ViewState.init) { Text($0.title) }"),
      .tca("WithViewStore(store, observe: { $0.title }) { Text($0.state) }"),
      .tca(
        """
        WithViewStore(store) { state in
          DownloadState(progress: state.progress, isPaused: state.isPaused)
        } content: { viewStore in
          ProgressView(value: viewStore.progress)
        }
        """),
      Example("WithViewStore(store, observe: { $0 }) { Text($0.title) }"),
      .tca("let values = items.map { $0 }"),
      .tca("WithViewStore(store.scope(state: ViewState.init)) { Text($0.title) }"),
      .tca("ForEachStore(store.scope(state: \\.rows, action: \\.rows)) { RowView(store: $0) }"),
      .tca(
        """
        struct Basics: Reducer {
          struct State: Equatable { let id: UUID; var count = 0 }
        }
        struct BasicsView: View {
          let store: StoreOf<Basics>
          let toggle = ViewStore(Store(initialState: false) { Toggler() }, observe: { $0 })
          var body: some View {
            WithViewStore(self.store, observe: { $0 }) { Text("\\($0.count)") }
            ForEachStore(store.scope(state: \\.rows, action: \\.rows)) { row in
              let idStore = row.scope(state: \\.id, action: \\.self)
              WithViewStore(idStore, observe: { $0 }) { Text("\\($0.state)") }
            }
          }
        }
        """),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    // This file's own declarations, gathered once, and only for a file that needs them.
    var ownDeclarations: ProjectIndex?
    return file.calls.compactMap { call -> Finding? in
      guard call.isType("WithViewStore") || call.isType("ViewStore") else { return nil }
      // `WithViewStore(store) { state in … } content: { … }`: the first trailing closure is
      // `observe:`.
      let observed =
        call.argument("observe")
        ?? call.trailingClosure.flatMap { closure in
          call.additionalTrailingClosures.isEmpty ? nil : ExprSyntax(closure)
        }
      guard let observe = observed else {
        // The pre-1.0 initializer without `observe:` watches all of an unscoped store.
        guard call.argument("removeDuplicates") == nil, call.arguments.count == 1,
          let store = call.firstUnlabeledArgument,
          store.is(DeclReferenceExprSyntax.self) || store.is(MemberAccessExprSyntax.self)
        else { return nil }
        return Finding(
          at: call,
          message: "a ViewStore without observe: watches the whole state and re-renders on "
            + "every change; observe only what the view shows, or use @ObservableState")
      }
      guard Self.isIdentity(observe), let store = call.firstUnlabeledArgument,
        call.isType("WithViewStore") || Self.isObservedBySwiftUI(call, in: file)
      else {
        return nil
      }
      let message =
        "observing the whole state re-renders this view on every state change; "
        + "observe only what the view shows, or use @ObservableState"
      // The fields the content reads: when they are all the fields that change, observing
      // the whole state is observing what the view shows.
      let read = Self.fieldsRead(in: call)
      switch Self.stateType(of: store, in: file, depth: 0) {
      case .small: return nil
      case .unknown: return Finding(at: observe, message: message)
      case .named(let type):
        // A feature declared in this file decides at once: other files often reuse its name
        // (TCA's own examples declare many a private `Child`).
        if ownDeclarations == nil { ownDeclarations = ProjectIndex(files: [file.tree]) }
        if let own = ownDeclarations,
          let fields = Self.changingFields(of: type, in: own)
            ?? Self.changingFields(of: type, in: file.index)
        {
          let index = Self.changingFields(of: type, in: own) != nil ? own : file.index
          return Self.readsAll(fields, read: read, of: type, in: index)
            ? nil : Finding(at: observe, message: message)
        }
        return Finding(at: observe) { index in
          guard let fields = Self.changingFields(of: type, in: index) else { return message }
          return Self.readsAll(fields, read: read, of: type, in: index) ? nil : message
        }
      }
    }
  }

  /// What is known of a store's state type.
  enum StateType {
    /// A single value or a store scoped to a part: observing all of it is observing one thing.
    case small
    /// A type to look up in the project: `Feature.State`.
    case named(String)
    case unknown
  }

  static let singleValueTypes: Set<String> = [
    "Bool", "Int", "Double", "Float", "String", "UUID", "Date", "URL",
  ]

  /// The state type of `store`: from a `StoreOf<F>` or `Store<S, A>` annotation, a
  /// `Store(initialState:)` value, or a local `let` of either; a scoped store is `.small`
  /// (its whole state is the part it was scoped to).
  private static func stateType(
    of store: ExprSyntax, in file: LintedFile, depth: Int
  ) -> StateType {
    var name: String?
    if let reference = store.as(DeclReferenceExprSyntax.self) {
      if depth < 3, let local = LocalBinding.find(reference.baseName.text, before: reference) {
        if let type = local.type { return stateType(annotation: type) }
        guard let value = local.value else { return .unknown }
        return stateType(of: value, in: file, depth: depth + 1)
      }
      name = reference.baseName.text
    } else if let member = store.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      name = member.declName.baseName.text
    } else if let call = store.as(FunctionCallExprSyntax.self) {
      if call.calleeName == "scope", call.calleeBase != nil { return .small }
      if call.isType("Store"), let initial = call.argument("initialState") {
        return stateType(initialState: initial)
      }
      return .unknown
    }
    // The view around the store comes first: a file often has several views with a `store`.
    let around = file.views.first { view in
      view.declaration.range.contains(store.position)
    }
    guard let name,
      let property = around?.property(named: name)
        ?? file.views.lazy.compactMap({ $0.property(named: name) }).first
        ?? file.syntax.variables.lazy.flatMap({ variable in
          variable.bindings.compactMap { binding -> ViewProperty? in
            guard binding.identifierName == name else { return nil }
            return ViewProperty.all(in: DeclSyntax(variable)).first { $0.name == name }
          }
        }).first
    else { return .unknown }
    if let type = property.type { return stateType(annotation: type) }
    if let initializer = property.initializer, depth < 3 {
      return stateType(of: initializer, in: file, depth: depth + 1)
    }
    return .unknown
  }

  /// `F.State` for `StoreOf<F>`, `S` for `Store<S, A>`.
  private static func stateType(annotation: String) -> StateType {
    let text = annotation.replacingOccurrences(of: " ", with: "")
    if text.hasPrefix("StoreOf<"), text.hasSuffix(">") {
      return .named(String(text.dropFirst("StoreOf<".count).dropLast()) + ".State")
    }
    if text.hasPrefix("Store<"), text.hasSuffix(">"),
      let state = text.dropFirst("Store<".count).dropLast().split(separator: ",").first
    {
      return singleValueTypes.contains(String(state)) ? .small : .named(String(state))
    }
    return .unknown
  }

  /// The type of `Store(initialState: value)`: a literal is one value; `X()` or `X.init()`
  /// names `X`.
  private static func stateType(initialState value: ExprSyntax) -> StateType {
    if value.is(BooleanLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
      || value.is(StringLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self)
    {
      return .small
    }
    guard let call = value.as(FunctionCallExprSyntax.self) else { return .unknown }
    var type = call.calledExpression.trimmedText
    if type.hasSuffix(".init") { type.removeLast(".init".count) }
    return type.isEmpty ? .unknown : .named(type)
  }

  /// The stored `var` properties of `type` (a `let` never changes), when the project declares
  /// it once.
  /// Whether a view that reads `read` of a `type` whose changing fields are `fields` shows
  /// all that changes: one field, all of them, or a computed property of the state, which
  /// may read any of them.
  private static func readsAll(
    _ fields: Set<String>, read: Set<String>, of type: String, in index: ProjectIndex
  ) -> Bool {
    if fields.count <= 1 || fields.isSubset(of: read) { return true }
    let name = type.split(separator: ".").last.map(String.init) ?? type
    let computed =
      (index.uniqueType(qualified: type)?.computedProperties ?? [])
      .union(index.extensionComputedProperties[name] ?? [])
    return !computed.isDisjoint(with: read)
  }

  private static func changingFields(of type: String, in index: ProjectIndex) -> Set<String>? {
    index.uniqueType(qualified: type)?.variableProperties
  }

  /// The fields `WithViewStore`'s content reads from its view store: `title` and `isOn` for
  /// `{ viewStore in Text(viewStore.title); Toggle("", isOn: viewStore.$isOn) }`.
  private static func fieldsRead(in call: FunctionCallExprSyntax) -> Set<String> {
    guard call.isType("WithViewStore"),
      let content = call.trailingClosure ?? call.argument("content")?.as(ClosureExprSyntax.self)
    else { return [] }
    var parameter = "$0"
    if case .simpleInput(let names)? = content.signature?.parameterClause, let only = names.first {
      parameter = only.name.text
    } else if case .parameterClause(let clause)? = content.signature?.parameterClause,
      let only = clause.parameters.first
    {
      parameter = (only.secondName ?? only.firstName).text
    }
    var read: Set<String> = []
    for member in descendants(MemberAccessExprSyntax.self, of: content)
    where member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter {
      var name = member.declName.baseName.text
      if name.hasPrefix("$") { name.removeFirst() }
      read.insert(name)
    }
    return read
  }

  /// Whether SwiftUI observes the view store that `call` (`ViewStore(…)`) makes: it is handed
  /// to `ObservedObject(wrappedValue:)` or `StateObject(wrappedValue:)`, or kept in an
  /// `@ObservedObject` or `@StateObject` property. One used on the spot
  /// (`ViewStore(store, observe: { $0 }).send(.onAppear)`), kept in a local or in a plain
  /// property is never observed, so it re-renders nothing. An assignment to a property the
  /// file does not declare is taken as observed.
  private static func isObservedBySwiftUI(
    _ call: FunctionCallExprSyntax, in file: LintedFile
  ) -> Bool {
    var node = Syntax(call)
    while let parent = node.parent,
      parent.is(TupleExprSyntax.self)
        || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
    {
      if let wrapping = parent.parent?.as(FunctionCallExprSyntax.self),
        parent.is(LabeledExprListSyntax.self)
      {
        return wrapping.isType("ObservedObject") || wrapping.isType("StateObject")
      }
      node = parent
    }
    guard let parent = node.parent else { return true }
    let target: String
    if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
      guard sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
        let assigned = sequence.elements.first, let name = rootName(of: assigned)
      else { return true }
      target = name
    } else if let initializer = parent.as(InitializerClauseSyntax.self),
      let binding = initializer.parent?.as(PatternBindingSyntax.self),
      let name = binding.identifierName
    {
      // A local `let viewStore = ViewStore(…)` is never observed; a property may be.
      let variable = binding.parent?.parent?.as(VariableDeclSyntax.self)
      guard variable?.parent?.is(MemberBlockItemSyntax.self) == true else { return false }
      target = name
    } else {
      // Used on the spot: `ViewStore(…).send(…)`.
      return !parent.is(MemberAccessExprSyntax.self)
    }
    let properties = file.syntax.variables.flatMap { ViewProperty.all(in: DeclSyntax($0)) }
      .filter { $0.name == target && $0.declaration.parent?.is(MemberBlockItemSyntax.self) == true }
    guard !properties.isEmpty else { return true }
    return properties.contains { ["ObservedObject", "StateObject"].contains($0.wrapper ?? "") }
  }

  private static func isIdentity(_ expression: ExprSyntax) -> Bool {
    if let keyPath = expression.as(KeyPathExprSyntax.self) {
      return keyPath.root == nil && keyPath.components.trimmedText == ".self"
    }
    guard let closure = expression.as(ClosureExprSyntax.self) else { return false }
    let parameter: String
    if let signature = closure.signature?.parameterClause {
      switch signature {
      case .simpleInput(let names):
        guard names.count == 1, let only = names.first else { return false }
        parameter = only.name.text
      case .parameterClause(let clause):
        guard clause.parameters.count == 1, let only = clause.parameters.first else {
          return false
        }
        parameter = (only.secondName ?? only.firstName).text
      }
    } else {
      parameter = "$0"
    }
    let expressions = statementExpressions(closure.statements)
    guard closure.statements.count == 1, expressions.count == 1,
      let reference = expressions[0].as(DeclReferenceExprSyntax.self)
    else { return false }
    return reference.baseName.text == parameter
  }
}
