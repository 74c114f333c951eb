import SwiftSyntax

/// Filtering, sorting or grouping a collection while building a view.
struct CollectionWorkInBodyRule: Rule {
  static let description = RuleDescription(
    id: "collection-work-in-body",
    name: "Collection Work in Body",
    summary: "filter/sorted/map/compactMap in a ForEach, sorted or Dictionary(grouping:) in body",
    rationale: """
      body and view-typed computed properties run on every render, and a view can render many \
      times a second. ForEach(items.filter { … }), items.sorted() or Dictionary(grouping:by:) \
      there walk (and usually copy) the whole collection each time, even when it has not \
      changed. Derive the collection once, where the data changes: a stored property of the \
      model updated on writes, or a cached value keyed by its inputs; then write \
      ForEach(model.visibleItems). The same work is found behind a local \
      (let shown = items.filter { … }; ForEach(shown)), in methods that build views \
      (@ViewBuilder, some View, AnyView), and in a computed property or method of the view \
      that ForEach reads (var visible: [Item] { items.filter { … } }): read again inside \
      each row, it runs once per row and the list costs O(n²). So is a model's computed \
      property or method, in any file, that a list's data reads (ForEach(library.sortedBooks) \
      with var sortedBooks: [Book] { books.sorted { … } }): the finding is at the read and \
      names where the work is; not when it walks a let of the model set to an array literal. \
      A live search is left alone (but for a read inside each row): work that depends on \
      text a TextField or .searchable of the view edits runs again for each keystroke \
      whatever the model keeps. Literal arrays, \
      ranges, static data and collections of an enum's values are not reported, nor is \
      reversed(), which is a constant-time view of the collection, nor a computed property \
      that only maps, nor a sorted of a Set or of a dictionary's entries (keys.sorted(), \
      sorted { $0.key < $1.key }), which is how an unordered collection gets an order to be \
      shown in.
      """,
    optInReason:
      "6 of 6 findings right on fourteen apps it was never tuned on (session 5, sample C), 0 of 7 on twelve others (sample D: dictionaries sorted for display, since left alone, and a handful of constant values), 10 of 14 in session 4 (Docs/LintPrecision.md, issue 50)",
    triggeringExamples: [
      Example(
        """
        @Observable final class Library {
          var books: [Book] = []
          var query = ""
          var sortedBooks: [Book] { books.sorted { $0.title < $1.title } }
          func matches() -> [Book] { books.filter { $0.title.contains(query) } }
        }
        struct Shelf: View {
          let library: Library
          var body: some View {
            List(library.↓sortedBooks) { Text($0.title) }
            ForEach(library.↓matches()) { Text($0.title) }
          }
        }
        """),
      Example(
        """
        var body: some View {
          List {
            ForEach(items.↓filter { $0.isDone }) { Row(item: $0) }
          }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(model.people.↓sorted(by: { $0.name < $1.name })) { PersonRow(person: $0) }
        }
        """),
      Example(
        """
        var rows: some View {
          ForEach(model.items.↓compactMap(\\.detail), id: \\.self) { Text($0) }
        }
        """),
      Example(
        """
        var body: some View {
          let groups = ↓Dictionary(grouping: items, by: \\.category)
          return List(groups.keys.sorted(), id: \\.self) { Text($0) }
        }
        """),
      Example(
        """
        func body(content: Content) -> some View {
          content.overlay { Text(tags.↓sorted().joined()) }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(items.↓map { $0.name }.sorted(), id: \\.self) { Text($0) }
        }
        """),
      Example(
        """
        struct Feed: View {
          let videos: [Video]
          private var unwatched: [Video] { videos.filter { !$0.isWatched } }
          var body: some View {
            ForEach(↓unwatched) { video in
              Row(video: video, isLast: video.id == ↓unwatched.last?.id)
            }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        struct EntitlementsView: View {
          let entitlements: [String: String]
          @State private var expanded = false
          var body: some View {
            List {
              ForEach(entitlements.keys.sorted(), id: \\.self) { key in Text(key) }
              ForEach(entitlements.sorted { $0.key < $1.key }, id: \\.key) { entry in
                Text(entry.value)
              }
            }
          }
        }
        """),
      Example(
        """
        struct Packages: View {
          let packages: [Package]
          @State private var query = ""
          var body: some View {
            PackageSearchField(search: $query)
            ForEach(packages.filter { query.isEmpty || $0.name.contains(query) }) { Text($0.name) }
          }
        }
        """),
      Example(
        """
        struct Casks: View {
          let tracker: Tracker
          var body: some View {
            ForEach(shown.sorted { $0.name < $1.name }) { Text($0.name) }
          }
          private var shown: Set<Cask> { tracker.installed }
        }
        """),
      Example(
        """
        struct Shortcut: View {
          @State private var keys: Set<String> = []
          var body: some View {
            ForEach(keys.sorted(), id: \\.self) { Text($0) }
          }
        }
        """),
      Example(
        """
        struct Repo { var modules = Set<Module>() }
        struct RepoView: View {
          let repo: Repo
          var body: some View {
            ForEach(repo.modules.sorted { $0.name < $1.name }) { Text($0.name) }
          }
        }
        """),
      Example(
        """
        struct InstancePicker: View {
          @State private var query = ""
          @State private var instances: [Instance] = []
          var body: some View {
            TextField("Server", text: $query)
            ForEach(matching) { Text($0.name) }
          }
          private var matching: [Instance] {
            let needle = normalized
            return needle.isEmpty ? instances : instances.filter { $0.name.contains(needle) }
          }
          private var normalized: String { query.lowercased() }
        }
        """),
      Example(
        """
        struct Recipes: View {
          let recipes: [Recipe]
          @State private var search = ""
          var body: some View {
            List {
              ForEach(recipes.filter { search.isEmpty || $0.title.contains(search) }) { Text($0.title) }
            }
            .searchable(text: $search)
          }
        }
        """),
      Example(
        """
        @Observable final class Library {
          var books: [Book] = [] { didSet { sortedBooks = books.sorted { $0.title < $1.title } } }
          private(set) var sortedBooks: [Book] = []
          var genres: Set<Genre> = []
          var sortedGenres: [Genre] { genres.sorted { $0.rawValue < $1.rawValue } }
          let shelves = ["Fiction", "Poetry", "Essays"]
          var openShelves: [String] { shelves.filter { !$0.isEmpty } }
        }
        enum Genre: String { case novel, poetry }
        struct Shelf: View {
          let library: Library
          var body: some View {
            List(library.sortedBooks) { Text($0.title) }
            ForEach(library.sortedGenres, id: \\.self) { Text($0.rawValue) }
            ForEach(library.openShelves, id: \\.self) { Text($0) }
          }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(model.visibleItems) { Row(item: $0) }
        }
        """),
      Example(
        """
        struct Feature: Reducer {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.items = state.items.sorted()
              return .none
            }
          }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(model.items.prefix(3)) { Row(item: $0) }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(items.reversed()) { Row(item: $0) }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach((1...5).map { $0 * 2 }, id: \\.self) { Text("\\($0)") }
        }
        """),
      Example(
        """
        var visibleItems: [Item] { items.filter { !$0.isHidden } }
        func sortedNames() -> [String] { names.sorted() }
        """),
      Example(
        """
        var body: some View {
          Button("Sort") { items = items.sorted() }
            .task { groups = Dictionary(grouping: items, by: \\.kind) }
        }
        """),
      Example(
        """
        var body: some View {
          ForEach(Category.allCases.filter(\\.isVisible)) { Text($0.title) }
        }
        """),
      Example(
        """
        enum Topic: String, CaseIterable { case games, music, movies }
        struct SignUp { var topics: Set<Topic> = [] }
        struct TopicsView: View {
          let data: SignUp
          var body: some View {
            ForEach(data.topics.sorted(by: { $0.rawValue < $1.rawValue })) { Text($0.rawValue) }
            ForEach("ABCDEF".map { String($0) }, id: \\.self) { Text($0) }
          }
        }
        """),
    ]
  )

