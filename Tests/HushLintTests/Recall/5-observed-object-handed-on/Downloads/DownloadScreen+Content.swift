import SwiftUI

extension DownloadScreen {
  struct Content: View {
    @ObservedObject var task: Download

    var body: some View {
      ProgressView(value: task.progress)
    }
  }
}
