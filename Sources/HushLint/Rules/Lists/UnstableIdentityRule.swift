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
      nonsense. id: \\.self on a model struct hashes the whole value, so any edit makes a new \
      row. UUID() in a view's init or body (.id(UUID())) makes a new identity on every render \
      and rebuilds the view from scratch. Use a stable id from the data: make the model \
      Identifiable and write ForEach(items) { … }. Constant data (literals, ranges, \
      static lists), collections the file never mutates, and types with their own == or \
      hash(into:) are not reported.
      """,
    triggeringExamples: [
      Example(
        """
        ForEach(Array(model.items.enumerated()), id: ↓\\.offset) { index, item in
          Row(index: index, item: item)
        }
        """),
      Example(
        """
        struct TodoList: View {
          @State private var todos: [Todo] = []
          var body: some View {
            List {
              ForEach(↓todos.indices, id: \\.self) { index in TodoRow(todo: $todos[index]) }
            }
            Button("Add") { todos.append(Todo()) }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(↓0..<model.rows.count, id: \\.self) { i in Text(model.rows[i]) }
            .onDelete { model.rows.remove(atOffsets: $0) }
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
      Example("ForEach(Array(model.items.enumerated()), id: \\.element.id) { Row(item: $0.1) }"),
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
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    let mutated = MutatedNames(file.syntax)
    for call in file.calls where ViewContainers.isForEach(call) {
      guard let data = call.firstUnlabeledArgument else { continue }
      let keyPath = call.argument("id")?.as(KeyPathExprSyntax.self)
      let keyPathText = keyPath?.components.trimmedDescription
      if let keyPath, keyPathText == ".offset", data.trimmedDescription.contains(".enumerated()"),
        !Self.isConstant(data)
      {
        result.append(
          Finding(
            at: keyPath,
            message: "'id: \\.offset' makes a row's position its identity; an insert or delete "
              + "moves every later row's identity. Use the element's stable id"))
      } else if let collection = Self.indexedCollection(data), !isLiteralCollection(collection),
        let name = Self.lastName(collection),
        mutated.names.contains(name) || Self.hasEditingModifier(call)
      {
        result.append(
          Finding(
            at: data,
            message: "ForEach over the indices of '\(name)', which changes; after an insert or "
              + "delete rows keep the wrong identity. Iterate the elements by a stable id"))
      } else if let keyPath, keyPathText == ".self", let name = Self.lastName(data) {
        let localType = Self.localPropertyType(name, in: file, near: call)
        result.append(
          Finding(at: keyPath) { index in
            Self.selfIdentityMessage(collection: name, localType: localType, index: index)
          })
      }
    }
    result += uuidFindings(in: file)
    return result
  }

  private static func isConstant(_ data: ExprSyntax) -> Bool {
    !descendants(ArrayExprSyntax.self, of: data).isEmpty
  }

  /// The collection in `xs.indices` or `0..<xs.count`.
  private static func indexedCollection(_ data: ExprSyntax) -> ExprSyntax? {
    if let member = data.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "indices"
    {
      return member.base
    }
    if let sequence = data.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
      let elements = Array(sequence.elements)
      guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "..<",
        let upper = elements[2].as(MemberAccessExprSyntax.self),
        upper.declName.baseName.text == "count"
      else { return nil }
      return upper.base
    }
    return nil
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

  /// The written type of the view property `name` around `call`, if any.
  private static func localPropertyType(
    _ name: String, in file: LintedFile, near call: FunctionCallExprSyntax
  ) -> String? {
    let view = file.views.first { view in
      view.declaration.range.contains(call.position)
    }
    return view?.property(named: name)?.type
  }

  /// The message for `id: \\.self` over `collection` when its elements are a model struct
  /// of the linted code with two or more stored properties and default equality; else `nil`.
  private static func selfIdentityMessage(
    collection: String, localType: String?, index: ProjectIndex
  ) -> String? {
    let collectionType: String?
    if let localType {
      collectionType = localType
    } else {
      let candidates = Set(
        index.types.values.joined().flatMap { summary in
          summary.storedProperties.filter { $0.name == collection }.map { $0.type }
        })
      collectionType = candidates.count == 1 ? candidates.first ?? nil : nil
    }
    guard let collectionType, let element = ProjectIndex.elementType(of: collectionType),
      let summary = index.uniqueType(named: element),
      summary.kind == .structure, summary.storedProperties.count >= 2,
      !summary.hasCustomEquality
    else { return nil }
    return "'id: \\.self' hashes the whole \(element), so any edit gives the row a new "
      + "identity; make \(element) Identifiable and use its id"
  }

  private func uuidFindings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    let message =
      "UUID() here makes a new identity each time the view is created or rendered, so "
      + "SwiftUI rebuilds it and drops its state; derive the id from the data"
    for view in file.views {
      for member in view.members {
        for call in descendants(FunctionCallExprSyntax.self, of: member)
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
      return true
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
  var names: Set<String> = []

  static let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "move", "sort",
    "swapAt", "removeSubrange", "replaceSubrange", "popLast", "shuffle", "reverse",
    "append(contentsOf:)",
  ]

  init(_ syntax: SyntaxIndex) {
    for call in syntax.calls {
      guard let name = call.calleeName, Self.mutatingMethods.contains(name),
        let base = call.calleeBase
      else { continue }
      if let last = Self.lastName(base) { names.insert(last) }
    }
    for sequence in syntax.sequences {
      let elements = Array(sequence.elements)
      guard elements.count >= 3 else { continue }
      let isAssignment =
        elements[1].is(AssignmentExprSyntax.self)
        || ["+=", "-="].contains(elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text)
      if isAssignment, let last = Self.lastName(elements[0]) { names.insert(last) }
    }
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
