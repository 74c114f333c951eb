import SwiftSyntax

/// Row or view identity that changes when the data changes, or on every render.
struct UnstableIdentityRule: Rule {
  static let description = RuleDescription(
    id: "unstable-identity",
    name: "Unstable Identity",
    summary: "Offsets, indices, whole values or fresh UUIDs used as view identity",
    rationale: """
      SwiftUI keeps a row's state and animates it by its identity. Positions are not \
      identities: with ForEach(…enumerated(), id: \\.offset), ForEach(items.indices) or \
      ForEach(0..<items.count) over a collection that changes, an insertion or deletion shifts \
      every later row, so SwiftUI updates the wrong rows, loses their state and animates \
      nonsense. Not over plain values (strings, numbers, an enum's simple cases with a raw \
      value or CaseIterable): strings edited in place or slots padded with repeated fillers \
      can repeat, and their position is the only identity they have. \
      id: \\.self on a model struct hashes the whole value, so any edit makes a new \
      row; it is reported only where an edit can happen: the rows get bindings, or the \
      linted code writes one of the struct's var properties (matched by name, so a write to \
      a property of that name on another type counts too), and never over a list that is \
      the same on every render (a literal, a static list, a let the view sets itself). \
      UUID() in a view's init or body (.id(UUID())) makes a new identity on every render \
      and rebuilds the view from scratch (unless it is a small loading view around a \
      ProgressView, the known workaround for one that stops spinning, or a comment right \
      above .id(UUID()) explains \
      the rebuild is wanted). Use a stable id from the data: make the model \
      Identifiable and write ForEach(items) { … }. Collections that never change after \
      the view is made (literals, ranges, static lists, a let of the view or of a struct it \
      holds, a var set only in init) and types with their own == or hash(into:) are not \
      reported.
      """,
    optInReason:
      "1 of 2 findings right on fifteen apps it was never tuned on: id: \\.self over an array of existentials whose elements never change (Docs/LintPrecision.md, issue 50, session 4)",
    triggeringExamples: [
      Example(
        """
        struct Profile: Hashable { let kind: Int; var audio: [String] }
        struct ProfilesView: View {
          @State private var profiles: [Profile] = []
          var body: some View {
            ForEach($profiles, id: ↓\\.self) { $profile in Text("\\(profile.kind)") }
          }
        }
        """),
      Example(
        """
        struct Item: Identifiable { let id: UUID; var title: String }
        @Observable final class Inbox { var items: [Item] = [] }
        struct InboxView: View {
          let model: Inbox
          var body: some View {
            ForEach(Array(model.items.enumerated()), id: ↓\\.offset) { index, item in
              Row(index: index, item: item)
            }
          }
        }
        """),
      Example(
        """
        struct Todo: Identifiable { let id = UUID(); var title = "" }
        struct TodoList: View {
          @State private var todos: [Todo] = []
          var body: some View {
            List {
              ForEach(↓todos.indices, id: \\.self) { index in TodoRow(todo: $todos[index]) }
            }
            Button("Add") { todos.insert(Todo(), at: 0) }
          }
        }
        """),
      Example(
        """
        struct Line { var id: Int; var text: String }
        final class Sheet: ObservableObject { @Published var rows: [Line] = [] }
        struct SheetView: View {
          @ObservedObject var model: Sheet
          var body: some View {
            List {
              ForEach(↓0..<model.rows.count, id: \\.self) { i in Text(model.rows[i].text) }
                .onDelete { model.rows.remove(atOffsets: $0) }
            }
          }
        }
        """),
      Example(
        """
        struct Contact { var name: String; var phone: String }
        struct Contacts: View {
          var contacts: [Contact]
          var body: some View {
            ForEach(contacts, id: ↓\\.self) { Text($0.name) }
          }
        }
        """),
      Example(
        """
        struct Contact { var name: String; var phone: String }
        struct Favorites: View {
          @State private var contacts: [Contact] = []
          var body: some View {
            let starred: [Contact] = contacts.filter { $0.phone.isEmpty }
            ForEach(starred, id: ↓\\.self) { Text($0.name) }
            ForEach(Array(contacts.enumerated()), id: ↓\\.offset) { Text($0.element.name) }
            Button("Add") { contacts.insert(Contact(name: "", phone: ""), at: 0) }
          }
        }
        """),
      Example(
        """
        struct Reaction: Identifiable { let id: String; var count: Int }
        @Reducer struct Reactions {
          @ObservableState struct State { var favorites: [Reaction] = [] }
        }
        struct ReactionsView: View {
          let store: StoreOf<Reactions>
          var body: some View {
            ForEach(Array(store.favorites.enumerated()), id: ↓\\.offset) { Text($0.element.id) }
          }
        }
        """),
      Example(
        """
        struct Card: View {
          var body: some View {
            Text("Hi").id(↓UUID())
          }
        }
        """),
      Example(
        """
        struct Cell: View {
          let id: UUID
          init() { self.id = ↓UUID() }
          var body: some View { Text("x") }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        struct PathsEditor: View {
          @Binding var paths: [String]
          var body: some View {
            ForEach(Array(paths.enumerated()), id: \\.offset) { index, _ in
              TextField("Path", text: $paths[index])
            }
            .onDelete { paths.remove(atOffsets: $0) }
          }
        }
        """),
      Example(
        """
        enum Engine {
          case native, custom
          var profiles: [Profile] { self == .native ? Self.nativeProfiles : Self.customProfiles }
        }
        struct ProfilesView: View {
          @State private var engine = Engine.native
          var body: some View {
            ForEach(Array(engine.profiles.enumerated()), id: \\.offset) { _, profile in
              Text(profile.name)
            }
          }
        }
        func add(_ profile: Profile, to device: inout Device) { device.profiles.insert(profile, at: 0) }
        """),
      Example("ForEach(Array(model.items.enumerated()), id: \\.element.id) { Row(item: $0.1) }"),
      Example(
        """
        struct Forecast { var days: [Day]; struct Day { var date: Date; var high: Int } }
        struct ForecastView: View {
          let forecast: Forecast
          var body: some View {
            let days = forecast.days.map { "\\($0.date): \\($0.high)" }
            ForEach(days, id: \\.self) { Text($0) }
          }
        }
        """),
      Example(
        """
        struct Segments: View {
          private var options: [String]
          let rules: [String]?
          static let flavors = ["Vanilla", "Mint"]
          init(options: [String], rules: [String]?) {
            self.options = options
            self.rules = rules
          }
          var body: some View {
            ForEach(options.indices, id: \\.self) { Text(options[$0]) }
            if let shown = rules {
              ForEach(Array(shown.enumerated()), id: \\.offset) { Text($0.element) }
            }
            ForEach(Array(Self.flavors.enumerated()), id: \\.offset) { Text($0.element) }
          }
        }
        """),
      Example(
        """
        struct Instance { var title: String; var rules: [String]? }
        struct InstanceRules: View {
          let instance: Instance
          var body: some View {
            if let rules = instance.rules {
              ForEach(Array(rules.enumerated()), id: \\.offset) { Text($0.element) }
            }
          }
        }
        """),
      Example(
        """
        struct Static: View {
          let colors = ["red", "green"]
          var body: some View {
            ForEach(colors.indices, id: \\.self) { Text(colors[$0]) }
          }
        }
        """),
      Example("ForEach(0..<5) { Text(\"\\($0)\") }"),
      Example("ForEach(names, id: \\.self) { Text($0) }"),
      Example(
        """
        struct Contact: Hashable {
          var id: Int; var name: String
          func hash(into hasher: inout Hasher) { hasher.combine(id) }
          static func == (a: Self, b: Self) -> Bool { a.id == b.id }
        }
        struct Contacts: View {
          var contacts: [Contact]
          var body: some View { ForEach(contacts, id: \\.self) { Text($0.name) } }
        }
        """),
      Example(
        """
        enum Tab { case home, settings }
        struct Tabs: View {
          var tabs: [Tab]
          var body: some View { ForEach(tabs, id: \\.self) { Text("\\($0)") } }
        }
        """),
      Example(
        """
        struct Item: Identifiable { let id = UUID(); var name: String }
        struct Screen: View {
          @State private var draftID = UUID()
          var body: some View { ForEach(items) { Text($0.name) } }
        }
        """),
      Example(
        """
        ForEach(Array(["a", "b"].enumerated()), id: \\.offset) { Text($0.element) }
        """),
      Example(
        """
        struct Levels: View {
          @State private var levels: [String] = ["All"]
          var body: some View {
            ForEach(0..<levels.count, id: \\.self) { Text(levels[$0]) }
            ForEach(Array(levels.enumerated()), id: \\.offset) { Text($0.element) }
            Button("Deeper") { levels.append("Level \\(levels.count)") }
            Button("Up") { levels.removeLast() }
            Button("Reset") { levels = ["All"] }
          }
        }
        """),
      Example(
        """
        struct Loading: View {
          var body: some View {
            ProgressView()
              // SwiftUI shows a reused progress view only once; a new identity restarts it.
              .id(UUID())
          }
        }
        """),
      Example(
        """
        struct AccountSearch: View {
          var body: some View {
            HStack {
              Spacer()
              ProgressView()
              Spacer()
            }
            .listRowBackground(Color.clear)
            .listRowSeparator(.hidden)
            .id(UUID())
          }
        }
        """),
      Example(
        """
        struct History: View {
          @ObservedObject var editor: Editor
          var body: some View {
            Menu("Back") {
              ForEach(Array(editor.history.enumerated()), id: \\.offset) { index, file in
                Button(file.name) { editor.goBack(by: index + 1) }
              }
            }
          }
        }
        """),
    ],
    mechanicalFix:
      "drops 'id: \\.self' from a ForEach whose element is an Identifiable struct, and "
      + "writes 'id: \\.element.id' for 'id: \\.offset' over Identifiable elements (the "
      + "other findings need a choice of id)"
  )

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    let mutated = file.mutated
    for call in file.syntax.forEachCalls {
      guard let data = call.firstUnlabeledArgument else { continue }
      // A menu's or picker's items are built when it opens and hold no state to lose.
      let isTransient =
        ViewContainers.container(of: call).map {
          $0.calleeName.map(Self.transientContainers.contains) ?? false
        } ?? false
      guard !isTransient else { continue }
      let view = file.views.first { $0.declaration.range.contains(call.position) }
      let keyPath = call.argument("id")?.as(KeyPathExprSyntax.self)
      let keyPathText = keyPath?.components.trimmedText
      if let keyPath, keyPathText == ".offset", let enumerated = Self.enumeratedBase(data) {
        // The file changes the collection only at its end: no element moves to another offset.
        if let name = Self.lastName(enumerated), mutated.owners[name] != nil,
          !mutated.shifted.contains(name), !Self.hasEditingModifier(call)
        {
          continue
        }
        let message =
          "'id: \\.offset' makes a row's position its identity; an insert or delete "
          + "moves every later row's identity. Use the element's stable id"
        let findings = Self.finding(
          at: keyPath, message: message,
          unless: Self.fixedness(of: enumerated, in: view, mutated: mutated))
        // Fixed by `\.element.id` where the elements are `Identifiable`.
        var name = Self.lastName(enumerated)
        var collectionType = name.flatMap { view?.property(named: $0)?.type }
        // A local (`let slots = activeSlots`): its written type, or the property it copies.
        if let local = name.flatMap({ LocalBinding.find($0, before: enumerated) }),
          enumerated.is(DeclReferenceExprSyntax.self)
        {
          collectionType = local.type
          if local.type == nil, let value = local.value, let copied = Self.lastName(value) {
            name = copied
            collectionType = view?.property(named: copied)?.type
          }
        }
        let edit = TextEdit(
          range: keyPath.components.positionAfterSkippingLeadingTrivia
            .utf8Offset..<keyPath.components.endPositionBeforeTrailingTrivia.utf8Offset,
          replacement: ".element.id")
        // Plain values have nothing stabler to use: strings edited in place, or slots padded
        // with repeated fillers, have only their position.
        let (elementsOf, declaredType) = (name, collectionType)
        result += findings.map { finding in
          finding.fixed(by: [edit]) { index in
            Self.elementIsIdentifiable(collection: elementsOf, type: declaredType, index: index)
          }
          .dropped { index in
            Self.elementsArePlainValues(collection: elementsOf, type: declaredType, index: index)
          }
        }
      } else if let collection = data.indexedCollection, let name = Self.lastName(collection),
        case let isFiltered = Self.isFilteredLocal(collection, before: call),
        Self.hasEditingModifier(call) || mutated.shifted.contains(name) || isFiltered
      {
        let message =
          "ForEach over the indices of '\(name)', which changes; after an insert or "
          + "delete rows keep the wrong identity. Iterate the elements by a stable id"
        let collectionType = view?.property(named: name)?.type
        result += Self.finding(
          at: data, message: message,
          unless: Self.hasEditingModifier(call) || isFiltered
            ? .changes : Self.fixedness(of: collection, in: view, mutated: mutated)
        ).map { finding in
          finding.dropped { index in
            Self.elementsArePlainValues(collection: name, type: collectionType, index: index)
          }
        }
      } else if let keyPath, keyPathText == ".self",
        // `ForEach($profiles, id: \.self) { $profile in … }`: the elements of `profiles`.
        let name = Self.lastName(data).map({ $0.hasPrefix("$") ? String($0.dropFirst()) : $0 })
      {
        // A list that is the same on every render (a literal, a static list, a `let` the view
        // sets itself) never gives a row a new identity.
        guard !Self.isConstantList(data, in: view) else { continue }
        var localType = view?.property(named: name)?.type
        if data.is(DeclReferenceExprSyntax.self), let local = LocalBinding.find(name, before: call)
        {
          // A local `let days = …` hides any property of that name; only its written type counts.
          guard let type = local.type else { continue }
          localType = type
        }
        let knownType = localType
        // Rows given bindings (`ForEach($profiles, …) { $profile in … }`) are there to be edited.
        let isEdited = Self.lastName(data)?.hasPrefix("$") ?? false
        let finding = Finding(at: keyPath) { index in
          Self.selfIdentityMessage(
            collection: name, localType: knownType, isEdited: isEdited, index: index)
        }
        // Fixed by dropping the argument where the element is `Identifiable`.
        result.append(
          Self.removingIDArgument(of: call).map { edit in
            finding.fixed(by: [edit]) { index in
              Self.selfIdentityElement(collection: name, localType: knownType, index: index)?
                .isIdentifiable ?? false
            }
          } ?? finding)
      }
    }
    result += uuidFindings(in: file)
    return result
  }

  /// Whether `data` is the same list on every render: a literal, `Type.list` or `Self.list`,
  /// a static property of the view, or a `let` of the view with its value written there
  /// (`private let rows = [...]`), not one its parent passes.
  private static func isConstantList(_ data: ExprSyntax, in view: ViewType?) -> Bool {
    if isLiteralCollection(data) { return true }
    if let member = data.as(MemberAccessExprSyntax.self),
      let base = member.base?.as(DeclReferenceExprSyntax.self)
    {
      return base.baseName.text.first?.isUppercase == true
    }
    guard let name = data.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let property = view?.property(named: name), !property.isComputed, property.wrapper == nil
    else { return false }
    return property.isStatic
      || (property.declaration.bindingSpecifier.tokenKind == .keyword(.let)
        && property.initializer != nil)
  }

  /// The collection `xs` in `Array(xs.enumerated())` or `xs.enumerated()`.
  private static func enumeratedBase(_ data: ExprSyntax) -> ExprSyntax? {
    for call in descendants(FunctionCallExprSyntax.self, of: data)
      + [data.as(FunctionCallExprSyntax.self)].compactMap({ $0 })
    where call.calleeName == "enumerated" && call.arguments.isEmpty {
      return call.calleeBase
    }
    return nil
  }

  /// Containers whose `ForEach` rows are rebuilt each time they show and keep no state.
  static let transientContainers: Set<String> = ["Menu", "Picker", "contextMenu"]

  /// Whether a collection can change after the view is made.
  enum Fixedness {
    /// A literal, `Type.list`, a `let` or static property of the view, a plain `var` of the
    /// view set only in `init`, or a local `let` bound to one of these.
    case fixed
    /// A member of a `let` property whose type is named: fixed when that type is a value type
    /// or the linted code never writes the member.
    case fixedIfValue(type: String, member: String)
    /// A member of an object or store: fixed when the linted code never writes it, or when it
    /// is computed by an enum (a list per case, replaced whole when the case changes, never
    /// edited in place).
    case fixedIfNeverWritten(member: String)
    case changes
  }

  /// `message` at `node`, unless the collection is fixed; decided with the project index when
  /// that depends on a type.
  private static func finding(
    at node: some SyntaxProtocol, message: String, unless fixedness: Fixedness
  ) -> [Finding] {
    switch fixedness {
    case .fixed: return []
    case .changes: return [Finding(at: node, message: message)]
    case .fixedIfValue(let type, let member):
      return [
        Finding(at: node) { index in
          guard let summary = index.uniqueType(named: type),
            summary.kind == .structure || summary.kind == .enumeration
          else { return index.mayWrite(member) ? message : nil }
          return nil
        }
      ]
    case .fixedIfNeverWritten(let member):
      return [
        Finding(at: node) { index in
          index.mayWrite(member) && !index.isOnlyEnumComputedProperty(member) ? message : nil
        }
      ]
    }
  }

  private static func fixedness(
    of collection: ExprSyntax, in view: ViewType?, mutated: MutatedNames, depth: Int = 0
  ) -> Fixedness {
    if isLiteralCollection(collection)
      || !descendants(ArrayExprSyntax.self, of: collection).isEmpty
    {
      return .fixed
    }
    if let member = collection.as(MemberAccessExprSyntax.self),
      let base = member.base?.as(DeclReferenceExprSyntax.self),
      base.baseName.text.first?.isUppercase == true
    {
      return .fixed
    }
    guard depth < 4, let root = rootName(of: collection) else { return .changes }
    if let reference = collection.as(DeclReferenceExprSyntax.self) ?? rootReference(collection),
      let local = LocalBinding.find(root, before: reference)
    {
      guard local.isConstant, let value = local.value else { return .changes }
      return fixedness(of: value, in: view, mutated: mutated, depth: depth + 1)
    }
    // The property is the collection itself, or an object or value holding it.
    let isWholeProperty =
      collection.is(DeclReferenceExprSyntax.self)
      || collection.as(MemberAccessExprSyntax.self)?.base?.trimmedText == "self"
    let member = lastName(collection).map(Fixedness.fixedIfNeverWritten) ?? .changes
    guard let property = view?.property(named: root), !property.isComputed,
      property.wrapper == nil
    else { return isWholeProperty ? .changes : member }
    let isConstant =
      property.isStatic || property.declaration.bindingSpecifier.tokenKind == .keyword(.let)
      || mutated.owners[root] == nil
    guard isConstant else { return isWholeProperty ? .changes : member }
    if isWholeProperty { return .fixed }
    guard let type = property.type, let name = lastName(collection) else { return member }
    return .fixedIfValue(type: type.hasSuffix("?") ? String(type.dropLast()) : type, member: name)
  }

  /// The bare name a member chain starts from: `rules` in `rules.indices`.
  private static func rootReference(_ expression: ExprSyntax) -> DeclReferenceExprSyntax? {
    var current = expression
    while true {
      if let reference = current.as(DeclReferenceExprSyntax.self) {
        // `self.rules` names the property, never a local.
        return reference.baseName.tokenKind == .keyword(.self) ? nil : reference
      }
      if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
        current = base
      } else if let call = current.as(FunctionCallExprSyntax.self) {
        current = call.calledExpression
      } else if let optional = current.as(OptionalChainingExprSyntax.self) {
        current = optional.expression
      } else {
        return nil
      }
    }
  }

  /// Whether `collection` is a local that a `filter` or `compactMap` of data that is not
  /// constant makes before `node` (`let peers = ids.compactMap { model.peer(id: $0) }`): a row
  /// that stops matching leaves the middle of it, and every later row takes the next one's
  /// index.
  private static func isFilteredLocal(_ collection: ExprSyntax, before node: some SyntaxProtocol)
    -> Bool
  {
    guard let reference = collection.as(DeclReferenceExprSyntax.self),
      var value = LocalBinding.find(reference.baseName.text, before: node)?.value
    else { return false }
    // `… ?? []`: the call before the default.
    if let sequence = value.as(SequenceExprSyntax.self), let first = sequence.elements.first {
      value = first
    }
    guard let call = value.as(FunctionCallExprSyntax.self),
      let name = call.calleeName, ["filter", "compactMap"].contains(name),
      let base = call.calleeBase
    else { return false }
    return !CollectionWorkInBodyRule.isConstant(base)
  }

  private static func lastName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    return expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
  }

  private static func hasEditingModifier(_ call: FunctionCallExprSyntax) -> Bool {
    var node = Syntax(call)
    while let member = node.parent?.as(MemberAccessExprSyntax.self),
      let modifier = member.parent?.as(FunctionCallExprSyntax.self)
    {
      if ["onDelete", "onMove", "onInsert"].contains(member.declName.baseName.text) {
        return true
      }
      node = Syntax(modifier)
    }
    return false
  }

  /// The message for `id: \\.self` over `collection` when its elements are a model struct
  /// of the linted code with two or more stored properties and default equality, and an edit
  /// of an element can happen: the rows get bindings, or the linted code writes one of the
  /// struct's `var` properties (by name: a write to a property of that name on any type
  /// counts); else `nil`.
  private static func selfIdentityMessage(
    collection: String, localType: String?, isEdited: Bool, index: ProjectIndex
  ) -> String? {
    guard
      let (element, isIdentifiable) = selfIdentityElement(
        collection: collection, localType: localType, index: index),
      isEdited
        || index.uniqueType(named: element).map({ summary in
          summary.variableProperties.contains { index.mayWrite($0, of: summary.name) }
        }) == true
    else { return nil }
    let fix =
      isIdentifiable
      ? "\(element) is Identifiable: drop 'id: \\.self' and let ForEach use its id"
      : "make \(element) Identifiable and use its id"
    return "'id: \\.self' hashes the whole \(element), so any edit gives the row a new "
      + "identity; \(fix)"
  }

  /// The element type of `collection` when `id: \.self` over it is reported (a struct with
  /// variable stored properties and the synthesized `==`), and whether it is `Identifiable`.
  private static func selfIdentityElement(
    collection: String, localType: String?, index: ProjectIndex
  ) -> (element: String, isIdentifiable: Bool)? {
    guard let (element, summary) = element(of: collection, declaredType: localType, index: index),
      summary.kind == .structure, summary.storedProperties.count >= 2,
      !summary.variableProperties.isEmpty, !summary.hasCustomEquality
    else { return nil }
    return (element, isIdentifiable(element, summary, index: index))
  }

  /// Whether the elements of the collection `collection` are of an `Identifiable` type
  /// declared in the project (see ``element(of:declaredType:index:)``).
  private static func elementIsIdentifiable(
    collection: String?, type: String?, index: ProjectIndex
  ) -> Bool {
    guard let collection,
      let (element, summary) = element(of: collection, declaredType: type, index: index)
    else { return false }
    return isIdentifiable(element, summary, index: index)
  }

  /// The element type of the collection `collection`, of type `declaredType` where the view
  /// declares it, else of the one written type (not a closure's) of the stored properties of
  /// that name in the project;
  /// with its declaration, when the project declares exactly one type of that name.
  private static func element(
    of collection: String, declaredType: String?, index: ProjectIndex
  ) -> (String, TypeSummary)? {
    guard let element = elementName(of: collection, declaredType: declaredType, index: index),
      let summary = index.uniqueType(named: element)
    else { return nil }
    return (element, summary)
  }

  /// The element type's name of the collection `collection`, as ``element(of:declaredType:index:)``
  /// finds it, whether or not the project declares it (`String`).
  private static func elementName(
    of collection: String, declaredType: String?, index: ProjectIndex
  ) -> String? {
    var collectionType = declaredType
    if collectionType == nil {
      // Written types only, and not a client's closure of the same name
      // (`var walletAccounts: () async throws -> [Account]`).
      let candidates = Set(
        index.storedPropertyTypes(named: collection).compactMap { $0 }.filter {
          !$0.contains("->")
        })
      collectionType = candidates.count == 1 ? candidates.first : nil
    }
    return collectionType.flatMap(ProjectIndex.elementType(of:))
  }

  /// Whether the elements of `collection` are plain values with only their content to tell
  /// them apart: strings, numbers, or an enum's simple cases (it has a raw value or is
  /// `CaseIterable`; an id made of the case repeats with it). Such rows can repeat (`""` fields, `.none` fillers), so
  /// their position is the only identity there is.
  private static func elementsArePlainValues(
    collection: String?, type: String?, index: ProjectIndex
  ) -> Bool {
    guard let collection,
      let element = elementName(of: collection, declaredType: type, index: index)
    else { return false }
    if plainValueTypes.contains(element) { return true }
    guard let summary = index.uniqueType(named: element), summary.kind == .enumeration else {
      return false
    }
    return !summary.conformances.isDisjoint(with: plainValueTypes.union(["CaseIterable"]))
  }

  private static let plainValueTypes: Set<String> = [
    "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt",
    "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "Bool",
  ]

  private static func isIdentifiable(
    _ element: String, _ summary: TypeSummary, index: ProjectIndex
  ) -> Bool {
    summary.conformances.contains("Identifiable")
      || index.extensionConformances[element, default: []].contains("Identifiable")
  }

  /// The edit that removes the `id:` argument of `call` (`ForEach(items, id: \.self)` →
  /// `ForEach(items)`), with the comma before it, or after it when more arguments follow.
  private static func removingIDArgument(of call: FunctionCallExprSyntax) -> TextEdit? {
    let arguments = Array(call.arguments)
    guard let position = arguments.firstIndex(where: { $0.label?.text == "id" }), position > 0
    else { return nil }
    let argument = arguments[position]
    if position + 1 < arguments.count {
      return TextEdit(
        removingFrom: argument.positionAfterSkippingLeadingTrivia,
        to: arguments[position + 1].positionAfterSkippingLeadingTrivia)
    }
    return TextEdit(
      removingFrom: arguments[position - 1].expression.endPositionBeforeTrailingTrivia,
      to: argument.endPositionBeforeTrailingTrivia)
  }

  private func uuidFindings(in file: LintedFile) -> [Finding] {
    // Most files never name the type: no walk of their views for it.
    guard containsBytes(file.source, "UUID") else { return [] }
    var result: [Finding] = []
    let message =
      "UUID() here makes a new identity each time the view is created or rendered, so "
      + "SwiftUI rebuilds it and drops its state; derive the id from the data"
    for view in file.views {
      for member in view.members {
        for call in file.syntax.calls(in: member)
        where call.isType("UUID") && call.arguments.isEmpty {
          if Self.isIdentityUse(call, in: member, view: view) {
            result.append(Finding(at: call, message: message))
          }
        }
      }
    }
    return result
  }

  private static func isIdentityUse(
    _ call: FunctionCallExprSyntax, in member: DeclSyntax, view: ViewType
  ) -> Bool {
    if let argument = call.parent?.as(LabeledExprSyntax.self),
      let modifier = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
      modifier.calleeName == "id", modifier.calleeBase != nil || !modifier.isUnqualifiedCall
    {
      // A comment right above `.id(UUID())` explains a deliberate rebuild (a workaround for
      // a SwiftUI bug, as in TCA's case studies): the author has decided.
      let explained = modifier.calledExpression.as(MemberAccessExprSyntax.self)?.period
        .leadingTrivia.contains { piece in
          switch piece {
          case .lineComment, .blockComment, .docLineComment, .docBlockComment: true
          default: false
          }
        }
      // A small loading view around a ProgressView: the known workaround for a reused
      // progress view that stops spinning, with no state to lose.
      if let base = modifier.calleeBase {
        // Its views, not its modifiers: `HStack { Spacer(); ProgressView(); Spacer() }`.
        let views = descendants(FunctionCallExprSyntax.self, of: base).filter { call in
          call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?
            .isUppercase == true
        }
        if views.count <= 4, views.contains(where: { $0.isType("ProgressView") }) { return false }
      }
      return explained != true
    }
    if member.is(InitializerDeclSyntax.self),
      let sequence = call.parent?.parent?.as(SequenceExprSyntax.self),
      let target = sequence.elements.first,
      sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
      let name = rootName(of: target), let property = view.property(named: name),
      property.wrapper == nil, name.lowercased().hasSuffix("id")
    {
      return true
    }
    return false
  }
}

