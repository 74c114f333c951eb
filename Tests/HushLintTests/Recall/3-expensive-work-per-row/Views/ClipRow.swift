import SwiftUI

struct ClipRow: View {
  let clip: Clip
  let score: Int
  @State private var isExpanded = false

  var body: some View {
    VStack(alignment: .leading) {
      Toggle("More", isOn: $isExpanded)
      Text(clip.title)
      if let text = clip.publishedText {  // expect: expensive-view-init
        Text(text)
      }
      Text(clip.remainingText ?? "")  // expect: expensive-view-init
      Text(clip.durationText)  // expect: expensive-view-init
      Text(clip.shortDate)
      Text(score.scoreText())
    }
  }
}

struct CommitRow: View {
  let date: Date
  let track: Track
  @Environment(\.isFocused) private var isFocused

  var body: some View {
    HStack {
      if isFocused { Image(systemName: "chevron.right") }
      Text(date.shortRelative())  // expect: expensive-view-init
      Text(track.caption)
    }
  }
}

struct DownloadRow: View {
  let finished: Date
  @Binding var selection: Date?

  private var meta: String { Ago.text(for: finished) }  // expect: expensive-view-init

  var body: some View { Text(meta).bold(selection == finished) }
}

// A row whose inputs are all plain values renders only when one of them changes: the date
// it formats is a new one each time.
struct HistoryRow: View {
  let visited: Date
  var title: String

  var body: some View {
    VStack {
      Text(title)
      Text(visited.shortRelative())
    }
  }
}

// Formatting in an action runs on a tap, not on a render.
struct ShareButton: View {
  let clip: Clip
  @State private var shared = ""

  var body: some View {
    Button("Share") { shared = clip.publishedText ?? "" }
  }
}
