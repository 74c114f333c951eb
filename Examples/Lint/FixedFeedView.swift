// The same feed with the findings fixed: `hush lint` is silent here.

import SwiftUI

@Observable final class FixedFeedModel {
  var posts: [Post] = [] {
    didSet { visiblePosts = posts.filter { !$0.isHidden } }
  }
  private(set) var visiblePosts: [Post] = []
}

struct FixedFeedView: View {
  @Environment(FixedFeedModel.self) private var model

  var body: some View {
    List {
      ForEach(model.visiblePosts) { post in
        FixedLikeCount(likes: post.likes)
      }
    }
  }
}

struct FixedLikeCount: View {
  let likes: Int

  var body: some View {
    Text("\(likes)")
  }
}
