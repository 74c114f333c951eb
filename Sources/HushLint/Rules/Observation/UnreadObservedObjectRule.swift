import SwiftSyntax

/// An observed object that the view never reads, or only hands on.
struct UnreadObservedObjectRule: Rule {
  static let description = RuleDescription(
    id: "unread-observed-object",
    name: "Unread Observed Object",
    summary: "An @ObservedObject, @StateObject or @EnvironmentObject the view never reads",
    rationale: """
      A view subscribes to every @ObservedObject, @StateObject and @EnvironmentObject it \
      declares and re-renders on every objectWillChange, whether or not its body shows \
      anything from the object. When the view never reads the object, or only passes it on to \
      child views or .environmentObject(_:), that work is wasted: remove the property, let the \
      children observe the object themselves, or pass a plain reference. A view that owns a \
      @StateObject only to inject it is reported at a lower severity: on iOS 17 and later, make \
      the model @Observable and hold it in @State. @Environment(Model.self) and @Bindable are \
      never reported: Observation tracks reads, so an unread one costs nothing. Nor is a \
      @StateObject the view makes and never uses when making the object starts no work (no \
      task, timer or subscription in its initializers): nothing else holds it, so it never \
      changes; that is dead code, not a render cost.
      """,
    optInReason:
      "10 of 12 findings right (83 %) on fifteen apps it was never tuned on, 7 of 7 on ten others; its false positives: an object in a file nothing builds, and one read through a shared instance (Docs/LintPrecision.md, issue 50, session 4)",
    triggeringExamples: [
      Example(
        """
        struct Badge: View {
          @ObservedObject var ↓model: Model
          var body: some View { Text("Hello") }
        }
        """),
      Example(
        """
        struct Screen: View {
          @EnvironmentObject private var ↓settings: Settings
          var body: some View { Text("Static") }
        }
        """),
      Example(
        """
        struct Parent: View {
          @ObservedObject var ↓model: Model
          var body: some View {
            VStack {
              Header(model: model)
              Footer(model: self.model)
            }
          }
        }
        """),
      Example(
        """
        struct RootView: View {
          @StateObject private var ↓store = AppStore()
          var body: some View {
            ContentView()
              .environmentObject(store)
          }
        }
        """),
      Example(
        """
        struct Detail: View {
          @EnvironmentObject var ↓session: Session
          @ObservedObject var item: Item
          var body: some View { Text(item.title).environmentObject(session) }
        }
        """),
      Example(
        """
        struct AppRoot: View {
          @StateObject var ↓session = Session()
          var body: some View {
            TabsView()
              .environmentObject(session)
              .task { await session.restore() }
          }
        }
        """),
      Example(
        """
        struct Wrapper: View {
          @ObservedObject var ↓a: A, ↓b: B
          var body: some View { Child(a: a) }
        }
        """),
      Example(
        """
        final class Clock: ObservableObject {
          @Published var now = Date()
          private var timer: Timer?
          init() {
            timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
              self?.now = Date()
            }
          }
        }
        struct Header: View {
          @StateObject private var ↓clock = Clock()
          var body: some View { Text("Header") }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        final class Draft: ObservableObject {
          @Published var text = ""
          @Published var isDirty = false
        }
        struct Composer: View {
          @StateObject private var draft = Draft()
          var body: some View { Text("Compose") }
        }
        """),
      Example(
        """
        struct Badge: View {
          @ObservedObject var model: Model
          var body: some View { Text(model.title) }
        }
        """),
      Example(
        """
        struct Screen: View {
          @Environment(Model.self) private var model
          @Bindable var other: Other
          var body: some View { Text("Static") }
        }
        """),
      Example(
        """
        struct Editor: View {
          @ObservedObject var model: Model
          var body: some View { TextField("Name", text: $model.name) }
        }
        """),
      Example(
        """
        struct Counter: View {
          @StateObject private var model = Model()
          var body: some View { content }
          private var content: some View { Text("\\(model.count)") }
        }
        """),
      Example(
        """
        struct Row: View {
          @ObservedObject var model: Model
          init(model: Model) { self.model = model }
          var body: some View { Text(model.format(helper())) }
          func helper() -> String { "" }
        }
        """),
      Example(
        """
        struct Plain: View {
          var model: Model
          var body: some View { Child(model: model) }
        }
        """),
      Example(
        """
        final class UndoRegistration: ObservableObject {
          let manager = UndoManager()
        }
        struct Editor: View {
          @StateObject private var undo = UndoRegistration()
          var body: some View { Text("Editor").environmentObject(undo) }
        }
        """),
      Example(
        """
        struct Split: View {
          @ObservedObject var model: Model
          var body: some View { Text("x") }
        }
        extension Split {
          var title: String { model.title }
        }
        """),
    ]
  )

