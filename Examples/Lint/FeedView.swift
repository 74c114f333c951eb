// A small SwiftUI feed with the needless work `hush lint` finds.
// Run from the package root:
//   swift run hush lint --config Examples/Lint/.hush-lint.yml Examples/Lint
// (the configuration turns on the rules that are opt-in until they are right often enough).

import SwiftUI

struct Post: Identifiable {
  let id: UUID
  var title: String
  var body: String
  var likes: Int
  var isHidden: Bool
}

final class FeedModel: ObservableObject {
  @Published var posts: [Post] = []
  @Published var filter = ""

  func like(_ post: Post) {}
}

struct FeedView: View {
  @ObservedObject var model: FeedModel
  @EnvironmentObject var settings: SettingsModel

  var body: some View {
    List {
      ForEach(model.posts.filter { !$0.isHidden }) { post in
        LikeCount(post: post)
      }
    }
    .environmentObject(settings)
  }
}

struct LikeCount: View {
  let post: Post

  var body: some View {
    Text("\(post.likes)")
  }
}

extension FeedModel {
  func edit(_ post: Post, title: String, body: String, isHidden: Bool) {
    guard let index = posts.firstIndex(where: { $0.id == post.id }) else { return }
    posts[index].title = title
    posts[index].body = body
    posts[index].isHidden = isHidden
  }
}
