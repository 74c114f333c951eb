import SwiftSyntax

/// An observed object only written to or called in actions, never read for display.
struct WriteOnlyObservedObjectRule: Rule {
  static let description = RuleDescription(
    id: "write-only-observed-object",
    name: "Write-Only Observed Object",
    summary: "An observed object used only in actions, never read for display",
    rationale: """
      Observing an object makes the view re-render on every change of it. A view that only \
      calls the object's methods or assigns to it from buttons, gestures and tasks \
      (Button { model.count += 1 }) shows nothing from it, so those renders are wasted. Inject \
      it as a plain reference instead: a non-observing @Environment value, a let property, or \
      a @State holder; keep @ObservedObject for views that display the object's data.
      """,
    optInReason:
      "6 of 10 findings right (60 %) on fifteen apps it was never tuned on, 11 of 11 on ten others; its false positives: a @Published property nothing writes, an object that never publishes while the view lives, and a parent that re-renders the view on the same change (Docs/LintPrecision.md, issue 50, session 4)",
    triggeringExamples: [
      Example(
        """
        struct SelectableCell<Content: View>: View {
          @ObservedObject var ↓selection: Selection
          let item: Item
          let content: Content
          var body: some View {
            content.gesture(TapGesture().onEnded({ _ in selection.select(item) }))
          }
        }
        """),
      Example(
        """
        struct AddButton: View {
          @ObservedObject var ↓model: Model
          var body: some View {
            Button("Add") { model.count += 1 }
          }
        }
        """),
      Example(
        """
        struct Loader: View {
          @StateObject private var ↓loader = Loader()
          var body: some View {
            Color.clear.task { await loader.load() }
          }
        }
        """),
      Example(
        """
        struct Toolbar: View {
          @EnvironmentObject var ↓router: Router
          var body: some View {
            HStack {
              Button { router.push(.settings) } label: { Image(systemName: "gear") }
              Button(action: { router.pop() }) { Text("Back") }
            }
          }
        }
        """),
      Example(
        """
        struct Tracker: View {
          @ObservedObject var ↓analytics: Analytics
          var body: some View {
            Text("Hi").onAppear { analytics.log("shown") }
          }
        }
        """),
      Example(
        """
        struct Form: View {
          @ObservedObject var ↓model: Model
          var body: some View {
            Button("Save", action: save)
          }
          func save() { model.save() }
        }
        """),
      Example(
        """
        struct RelayEditor: View {
          @ObservedObject private var ↓pool: ConnectionPool = .shared
          @State private var isConnected = false
          var body: some View {
            Toggle("Connected", isOn: $isConnected)
              .onReceive(pool.objectWillChange) { _ in isConnected = pool.isConnected }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        final class WindowManager: ObservableObject {
          private let subject = PassthroughSubject<Void, Never>()
          func close() {}
        }
        enum UserSettings { enum WindowManager { case floating, docked } }
        struct Notice: View {
          @EnvironmentObject var windowManager: WindowManager
          var body: some View { Text("Saved").onTapGesture { windowManager.close() } }
        }
        """),
      Example(
        """
        actor Recognizer: ObservableObject {
          @MainActor var transcript = ""
          func start() {}
        }
        struct RecordingView: View {
          @StateObject var recognizer = Recognizer()
          var body: some View {
            Button("Record") { Task { await recognizer.start() } }
          }
        }
        """),
      Example(
        """
        final class Sounds: ObservableObject {
          private let player = Player()
          func play(_ name: String) { player.play(name) }
        }
        struct Key: View {
          @EnvironmentObject var sounds: Sounds
          var body: some View { Button("A") { sounds.play("a") } }
        }
        """),
      Example(
        """
        struct Counter: View {
          @ObservedObject var model: Model
          var body: some View {
            Button("\\(model.count)") { model.count += 1 }
          }
        }
        """),
      Example(
        """
        struct AppRoot: View {
          @StateObject private var session = Session()
          var body: some View {
            TabsView().environmentObject(session).task { await session.restore() }
          }
        }
        """),
      Example(
        """
        struct Player: View {
          @ObservedObject var player: Player
          var body: some View {
            Image(systemName: "play")
              .onReceive(player.$isPlaying) { playing in print(playing) }
              .onTapGesture { player.toggle() }
          }
        }
        """),
      Example(
        """
        struct Toggler: View {
          @ObservedObject var model: Model
          var body: some View {
            Toggle("On", isOn: $model.isOn)
          }
        }
        """),
      Example(
        """
        struct List: View {
          @StateObject private var model = Model()
          var body: some View {
            ForEach(model.items) { Text($0.name) }
              .task { await model.load() }
          }
        }
        """),
      Example(
        """
        struct Actions: View {
          @Environment(Router.self) private var router
          var body: some View {
            Button("Back") { router.pop() }
          }
        }
        """),
      Example(
        """
        struct Rows: View {
          @ObservedObject var model: Model
          var body: some View {
            ForEach(model.ids, id: \\.self) { id in Text(model.label(for: id)) }
          }
        }
        """),
      Example(
        """
        struct Status: View {
          @ObservedObject var model: Model
          var body: some View {
            Button { model.retry() } label: { Text(model.isLoading ? "…" : "Retry") }
          }
        }
        """),
    ],
    mechanicalFix:
      "turns a write-only @ObservedObject var into a plain var (a @StateObject or "
      + "@EnvironmentObject, or a property also used as $name, needs a choice)"
  )

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    for view in file.views {
      var found: [Finding] = []
      for property in view.properties {
        guard let wrapper = property.wrapper,
          UnreadObservedObjectRule.observingWrappers.contains(wrapper)
        else { continue }
        let kinds = UseContext.uses(of: property.name, in: view.members, source: file.source).map(
          \.kind)
        guard kinds.contains(.action), !kinds.contains(.read) else { continue }
        // Owning a @StateObject to inject it is reported by unread-observed-object.
        if wrapper == "StateObject" && kinds.contains(.passOn) { continue }
        var finding = Finding(
          at: property.binding.pattern,
          message: "'\(property.name)' is only used in actions, never read for display, "
            + "yet re-renders this view on every change; inject it as a plain reference "
            + "(an @Environment value or a @State holder)")
        if let edit = Self.removingObservedObject(from: property, in: view) {
          finding = finding.fixed(by: [edit])
        }
        found.append(UnreadObservedObjectRule.unlessQuiet(finding, property: property))
      }
      result += view.unlessExtendedElsewhere(found)
    }
    return result
  }

  /// The edit that makes an `@ObservedObject` property a plain reference (`@ObservedObject var
  /// model: Model` → `var model: Model`): the attribute goes with the space after it. Only for
  /// `@ObservedObject` (a `@StateObject` owns its object, an `@EnvironmentObject` is found in
  /// the environment: neither has a one-word fix), alone in its declaration, and never used as
  /// `$name` (which needs the wrapper).
  private static func removingObservedObject(
    from property: ViewProperty, in view: ViewType
  ) -> TextEdit? {
    guard property.wrapper == "ObservedObject", property.declaration.bindings.count == 1,
      let attribute = property.declaration.attributes.first?.as(AttributeSyntax.self),
      attribute.attributeName.trimmedText == "ObservedObject",
      let next = attribute.nextToken(viewMode: .sourceAccurate)
    else { return nil }
    let projected = "$" + property.name
    let usesProjection = view.members.contains { member in
      member.tokens(viewMode: .sourceAccurate).contains { $0.text == projected }
    }
    guard !usesProjection else { return nil }
    return TextEdit(
      removingFrom: attribute.positionAfterSkippingLeadingTrivia,
      to: next.positionAfterSkippingLeadingTrivia)
  }
}
