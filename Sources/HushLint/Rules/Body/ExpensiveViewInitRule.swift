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
      let f = RelativeDateTimeFormatter() … }) or looks a resource up in a bundle (a localising \
      helper that finds its language's .lproj bundle on every call: "Run".localized()), \
      itself or through another member it reads or calls on every run, in any file \
      (balanceText(for:) calling another file's formatToFiat()), when a view reads it while \
      rendering (not a call whose result is unused, store.remove(id: id) in a custom view's \
      trailing closure: an action the view calls back): the finding is at the read, and names \
      where the work is done. Only work the member does on every run counts: not work in a \
      branch of an if (if let publishedAt { … } aside, and an if/else whose every branch \
      does it), a switch case, a guard's else, a condition after the first, a ternary's \
      branch or after ??, && or ||, nor work behind a flag the member sets (guard !loaded \
      else { return }; loaded = true). A member that keeps what it builds in a cache \
      (cache.setObject(formatter, forKey: format), formatters[format] = formatter) builds it \
      once per key and is not reported. Work inside actions \
      (Button, .task, .onAppear), under await or in an async method is not reported, nor is \
      the body of a view with no stored property at all (SwiftUI runs it once each time the \
      view appears, never for its parent), nor work in body over the inputs of a view whose \
      inputs are all plain values, let or var, beside environment actions such as \
      @Environment(\\.dismiss) (NSImage(contentsOf: url) with let url: URL?, \
      visited.shortRelative() with let visited: Date: it renders only when they change, and \
      the work is for the new value), nor a stored property's default or an initializer of a view made only when \
      its window opens: every place that makes it (previews aside) is the body of an app \
      that observes no object (Settings { SettingsPanes() }; its settings, @State and \
      environment change rarely), the body of a view with no stored \
      property at all, a method that returns nothing or is async in a type that is not a \
      view (a controller's openSettings()), or a stored property or initializer of a class \
      that is not a view (an app delegate's window).
      """,
    optInReason:
      "19 of 30 findings right on ten apps it was never tuned on (session 7, sample H), 3 of 12 on ten others before the fixes they led to (sample G), 13 of 14 on sample F (Docs/LintPrecision.md, issue 50): views rendered about once per sheet or navigation, and work on a rare path of a model's member, are still reported",
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
          @Binding var isSelected: Bool
          var body: some View { Text(clip.↓publishedText).bold(isSelected) }
        }
        """),
      Example(
        """
        extension Bundle {
          static func localizedBundle() -> Bundle {
            let language = UserDefaults.standard.string(forKey: "language") ?? "en"
            guard let path = Bundle.main.path(forResource: language, ofType: "lproj") else {
              return .main
            }
            return Bundle(path: path) ?? .main
          }
        }
        extension String {
          func localized() -> String {
            NSLocalizedString(self, bundle: Bundle.localizedBundle(), comment: "")
          }
        }
        struct RunButton: View {
          @Binding var isRunning: Bool
          var body: some View { Toggle("Run".↓localized(), isOn: $isRunning) }
        }
        """),
      Example(
        """
        func appLocalized(_ key: String, arguments: CVarArg...) -> String {
          let path = Bundle.main.path(forResource: Settings.shared.language, ofType: "lproj")
          let bundle = path.flatMap(Bundle.init(path:)) ?? .main
          return String(format: bundle.localizedString(forKey: key, value: nil, table: nil), arguments: arguments)
        }
        struct ReminderRow: View {
          let title: String
          @State private var isHovered = false
          var body: some View {
            Text(↓appLocalized("remind")).opacity(isHovered ? 1 : 0.5)
          }
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
        struct CacheInfo: Hashable {
          let bytes: Int64
          var sizeText: String {
            let formatter = ByteCountFormatter()
            return formatter.string(fromByteCount: bytes)
          }
        }
        struct CacheDetails: View {
          let cache: CacheInfo
          @Environment(\\.dismiss) private var dismiss
          var body: some View {
            Text(cache.sizeText)
            Button("Done") { dismiss() }
          }
        }
        """),
      Example(
        """
        final class AccountStore {
          func remove(id: UUID, notify: Bool = true) {
            let data = try? JSONEncoder().encode(id)
            UserDefaults.standard.set(data, forKey: "removed")
          }
        }
        struct DeleteAccountRow: View {
          let store: AccountStore
          let id: UUID
          @State private var isConfirming = false
          var body: some View {
            ConfirmButton(title: "Delete", isConfirming: $isConfirming) {
              store.remove(id: id)
            }
          }
        }
        """),
      Example(
        """
        extension Bundle {
          static let localized: Bundle = {
            let language = UserDefaults.standard.string(forKey: "language") ?? "en"
            return Bundle.main.path(forResource: language, ofType: "lproj").flatMap(Bundle.init(path:)) ?? .main
          }()
        }
        extension String {
          func localized() -> String { NSLocalizedString(self, bundle: .localized, comment: "") }
        }
        struct RunButton: View {
          @Binding var isRunning: Bool
          var body: some View { Toggle("Run".localized(), isOn: $isRunning) }
        }
        """),
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
      // A view whose inputs are all plain values (`let url: URL?`, `var isLast: Bool`: no
      // state, environment or closure) renders only when one of them changes: work over them
      // in body (`Image(contentsOfFile: path)`) is work for the new value, not needless.
      // An environment action (`@Environment(\.dismiss)`) does not change either.
      let stored = view.properties.filter {
        !$0.isStatic && !$0.isComputed && !Self.isEnvironmentAction($0)
      }
      let valueInputs: Set<String> =
        stored.allSatisfy {
          $0.wrapper == nil
            && $0.binding.typeAnnotation.map {
              descendants(FunctionTypeSyntax.self, of: $0.type).isEmpty
            } ?? false
        } ? Set(stored.map(\.name)) : []
      for code in rendered {
        let runsWhenMade = rendersWhenMade || Self.runsWhenMade(code.member)
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
      result += Self.expensiveMemberReads(
        in: view, rendered: rendered, valueInputs: rendersWhenMade ? [] : valueInputs,
        privateKeys: file.privateMemberKeys)
    }
    return result
  }

  /// Whether `member`, a view's per-render code, runs when the view is made (a stored
  /// property's default, the initializer), not when it renders: only as often as its parent
  /// renders.
  private static func runsWhenMade(_ member: Syntax) -> Bool {
    member.is(InitializerClauseSyntax.self) || member.is(InitializerDeclSyntax.self)
  }

  /// Environment values that are actions, the same for the life of a view: `dismiss`,
  /// `openURL`, `openWindow`, `dismissWindow`, `openSettings`.
  static let environmentActions: Set<String> = [
    "dismiss", "openURL", "openWindow", "dismissWindow", "openSettings", "openImmersiveSpace",
    "dismissImmersiveSpace", "dismissSearch", "refresh",
  ]

  /// Whether `property` is `@Environment(\.dismiss) var dismiss` or another of
  /// ``environmentActions``.
  private static func isEnvironmentAction(_ property: ViewProperty) -> Bool {
    guard property.wrapper == "Environment",
      let argument = property.declaration.attributes.lazy.compactMap({
        $0.as(AttributeSyntax.self)
      }).first(where: { $0.attributeName.trimmedText == "Environment" })?.arguments?
      .as(LabeledExprListSyntax.self)?.first?.expression.as(KeyPathExprSyntax.self),
      argument.root == nil, argument.components.count == 1,
      let name = argument.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?
        .declName.baseName.text
    else { return false }
    return environmentActions.contains(name)
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
  /// each member a view reads. `rendered`: the view's per-render members; `valueInputs`: the
  /// inputs of a view whose inputs are all plain values, which renders only when one of them
  /// changes: a read over them in body (`Text(event.durationText)`) is work for the new value.
  private static func expensiveMemberReads(
    in view: ViewType, rendered: [RenderScope.RenderedMember], valueInputs: Set<String>,
    privateKeys: [String: String]
  ) -> [Finding] {
    let own = Set(view.members.flatMap(memberNames))
    var result: [Finding] = []
    var seen: Set<String> = []
    for code in rendered {
      let runsWhenMade = Self.runsWhenMade(code.member)
      var inputs: Set<String>?
      for reference in code.references {
        // A type's name (`Text`, `VStack`: most names a body holds) reads no member.
        let name = reference.baseName.text
        guard ExpensiveMembers.mayNameMember(name), isOthersMemberRead(reference, own: own),
          !Self.synthesizedMembers.contains(name),
          !isStatement(reference)
        else { continue }
        if !runsWhenMade, !valueInputs.isEmpty {
          // A helper's parameters too: what body hands it comes from the inputs or is fixed.
          let parameters =
            code.member.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.map {
              ($0.secondName ?? $0.firstName).text
            } ?? []
          let known =
            inputs ?? Self.values(madeFrom: valueInputs.union(parameters), in: code.member)
          inputs = known
          if isRead(reference, over: known) { continue }
        }
        // A private member of this file is declared under its own key.
        let key = privateKeys.key(ofRead: reference)
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

  /// Whether `reference` reads a member of another type than the view's (whose members are
  /// named `own`): `model.member` or `Type.member`, where the base is a value reached by names
  /// alone (`video`, `model.settings`, `Ago`), not a call's result (that leaves out modifier
  /// chains, the most common member reads); a member of a string literal (`"Run".localized()`);
  /// or a call of a free function (`rmbLocalized(.run)`).
  private static func isOthersMemberRead(
    _ reference: DeclReferenceExprSyntax, own: Set<String>
  ) -> Bool {
    if let member = ExpensiveMembers.memberAccess(naming: reference) {
      guard let base = member.base else { return false }
      if base.is(StringLiteralExprSyntax.self) { return true }
      guard !base.is(SuperExprSyntax.self), Self.isNamePath(base), let root = rootName(of: base)
      else { return false }
      return root != "self" || !own.contains(reference.baseName.text)
    }
    guard ExpensiveMembers.call(reading: reference) != nil else { return false }
    return reference.baseName.text.first?.isLowercase == true
      && !own.contains(reference.baseName.text)
  }

  /// Whether the read `reference` is of a member of one of `values` (`event.durationText`,
  /// `self.event.durationText`) or a call with one of them in its arguments
  /// (`format_msats(zap.amount)`).
  private static func isRead(_ reference: DeclReferenceExprSyntax, over values: Set<String>)
    -> Bool
  {
    if let base = ExpensiveMembers.memberAccess(naming: reference)?.base,
      let root = rootName(of: base), values.contains(root)
    {
      return true
    }
    guard let call = ExpensiveMembers.call(reading: reference) else { return false }
    return descendants(DeclReferenceExprSyntax.self, of: call.arguments).contains {
      values.contains($0.baseName.text)
    }
  }

  /// Whether the read `reference` is a statement of its own, its result unused
  /// (`appState.removeAccount(id: id)`): an action, in a closure that a view calls back (a
  /// custom view's trailing closure reads as content), not work for what is shown.
  private static func isStatement(_ reference: DeclReferenceExprSyntax) -> Bool {
    var node = Syntax(reference)
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
        node = parent
      } else if let call = parent.as(FunctionCallExprSyntax.self),
        call.calledExpression.id == node.id
      {
        node = parent
      } else {
        break
      }
    }
    for ancestor in sequence(first: node, next: \.parent) {
      if ancestor.is(CodeBlockItemSyntax.self) { return !isImplicitReturn(ancestor) }
      guard
        ancestor.is(TryExprSyntax.self) || ancestor.is(AwaitExprSyntax.self)
          || ancestor.id == node.id
      else { return false }
    }
    return false
  }

  /// Whether `item` is the only statement of a getter or of a function that returns a value
  /// (`var meta: String { Ago.text(for: finished) }`): its value is returned.
  private static func isImplicitReturn(_ item: Syntax) -> Bool {
    guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else {
      return false
    }
    if list.parent?.is(AccessorBlockSyntax.self) == true { return true }
    guard let block = list.parent?.as(CodeBlockSyntax.self) else { return false }
    if let function = block.parent?.as(FunctionDeclSyntax.self) {
      return function.signature.returnClause != nil
    }
    return block.parent?.as(AccessorDeclSyntax.self)?.accessorSpecifier.tokenKind
      == .keyword(.get)
  }

  /// The message of a read of `name`, a member that does `found`'s work each time it runs;
  /// `called`: whether the read is a call.
  static func expensiveMemberMessage(
    _ name: String, _ found: ExpensiveMember, called: Bool
  ) -> String {
    let place =
      found.count == 1
      ? found.place
      : "\(found.place) and \(found.count - 1) more declaration" + (found.count == 2 ? "" : "s")
    let fix = found.work.hasPrefix("builds") ? "make it once" : "do it once"
    return "'\(name)' \(found.work) (\(place)) each time it is \(called ? "called" : "read"), "
      + "so on every render of this view; \(fix) (a static let) or keep the result in the model"
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
    if isBundleResourceLookup(call, named: name) { return "A Bundle resource lookup" }
    guard ["contents", "contentsOfDirectory"].contains(name),
      call.calleeBase?.trimmedText == "FileManager.default"
    else { return nil }
    return "Reading the file system"
  }

  /// Whether `call`, named `name`, looks a resource up in a bundle: `Bundle.main.url(
  /// forResource: name, withExtension: "md")`.
  static func isBundleResourceLookup(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
    // The name and labels first: the receiver's text only for the few calls that pass (a
    // long modifier chain would make it O(n²)).
    resourceLookups.contains(name)
      && call.arguments.contains(where: { $0.label?.text.hasPrefix("forResource") == true })
      && call.calleeBase?.trimmedText.hasPrefix("Bundle.") == true
  }
}
