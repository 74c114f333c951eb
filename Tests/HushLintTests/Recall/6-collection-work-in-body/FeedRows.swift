// yattee's lists read a filtering computed property in body and again inside every row:
// the filter runs once per row, so the list costs O(n²).
import SwiftUI

struct FeedRows: View {
  @ObservedObject var cache: FeedCache
  let channel: String?
  let hideWatched: Bool

  private var visible: [Video] {
    var videos = cache.videos
    if let channel { videos = videos.filter { $0.channel == channel } }
    if hideWatched { videos = videos.filter { !$0.isWatched } }
    return videos
  }

  var body: some View {
    List {
      ForEach(
        Array(visible.enumerated()),  // expect: collection-work-in-body
        id: \.element.id
      ) { index, video in
        VideoRow(
          video: video,
          isLast: index == visible.count - 1  // expect: collection-work-in-body
        )
      }
    }
  }
}

// vultisig's history screen keeps a model's grouping computed property in a local, then
// lists it: the grouping runs on every render.
struct UnwatchedList: View {
  @ObservedObject var cache: FeedCache

  var body: some View {
    let groups = cache.unwatchedByChannel  // expect: collection-work-in-body
    List {
      ForEach(groups, id: \.channel) { group in
        Section(group.channel) {
          ForEach(group.videos) { VideoRow(video: $0, isLast: false) }
        }
      }
    }
  }
}

// vultisig's chain list hands a model method's result on through a computed property of
// its own: the model filters on every read of it.
struct ChannelList: View {
  @ObservedObject var cache: FeedCache
  let channel: String

  private var shown: [Video] { cache.videos(on: channel) }

  var body: some View {
    List {
      ForEach(shown) { VideoRow(video: $0, isLast: false) }  // expect: collection-work-in-body
    }
  }
}

struct VideoRow: View {
  let video: Video
  let isLast: Bool
  var body: some View { Text(video.title) }
}
