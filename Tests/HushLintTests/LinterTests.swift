import Foundation
import Testing

@testable import HushLint

@Suite struct LinterTests {
  static let ownerInjects = """
    struct Root: View {
      @StateObject private var store = AppStore()
      var body: some View { Content().environmentObject(store) }
    }
    """

  @Test func ownerAndInjectIsOneSeverityLower() {
    let violations = Linter(configuration: Configuration.withProvisionalRules).lint(
      source: Self.ownerInjects, path: "Root.swift")
    #expect(violations.count == 1)
    #expect(violations.first?.severity == .info)
    #expect(violations.first?.message.contains("@State") == true)
    var configuration = Configuration.withProvisionalRules
    configuration.severities["unread-observed-object"] = .error
    let raised = Linter(configuration: configuration).lint(
      source: Self.ownerInjects, path: "Root.swift")
    #expect(raised.first?.severity == .warning)
  }

  @Test func indexesOnlyTheMembersThatEnabledRulesFollow() {
    #expect(Linter(configuration: Configuration()).indexedMembers.isEmpty)
    var configuration = Configuration()
    configuration.optInRules.insert("expensive-view-init")
    #expect(Linter(configuration: configuration).indexedMembers == .expensive)
    #expect(Linter(configuration: .withProvisionalRules).indexedMembers == .all)
    let model = """
      import Foundation
      struct Event {
        var date: Date
        var items: [String]
        var dayText: String { DateFormatter().string(from: date) }
        var sortedItems: [String] { items.sorted() }
      }
      """
    let all = LintedFile(path: "Event.swift", source: model)
    #expect(all.index.expensiveMembers["dayText"] != nil)
    #expect(all.index.collectionWorkMembers["sortedItems"] != nil)
    let none = LintedFile(
      path: "Event.swift", source: model, tree: all.tree, index: nil, gathering: [])
    #expect(none.index.expensiveMembers.isEmpty && none.index.collectionWorkMembers.isEmpty)
  }

  @Test func printChangesUnderDebugIsInfo() {
    let source = """
      struct A: View {
        var body: some View {
          #if DEBUG
          let _ = Self._printChanges()
          #endif
          Text("a")
        }
      }
      """
    let violations = Linter(configuration: Configuration.withProvisionalRules).lint(
      source: source, path: "A.swift")
    #expect(violations.map(\.severity) == [.info])
    #expect(violations.map(\.lineText) == ["let _ = Self._printChanges()"])
  }

