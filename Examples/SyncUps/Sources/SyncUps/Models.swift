import Foundation
import Hush

/// A recurring meeting: who attends, how long it lasts, and the meetings held so far.
public struct SyncUp: Equatable, Identifiable, Codable, Sendable {
  public let id: UUID
  public var attendees: IdentifiedArrayOf<Attendee>
  public var duration: Duration
  public var meetings: IdentifiedArrayOf<Meeting>
  public var theme: Theme
  public var title: String

  public init(
    id: UUID, attendees: IdentifiedArrayOf<Attendee> = [], duration: Duration = .seconds(5 * 60),
    meetings: IdentifiedArrayOf<Meeting> = [], theme: Theme = .bubblegum, title: String = ""
  ) {
    self.id = id
    self.attendees = attendees
    self.duration = duration
    self.meetings = meetings
    self.theme = theme
    self.title = title
  }

  /// Each attendee's turn.
  public var durationPerAttendee: Duration {
    duration / max(attendees.count, 1)
  }
}

/// Someone who speaks in a sync-up.
public struct Attendee: Equatable, Identifiable, Codable, Sendable {
  public let id: UUID
  public var name: String

  public init(id: UUID, name: String = "") {
    self.id = id
    self.name = name
  }
}

/// A meeting that was held: when, and what was said.
public struct Meeting: Equatable, Identifiable, Codable, Sendable {
  public let id: UUID
  public let date: Date
  public var transcript: String

  public init(id: UUID, date: Date, transcript: String) {
    self.id = id
    self.date = date
    self.transcript = transcript
  }
}

/// A sync-up's colour (the views map it to a `Color`).
public enum Theme: String, CaseIterable, Codable, Hashable, Identifiable, Sendable {
  case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood
  case periwinkle, poppy, purple, seafoam, sky, tan, teal, yellow

  public var id: Self { self }
  public var name: String { rawValue.capitalized }
}

extension URL {
  /// Where the app keeps its sync-ups: `sync-ups.json` in its documents.
  public static var syncUpsFile: URL {
    let documents =
      FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return documents.appendingPathComponent("sync-ups.json")
  }
}

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
  /// The sync-ups, kept as JSON in ``Foundation/URL/syncUpsFile`` (in memory in tests: every
  /// test gets files of its own through `@Dependency(\.defaultFileStorage)`).
  public static var syncUps: Self {
    Self[.fileStorage(.syncUpsFile), default: []]
  }
}
