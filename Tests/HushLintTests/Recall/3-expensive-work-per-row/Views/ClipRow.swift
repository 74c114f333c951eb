import SwiftUI

struct ClipRow: View {
  let clip: Clip
  let score: Int

  var body: some View {
    VStack(alignment: .leading) {
      Text(clip.title)
      if let text = clip.publishedText {  // expect: expensive-view-init
        Text(text)
      }
      Text(clip.remainingText ?? "")  // expect: expensive-view-init
      Text(clip.shortDate)
      Text(score.scoreText())
    }
  }
}

struct CommitRow: View {
  let date: Date
  let track: Track

  var body: some View {
    HStack {
      Text(date.shortRelative())  // expect: expensive-view-init
      Text(track.caption)
    }
  }
}

struct DownloadRow: View {
  let finished: Date

  private var meta: String { Ago.text(for: finished) }  // expect: expensive-view-init

  var body: some View { Text(meta) }
}

// Formatting in an action runs on a tap, not on a render.
struct ShareButton: View {
  let clip: Clip
  @State private var shared = ""

  var body: some View {
    Button("Share") { shared = clip.publishedText ?? "" }
  }
}
