import SwiftSyntax

/// A view that stores a whole model value but shows only one or two of its properties.
struct WholeModelDependencyRule: Rule {
  static let description = RuleDescription(
    id: "whole-model-dependency",
    name: "Whole Model Dependency",
    summary: "A view stores a whole model struct but reads only one or two of its properties",
    rationale: """
      SwiftUI decides whether to re-run a view's body by comparing its stored properties. A \
      view that stores a whole model value (let cat: Cat) but shows only cat.imageURL \
      re-renders whenever any property of the model changes (its name, its rating, …), \
      though nothing it shows changed. Pass only what the view shows \
      (CatImage(url: cat.imageURL)). Reported only for model structs declared in the linted \
      code that have a var property (other than id) the view does not read and the linted \
      code writes (a write to a local copy that is then only appended to a list finishes a \
      new value and does not count), when every use in \
      the view is a read of a stored property; views that are Equatable (custom comparison) \
      or store a closure, directly or in a struct of the linted code (a closure never \
      compares equal, so the view renders with its parent anyway), are skipped, and so are \
      widget entries (a TimelineEntry: WidgetKit renders each entry once) and views shown \
      only in widgets (every place that makes them is a widget's body or such a view).
      """,
    optInReason:
      "1 of 2 findings right on fifteen apps it was never tuned on, after its false positives on ten others (1 of 5 right) were fixed (Docs/LintPrecision.md, issue 50, session 4)",
    triggeringExamples: [
      Example(
        """
        struct Cat { var name: String; var imageURL: URL; var rating: Int }
        struct CatImage: View {
          let ↓cat: Cat
          var body: some View { AsyncImage(url: cat.imageURL) }
        }
        """),
      Example(
        """
        struct User { let id: UUID; var name: String; var email: String; var avatar: URL? }
        struct UserName: View {
          var ↓user: User
          var body: some View { Text(user.name).bold() }
        }
        """),
      Example(
        """
        struct Product { var title: String; var price: Decimal; var stock: Int; var notes: String }
        struct PriceTag: View {
          let ↓product: Product
          var body: some View {
            HStack { Text(product.title); Text(self.product.price, format: .currency(code: "EUR")) }
          }
        }
        """),
      Example(
        """
        struct Settings { var volume: Double; var theme: String; var language: String }
        struct VolumeLabel: View {
          let ↓settings: Settings
          var body: some View { label }
          private var label: some View { Text("\\(settings.volume)") }
        }
        """),
      Example(
        """
        struct Post { var title: String; var body: String; var likes: Int }
        struct LikeCount: View {
          let ↓post: Post
          let showIcon: Bool
          var body: some View { Label("\\(post.likes)", systemImage: showIcon ? "heart" : "") }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        import SwiftUI
        struct Config { var day: Int; var group: Int; var title: String }
        struct ScheduleWidget: Widget {
          var body: some WidgetConfiguration {
            StaticConfiguration(kind: "schedule", provider: Provider()) { entry in
              ScheduleEntryView(entry: entry)
            }
          }
        }
        struct ScheduleEntryView: View {
          let entry: ScheduleEntry
          var body: some View { InlineSchedule(config: entry.config) }
        }
        struct InlineSchedule: View {
          let config: Config
          var body: some View { Text(config.title) }
        }
        func advance(_ config: inout Config) { config.day += 1 }
        """),
      Example(
        """
        struct Cat { var name: String; var imageURL: URL; var rating: Int }
        struct CatRow: View {
          let cat: Cat
          let onSelect: () -> Void
          var body: some View { Button(cat.name, action: onSelect) }
        }
        """),
      Example(
        """
        struct Cat { var name: String; var imageURL: URL; var rating: Int }
        struct RowActions { var select: () -> Void; var delete: () -> Void }
        struct CatRow: View {
          let cat: Cat
          let actions: RowActions
          var body: some View { Button(cat.name, action: actions.select) }
        }
        """),
      Example(
        """
        struct CatImage: View {
          let url: URL
          var body: some View { AsyncImage(url: url) }
        }
        """),
      Example(
        """
        struct Tag: Identifiable { let id: UUID; var name: String; let createdAt: Date }
        struct TagRow: View {
          let tag: Tag
          var body: some View { Text(tag.name) }
        }
        """),
      Example(
        """
        struct Cat { var name: String; var imageURL: URL }
        struct CatRow: View {
          let cat: Cat
          var body: some View { HStack { Text(cat.name); AsyncImage(url: cat.imageURL) } }
        }
        """),
      Example(
        """
        struct Cat { var name: String; var imageURL: URL; var rating: Int }
        struct CatRow: View {
          let cat: Cat
          var body: some View { NavigationLink(value: cat) { Text(cat.name) } }
        }
        """),
      Example(
        """
        struct Order: View {
          let order: OrderModel
          var body: some View { Text(order.title) }
        }
        """),
      Example(
        """
        struct Cat { var name: String; var imageURL: URL; var rating: Int }
        struct CatName: View, Equatable {
          let cat: Cat
          var body: some View { Text(cat.name) }
          static func == (a: Self, b: Self) -> Bool { a.cat.name == b.cat.name }
        }
        """),
      Example(
        """
        struct Cat { var name: String; var imageURL: URL; var rating: Int }
        struct CatName: View {
          let cat: Cat
          var body: some View { Text(cat.displayName()) }
        }
        """),
      Example(
        """
        struct ScoreEntry: TimelineEntry { var date: Date; var score: Int; var streak: Int }
        struct ScoreWidgetView: View {
          let entry: ScoreEntry
          var body: some View { Text("\\(entry.score)") }
        }
        func nextEntry(after entry: ScoreEntry) -> ScoreEntry {
          var next = entry
          next.streak += 1
          return next
        }
        """),
      Example(
        """
        final class Cat { var name = ""; var imageURL: URL?; var rating = 0 }
        struct CatName: View {
          let cat: Cat
          var body: some View { Text(cat.name) }
        }
        """),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    for view in file.views where !view.conformances.contains("Equatable") {
      // A stored closure never compares equal, so the view renders with its parent anyway:
      // passing less of the model would save nothing.
      if view.properties.contains(where: { property in
        !property.isStatic && !property.isComputed
          && (property.type.map { $0.contains("->") } ?? false)
      }) {
        continue
      }
      var found: [Finding] = []
      for property in view.properties
      where property.wrapper == nil && !property.isStatic && !property.isComputed
        && property.initializer == nil
      {
        guard let typeName = property.type, typeName.first?.isUppercase == true,
          typeName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { continue }
        // Member reads of the property, or nil when the view uses the value as a whole.
        var read: Set<String>? = []
        for use in UseContext.uses(of: property.name, in: view.members, source: file.source)
        where use.kind != .setup {
          guard let member = use.expression.parent?.as(MemberAccessExprSyntax.self),
            member.base?.id == use.expression.id,
            member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != member.id
          else {
            read = nil
            break
          }
          read?.insert(member.declName.baseName.text)
        }
        guard let read, !read.isEmpty, read.count <= 2 else { continue }
        let name = property.name
        // The view's other stored values: a struct of closures among them
        // (`let actions: PlayerActions`) makes it render with its parent too.
        let otherTypes = view.properties.filter {
          $0.name != name && !$0.isStatic && !$0.isComputed
        }.compactMap(\.type)
        let viewName = view.name
        found.append(
          Finding(at: property.binding.pattern) { index in
            guard
              !([typeName] + otherTypes).contains(where: { Self.holdsClosures($0, in: index) }),
              !index.isOnlyInWidgets(viewName)
            else { return nil }
            return Self.message(property: name, typeName: typeName, read: read, index: index)
          })
      }
      result += view.unlessExtendedElsewhere(found)
    }
    return result
  }

  /// Whether `type` is a struct of the linted code with a stored closure.
  private static func holdsClosures(_ type: String, in index: ProjectIndex) -> Bool {
    guard let summary = index.uniqueType(qualified: type), summary.kind == .structure else {
      return false
    }
    return summary.storedProperties.contains { $0.type?.contains("->") ?? false }
  }

  /// The message when `typeName` is a model struct of the linted code with a `var` property
  /// (other than `id`) the view does not read, and everything read is stored; else `nil`.
  private static func message(
    property: String, typeName: String, read: Set<String>, index: ProjectIndex
  ) -> String? {
    // A widget's entry (`struct Entry: TimelineEntry`) is a new value for every render.
    guard let model = index.uniqueType(named: typeName), model.kind == .structure,
      !model.conformances.contains("TimelineEntry")
    else { return nil }
    let stored = Set(model.storedProperties.map(\.name))
    // A field nothing writes after the model is made changes only with the whole value.
    let unreadChanging = model.variableProperties.subtracting(read).subtracting(["id"])
      .filter { index.mayWrite($0, of: model.name) }
    guard read.isSubset(of: stored), !unreadChanging.isEmpty else { return nil }
    let shown = read.sorted().joined(separator: " and ")
    let others = unreadChanging.sorted()
    let changes =
      others.count <= 3
      ? others.joined(separator: ", ") : others.prefix(3).joined(separator: ", ") + ", …"
    return "'\(property)' stores a whole \(typeName) but the view shows only \(shown); it "
      + "also re-renders when \(changes) change. Pass only \(shown)"
  }
}
