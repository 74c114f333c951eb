// CodeEdit binds the filtered list to a local first; Swiftfin's pickers build their rows in a
// helper and its legend in a view-building method.
import SwiftUI

struct NotesPanel: View {
  @ObservedObject var cache: FeedCache

  @ViewBuilder var list: some View {
    let shown = cache.videos.filter { !$0.isWatched }  // expect: collection-work-in-body
    VStack {
      ForEach(shown) { Text($0.title) }
    }
    .animation(.default, value: shown)
  }

  var body: some View { list }
}

struct RatingsForm: View {
  let ratings: [Rating]
  @State private var maximum: Int?

  var body: some View {
    Form {
      Picker("Maximum", selection: $maximum) {
        ForEach(reduced(), id: \.value) {  // expect: collection-work-in-body
          Text($0.name).tag(Optional($0.value))
        }
      }
      legend()
    }
  }

  private func reduced() -> [Rating] {
    ratings.sorted { $0.value < $1.value }
  }

  private func legend() -> AnyView {
    AnyView(
      ForEach(ratings.map(\.value).sorted(), id: \.self) {  // expect: collection-work-in-body
        Text("\($0)")
      }
    )
  }
}
