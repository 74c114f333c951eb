import Foundation

struct Video: Identifiable, Hashable {
  let id: String
  let title: String
  let channel: String
  let isWatched: Bool
}

final class FeedCache: ObservableObject {
  @Published var videos: [Video] = []

  func videos(on channel: String) -> [Video] {
    videos.filter { $0.channel == channel }
  }

  var unwatchedByChannel: [(channel: String, videos: [Video])] {
    Dictionary(grouping: videos.filter { !$0.isWatched }, by: \.channel)
      .map { (channel: $0.key, videos: $0.value) }
  }
}

enum SidebarItem: String, CaseIterable {
  case home, subscriptions, library, settings
  var isAvailable: Bool { self != .settings }
}

struct Rating: Hashable {
  let name: String
  let value: Int
}
