import Foundation
import Testing

/// `hush lint --fix`: the mechanical fixes, made in place, printed, idempotent, and nothing else
/// of the files touched.
@Suite struct LintFixTests {
  static let contact = """
    struct Contact: Hashable, Identifiable {
      let id: Int
      var name: String
      var phone: String
    }

    struct Note: Hashable {
      var title: String
      var body: String
    }

    final class Book: ObservableObject {
      @Published var entries: [Contact] = []
      func add(_ contact: Contact) { entries.insert(contact, at: 0) }
      func rename(at position: Int, to name: String) { entries[position].name = name }
      func retitle(_ note: inout Note, to title: String) { note.title = title }
    }

    """

  /// Fixable violations (`id: \.self`, once followed by another argument, a write-only
  /// `@ObservedObject`, `id: \.offset` over `Identifiable` elements), and two that
  /// have no mechanical fix (a non-`Identifiable` element, a `@StateObject`), among comments
  /// and odd spacing that must stay as they are.
  static let views = """
    import SwiftUI

    // Contacts, as the user wrote them.
    struct Contacts: View {
      var contacts: [Contact]
      var notes: [Note]
      var body: some View {
        ForEach(contacts, id: \\.self) { Text($0.name) }   // keep this comment
        ForEach(contacts,   id: \\.self, content: { Text($0.phone) })
        ForEach(notes, id: \\.self) { Text($0.title) }
      }
    }

    struct AddButton: View {
      @ObservedObject
      private var model: Model
      var body: some View {
        Button("Add") { model.count += 1 }
      }
    }

    struct Loader: View {
      @StateObject private var loader = Loader()
      var body: some View {
        Color.clear.task { await loader.load() }
      }
    }

    struct BookView: View {
      @ObservedObject var book: Book
      var body: some View {
        ForEach(Array(book.entries.enumerated()), id: \\.offset) { index, contact in
          Text("\\(index). \\(contact.name)")
        }
      }
    }

    """

  static let fixedViews = """
    import SwiftUI

    // Contacts, as the user wrote them.
    struct Contacts: View {
      var contacts: [Contact]
      var notes: [Note]
      var body: some View {
        ForEach(contacts) { Text($0.name) }   // keep this comment
        ForEach(contacts,   content: { Text($0.phone) })
        ForEach(notes, id: \\.self) { Text($0.title) }
      }
    }

    struct AddButton: View {
      private var model: Model
      var body: some View {
        Button("Add") { model.count += 1 }
      }
    }

    struct Loader: View {
      @StateObject private var loader = Loader()
      var body: some View {
        Color.clear.task { await loader.load() }
      }
    }

    struct BookView: View {
      @ObservedObject var book: Book
      var body: some View {
        ForEach(Array(book.entries.enumerated()), id: \\.element.id) { index, contact in
          Text("\\(index). \\(contact.name)")
        }
      }
    }

    """

