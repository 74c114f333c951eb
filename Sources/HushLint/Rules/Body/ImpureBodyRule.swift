import SwiftSyntax

/// Side effects while building a view.
struct ImpureBodyRule: Rule {
  static let description = RuleDescription(
    id: "impure-body",
    name: "Impure Body",
    summary: "print, state mutation, Self._printChanges(), network or file writes in body",
    rationale: """
      SwiftUI calls body whenever it likes, as often as it likes, and expects no side \
      effects. print costs I/O on every render; mutating state from body schedules another \
      render (and can loop); network and file work block or repeat. Move the work into an \
      action or a lifecycle modifier (.task, .onAppear, .onChange(of:)) or into the model. \
      Self._printChanges() is a debugging aid: remove it before shipping, or keep \
      `let _ = Self._printChanges()` inside #if DEBUG, which is reported only as info. TCA's \
      reducer operator ._printChanges() is not a view and is not reported. Only code that \
      runs while body evaluates is checked: the body itself, the closures that build its \
      content (stacks, lists, overlays, map) and the view's methods and computed properties \
      that body calls outside actions; a closure that runs later (a callback handed to a \
      child view, a button, gesture or onX action, a Task) is not.
      """,
    triggeringExamples: [
      Example(
        """
        struct Servers: View {
          let servers: [String]
          var body: some View {
            List { ForEach(shown(), id: \\.self) { Text($0) } }
          }
          private func shown() -> [String] {
            ↓print("showing \\(servers.count) servers")
            return servers
          }
        }
        """),
      Example(
        """
        struct Row: View {
          var body: some View {
            let _ = ↓print("render")
            Text("Row")
          }
        }
        """),
      Example(
        """
        struct Counter: View {
          @State private var renders = 0
          var body: some View {
            ↓renders += 1
            return Text("\\(renders)")
          }
        }
        """),
      Example(
        """
        struct Screen: View {
          var body: some View {
            let _ = ↓Self._printChanges()
            Text("Screen")
          }
        }
        """),
      Example(
        """
        struct Debug: View {
          var body: some View {
            #if DEBUG
            let _ = ↓Self._printChanges()
            #endif
            Text("Debug")
          }
        }
        """),
      Example(
        """
        struct Feed: View {
          @ObservedObject var model: Model
          var body: some View {
            ↓URLSession.shared.dataTask(with: model.url).resume()
            return List(model.items) { Text($0.title) }
          }
        }
        """),
      Example(
        """
        struct Badge: View {
          @State private var renders = 0
          @State private var shown = false
          var body: some View {
            VStack {
              Section {
                let _ = ↓shown.toggle()
                ForEach([1, 2].map { n in ↓print(n); return n }, id: \\.self) { Text("\\($0)") }
              } header: {
                Button { renders += 1 } label: { Text("x").onAppear { renders = 0 } }
              }
            }
            .overlay { let _ = ↓print("overlay") }
          }
        }
        """),
      Example(
        """
        struct Logger: View {
          @State private var lines: [String] = []
          var body: some View {
            ↓lines.append("render")
            return ForEach(lines, id: \\.self) { Text($0).onAppear { debugPrint($0) } }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        struct Row: View {
          var body: some View {
            Button("Log") { print("tapped") }
          }
        }
        """),
      Example(
        """
        struct Thumbnail: View {
          let url: URL
          var body: some View { Image(decorative: preview(), scale: 1) }
          private func preview() -> CGImage {
            do { return try loadImage(url) } catch {
              print("no preview: \\(error)")
              return placeholder
            }
          }
        }
        """),
      Example(
        """
        struct Seek: View {
          @State private var value = 0.0
          @State private var isSeeking = false
          var body: some View {
            Slider(value: $value, in: 0...1) { editing in
              isSeeking = editing
            }
          }
        }
        """),
      Example(
        """
        struct Picker: View {
          @State private var selection: Int?
          var body: some View {
            Stepper(
              "Value",
              value: Binding(get: { selection ?? 0 }, set: { selection = $0 }))
          }
        }
        """),
      Example(
        """
        struct Feed: View {
          var body: some View {
            List { Text("x") }
              .onAppear { print("appeared") }
              .onScrollPhaseChange { _, phase in print(phase) }
              .refreshable { await reload() }
          }
        }
        """),
      Example(
        """
        struct Feature: Reducer {
          var body: some ReducerOf<Self> {
            Reduce { state, action in .none }
              ._printChanges()
          }
        }
        """),
      Example(
        """
        struct Total: View {
          let items: [Int]
          var body: some View {
            var total = 0
            let _ = items.forEach { total += $0 }
            Text("\\(total)")
          }
        }
        """),
      Example(
        """
        struct Loader: View {
          @State private var data: Data?
          var body: some View {
            Text("x").task { data = try? await URLSession.shared.data(from: url).0 }
          }
        }
        """),
      Example(
        """
        struct Model {
          var count = 0
          mutating func render() { count += 1; print(count) }
        }
        """),
      Example(
        """
        struct Counter: View {
          @State private var count = 0
          var body: some View {
            Stepper("\\(count)", value: $count).onChange(of: count) { print($1) }
          }
        }
        """),
      Example(
        """
        struct Editor: View {
          @State private var draft = ""
          @State private var isPressing = false
          var body: some View {
            VStack {
              TagField(text: draft) { newValue in draft = newValue }
              Card(title: "Tags", onClose: { isPressing = false })
              Text(draft).onLongPressGesture(minimumDuration: 1, pressing: { isPressing = $0 }) {}
              NativeButton { button in button.title = draft; return button }
                .sheet(isPresented: $isPressing) { draft = "" } content: { Text(draft) }
            }
          }
        }
        """),
    ]
  )

