// Look-alikes that must stay silent: values read from the object are handed on (the view
// reads them), bindings into the object are handed on (a child holding a binding is only
// refreshed through this view), and an object that never publishes.
import SwiftUI

struct TaskHeader: View {
  @ObservedObject var model: TaskModel

  var body: some View {
    TaskLine(title: model.title, status: model.status)
  }
}

struct TaskLine: View {
  let title: String
  let status: String
  var body: some View { Text("\(title): \(status)") }
}

struct IgnoredFiles: View {
  @StateObject private var model = GlobModel()

  var body: some View {
    PatternList(patterns: $model.patterns)
  }
}

struct PatternList: View {
  @Binding var patterns: [String]
  var body: some View { List($patterns, id: \.self) { TextField("Pattern", text: $0) } }
}

struct EditorWindow: View {
  @StateObject private var undo = UndoRegistration()

  var body: some View {
    Text("Editor").environmentObject(undo)
  }
}