  @Test func makesTheMechanicalFixesPrintsThemAndIsIdempotent() throws {
    let files = ["Sources/Contact.swift": Self.contact, "Sources/Views.swift": Self.views]
    try HushBinary.withDirectory(files) { directory in
      let views = directory.appendingPathComponent("Sources/Views.swift")
      let contact = directory.appendingPathComponent("Sources/Contact.swift")
      let first = try HushBinary.run(["lint", "--fix", "Sources"], in: directory)
      #expect(try String(contentsOf: views, encoding: .utf8) == Self.fixedViews)
      #expect(try String(contentsOf: contact, encoding: .utf8) == Self.contact)
      let stderr = first.stderr.split(separator: "\n").map(String.init)
      #expect(
        Array(stderr.prefix(5)) == [
          "Sources/Views.swift:8:27: fixed [unstable-identity]",
          "Sources/Views.swift:9:29: fixed [unstable-identity]",
          "Sources/Views.swift:16:15: fixed [write-only-observed-object]",
          "Sources/Views.swift:32:51: fixed [unstable-identity]",
          "hush lint: fixed 4 violations in 1 file",
        ])
      // What is left has no mechanical fix, and is reported as without --fix.
      #expect(first.stdout.contains("Views.swift:10:"))
      #expect(first.stdout.contains("[write-only-observed-object]"))
      #expect(!first.stdout.contains("Views.swift:8:"))
      let plain = try HushBinary.run(["lint", "Sources"], in: directory)
      #expect(first.stdout == plain.stdout)

      let second = try HushBinary.run(["lint", "--fix", "Sources"], in: directory)
      #expect(!second.stderr.contains("fixed"))
      #expect(second.stdout == plain.stdout)
      #expect(try String(contentsOf: views, encoding: .utf8) == Self.fixedViews)
    }
  }

  @Test func iteratesTheIDsOfAnIdentifiedCollectionOfAStore() throws {
    let feature = """
      import Hush
      import SwiftUI

      struct TodosState { var todos: IdentifiedArrayOf<Todo> = []; var tags: [Tag] = [] }

      struct TodosView: View {
        let store: StoreOf<Todos>
        var body: some View {
          ScrollView {
            ForEach(store.todos) { todo in
              Text(todo.title)
            }
            ForEach(store.todos) { Text($0.title) }
            ForEach(store.tags) { tag in Text(tag.name) }
          }
          List { ForEach(store.todos) { todo in Text(todo.title) } }
        }
      }

      """
    let fixed = """
      import Hush
      import SwiftUI

      struct TodosState { var todos: IdentifiedArrayOf<Todo> = []; var tags: [Tag] = [] }

      struct TodosView: View {
        let store: StoreOf<Todos>
        var body: some View {
          ScrollView {
            ForEach(store.todos.ids, id: \\.self) { todoID in if let todo = store.todos[id: todoID] {
              Text(todo.title)
            } }
            ForEach(store.todos) { Text($0.title) }
            ForEach(store.tags) { tag in Text(tag.name) }
          }
          List { ForEach(store.todos) { todo in Text(todo.title) } }
        }
      }

      """
    try HushBinary.withDirectory(["Todos.swift": feature]) { directory in
      let output = try HushBinary.run(["lint", "--fix"], in: directory)
      let file = directory.appendingPathComponent("Todos.swift")
      #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
      #expect(output.stderr.hasPrefix("Todos.swift:10:15: fixed [foreach-through-parent-store]\n"))
      // `$0` has no name to give the row, and in a `List` a conditional row costs more:
      // reported, not fixed; a plain array is not reported.
      #expect(output.stdout.contains("Todos.swift:13:15: warning: ForEach(store.todos)"))
      #expect(output.stdout.contains("Todos.swift:16:20: warning: ForEach(store.todos)"))
      #expect(!output.stdout.contains("Todos.swift:14:"))
      #expect(!output.stdout.contains("[variable-row-count]"))
      let again = try HushBinary.run(["lint", "--fix"], in: directory)
      #expect(!again.stderr.contains("fixed ["))
      #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    }
  }

  @Test func makesAnObjectMadePerRenderAStaticLet() throws {
    let views = """
      import SwiftUI

      struct DateLabel: View {
        let date: Date

        /// The label.
        var body: some View {
          let formatter = DateFormatter()
          formatter.dateStyle = .medium
          formatter.locale = Locale(identifier: "en_US_POSIX")
          return Text(formatter.string(from: date))  // keep
        }
      }

      struct Price: View {
        let value: Double
        private let formatter = NumberFormatter()
        var body: some View { Text(formatter.string(for: value) ?? "") + Text(self.formatter.currencySymbol) }
      }

      struct Highlight: View {
        let text: String
        var body: some View { Text(matches) }
        private var matches: String {
          let regex = try! NSRegularExpression(pattern: "[a-z]+")
          return regex.firstMatch(in: text, range: NSRange(location: 0, length: 1)) == nil ? "" : text
        }
      }

      struct Local: View {
        let date: Date
        let locale: Locale
        var body: some View {
          let formatter = DateFormatter()
          formatter.locale = locale
          return Text(formatter.string(from: date))
        }
      }

      struct Changed: View {
        let date: Date
        var body: some View {
          let formatter = DateFormatter()
          formatter.dateStyle = .short
          Text(formatter.string(from: date))
          formatter.dateStyle = .long
          return Text(formatter.string(from: date))
        }
      }

      struct Generic<T>: View {
        let value: T
        var body: some View {
          let formatter = DateFormatter()
          return Text(formatter.string(from: .now))
        }
      }

      struct Shadowed: View {
        private let decoder = JSONDecoder()
        var body: some View { Text(title(decoding: data, with: decoder)) }
        func title(decoding data: Data, with decoder: JSONDecoder) -> String { decoder.description }
      }

      """
    let fixed = """
      import SwiftUI

      struct DateLabel: View {
        let date: Date

        private static let formatter: DateFormatter = {
          let formatter = DateFormatter()
          formatter.dateStyle = .medium
          formatter.locale = Locale(identifier: "en_US_POSIX")
          return formatter
        }()

        /// The label.
        var body: some View {
          return Text(Self.formatter.string(from: date))  // keep
        }
      }

      struct Price: View {
        let value: Double
        private static let formatter = NumberFormatter()
        var body: some View { Text(Self.formatter.string(for: value) ?? "") + Text(Self.formatter.currencySymbol) }
      }

      struct Highlight: View {
        let text: String
        var body: some View { Text(matches) }
        private static let regex = try! NSRegularExpression(pattern: "[a-z]+")

        private var matches: String {
          return Self.regex.firstMatch(in: text, range: NSRange(location: 0, length: 1)) == nil ? "" : text
        }
      }


      """
      + views[views.range(of: "struct Local: View {")!.lowerBound...]
    try HushBinary.withDirectory(["Views.swift": views]) { directory in
      let output = try HushBinary.run(["lint", "--fix"], in: directory)
      let file = directory.appendingPathComponent("Views.swift")
      #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
      #expect(
        output.stderr.hasPrefix(
          """
          Views.swift:8:21: fixed [expensive-view-init]
          Views.swift:17:27: fixed [expensive-view-init]
          Views.swift:25:22: fixed [expensive-view-init]
          hush lint: fixed 3 violations in 1 file

          """))
      // Configured from the view's own value, changed after, in a generic view, its name also
      // a parameter's: left.
      #expect(output.stdout.components(separatedBy: "[expensive-view-init]").count - 1 == 4)
      let again = try HushBinary.run(["lint", "--fix"], in: directory)
      #expect(!again.stderr.contains("fixed ["))
      #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    }
  }

  @Test func explainSaysWhatTheFixDoes() throws {
    try HushBinary.withDirectory([:]) { directory in
      let identity = try HushBinary.run(["lint", "--explain", "unstable-identity"], in: directory)
      #expect(identity.stdout.contains("hush lint --fix: drops 'id: \\.self'"))
      let pingPong = try HushBinary.run(["lint", "--explain", "action-ping-pong"], in: directory)
      #expect(!pingPong.stdout.contains("hush lint --fix"))
    }
  }

  @Test func leavesAFileThatDoesNotParseAlone() throws {
    let broken = Self.views + "func (\n"
    let files = ["Contact.swift": Self.contact, "Views.swift": broken]
    try HushBinary.withDirectory(files) { directory in
      let output = try HushBinary.run(["lint", "--fix"], in: directory)
      let views = directory.appendingPathComponent("Views.swift")
      #expect(try String(contentsOf: views, encoding: .utf8) == broken)
      #expect(output.stderr.contains("Views.swift: warning: does not parse; not fixed"))
      #expect(!output.stderr.contains("fixed ["))
      #expect(output.stdout.contains("[unstable-identity]"))
    }
  }

  @Test func leavesBaselinedViolationsAlone() throws {
    let files = ["Contact.swift": Self.contact, "Views.swift": Self.views]
    try HushBinary.withDirectory(files) { directory in
      let write = try HushBinary.run(
        ["lint", "--write-baseline", "baseline.json"], in: directory)
      #expect(write.status == 0)
      let output = try HushBinary.run(
        ["lint", "--fix", "--baseline", "baseline.json"], in: directory)
      let views = directory.appendingPathComponent("Views.swift")
      #expect(try String(contentsOf: views, encoding: .utf8) == Self.views)
      #expect(!output.stderr.contains("fixed"))
    }
  }
}
