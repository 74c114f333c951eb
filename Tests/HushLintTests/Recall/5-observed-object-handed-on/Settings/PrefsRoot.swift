// CodeEdit's settings root: the observed property is never read; a helper's parameter of the
// same name is what the body's helper reads.
import SwiftUI

struct PrefsRoot: View {
  @ObservedObject private var prefs = Prefs.shared  // expect: unread-observed-object
  @State private var query = ""

  var body: some View {
    List { section("General", ["Theme", "Font"]) }
      .searchable(text: $query)
  }

  @ViewBuilder
  private func section(_ title: String, _ prefs: [String]) -> some View {
    Section(title) {
      ForEach(prefs, id: \.self) { Text($0) }
    }
  }
}

// A window's inspector that observes the tools only to offer them to menu commands.
struct ToolsInspector: View {
  @ObservedObject var tools: ToolStore  // expect: unread-observed-object

  var body: some View {
    Text("Inspector").focusedObject(tools)
  }
}