  static let observingWrappers: Set<String> = [
    "ObservedObject", "StateObject", "EnvironmentObject",
  ]

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    for view in file.views {
      var found: [Finding] = []
      for property in view.properties {
        guard let wrapper = property.wrapper, Self.observingWrappers.contains(wrapper) else {
          continue
        }
        let kinds = UseContext.uses(of: property.name, in: view.members, source: file.source).map(
          \.kind
        )
        .filter { $0 != .setup }
        guard !kinds.contains(.read) else { continue }
        // An owner that also drives the object from actions (`.task { await model.load() }`)
        // is still the owner-and-inject idiom.
        let ownsAndInjects = wrapper == "StateObject" && kinds.contains(.passOn)
        guard !kinds.contains(.action) || ownsAndInjects else { continue }
        let name = property.binding.pattern
        let finding: Finding
        if kinds.isEmpty {
          let unused = Finding(
            at: name,
            message: "'\(property.name)' is an @\(wrapper) that this view never reads; it "
              + "re-renders the view on every change of the object: remove it")
          // `@StateObject private var model = Model()` used nowhere: nothing else holds the
          // object, so it changes only by work it starts itself. Dead code, not a render cost,
          // when making it starts none.
          let madeHereOnly =
            wrapper == "StateObject" && property.initializer != nil
            && UseContext.uses(of: property.name, in: view.members, source: file.source).isEmpty
          finding =
            madeHereOnly
            ? unused.dropped { index in
              Self.objectType(of: property).map(index.staysQuietUnheld) ?? false
            } : unused
        } else if ownsAndInjects {
          finding = Finding(
            at: name,
            message: "'\(property.name)' is owned here only to be passed on, yet re-renders "
              + "this view on every change; on iOS 17 or macOS 14 and later make the model "
              + "@Observable and hold it in @State",
            isMild: true)
        } else {
          let (view, passed) = (view.name, property.name)
          finding = Finding(at: name) { index in
            "'\(passed)' is only passed on, never read, yet re-renders this view on every "
              + "change; " + Self.advice(passing: passed, from: view, index: index)
          }
        }
        found.append(Self.unlessQuiet(finding, property: property))
      }
      result += view.unlessExtendedElsewhere(found)
    }
    return result
  }

  /// What to do with an object `view` only passes on, by what its child views do with it:
  /// a child that observes it needs nothing more; one that holds it in a plain property must
  /// observe it before this view stops.
  static func advice(passing property: String, from view: String, index: ProjectIndex)
    -> String
  {
    var observing: [String] = []
    var plain: [String] = []
    for handoff in index.handoffs[view] ?? []
    where !handoff.isBinding && handoff.property == property {
      guard let child = index.uniqueType(named: handoff.child),
        child.storedProperties.contains(where: { $0.name == handoff.label })
      else { continue }
      if let wrapper = child.wrappers[handoff.label] {
        if observingWrappers.contains(wrapper), !observing.contains(handoff.child) {
          observing.append(handoff.child)
        }
      } else if !plain.contains(handoff.child) {
        plain.append(handoff.child)
      }
    }
    if !plain.isEmpty {
      return plain.joined(separator: ", ") + " holds it in a plain property: make "
        + (plain.count == 1 ? "that property" : "those properties")
        + " @ObservedObject and keep a plain reference here"
    }
    if !observing.isEmpty {
      return observing.joined(separator: ", ") + (observing.count == 1 ? " observes" : " observe")
        + " it already: keep a plain reference here"
    }
    return "let the children observe it and keep a plain reference here"
  }

  /// `finding`, dropped when the project shows that `property`'s class never publishes a
  /// change (no `@Published`, no `objectWillChange`): observing it costs nothing.
  static func unlessQuiet(_ finding: Finding, property: ViewProperty) -> Finding {
    guard let type = objectType(of: property) else { return finding }
    return finding.dropped { index in index.neverPublishes(type) }
  }

  /// The class an observed property holds: its written type, or `Model` in `= Model()`.
  static func objectType(of property: ViewProperty) -> String? {
    if let type = property.type {
      return type.hasSuffix("?") || type.hasSuffix("!") ? String(type.dropLast()) : type
    }
    guard let call = property.initializer?.as(FunctionCallExprSyntax.self),
      call.calledExpression.is(DeclReferenceExprSyntax.self)
    else { return nil }
    return call.calledExpression.trimmedText
  }
}