  static let forEachOperations: Set<String> = [
    "filter", "sorted", "map", "compactMap", "flatMap", "shuffled",
  ]

  /// The calls that filter, sort or flatten a collection in a computed property or method
  /// (a `map` alone there adapts the values more often than it costs).
  static let memberOperations: Set<String> = ["filter", "sorted", "sort", "compactMap", "flatMap"]

  /// The types whose calls the rule looks at (with `sorted`, the method).
  private static let reportedTypes: Set<String> = ["ForEach", "List", "Table", "Dictionary"]

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    var reported: Set<SyntaxIdentifier> = []
    var viewsByName: [String: ViewType] = [:]
    for view in file.views { viewsByName[view.name] = view }
    // The file's text fields and searches, the few calls a live search needs: looked for
    // only once a finding is at stake.
    var textInputs: [FunctionCallExprSyntax]?
    var typedTexts: [String: TypedText] = [:]
    // Only the calls below can be reported: a view-building member with none of them is not
    // walked.
    for scope in RenderScope.viewBuildingMembers(in: file.syntax)
    where file.syntax.calls(in: scope).contains(where: {
      guard let name = $0.calleeName else { return false }
      return name == "sorted" || Self.reportedTypes.contains(name) && $0.isUnqualifiedCall
    }) {
      let view = ActionHandlers.reducerType(of: scope).flatMap { viewsByName[$0] }
      // What the view's text fields edit, worked out once per view and only when asked.
      func typedText(_ view: ViewType?) -> TypedText {
        guard let view else { return TypedText() }
        if let known = typedTexts[view.name] { return known }
        let inputs = textInputs ?? file.syntax.calls.filter { Self.textBinding(of: $0) != nil }
        textInputs = inputs
        let found = TypedText(view, textInputs: inputs)
        typedTexts[view.name] = found
        return found
      }
      for call in RenderScope.callsOutsideActions(in: scope) {
        if (call.isType("ForEach") || call.isType("List") || call.isType("Table")),
          let argument = call.firstUnlabeledArgument
        {
          // `ForEach(Array(x.enumerated()), …)`, `ForEach(0..<x.count, …)`: the work is in `x`.
          let data = Self.unwrappingArray(argument.indexedCollection ?? argument)
          let chain = memberCalls(of: data)
          let root = chain.last?.calleeBase ?? data
          guard !Self.isConstant(root) else { continue }
          if let first = chain.last(where: {
            Self.forEachOperations.contains($0.calleeName ?? "")
          }) {
            for call in chain { reported.insert(call.id) }
            guard !typedText(view).dependsOn([Syntax(data)]) else { continue }
            if let found = finding(first, over: root) { result.append(found) }
          } else if let name = Self.simpleName(root),
            let initializer = Self.localValue(named: name, before: call, in: scope)
          {
            // `let shown = items.filter { … }` then `ForEach(shown)`; a `map` alone there
            // adapts the values for the rows.
            let chain = memberCalls(of: initializer)
            if let base = chain.last?.calleeBase, !Self.isConstant(base),
              let first = chain.last(where: {
                Self.forEachOperations.subtracting(["map"]).contains($0.calleeName ?? "")
              }), reported.insert(first.id).inserted
            {
              for call in chain { reported.insert(call.id) }
              guard !typedText(view).dependsOn([Syntax(initializer)]) else { continue }
              if let found = finding(first, over: base) { result.append(found) }
            } else if chain.isEmpty, let read = Self.modelMemberRead(initializer) {
              // `let grouped = model.groupedTransactions` then `ForEach(grouped)`.
              result.append(
                Finding(
                  at: read,
                  when: .readsCollectionWork(
                    key: file.privateMemberKeys.key(ofRead: read), name: read.baseName.text)))
            }
          } else if let name = Self.simpleName(root), let view,
            let work = Self.collectionWork(ofMember: name, in: view)
          {
            result += Self.computedSource(
              name, work: work, read: root, by: call,
              isLiveSearch: typedText(view).dependsOn([Syntax(root)]))
          } else if let name = Self.simpleName(root), let view,
            let read = Self.forwardedModelRead(ofMember: name, in: view)
          {
            // `private var items: [Item] { model.filteredItems(in: vault) }` then
            // `ForEach(items)`: the model's member runs on every read of the view's.
            result.append(
              Finding(
                at: root,
                when: .readsCollectionWork(
                  key: file.privateMemberKeys.key(ofRead: read), name: read.baseName.text)))
          } else if let read = Self.modelMemberRead(data) {
            // `ForEach(model.sortedItems)`: a model's member that may sort on every read.
            result.append(
              Finding(
                at: read,
                when: .readsCollectionWork(
                  key: file.privateMemberKeys.key(ofRead: read), name: read.baseName.text)))
          }
        } else if call.isType("Dictionary"), call.argument("grouping") != nil {
          result.append(
            Finding(
              at: call,
              message: "Dictionary(grouping:by:) groups the whole collection on every render; "
                + "group once in the model"))
        } else if call.calleeName == "sorted", let base = call.calleeBase,
          !Self.isConstant(base), reported.insert(call.id).inserted
        {
          if let found = finding(call, over: base) { result.append(found) }
        }
      }
    }
    return result
  }

  /// The member read in `model.sortedItems`, `model.sortedItems()` or
  /// `store.state.visible(in: folder)`: a member of a value reached by names alone, not of
  /// `self` nor of a type.
  private static func modelMemberRead(_ expression: ExprSyntax) -> DeclReferenceExprSyntax? {
    var node = expression
    if let call = node.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
      node = call.calledExpression
    }
    guard let member = node.as(MemberAccessExprSyntax.self), let base = member.base,
      let root = rootName(of: base), root != "self", root.first?.isUppercase == false,
      base.tokens(viewMode: .sourceAccurate).allSatisfy({
        if case .identifier = $0.tokenKind { return true }
        return $0.tokenKind == .period || $0.tokenKind == .dollarIdentifier($0.text)
      })
    else { return nil }
    return member.declName
  }

  /// The message for a list's data read from `name`, a model member that does `member`'s
  /// work each time it runs; `nil` when it walks a few of an enum's values.
  static func collectionWorkMessage(
    _ name: String, _ member: CollectionWorkMember, in index: ProjectIndex
  ) -> String? {
    if let walks = member.walks, isEnumValues(walks, in: index) { return nil }
    return "'\(name)' runs \(member.work) over the whole collection (\(member.place)) each "
      + "time it is read, here on every render; keep the result in the model, updated when "
      + "the collection changes"
  }

  /// `x` for `Array(x)`, else `expression`.
  static func unwrappingArray(_ expression: ExprSyntax) -> ExprSyntax {
    guard let call = expression.as(FunctionCallExprSyntax.self), call.isType("Array"),
      call.arguments.count == 1, call.arguments.first?.label == nil,
      let inner = call.arguments.first?.expression
    else { return expression }
    return inner
  }

  /// `visible` for `visible`, `self.visible` and `reduced()`.
  private static func simpleName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return member.declName.baseName.text
    }
    if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      call.trailingClosure == nil
    {
      return simpleName(call.calledExpression)
    }
    return nil
  }

  /// The value of `let name = …` declared in `scope` before `use`.
  private static func localValue(
    named name: String, before use: some SyntaxProtocol, in scope: Syntax
  ) -> ExprSyntax? {
    let bindings = descendants(PatternBindingSyntax.self, of: scope) {
      $0.is(ClosureExprSyntax.self)
    }
    return bindings.last { binding in
      binding.position < use.position
        && binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
    }?.initializer?.value
  }

  /// The first filter, sort or grouping over a collection that is not constant in the
  /// computed property or method `name` of `view` (not one that builds a view: its own work
  /// is checked where it is), with the property it walks (`items` in `model.items.filter`).
  /// A `map` alone is left out: there it adapts the values more often than it costs.
  private static func collectionWork(ofMember name: String, in view: ViewType)
    -> (work: String, walks: String?)?
  {
    for member in view.members {
      var body: Syntax?
      if let function = member.as(FunctionDeclSyntax.self), function.name.text == name,
        function.signature.parameterClause.parameters.isEmpty,
        !RenderScope.buildsView(function)
      {
        body = function.body.map(Syntax.init)
      } else if let variable = member.as(VariableDeclSyntax.self), !variable.isStatic {
        for binding in variable.bindings
        where binding.identifierName == name && binding.isComputed
          && !RenderScope.buildsView(binding)
        {
          body = binding.accessorBlock.map(Syntax.init)
        }
      }
      guard let body else { continue }
      for call in descendants(FunctionCallExprSyntax.self, of: body) {
        let callee = call.calleeName ?? ""
        if Self.memberOperations.contains(callee),
          let base = call.calleeBase, !isConstant(base)
        {
          return (callee, propertyName(memberCalls(of: base).last?.calleeBase ?? base))
        }
        if call.isType("Dictionary"), call.argument("grouping") != nil {
          return ("Dictionary(grouping:)", nil)
        }
      }
      return nil
    }
    return nil
  }

  /// The model member read that the view's computed property or method without parameters
  /// `name` only hands on: `model.filteredItems(in: vault)` for `private var items: [Item] {
  /// model.filteredItems(in: vault) }`.
  private static func forwardedModelRead(ofMember name: String, in view: ViewType)
    -> DeclReferenceExprSyntax?
  {
    for member in view.members {
      var statements: CodeBlockItemListSyntax?
      if let function = member.as(FunctionDeclSyntax.self), function.name.text == name,
        function.signature.parameterClause.parameters.isEmpty
      {
        statements = function.body?.statements
      } else if let variable = member.as(VariableDeclSyntax.self), !variable.isStatic {
        for binding in variable.bindings where binding.identifierName == name {
          if case .getter(let getter) = binding.accessorBlock?.accessors { statements = getter }
        }
      }
      guard let statements else { continue }
      guard statements.count == 1, let item = statements.first?.item else { return nil }
      let value = item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
      return value.flatMap(modelMemberRead)
    }
    return nil
  }

  /// The views that edit typed text through a binding (`TextField("Find", text: $query)`).
  private static let textInputs: Set<String> = [
    "TextField", "SecureField", "TextEditor", "searchable",
  ]

  /// The binding a text input of `call` edits: `$query` in `TextField("Find", text: $query)`
  /// or `CustomSearchField(search: $query)` (a call handing a binding on as its text or search
  /// argument: a custom field, or a view that holds one); `nil` for a call that edits no text.
  static func textBinding(of call: FunctionCallExprSyntax) -> String? {
    if textInputs.contains(call.calleeName ?? "") {
      return call.argument("text")?.trimmedText
    }
    for argument in call.arguments {
      guard let label = argument.label?.text.lowercased(),
        label.contains("text") || label.contains("search"),
        argument.expression.is(DeclReferenceExprSyntax.self)
          || argument.expression.is(MemberAccessExprSyntax.self),
        argument.expression.trimmedText.hasPrefix("$")
      else { continue }
      return argument.expression.trimmedText
    }
    return nil
  }

  /// The values a view's text fields, search fields or `.searchable` edit through a binding
  /// (`TextField("Find", text: $query)`, see ``CollectionWorkInBodyRule/textBinding(of:)``), and
  /// the view's computed properties and methods that may read them.
  struct TypedText {
    var typed: Set<String> = []
    var computed: [String: [Syntax]] = [:]

    init() {}

    /// `inputs`: the file's text-input calls; those inside `view`'s members count.
    init(_ view: ViewType, textInputs inputs: [FunctionCallExprSyntax]) {
      let members = view.members.map(\.range)
      for call in inputs where members.contains(where: { $0.contains(call.position) }) {
        guard let text = CollectionWorkInBodyRule.textBinding(of: call), text.hasPrefix("$"),
          let last = text.split(separator: ".").last
        else { continue }
        typed.insert(last.hasPrefix("$") ? String(last.dropFirst()) : String(last))
      }
      guard !typed.isEmpty else { return }
      computed = RenderScope.callableMembers(of: view)
    }

    /// Whether `code` depends on text the user types: it names, directly or through the
    /// view's computed properties and methods (three deep), a value a text field or
    /// `.searchable` of the view edits. A live search: each keystroke renders the view and
    /// needs the filter again, so deriving it elsewhere saves nothing.
    func dependsOn(_ code: [Syntax]) -> Bool {
      guard !typed.isEmpty else { return false }
      var pending = code
      var seen: Set<String> = []
      for _ in 0..<4 {
        var next: [Syntax] = []
        for node in pending {
          for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if typed.contains(name) { return true }
            if let members = computed[name], seen.insert(name).inserted { next += members }
          }
        }
        pending = next
      }
      return false
    }
  }

  /// `items` for `items` and `model.items`.
  static func propertyName(_ expression: ExprSyntax) -> String? {
    expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      ?? expression.as(DeclReferenceExprSyntax.self)?.baseName.text
  }

  /// Findings for a collection a view's computed property or method derives (`work`: its
  /// filter, sort…) each time it is read: at the read that hands it to `forEach`, and at the
  /// first read of it inside a row, where it runs again for every row. Decided once the
  /// project's types are known: a collection of an enum's values is small. A live search
  /// (`isLiveSearch`) is reported only where a row reads it again.
  private static func computedSource(
    _ name: String, work: (work: String, walks: String?), read: ExprSyntax,
    by forEach: FunctionCallExprSyntax, isLiveSearch: Bool
  ) -> [Finding] {
    let walks = work.walks
    let small: @Sendable (ProjectIndex) -> Bool = { index in
      walks.map { isEnumValues($0, in: index) } ?? false
    }
    var result: [Finding] = []
    if !isLiveSearch {
      result.append(
        Finding(at: read) { index in
          small(index)
            ? nil
            : "'\(name)' runs \(work.work) over the whole collection each time it is read, "
              + "here on every render; derive it once in the model and pass the result"
        })
    }
    let rows = forEach.trailingClosure.map { [$0] } ?? []
    for row in rows {
      if let again = descendants(DeclReferenceExprSyntax.self, of: row).first(where: {
        $0.baseName.text == name
      }) {
        result.append(
          Finding(at: again) { index in
            small(index)
              ? nil
              : "'\(name)' runs \(work.work) again for every row, so the list costs O(n²); "
                + "read it once outside the ForEach, or keep it in the model"
          })
      }
    }
    return result
  }

  /// A finding at `call`, which walks `collection`; when `collection` is a property
  /// (`store.data.topics`), decided once the project's types are known: a `Set` or an array of
  /// an enum's values holds a few of its cases, and a `Set` is sorted to be shown in order.
  /// `nil` for a dictionary sorted to be shown in order (`entitlements.keys.sorted()`,
  /// `names.sorted { $0.key < $1.key }`), as a `Set` is.
  private func finding(_ call: FunctionCallExprSyntax, over collection: ExprSyntax) -> Finding? {
    let name = call.calleeName ?? "?"
    if name == "sorted", Self.ordersADictionary(call) { return nil }
    let message =
      "'\(name)' walks the whole collection on every render; derive it once in the model and "
      + "pass the result"
    let node: Syntax =
      call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) }
      ?? Syntax(call)
    guard let property = Self.propertyName(collection) else {
      return Finding(at: node, message: message)
    }
    let sorts = name == "sorted"
    return Finding(at: node) { index in
      Self.isEnumValues(property, in: index)
        || (sorts && index.declaresOnlySets(named: property))
        ? nil : message
    }
  }

  /// `x.keys.sorted()`, `x.values.sorted()`, `x.sorted { $0.key < $1.key }`: the entries of a
  /// dictionary, which has no order of its own (`$0.value` could be any model's property).
  private static func ordersADictionary(_ call: FunctionCallExprSyntax) -> Bool {
    if let base = call.calleeBase?.as(MemberAccessExprSyntax.self),
      ["keys", "values"].contains(base.declName.baseName.text)
    {
      return true
    }
    let closures =
      [call.trailingClosure].compactMap { $0 }
      + call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
    return closures.contains { closure in
      descendants(MemberAccessExprSyntax.self, of: closure).contains {
        $0.declName.baseName.text == "key"
          && $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.hasPrefix("$") == true
      }
    }
  }

  /// Whether every stored property named `property` in the project is a `Set` or an array of
  /// an enum the project declares: it holds a few of its cases, and walking them is cheap.
  private static func isEnumValues(_ property: String, in index: ProjectIndex) -> Bool {
    let types = index.storedPropertyTypes(named: property)
    return !types.isEmpty
      && types.allSatisfy { type in
        guard let type, let element = ProjectIndex.elementType(of: type),
          type.hasPrefix("Set<") || type.hasPrefix("[")
        else { return false }
        return index.uniqueType(qualified: element)?.kind == .enumeration
      }
  }

  static func isConstant(_ root: ExprSyntax) -> Bool {
    if isLiteralCollection(root) { return true }
    // `"ABC".map { String($0) }`: the characters of a literal.
    if unwrapped(root).is(StringLiteralExprSyntax.self) { return true }
    // `Theme.colors`, `Self.layout`: static data; not a shared instance's state
    // (`AccountsState.shared.accounts`), which changes.
    if let rootName = rootName(of: root), rootName.first?.isUppercase == true {
      return !descendants(MemberAccessExprSyntax.self, of: root).contains {
        sharedInstanceNames.contains($0.declName.baseName.text)
      }
    }
    return false
  }

  /// The usual names of a singleton: `Store.shared`, `Manager.sharedInstance`.
  private static let sharedInstanceNames: Set<String> = ["shared", "sharedInstance", "instance"]
}