/// Names of collections that the file mutates: `xs.append(…)`, `xs = …`, `xs.remove(…)`.
struct MutatedNames {
  /// Each name the file writes, with its owners (``WriteOwner``): the types whose property of that name the
  /// writes may change.
  var owners: [String: Set<String>] = [:]
  /// Names of collections the file inserts into or removes from other than at the end, or
  /// reorders: what moves an element to another index. Appending, removing the last element
  /// or replacing the whole collection keeps every remaining element at its index.
  var shifted: Set<String> = []

  static let shiftingMethods: Set<String> = [
    "insert", "remove", "removeFirst", "move", "sort", "swapAt", "removeSubrange",
    "replaceSubrange", "shuffle", "reverse",
  ]

  static let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "move", "sort",
    "swapAt", "removeSubrange", "replaceSubrange", "popLast", "shuffle", "reverse",
    "append(contentsOf:)",
  ]

  init(_ syntax: SyntaxIndex) {
    for call in syntax.calls {
      guard let name = call.calleeName, Self.mutatingMethods.contains(name),
        let base = call.calleeBase, !Self.isInInitializer(call)
      else { continue }
      if let last = Self.lastName(base) {
        owners[last, default: []].insert(WriteOwner.of(base, in: syntax))
        if Self.shiftingMethods.contains(name) || (name == "removeAll" && !call.arguments.isEmpty)
          || (name == "removeAll" && call.trailingClosure != nil)
        {
          shifted.insert(last)
        }
      }
    }
    for sequence in syntax.sequences {
      let elements = sequence.elements
      guard elements.count >= 3, let first = elements.first,
        let second = elements.dropFirst().first
      else { continue }
      let isAssignment =
        second.is(AssignmentExprSyntax.self)
        || ["+=", "-="].contains(second.as(BinaryOperatorExprSyntax.self)?.operator.text)
      if isAssignment, !Self.isInInitializer(sequence), let last = Self.lastName(first) {
        owners[last, default: []].insert(WriteOwner.of(first, in: syntax))
      }
    }
  }

  /// Whether `node` is in an `init`, where a view sets up what it was given.
  private static func isInInitializer(_ node: some SyntaxProtocol) -> Bool {
    ancestors(of: node).contains { $0.is(InitializerDeclSyntax.self) }
  }

  private static func lastName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text.trimmingPrefix("$")
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return member.declName.baseName.text
    }
    return nil
  }
}

extension String {
  fileprivate func trimmingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