  static let printFunctions: Set<String> = ["print", "debugPrint", "NSLog", "dump", "os_log"]
  static let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "toggle", "sort",
    "shuffle", "popLast", "removeValue", "updateValue",
  ]
  static let networkMethods: Set<String> = [
    "dataTask", "data", "downloadTask", "uploadTask", "download", "upload",
  ]
  static let fileMethods: Set<String> = [
    "createFile", "removeItem", "moveItem", "copyItem", "createDirectory",
  ]
  static let stateWrappers: Set<String> = [
    "State", "Binding", "ObservedObject", "StateObject", "EnvironmentObject", "Bindable",
    "AppStorage", "SceneStorage",
  ]

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    for view in file.views {
      let stateNames = Set(
        view.properties.filter { Self.stateWrappers.contains($0.wrapper ?? "") }.map(\.name))
      // `body`, then the view's methods it calls and computed properties it reads while it
      // renders (`ForEach(filteredServers(for: bookmark))`): their code runs on every render
      // too. A method only named (`onRemove: remove`) or `async` runs later.
      let callable = RenderScope.callableMembers(of: view)
      var pending: [Syntax] = view.bodies.map(Syntax.init)
      var reached: Set<String> = []
      while let code = pending.popLast() {
        let collector = CodeCollector(skipping: UseContext.isDeferred)
        if let function = code.as(FunctionDeclSyntax.self), let body = function.body {
          collector.walk(body)
        } else if let variable = code.as(VariableDeclSyntax.self) {
          for accessors in variable.bindings.compactMap(\.accessorBlock) {
            collector.walk(accessors)
          }
        } else {
          collector.walk(code)
        }
        for call in collector.calls {
          if let finding = Self.check(call, view: view, stateNames: stateNames) {
            result.append(finding)
          }
        }
        for sequence in collector.sequences {
          let elements = Array(sequence.elements)
          guard elements.count >= 3, Self.isAssignment(elements[1]),
            let root = rootName(of: elements[0]), stateNames.contains(root)
          else { continue }
          result.append(
            Finding(
              at: elements[0],
              message: "body mutates '\(root)', which schedules another render; change state "
                + "in an action, .task or .onChange(of:) instead"))
        }
        for reference in collector.references {
          let name = reference.baseName.text
          guard !reached.contains(name), let members = callable[name] else { continue }
          let runs = members.filter { member in
            guard let function = member.as(FunctionDeclSyntax.self) else { return true }
            return Self.isCalled(reference)
              && function.signature.effectSpecifiers?.asyncSpecifier == nil
          }
          guard !runs.isEmpty else { continue }
          reached.insert(name)
          pending += runs
        }
      }
    }
    return result
  }

  /// Whether `reference` is called (`shown()`, `self.shown()`), not only named.
  private static func isCalled(_ reference: DeclReferenceExprSyntax) -> Bool {
    var callee = Syntax(reference)
    if let member = reference.parent?.as(MemberAccessExprSyntax.self),
      member.declName.id == reference.id,
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      callee = Syntax(member)
    }
    return callee.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == callee.id
  }

  private static func check(
    _ call: FunctionCallExprSyntax, view: ViewType, stateNames: Set<String>
  ) -> Finding? {
    guard let name = call.calleeName else { return nil }
    // `catch { print(error) }`: logs a failure, not every render.
    if call.isUnqualifiedCall, printFunctions.contains(name),
      !ancestors(of: call).contains(where: { $0.is(CatchClauseSyntax.self) })
    {
      return Finding(
        at: call,
        message: "\(name) in body runs on every render; remove it, or log from an action")
    }
    if name == "_printChanges", let base = call.calleeBase?.trimmedText,
      base == "Self" || base == view.name
    {
      if isInsideDebugConditional(call) {
        return Finding(
          at: call,
          message: "\(base)._printChanges() is a debugging aid; fine under #if DEBUG, but "
            + "remove it when done", isMild: true)
      }
      return Finding(
        at: call,
        message: "\(base)._printChanges() left in body logs on every render in release "
          + "builds; remove it or wrap it in #if DEBUG")
    }
    if mutatingMethods.contains(name), let base = call.calleeBase,
      let root = rootName(of: base), stateNames.contains(root)
    {
      return Finding(
        at: base,
        message: "body mutates '\(root)', which schedules another render; change state in an "
          + "action, .task or .onChange(of:) instead")
    }
    // The receiver's text only for the names that matter: for every call of a long modifier
    // chain it would make the rule O(n²).
    if networkMethods.contains(name) || fileMethods.contains(name) || name.hasPrefix("set"),
      let base = call.calleeBase?.trimmedText
    {
      if base.hasPrefix("URLSession"), networkMethods.contains(name) {
        return Finding(
          at: call,
          message: "network work in body starts on every render; load in .task or the model")
      }
      let writesFiles = base == "FileManager.default" && fileMethods.contains(name)
      let writesDefaults = base == "UserDefaults.standard" && name.hasPrefix("set")
      if writesFiles || writesDefaults {
        return Finding(
          at: call,
          message: "writing storage in body repeats on every render; write from an action")
      }
    }
    if name == "write", call.arguments.first?.label?.text.hasPrefix("to") == true {
      return Finding(
        at: call,
        message: "writing a file in body repeats on every render; write from an action")
    }
    return nil
  }

  private static func isAssignment(_ element: ExprSyntax) -> Bool {
    if element.is(AssignmentExprSyntax.self) { return true }
    guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
    return ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="].contains(op)
  }
}
