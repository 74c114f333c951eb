import SwiftSyntax

/// Formatters, coders, regular expressions and file reads created per view init or render.
struct ExpensiveViewInitRule: Rule {
  static let description = RuleDescription(
    id: "expensive-view-init",
    name: "Expensive View Init",
    summary: "A formatter, JSON coder, regex, resource lookup or file read made per render",
    rationale: """
      A view's initializer, its stored-property defaults (including @State's initial value), \
      body, and the helpers body calls run every time the parent renders. Formatters, \
      JSONDecoder/JSONEncoder, NSRegularExpression, Bundle resource lookups and file reads are \
      expensive to create or perform, so doing them there multiplies their cost by the number \
      of renders. Create them once: a static let (static let formatter = DateFormatter()), \
      a file-scope or lazily initialised global, the model, or the FormatStyle APIs \
      (date.formatted(.dateTime.day())). The same holds for a model's computed property or \
      method, in any file, that builds one each time it runs (var publishedText: String { \
      let f = RelativeDateTimeFormatter() … }) when a view reads it while rendering: the \
      finding is at the read, and names where the object is built. A member that keeps what it builds in a cache \
      (cache.setObject(formatter, forKey: format), formatters[format] = formatter) builds it \
      once per key and is not reported. Work inside actions \
      (Button, .task, .onAppear), under await or in an async method is not reported, nor is \
      the body of a view with no stored property at all (SwiftUI runs it once each time the \
      view appears, never for its parent), nor work in body over the inputs of a view whose \
      inputs are all plain let values (NSImage(contentsOf: url) with let url: URL?: it \
      renders only when they change, and the work is for the new value), nor a stored property's default or an initializer of a view made only when \
      its window opens: every place that makes it (previews aside) is the body of an app \
      that observes no object (Settings { SettingsPanes() }; its settings, @State and \
      environment change rarely), the body of a view with no stored \
      property at all, a method that returns nothing or is async in a type that is not a \
      view (a controller's openSettings()), or a stored property or initializer of a class \
      that is not a view (an app delegate's window).
      """,
    triggeringExamples: [
      Example(
        """
        import SwiftUI
        @main struct NotesApp: App {
          var body: some Scene { Settings { SettingsPanes() } }
        }
        struct SettingsPanes: View {
          @State private var tab = 0
          var body: some View { TabView(selection: $tab) { GeneralPane().tag(0) } }
        }
        struct GeneralPane: View {
          private let formatter = ↓DateFormatter()
          var body: some View { Text(formatter.string(from: .now)) }
        }
        """),
      Example(
        """
        struct Clip {
          let published: Date
          var publishedText: String {
            let formatter = RelativeDateTimeFormatter()
            return formatter.localizedString(for: published, relativeTo: .now)
          }
        }
        struct ClipRow: View {
          let clip: Clip
          var body: some View { Text(clip.↓publishedText) }
        }
        """),
      Example(
        """
        struct DateLabel: View {
          let date: Date
          var body: some View {
            let formatter = ↓DateFormatter()
            return Text(formatter.string(from: date))
          }
        }
        """),
      Example(
        """
        struct Price: View {
          let value: Double
          private let formatter = ↓NumberFormatter()
          var body: some View { Text(formatter.string(for: value) ?? "") }
        }
        """),
      Example(
        """
        struct Config: View {
          let settings: Settings
          init(data: Data) {
            settings = try! ↓JSONDecoder().decode(Settings.self, from: data)
          }
          var body: some View { Text(settings.title) }
        }
        """),
      Example(
        """
        struct Highlight: View {
          let text: String
          var body: some View { Text(matches) }
          private var matches: String {
            let regex = try! ↓NSRegularExpression(pattern: "[a-z]+")
            return regex.firstMatch(in: text, range: NSRange(location: 0, length: 1)) == nil ? "" : text
          }
        }
        """),
      Example(
        """
        struct Document: View {
          let name: String
          @State private var zoom = 1.0
          var body: some View { Text(load()).scaleEffect(zoom) }
          func load() -> String {
            let url = ↓Bundle.main.url(forResource: name, withExtension: "md")!
            return (try? ↓String(contentsOf: url, encoding: .utf8)) ?? ""
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        enum DateFormats {
          private static let cache = NSCache<NSString, DateFormatter>()
          static func formatter(for format: String) -> DateFormatter {
            if let cached = cache.object(forKey: format as NSString) { return cached }
            let formatter = DateFormatter()
            formatter.dateFormat = format
            cache.setObject(formatter, forKey: format as NSString)
            return formatter
          }
        }
        struct MonthTitle: View {
          let month: Date
          @State private var isExpanded = false
          var body: some View {
            Text(DateFormats.formatter(for: "MMMM").string(from: month))
          }
        }
        """),
      Example(
        """
        struct IconPreview: View {
          let url: URL?
          var body: some View {
            if let url, let image = NSImage(contentsOf: url) { Image(nsImage: image) }
          }
        }
        """),
      Example(
        """
        import SwiftUI
        @main struct CasksApp: App {
          @AppStorage("colorScheme") private var colorScheme = 0
          @State private var casks = CaskManager()
          var body: some Scene {
            WindowGroup("Info", for: CaskInfo.self) { $info in InfoWindow(info: info ?? .empty) }
          }
        }
        struct InfoWindow: View {
          let info: CaskInfo
          private let formatter = DateFormatter()
          var body: some View { Text(formatter.string(from: info.updated)) }
        }
        """),
      Example(
        """
        import SwiftUI
        struct ClockWidget: Widget {
          var body: some WidgetConfiguration {
            StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in
              ClockView(entry: entry)
            }
          }
        }
        struct ClockView: View {
          let entry: ClockEntry
          var body: some View {
            let formatter = DateFormatter()
            Text(formatter.string(from: entry.date))
          }
        }
        """),
      Example(
        """
        import SwiftUI
        struct RootView: View {
          var body: some View { CampusMap() }
        }
        struct CampusMap: View {
          private let appearance = Appearance()
          var body: some View { MapView(host: host).environment(\\.appearance, appearance) }
          private var host: String {
            let url = Bundle.main.url(forResource: "Config", withExtension: "plist")!
            return (NSDictionary(contentsOf: url)?["HOST"] as? String) ?? ""
          }
        }
        """),
      Example(
        """
        extension Array: RawRepresentable where Element: Codable {
          public var rawValue: String {
            String(data: try! JSONEncoder().encode(self), encoding: .utf8) ?? "[]"
          }
          public init?(rawValue: String) { nil }
        }
        enum Tab: String { case home, settings }
        struct TabLabel: View {
          let tab: Tab
          var body: some View { Text(tab.rawValue) }
        }
        """),
      Example(
        """
        struct Readme: View {
          var body: some View { Text(load()) }
          func load() -> String {
            let url = Bundle.main.url(forResource: "README", withExtension: "md")!
            return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
          }
        }
        """),
      Example(
        """
        struct BuildStamp: View {
          var body: some View {
            let formatter = DateFormatter()
            Text(formatter.string(from: .now))
          }
        }
        """),
      Example(
        """
        import SwiftUI
        @main struct NotesApp: App {
          @NSApplicationDelegateAdaptor(AppDelegate.self) var delegate
          var body: some Scene { Settings { SettingsPanes() } }
        }
        struct SettingsPanes: View {
          var body: some View { TabView { GeneralPane().tabItem { Text("General") } } }
        }
        struct GeneralPane: View {
          private let formatter = DateFormatter()
          var body: some View { Text(formatter.string(from: .now)) }
        }
        #Preview { GeneralPane() }
        """),
      Example(
        """
        import SwiftUI
        final class AppController {
          var window: NSWindow?
          func openSettings() {
            guard window == nil else { return }
            window = NSWindow(contentViewController: NSHostingController(rootView: StoragePane()))
          }
        }
        struct StoragePane: View {
          @State private var limit = 200
          private let formatter = ByteCountFormatter()
          var body: some View { Text(formatter.string(fromByteCount: Int64(limit))) }
        }
        """),
      Example(
        """
        import SwiftUI
        final class AppDelegate: NSObject, NSApplicationDelegate {
          let credits = NSWindow(contentViewController: NSHostingController(rootView: Credits()))
        }
        struct Credits: View {
          var body: some View {
            let url = Bundle.main.url(forResource: "Credits", withExtension: "md")!
            Text((try? String(contentsOf: url, encoding: .utf8)) ?? "")
          }
        }
        """),
      Example(
        """
        struct Cards {
          func update(_ card: String) async throws -> Data { try JSONEncoder().encode(card) }
        }
        struct CardEditor: View {
          let cards: Cards
          @State private var text = ""
          var body: some View {
            CardSheet(text: $text, submit: { card in _ = try await cards.update(card) })
          }
        }
        """),
      Example(
        """
        struct AirTime: View {
          @Binding var airTime: String
          var body: some View {
            DatePicker(
              "Air time",
              selection: $airTime.map(getter: { Self.parse($0) }, setter: { date in
                let formatter = DateFormatter()
                return formatter.string(from: date)
              }))
          }
        }
        """),
      Example(
        """
        struct DateLabel: View {
          static let formatter = DateFormatter()
          let date: Date
          var body: some View { Text(Self.formatter.string(from: date)) }
        }
        """),
      Example(
        """
        struct Stamp: View {
          let date: Date
          var body: some View {
            Text(date, format: .dateTime.hour().minute())
              .onDrop(of: [.json], isTargeted: nil) { _ in
                _ = JSONDecoder()
                return true
              }
          }
        }
        """),
      Example(
        """
        private let decoder = JSONDecoder()
        struct Feed: View {
          var body: some View { Text(date.formatted(.dateTime.day())) }
        }
        """),
      Example(
        """
        struct Export: View {
          var body: some View {
            Button("Export") {
              let data = try? JSONEncoder().encode(model)
              save(data)
            }
          }
        }
        """),
      Example(
        """
        struct Loader: View {
          @StateObject private var model = Model(decoder: JSONDecoder())
          var body: some View {
            Text(model.title).task {
              let data = try? Data(contentsOf: Bundle.main.url(forResource: "a", withExtension: nil)!)
              model.load(data)
            }
          }
        }
        """),
      Example(
        """
        final class Model {
          let formatter = DateFormatter()
          func text(for date: Date) -> String { formatter.string(from: date) }
        }
        """),
      Example(
        """
        struct IconPicker: View {
          @State private var isImporting = false
          @State private var icon: Data?
          var body: some View {
            Button("Choose…") { isImporting = true }
              .fileImporter(isPresented: $isImporting, allowedContentTypes: [.image]) { result in
                icon = try? Data(contentsOf: result.get())
              }
          }
        }
        """),
      Example(
        """
        struct Saver: View {
          var body: some View { Button("Save", action: save) }
          func save() { try? JSONEncoder().encode(1).write(to: url) }
        }
        """),
    ],
    mechanicalFix:
      "moves a formatter, coder or regular expression made in a view's body or helper (with "
      + "the property assignments right after it) into a private static let of the view, and "
      + "makes a stored let with such a default static (not in a generic view, nor when the "
      + "value is configured from the view's own values or changed later)"
  )

