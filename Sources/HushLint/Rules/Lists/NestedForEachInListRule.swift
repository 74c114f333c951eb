import SwiftSyntax

/// A `ForEach` directly inside another `ForEach` in a `List`, with no `Section` between.
struct NestedForEachInListRule: Rule {
  static let description = RuleDescription(
    id: "nested-foreach-in-list",
    name: "Nested ForEach in List",
    summary: "A ForEach directly inside another ForEach in a List, without a Section",
    rationale: """
      A List counts its rows by walking its ForEach views. With a ForEach directly inside \
      another, the row count depends on every outer element's content, so the List must \
      build all of it up front and diff one long flat list on every update. Give each outer \
      element a Section (ForEach(groups) { group in Section(group.name) { ForEach(group.items) \
      { … } } }), or flatten the data once in the model.
      """,
    triggeringExamples: [
      Example(
        """
        List {
          ForEach(groups) { group in
            ↓ForEach(group.items) { item in Row(item: item) }
          }
        }
        """),
      Example(
        """
        List {
          Section {
            ForEach(groups) { group in
              Text(group.name)
              ↓ForEach(group.items) { Row(item: $0) }
            }
          }
        }
        """),
      Example(
        """
        List(selection: $selection) {
          ForEach(folders) { folder in
            Group {
              ↓ForEach(folder.files) { file in FileRow(file: file) }
            }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(days, id: \\.self) { day in
            ↓ForEach(events[day] ?? []) { event in EventRow(event: event) }
              .onDelete { delete($0, on: day) }
          }
        }
        """),
      Example(
        """
        SwiftUI.List {
          ForEach(a) { x in
            if x.isOpen {
              ↓ForEach(x.children) { Row(item: $0) }
            }
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      Example(
        """
        List {
          ForEach(groups) { group in
            Section(group.name) {
              ForEach(group.items) { item in Row(item: item) }
            }
          }
        }
        """),
      Example(
        """
        ScrollView {
          ForEach(groups) { group in
            ForEach(group.items) { item in Row(item: item) }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(groups) { group in
            HStack {
              ForEach(group.tags) { Tag(tag: $0) }
            }
          }
        }
        """),
      Example(
        """
        List {
          ForEach(model.allItems) { item in Row(item: item) }
        }
        """),
      Example(
        """
        List {
          ForEach(groups) { group in
            DisclosureGroup(group.name) {
              ForEach(group.items) { Row(item: $0) }
            }
          }
        }
        """),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    file.syntax.forEachCalls.compactMap { inner -> Finding? in
      guard let outer = ViewContainers.container(of: inner, through: ["Group"]),
        ViewContainers.isForEach(outer), ViewContainers.isInsideList(outer)
      else { return nil }
      return Finding(
        at: inner,
        message: "a ForEach directly inside another ForEach makes the List build every "
          + "element to count rows; wrap the inner ForEach in a Section per outer element")
    }
  }
}