  @Test func testCodeIsIndexedButNotReported() {
    let view = """
      struct A: View {
        @ObservedObject var model: Model
        var body: some View { Text("a") }
      }
      """
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(source: view, path: "A.swift")
        .map(\.ruleID) == [
          "unread-observed-object"
        ])
    for header in ["import XCTest", "import Testing", "@testable import App"] {
      #expect(
        Linter(configuration: Configuration.withProvisionalRules).lint(
          source: header + "\n" + view, path: "ATests.swift"
        ).isEmpty)
    }
    let scope =
      "import ComposableArchitecture\nlet s = store.scope(state: { $0.child }, action: \\.child)"
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(source: scope, path: "A.swift")
        .map(\.ruleID) == [
          "computed-scope"
        ])
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(
        source: "import XCTest\n" + scope, path: "ATests.swift"
      ).isEmpty)
  }

  @Test func composableArchitectureRulesNeedTheImport() {
    let source = "WithViewStore(store, observe: { $0 }) { Text($0.title) }"
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(
        source: source, path: "A.swift"
      ).isEmpty)
    let imported = "import ComposableArchitecture\n" + source
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(
        source: imported, path: "A.swift"
      ).map(\.ruleID)
        == ["observe-whole-state"])
  }

  @Test func suppressionComments() {
    let source = """
      struct A: View {
        @ObservedObject var a: M // hush-lint:disable-next-line impure-body
        // hush-lint:disable-next-line unread-observed-object, impure-body
        @ObservedObject var b: M
        // hush-lint:disable unread-observed-object
        @ObservedObject var c: M
        // hush-lint:enable unread-observed-object
        @ObservedObject var d: M
        // hush-lint:disable all
        @ObservedObject var e: M
        var body: some View { let _ = print("x"); Text("a") }
      }
      """
    let violations = Linter(configuration: Configuration.withProvisionalRules).lint(
      source: source, path: "A.swift")
    #expect(violations.map(\.position.line) == [2, 8])
  }

  @Test func windowsLineEndings() {
    let source = [
      "struct A: View {",
      "  // hush-lint:disable-next-line unread-observed-object",
      "  @ObservedObject var a: M",
      "  @ObservedObject var b: M",
      "  var body: some View { Text(\"x\") }",
      "}",
    ].joined(separator: "\r\n")
    let violations = Linter(configuration: Configuration.withProvisionalRules).lint(
      source: source, path: "A.swift")
    #expect(violations.map(\.position) == [SourcePosition(line: 4, column: 23)])
    #expect(violations.map(\.lineText) == ["@ObservedObject var b: M"])
  }

  @Test func sourceThatDoesNotParseIsStillLinted() {
    let source = """
      struct A: View {
        @ObservedObject var model: Model
        var body: some View {
          Text("a"
        }
      func (
      """
    let violations = Linter(configuration: Configuration.withProvisionalRules).lint(
      source: source, path: "A.swift")
    #expect(violations.map(\.ruleID) == ["unread-observed-object"])
  }

  @Test func selfIdentityOverAnIdentifiableModelSaysToDropTheID() {
    let source = """
      struct Contact: Identifiable { var id: UUID; var name: String; var phone: String }
      struct Contacts: View {
        var contacts: [Contact]
        var body: some View { ForEach(contacts, id: \\.self) { Text($0.name) } }
      }
      """
    let messages = Linter(configuration: everyRule()).lint(source: source, path: "C.swift")
      .map(\.message)
    #expect(
      messages == [
        "'id: \\.self' hashes the whole Contact, so any edit gives the row a new identity; "
          + "Contact is Identifiable: drop 'id: \\.self' and let ForEach use its id"
      ])
  }

  @Test func garbageDoesNotCrash() {
    let inputs = [
      "", "}}}}", "@ObservedObject", "struct : View {", "ForEach(", "\u{0}\u{1}", "#if",
    ]
    for input in inputs {
      _ = Linter(configuration: everyRule()).lint(source: input, path: "G.swift")
    }
  }

  @Test func modelTypesFromOtherFilesAreKnown() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let model = try scratch.write(
      "Cat.swift",
      """
      struct Cat { var name: String; var imageURL: URL; var rating: Int }
      func rename(_ cat: inout Cat) { cat.name = "Tom"; cat.rating += 1 }
      """)
    let view = try scratch.write(
      "CatImage.swift",
      """
      struct CatImage: View {
        let cat: Cat
        var body: some View { AsyncImage(url: cat.imageURL) }
      }
      """)
    let report = Linter(configuration: Configuration.withProvisionalRules).lint(files: [
      model, view,
    ])
    #expect(report.violations.map(\.ruleID) == ["whole-model-dependency"])
    #expect(report.fileCount == 2)
    #expect(report.lineCount == 6)
    let alone = Linter(configuration: Configuration.withProvisionalRules).lint(files: [view])
    #expect(alone.violations.isEmpty)
    let extensionElsewhere = try scratch.write(
      "CatImage+Name.swift", "extension CatImage { var name: String { cat.name } }")
    let extended = Linter(configuration: Configuration.withProvisionalRules).lint(files: [
      model, view, extensionElsewhere,
    ])
    #expect(extended.violations.isEmpty)
  }

  /// `id: \.self` over a model struct is reported only where an element can be edited: the
  /// project writes one of its `var` properties, or the rows get bindings. Lists that are the
  /// same on every render (static, or set by the view itself) are never reported.
  @Test func wholeValueIdentityNeedsAnEditThatCanHappen() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let paths = [
      try scratch.write(
        "Preset.swift",
        """
        struct Preset: Hashable { var name: String; var gain: Double }
        enum Presets { static let all = [Preset(name: "Flat", gain: 0)] }
        """),
      try scratch.write(
        "Views.swift",
        """
        struct PresetList: View {
          let presets: [Preset]
          var body: some View { ForEach(presets, id: \\.self) { Text($0.name) } }
        }
        struct BuiltIn: View {
          static let presets = [Preset(name: "Loud", gain: 6)]
          private let extra = [Preset(name: "Soft", gain: -6)]
          var body: some View {
            ForEach(Self.presets, id: \\.self) { Text($0.name) }
            ForEach(Presets.all, id: \\.self) { Text($0.name) }
            ForEach(extra, id: \\.self) { Text($0.name) }
          }
        }
        struct PresetEditor: View {
          @State private var presets: [Preset] = []
          var body: some View {
            ForEach($presets, id: \\.self) { $preset in TextField("Name", text: $preset.name) }
          }
        }
        """),
    ]
    // Nothing writes a preset's fields: only the rows given bindings are reported.
    let unwritten = Linter(configuration: Configuration.withProvisionalRules).lint(files: paths)
      .violations
    #expect(unwritten.map(\.ruleID) == ["unstable-identity"])
    #expect(unwritten.map(\.position.line) == [17])
    let writer = try scratch.write(
      "Tuning.swift", "func tune(_ preset: inout Preset) { preset.gain += 1 }")
    let written = Linter(configuration: Configuration.withProvisionalRules).lint(
      files: paths + [writer]
    ).violations
    #expect(written.map(\.position.line) == [3, 17])
  }

  @Test func fieldsTheProjectNeverWritesChangeOnlyWithTheWholeValue() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let paths = [
      try scratch.write(
        "Parsed.swift",
        """
        struct Parsed { var markdown: String; var rawText: String; var links: [URL]
          init(html: String) { markdown = html; rawText = html; links = [] }
        }
        struct Emoji: Identifiable { let id: String }
        struct Reactions { var favorites: [Emoji] = []; var count = 0 }
        """),
      try scratch.write(
        "Views.swift",
        """
        struct Body: View {
          let parsed: Parsed
          var body: some View { Text(parsed.markdown) }
        }
        struct Arc: View {
          let store: StoreOf<Feature>
          var body: some View {
            ForEach(Array(store.favorites.enumerated()), id: \\.offset) { Text($0.element.id) }
          }
        }
        """),
    ]
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: paths).violations
        .isEmpty)
    let writer = try scratch.write(
      "Writer.swift",
      "func edit(_ p: inout Parsed, _ r: inout Reactions) { p.links = []; r.favorites.remove(at: 0) }"
    )
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: paths + [writer])
        .violations.map(\.ruleID)
        .sorted()
        == ["unstable-identity", "whole-model-dependency"])
  }

  /// A write that finishes a new value (a local copy, then only appended) changes no row a
  /// view holds; storing the copy back over a row does. Offsets over strings, which have no
  /// id to use instead, are not reported; over identifiable rows they are.
  @Test func writesThatFinishANewValueDoNotCount() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let paths = [
      try scratch.write(
        "Post.swift",
        """
        struct Post: Identifiable { let id: String; let text: String; var hasReply = false }
        func thread(_ posts: [Post], replied: Set<String>) -> [Post] {
          var result: [Post] = []
          for post in posts {
            var item = post
            if replied.contains(item.id) { item.hasReply = true }
            result.append(item)
          }
          return result
        }
        func toggle(_ post: Post, in selected: inout [Post]) {
          var post = post
          post.hasReply = true
          if selected.contains(post) { selected.removeAll { $0.id == post.id } } else { selected.append(post) }
        }
        func restored(_ posts: [Post]) -> [Post] {
          posts.compactMap { stored in
            var post = stored
            post.hasReply = false
            return post
          }
        }
        """),
      try scratch.write(
        "Views.swift",
        """
        import SwiftUI
        struct PostRow: View {
          let post: Post
          var body: some View { Text(post.text) }
        }
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
    ]
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: paths).violations
        .isEmpty)
    let writer = try scratch.write(
      "Writer.swift",
      """
      struct Thread { var posts: [Post] = []; var drafts: [Post] = [] }
      func markFirst(_ thread: inout Thread) {
        var item = thread.posts[0]
        item.hasReply = true
        thread.posts[0] = item
      }
      """)
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: paths + [writer])
        .violations.map(\.ruleID)
        == ["whole-model-dependency"])
    let lister = try scratch.write(
      "Drafts.swift",
      """
      import SwiftUI
      struct Drafts: View {
        @State private var thread = Thread()
        var body: some View {
          ForEach(Array(thread.drafts.enumerated()), id: \\.offset) { Text($0.element.text) }
            .onDelete { thread.drafts.remove(atOffsets: $0) }
        }
      }
      """)
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(
        files: paths + [writer, lister]
      ).violations.map(
        \.ruleID
      ).sorted()
        == ["unstable-identity", "whole-model-dependency"])
  }

  /// How often a view is made and what a model's member costs are decided across files: a
  /// settings pane made only by a stateless app's scene keeps its stored formatter, and a
  /// list's data read from a model member that sorts is reported at the read.
  @Test func viewSitesAndModelMembersAreDecidedAcrossFiles() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let paths = [
      try scratch.write(
        "App.swift",
        """
        import SwiftUI
        @main struct Notes: App {
          var body: some Scene { Settings { Panes() } }
        }
        struct Panes: View {
          var body: some View { TabView { AboutPane() } }
        }
        """),
      try scratch.write(
        "AboutPane.swift",
        """
        import SwiftUI
        struct AboutPane: View {
          let library: Library
          private let formatter = DateFormatter()
          var body: some View {
            Text(formatter.string(from: .now))
            List(library.recent) { Text($0.title) }
          }
        }
        """),
      try scratch.write(
        "Library.swift",
        """
        @Observable final class Library {
          var notes: [Note] = []
          var recent: [Note] { notes.sorted { $0.date > $1.date } }
        }
        """),
    ]
    let quiet = Linter(configuration: Configuration.withProvisionalRules).lint(files: paths)
      .violations
    #expect(quiet.map(\.ruleID) == ["collection-work-in-body"])
    #expect(
      quiet.first?.message.contains("sorted over the whole collection (Library.swift:3)") == true)
    // A second place that makes the pane, in a view that renders again, makes it per render.
    let sidebar = try scratch.write(
      "Sidebar.swift",
      """
      import SwiftUI
      struct Sidebar: View {
        @State private var showsAbout = false
        var body: some View { if showsAbout { AboutPane(library: Library()) } }
      }
      """)
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: paths + [sidebar])
        .violations.map(\.ruleID)
        .sorted()
        == ["collection-work-in-body", "expensive-view-init"])
  }

  /// A server target beside the app, with a record type whose fields have the model's
  /// names: the record's writes say nothing about the model.
  @Test func writesToAnotherTypesFieldsOfTheSameNameDoNotCount() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let paths = [
      try scratch.write(
        "Article.swift",
        """
        struct Article: Codable { var title: String; var body: String; var views: Int }
        struct ArticleTitle: View {
          let article: Article
          var body: some View { Text(article.title) }
        }
        """),
      try scratch.write(
        "Server.swift",
        """
        final class ArticleRecord { var title = ""; var body = ""; var views = 0
          func touch() { views += 1; self.body = body.trimmed() }
        }
        struct Editor { var record: ArticleRecord? }
        extension Editor {
          func publish(_ draft: ArticleRecord, as title: String) {
            draft.title = title
            let copy = ArticleRecord()
            copy.views = 0
            let found = lookUp() as? ArticleRecord
            found?.body = ""
            record?.views = 1
          }
        }
        """),
    ]
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: paths).violations
        .isEmpty)
    // A write the file cannot attribute (a closure's `$0`) may be to the model.
    let unknown = try scratch.write(
      "Counter.swift",
      "func count(_ all: inout [Article]) { all.indices.forEach { all[$0].views += 1 } }")
    let reported = Linter(configuration: Configuration.withProvisionalRules).lint(
      files: paths + [unknown]
    ).violations
    #expect(reported.map(\.ruleID) == ["whole-model-dependency"])
    #expect(reported.first?.message.contains("when views change") == true)
    // A write through a value of the model's type is to the model.
    let typed = try scratch.write(
      "Rename.swift", "func rename(_ article: inout Article) { article.body = \"\" }")
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: paths + [typed])
        .violations.first?.message
        .contains("when body change")
        == true)
  }

  /// A reducer split over extensions in several files, as large TCA apps split theirs: an
  /// action sent in one file is handled in another.
  /// A parent that matches one child's `.dismiss` does not hear another reducer's: the case it
  /// matches in names the child's reducer in its payload.
  @Test func aParentHearsOnlyTheChildItEmbeds() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    func write(_ name: String, _ source: String) throws -> String {
      try scratch.write(name, "import ComposableArchitecture\n" + source)
    }
    let workout = try write(
      "Workout.swift",
      """
      @Reducer struct Workout {
        @Dependency(\\.dismiss) var dismiss
        enum Action { case doneTapped, dismiss }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .doneTapped: return .send(.dismiss)
            case .dismiss: return .run { _ in await dismiss() }
            }
          }
        }
      }
      """)
    let picker = try write(
      "Picker.swift",
      """
      @Reducer struct Picker {
        enum Action { case rows(IdentifiedActionOf<PickerRow>) }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .rows(.element(_, .dismiss)): return .none
            case .rows: return .none
            }
          }
        }
      }
      """)
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: [workout, picker])
        .violations.map {
          "\($0.file.split(separator: "/").last!):\($0.position.line)"
        } == ["Workout.swift:8"])
    // A parent whose case embeds `Workout` hears its `.dismiss`.
    let home = try write(
      "Home.swift",
      """
      @Reducer struct Home {
        enum Action { case workout(Workout.Action) }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .workout(.dismiss): return .none
            case .workout: return .none
            }
          }
        }
      }
      """)
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: [workout, picker, home])
        .violations.isEmpty)
  }

  @Test func actionHandlersInOtherFilesAreKnown() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    func write(_ name: String, _ source: String) throws -> String {
      try scratch.write(name, "import ComposableArchitecture\n" + source)
    }
    let coordinator = try write(
      "VaultCoordinator.swift",
      """
      extension Vault {
        var coordinator: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .settings(.wipeTapped(let keepsNotes)):
              return .send(.lifecycle(.wipeRequested(keepsNotes)))
            case .settings(.lockTapped):
              return .send(.lifecycle(.lock))
            default: return .none
            }
          }
        }
      }
      """)
    let lifecycle = try write(
      "VaultLifecycle.swift",
      """
      extension Vault {
        var lifecycle: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .lifecycle(.wipeRequested(let keepsNotes)):
              state.keepsNotes = keepsNotes
              return .run { _ in await wiper.wipe() }
            case .lifecycle(.lock):
              state.isLocked = true
              try? keychain.forget()
              return .none
            default: return .none
            }
          }
        }
      }
      """)
    let report = Linter(configuration: Configuration.withProvisionalRules).lint(files: [
      coordinator, lifecycle,
    ])
    #expect(
      report.violations.map { "\($0.file.split(separator: "/").last!):\($0.position.line)" }
        == ["VaultCoordinator.swift:7"])
    #expect(
      report.violations.first?.message
        == "'.send(.lifecycle(.wipeRequested))' runs the store again for a handler "
        + "(VaultLifecycle.swift:6) that only changes state and returns an effect; call a "
        + "shared helper that returns it")
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: [coordinator])
        .violations.isEmpty)
    // Once `lifecycle` is a child feature, its reducer runs the action too.
    let body = try write(
      "Vault.swift",
      """
      @Reducer struct Vault {
        var body: some ReducerOf<Self> {
          Scope(state: \\.lifecycle, action: \\.lifecycle) { Lifecycle() }
        }
      }
      """)
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: [
        coordinator, lifecycle, body,
      ]).violations
        .isEmpty)
  }

  /// A store binding handed to a child view in another file, whose `@Binding` reaches a
  /// `Slider` through one more view.
  @Test func bindingsHandedToChildViewsInOtherFilesAreFollowed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let write = scratch.write(_:_:)
    let editor = try write(
      "PhotoEditorView.swift",
      """
      import ComposableArchitecture
      struct PhotoEditorView: View {
        @Bindable var store: StoreOf<PhotoEditor>
        var body: some View {
          AdjustmentsPanel(exposure: $store.exposure, isAuto: $store.isAuto)
        }
      }
      """)
    let panel = try write(
      "AdjustmentsPanel.swift",
      """
      struct AdjustmentsPanel: View {
        @Binding var exposure: Double
        @Binding var isAuto: Bool
        var body: some View {
          Toggle("Auto", isOn: $isAuto)
          LabeledSlider(title: "Exposure", value: $exposure)
        }
      }
      struct LabeledSlider: View {
        let title: String
        @Binding var value: Double
        var body: some View { Slider(value: $value, in: -2...2) }
      }
      """)
    let report = Linter(configuration: Configuration.withProvisionalRules).lint(files: [
      editor, panel,
    ])
    #expect(report.violations.map(\.ruleID) == ["high-frequency-send"])
    #expect(report.violations.map(\.position) == [SourcePosition(line: 5, column: 32)])
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: [editor]).violations
        .isEmpty)
  }

  /// An object a view only passes on: the advice depends on what the child views, in other
  /// files, do with it.
  @Test func objectsPassedOnAreFollowedIntoTheChildViews() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let write = scratch.write(_:_:)
    let toolbar = try write(
      "Toolbar.swift",
      """
      final class Workspace: ObservableObject { @Published var title = "" }
      struct Toolbar: View {
        @ObservedObject var workspace: Workspace
        var body: some View {
          HStack {
            TabStrip(workspace: workspace)
            StatusLabel(workspace: workspace)
          }
        }
      }
      """)
    let tabs = try write(
      "TabStrip.swift",
      """
      struct TabStrip: View {
        @ObservedObject var workspace: Workspace
        var body: some View { Text(workspace.title) }
      }
      """)
    let status = try write(
      "StatusLabel.swift",
      """
      struct StatusLabel: View {
        let workspace: Workspace
        var body: some View { Text(workspace.title) }
      }
      """)
    let prefix =
      "'workspace' is only passed on, never read, yet re-renders this view on every change; "
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: [toolbar, tabs, status])
        .violations.map(
          \.message) == [
          prefix
            + "StatusLabel holds it in a plain property: make that property @ObservedObject and "
            + "keep a plain reference here"
        ])
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: [toolbar, tabs])
        .violations.map(\.message)
        == [
          prefix + "TabStrip observes it already: keep a plain reference here"
        ])
    #expect(
      Linter(configuration: Configuration.withProvisionalRules).lint(files: [toolbar]).violations
        .map(\.message) == [
          prefix + "let the children observe it and keep a plain reference here"
        ])
  }

  @Test func unreadableFilesAreProblemsNotCrashes() {
    let report = Linter(configuration: Configuration.withProvisionalRules).lint(files: [
      "/nonexistent/A.swift"
    ])
    #expect(
      report.problems == [FileProblem(path: "/nonexistent/A.swift", reason: "could not be read")])
    #expect(report.violations.isEmpty)
  }
}

/// A configuration that enables every rule, opt-in ones too.
func everyRule() -> Configuration {
  var configuration = Configuration()
  configuration.onlyRules = Set(RuleRegistry.ids)
  return configuration
}

@Suite struct BaselineTests {
  func violation(_ line: Int, _ text: String, rule: String = "impure-body") -> Violation {
    Violation(
      ruleID: rule, file: "A.swift", position: SourcePosition(line: line, column: 1),
      severity: .warning, message: "m", lineText: text)
  }

  @Test func matchesByFileRuleAndLineTextNotLineNumber() {
    let baseline = Baseline(violations: [violation(3, "print(x)")])
    #expect(baseline.filter([violation(30, "print(x)")]).isEmpty)
    #expect(baseline.filter([violation(3, "print(y)")]).count == 1)
    #expect(baseline.filter([violation(3, "print(x)", rule: "anyview-row")]).count == 1)
  }

  @Test func eachEntryAbsorbsOneViolation() {
    let baseline = Baseline(violations: [violation(3, "print(x)")])
    #expect(baseline.filter([violation(3, "print(x)"), violation(9, "print(x)")]).count == 1)
  }

  @Test func roundTripsThroughAFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("baseline-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Baseline(violations: [violation(1, "a"), violation(2, "b")]).write(to: path)
    let loaded = try Baseline.load(path: path)
    #expect(loaded.entries.map(\.line) == ["a", "b"])
  }
}

@Suite struct ReporterTests {
  let violations = [
    Violation(
      ruleID: "impure-body", file: "Dir/A b.swift", position: SourcePosition(line: 2, column: 5),
      severity: .error, message: "50% of renders,\nprint", lineText: "print()"),
    Violation(
      ruleID: "anyview-row", file: "B.swift", position: SourcePosition(line: 1, column: 1),
      severity: .info, message: "note", lineText: ""),
  ]

  @Test func xcode() {
    #expect(
      OutputFormat.xcode.render(violations, rules: []) == """
        Dir/A b.swift:2:5: error: 50% of renders,
        print [impure-body]
        B.swift:1:1: note: note [anyview-row]

        """)
  }

  @Test func githubEscapesDataAndProperties() {
    #expect(
      OutputFormat.github.render(violations, rules: []) == """
        ::error file=Dir/A b.swift,line=2,col=5,title=impure-body::50%25 of renders,%0Aprint
        ::notice file=B.swift,line=1,col=1,title=anyview-row::note

        """)
  }

  @Test func sarifEncodesPathsAsURIs() throws {
    let rules = [ImpureBodyRule.description, AnyViewRowRule.description]
    let text = OutputFormat.sarif.render(violations, rules: rules)
    #expect(text.contains("\"uri\" : \"Dir/A%20b.swift\""))
    #expect(text.contains("\"level\" : \"note\""))
    #expect(text.contains("\"$schema\" : \"https://json.schemastore.org/sarif-2.1.0.json\""))
  }

  @Test func emptyReportsAreEmpty() {
    #expect(OutputFormat.xcode.render([], rules: []) == "")
    #expect(OutputFormat.json.render([], rules: []) == "[\n\n]\n")
  }
}

/// A fresh directory for the files a test writes; `remove()` it when done.
struct Scratch {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hush-linter-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }

  /// Writes `source` to `name` in the directory and returns its path.
  func write(_ name: String, _ source: String) throws -> String {
    try write(name, bytes: Data(source.utf8))
  }

  /// Writes `bytes` (UTF-8 or not) to `name` in the directory and returns its path.
  func write(_ name: String, bytes: Data) throws -> String {
    let url = directory.appendingPathComponent(name)
    try bytes.write(to: url)
    return url.path
  }
}
