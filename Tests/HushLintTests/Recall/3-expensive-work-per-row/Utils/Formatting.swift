import Foundation

extension Date {
  func shortRelative() -> String {
    if Calendar.current.isDateInToday(self) { return formatted(.relative(presentation: .named)) }
    let formatter = DateFormatter()
    formatter.dateStyle = .short
    return formatter.string(from: self)
  }
}

enum Ago {
  static func text(for date: Date) -> String {
    RelativeDateTimeFormatter().localizedString(for: date, relativeTo: .now)
  }
}

// Made once, at file scope, and shared by every call.
private let decimalFormatter: NumberFormatter = {
  let formatter = NumberFormatter()
  formatter.numberStyle = .decimal
  return formatter
}()

extension Int {
  func scoreText() -> String { decimalFormatter.string(from: NSNumber(value: self)) ?? "" }
}

// Two types declare `caption`; only one of them builds a formatter, and a read of
// `x.caption` cannot tell which.
struct Episode {
  let aired: Date
  var caption: String {
    let formatter = DateFormatter()
    formatter.dateStyle = .long
    return formatter.string(from: aired)
  }
}

struct Track {
  let name: String
  var caption: String { name.uppercased() }
}
