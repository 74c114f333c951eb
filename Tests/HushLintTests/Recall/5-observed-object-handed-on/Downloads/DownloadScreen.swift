// The screen's content view is declared in an extension in another file; the screen only
// hands the task on, and the task publishes its progress many times a second.
import SwiftUI

struct DownloadScreen: View {
  @ObservedObject var task: Download  // expect: unread-observed-object
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    NavigationStack {
      ScrollView { Content(task: task) }
        .toolbar { Button("Close") { dismiss() } }
    }
  }
}
