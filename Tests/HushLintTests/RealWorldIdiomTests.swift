import Testing

@testable import HushLint

/// Idiomatic app code that every rule, opt-in ones included, must leave alone.
@Suite struct RealWorldIdiomTests {
  static let app = #"""
    import SwiftUI
    import SwiftData

    @main
    struct NotesApp: App {
      @StateObject private var store = NotesStore()
      var body: some Scene {
        WindowGroup { RootView().environmentObject(store) }
      }
    }

    struct Note: Identifiable, Hashable {
      let id: UUID
      var title: String
      var body: String
    }

    struct RootView: View {
      @EnvironmentObject private var store: NotesStore
      @State private var path = NavigationPath()
      @State private var search = ""
      @State private var isAdding = false
      @Environment(\.dismiss) private var dismiss
      @FocusState private var focused: Bool
      private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
      }()

      var body: some View {
        NavigationStack(path: $path) {
          List {
            Section("Pinned") {
              ForEach(store.pinned) { note in
                NavigationLink(value: note) { NoteRow(note: note) }
              }
              .onDelete { store.unpin(at: $0) }
            }
            ForEach(store.notes, id: \.id) { note in
              if note.title.isEmpty {
                Text("Untitled")
              } else {
                NoteRow(note: note)
              }
            }
            .onMove { store.move(from: $0, to: $1) }
          }
          .searchable(text: $search)
          .onChange(of: search) { _, newValue in store.filter(newValue) }
          .navigationDestination(for: Note.self) { note in NoteEditor(note: note) }
          .toolbar {
            Button { isAdding = true } label: { Image(systemName: "plus") }
          }
          .sheet(isPresented: $isAdding) { NewNoteView() }
          .task { await store.load() }
          .refreshable { await store.load() }
        }
        .overlay {
          if store.isLoading { ProgressView() }
        }
        Text(Date.now, formatter: Self.dateFormatter)
        Text(store.updated.formatted(.relative(presentation: .named)))
      }
    }

    struct NoteRow: View {
      let note: Note
      var body: some View {
        VStack(alignment: .leading) {
          Text(note.title).font(.headline)
          Text(note.body).lineLimit(2)
        }
      }
    }

    struct NoteEditor: View {
      @State var note: Note
      @EnvironmentObject private var store: NotesStore
      var body: some View {
        Form {
          TextField("Title", text: $note.title)
          TextEditor(text: $note.body)
        }
        .onDisappear { store.save(note) }
        .navigationTitle(store.title(for: note))
      }
    }

    struct NewNoteView: View {
      @Environment(NotesModel.self) private var model
      @State private var draft = ""
      var body: some View {
        @Bindable var model = model
        TextField("Note", text: $draft)
          .onSubmit {
            model.add(draft)
            draft = ""
          }
        ForEach(0..<3) { index in Text("Tip \(index)") }
        ForEach(["a", "b"], id: \.self) { Text($0) }
        ForEach(Array(model.tags.enumerated()), id: \.element) { index, tag in
          Text("\(index + 1). \(tag)")
        }
      }
    }

    final class NotesStore: ObservableObject {
      @Published var notes: [Note] = []
      @Published var pinned: [Note] = []
      @Published var isLoading = false
      var updated = Date.now
      private let decoder = JSONDecoder()

      func load() async {
        let sorted = notes.sorted { $0.title < $1.title }
        let first = sorted.map(\.title).filter { !$0.isEmpty }
        print(first)
      }
      func filter(_ text: String) {}
      func unpin(at offsets: IndexSet) { pinned.remove(atOffsets: offsets) }
      func move(from: IndexSet, to: Int) { notes.move(fromOffsets: from, toOffset: to) }
      func save(_ note: Note) {}
      func title(for note: Note) -> String { note.title }
    }
    """#

  /// Reduced from idioms seen in public apps, each once reported wrongly.
  static let publicAppIdioms = #"""
    import SwiftUI

    struct Report { var days: [Day]; struct Day { var date: Date; var high: Int } }
    struct Server { var name: String; var rules: [String]? }

    // impure-body: state set in callbacks handed to child views and controls runs later.
    struct TagEditor: View {
      @State private var tags: [String: String] = [:]
      @State private var editing: String?
      @State private var isPressing = false
      @State private var picker = NSPopUpButton()
      var body: some View {
        VStack {
          TagForm(key: editing ?? "") { key, value in
            tags[key] = value
            editing = nil
          }
          Text("Hold").onLongPressGesture(minimumDuration: 1, pressing: { isPressing = $0 }) {}
          PopUpWrapper(selection: $editing) {
            picker.autoenablesItems = false
            return picker
          }
          .sheet(item: $editing) {
            editing = nil
          } content: { key in
            Text(key)
          }
          .buttonStyle(.pressable { pressed in isPressing = pressed })
        }
      }
    }

    // unstable-identity: positions over collections that never change, and a local list.
    struct Segments: View {
      private var options: [String]
      let server: Server
      let report: Report
      static let sizes = ["S", "M", "L"]
      init(options: [String], server: Server, report: Report) {
        self.options = options
        self.server = server
        self.report = report
      }
      var body: some View {
        ForEach(options.indices, id: \.self) { index in Text(options[index]) }
        Text(server.name)
        if let rules = server.rules {
          ForEach(Array(rules.enumerated()), id: \.offset) { index, rule in
            Text("\(index + 1). \(rule)")
          }
        }
        ForEach(0..<Self.sizes.count, id: \.self) { Text(Self.sizes[$0]) }
        let days = report.days.map { "\($0.date.formatted()): \($0.high)°" }
        ForEach(days, id: \.self) { Text($0) }
      }
    }
    """#

  @Test func idiomsFromPublicAppsAreSilent() {
    Self.expectSilent(Self.publicAppIdioms, path: "Idioms.swift")
  }

  @Test func idiomaticAppCodeIsSilent() {
    Self.expectSilent(Self.app, path: "NotesApp.swift")
  }

  /// Lints `source` with every rule, opt-in ones included, and expects no violation.
  static func expectSilent(_ source: String, path: String) {
    var configuration = Configuration()
    configuration.onlyRules = Set(RuleRegistry.ids)
    let violations = Linter(configuration: configuration).lint(source: source, path: path)
    #expect(
      violations.isEmpty,
      "\(violations.map { "\($0.position) [\($0.ruleID)] \($0.message)" })")
  }
}
