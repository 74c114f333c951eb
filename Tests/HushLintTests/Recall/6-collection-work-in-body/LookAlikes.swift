// Look-alikes that must stay silent: a list of an enum's cases, work done in an action, a
// computed property that only adapts values, a local bound to constant data.
import SwiftUI

struct SidebarSettings: View {
  @State private var order: [SidebarItem] = SidebarItem.allCases

  private var available: [SidebarItem] { order.filter(\.isAvailable) }

  var body: some View {
    List {
      ForEach(available, id: \.self) { Text($0.rawValue) }
      ForEach(SidebarItem.allCases.filter(\.isAvailable), id: \.self) { Text($0.rawValue) }
    }
  }
}

struct ChannelsRefresh: View {
  @ObservedObject var cache: FeedCache
  @State private var missing: [Video] = []

  private var titles: [String] { cache.videos.map(\.title) }

  var body: some View {
    VStack {
      ForEach(titles, id: \.self) { Text($0) }
      Button("Refresh") { missing = cache.videos.filter { !$0.isWatched } }
    }
    .task { missing = cache.videos.filter(\.isWatched) }
  }
}

struct Letters: View {
  var body: some View {
    let letters = ["A", "B", "C"]
    ForEach(letters, id: \.self) { Text($0) }
  }
}
