// yattee's and Swiftfin's models carry display helpers that build a formatter each time they
// are read; the rows that read them live in other files.
import Foundation

struct Clip: Identifiable {
  let id: String
  let title: String
  let published: Date?
  let remaining: TimeInterval?

  var publishedText: String? {
    guard let published else { return nil }
    let formatter = RelativeDateTimeFormatter()
    formatter.unitsStyle = .full
    return formatter.localizedString(for: published, relativeTo: .now)
  }

  var remainingText: String? {
    // Looks like the closure-initialized static idiom, but it is a local: made per read.
    let formatter: DateComponentsFormatter = {
      let formatter = DateComponentsFormatter()
      formatter.allowedUnits = [.hour, .minute]
      return formatter
    }()
    return remaining.flatMap { formatter.string(from: $0) }
  }

  // eidch's shape: a local shares the property's name.
  var durationText: String {
    let durationText = DateComponentsFormatter().string(from: remaining ?? 0) ?? ""
    return durationText
  }

  /// Read through a shared formatter made once: cheap.
  var shortDate: String { published.map { DateFormats.shared.short.string(from: $0) } ?? "" }
}

final class DateFormats {
  static let shared = DateFormats()
  let short: DateFormatter

  init() {
    short = DateFormatter()
    short.dateStyle = .short
  }
}