  static let expensiveTypes: Set<String> = [
    "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter",
    "RelativeDateTimeFormatter", "MeasurementFormatter", "ByteCountFormatter",
    "PersonNameComponentsFormatter", "ListFormatter", "DateIntervalFormatter",
    "EnergyFormatter", "LengthFormatter", "MassFormatter", "JSONDecoder", "JSONEncoder",
    "PropertyListDecoder", "PropertyListEncoder", "NSRegularExpression", "NSDataDetector",
  ]

  static let fileReadingLabels: Set<String> = ["contentsOf", "contentsOfFile", "contentsOfURL"]

  static let resourceLookups: Set<String> = [
    "url", "path", "urls", "paths", "contents", "contentsOfDirectory",
  ]

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    var seen: Set<SyntaxIdentifier> = []
    for view in file.views {
      // A view with no stored property at all depends on nothing: SwiftUI runs its body
      // once each time the view appears, never again for its parent nor for a change, so
      // only its initializer runs as often as its parent renders.
      let hasNoInput = !view.properties.contains { !$0.isStatic && !$0.isComputed }
      let rendered = RenderScope.perRenderCode(of: view).filter {
        !hasNoInput || $0.member.is(InitializerDeclSyntax.self)
      }
      // A view whose stored properties are all constants of its own (`let appearance =
      // Appearance()`: no input, no state, no environment) renders only when it is made.
      let rendersWhenMade = view.properties.allSatisfy {
        $0.isStatic || $0.isComputed || ($0.wrapper == nil && $0.initializer != nil)
      }
      // A view whose inputs are all plain values (`let url: URL?`: no state, environment or
      // closure) renders only when one of them changes: work over them in body
      // (`Image(contentsOfFile: path)`) is work for the new value, not needless.
      let stored = view.properties.filter { !$0.isStatic && !$0.isComputed }
      let valueInputs: Set<String> =
        stored.allSatisfy {
          $0.wrapper == nil && $0.declaration.bindingSpecifier.tokenKind == .keyword(.let)
            && $0.binding.typeAnnotation.map {
              descendants(FunctionTypeSyntax.self, of: $0.type).isEmpty
            } ?? false
        } ? Set(stored.map(\.name)) : []
      for code in rendered {
        // A stored property's default or the initializer runs when the view is made, not
        // when it renders: only as often as its parent renders.
        let runsWhenMade =
          rendersWhenMade || code.member.is(InitializerClauseSyntax.self)
          || code.member.is(InitializerDeclSyntax.self)
        // The inputs and the locals made from them, worked out at the first expensive call.
        var inputs: Set<String>?
        for call in code.calls where seen.insert(call.id).inserted {
          guard let what = Self.expensiveWork(call) else { continue }
          if !runsWhenMade, !valueInputs.isEmpty {
            let known = inputs ?? Self.values(madeFrom: valueInputs, in: code.member)
            inputs = known
            if descendants(DeclReferenceExprSyntax.self, of: call.arguments).contains(where: {
              known.contains($0.baseName.text)
            }) {
              continue
            }
          }
          let message =
            "\(what) runs each time this view is created or rendered; make it once (a "
            + "static let, the model, or a FormatStyle)"
          var finding = Finding(at: call, message: message)
          finding.condition =
            runsWhenMade
            ? .madeWithView(view: view.name, message: message)
            : .rendersWithView(view: view.name, message: message)
          result.append(StaticLetFix.fix(finding, for: call, in: view) ?? finding)
        }
      }
      result += Self.expensiveMemberReads(in: view, rendered: rendered)
    }
    return result
  }

  /// `inputs` and the locals of `member` made from them (`let url = Bundle.main.url(
  /// forResource: name, …)` for `name`).
  private static func values(madeFrom inputs: Set<String>, in member: Syntax) -> Set<String> {
    var values = inputs
    for binding in descendants(PatternBindingSyntax.self, of: member) {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let value = binding.initializer?.value,
        descendants(DeclReferenceExprSyntax.self, of: value).contains(where: {
          values.contains($0.baseName.text)
        })
      else { continue }
      values.insert(name)
    }
    return values
  }

  /// Members the compiler declares where the code does not (an enum's `rawValue`, a
  /// `Hashable` type's `hashValue`, every `Binding`'s and property wrapper's `wrappedValue`):
  /// the declarations the linted code shows are not all of them, so which one a read reaches
  /// is not known (`Tab.home.rawValue` against an `Array: RawRepresentable` extension that
  /// encodes JSON, `selection.wrappedValue` of a `Binding` against a `UserDefaults` wrapper's
  /// decoding getter).
  static let synthesizedMembers: Set<String> = [
    "rawValue", "hashValue", "wrappedValue", "projectedValue",
  ]

  /// Reads, while `view` renders, of another type's member that builds an expensive object
  /// each time it runs (`video.publishedText`, `commit.date.shortRelative()`,
  /// `Ago.text(for: date)`), decided once the project's members are known: one finding for
  /// each member a view reads. `rendered`: the view's per-render members.
  private static func expensiveMemberReads(
    in view: ViewType, rendered: [RenderScope.RenderedMember]
  ) -> [Finding] {
    let own = Set(view.members.flatMap(memberNames))
    var result: [Finding] = []
    var seen: Set<String> = []
    for code in rendered {
      for reference in code.references {
        // `model.member` or `Type.member`: a model's member, not one of the view's own.
        // The base is a value reached by names alone (`video`, `model.settings`, `Ago`), not
        // a call's result: that leaves out modifier chains, the most common member reads.
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self),
          member.declName.id == reference.id, let base = member.base,
          !base.is(SuperExprSyntax.self), Self.isNamePath(base),
          let root = rootName(of: base), root != "self" || !own.contains(reference.baseName.text),
          !Self.synthesizedMembers.contains(reference.baseName.text)
        else { continue }
        let key = ExpensiveMembers.key(ofRead: reference)
        guard seen.insert(key).inserted else { continue }
        result.append(
          Finding(
            at: reference,
            when: .readsExpensiveMember(
              key: key, name: reference.baseName.text, view: view.name)))
      }
    }
    return result
  }

  /// Whether `expression` is a name or a chain of member names: `clip`, `self.model.clip`,
  /// `item?.clip`.
  private static func isNamePath(_ expression: ExprSyntax) -> Bool {
    var current = expression
    while true {
      if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
        current = base
      } else if let optional = current.as(OptionalChainingExprSyntax.self) {
        current = optional.expression
      } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
        current = unwrap.expression
      } else {
        return current.is(DeclReferenceExprSyntax.self)
      }
    }
  }

  /// The message of a read of `name`, a member that builds `found` each time it runs.
  static func expensiveMemberMessage(_ name: String, _ found: ExpensiveMember) -> String {
    let place =
      found.count == 1
      ? found.place
      : "\(found.place) and \(found.count - 1) more declaration" + (found.count == 2 ? "" : "s")
    return "'\(name)' builds a \(found.builds) (\(place)) each time it is read, so on every "
      + "render of this view; make it once (a static let) or keep the result in the model"
  }

  private static func memberNames(_ member: DeclSyntax) -> [String] {
    if let function = member.as(FunctionDeclSyntax.self) { return [function.name.text] }
    return member.as(VariableDeclSyntax.self)?.bindings.compactMap(\.identifierName) ?? []
  }

  private static func expensiveWork(_ call: FunctionCallExprSyntax) -> String? {
    guard let name = call.calleeName else { return nil }
    if call.isUnqualifiedCall {
      if expensiveTypes.contains(name) { return "\(name)()" }
      if let label = call.arguments.first?.label?.text, fileReadingLabels.contains(label),
        name.first?.isUppercase == true
      {
        return "\(name)(\(label):) reads a file and"
      }
      return nil
    }
    // The receiver's text only for the few names that matter: a long modifier chain would
    // make it O(n²).
    guard resourceLookups.contains(name) || ["contents", "contentsOfDirectory"].contains(name),
      let base = call.calleeBase?.trimmedText
    else { return nil }
    if base.hasPrefix("Bundle."), resourceLookups.contains(name),
      call.arguments.contains(where: { $0.label?.text.hasPrefix("forResource") == true })
    {
      return "A Bundle resource lookup"
    }
    if base == "FileManager.default", ["contents", "contentsOfDirectory"].contains(name) {
      return "Reading the file system"
    }
    return nil
  }
}
