// Models that publish: a view observing one re-renders on each change.
import Combine
import SwiftUI

final class IconModel: ObservableObject {
  @Published var current = "Default"
  @Published var servers: [String] = []
}

final class Download: ObservableObject {
  @Published var progress = 0.0
}

final class ToolStore: ObservableObject {
  @Published var tools: [String] = []
}

final class Prefs: ObservableObject {
  static let shared = Prefs()
  @Published var values: [String: String] = [:]
}

final class TaskModel: ObservableObject {
  @Published var title = ""
  @Published var status = ""
}

final class GlobModel: ObservableObject {
  @Published var patterns: [String] = []
}

/// Never announces a change: observing it costs nothing.
final class UndoRegistration: ObservableObject {
  let manager = UndoManager()
}
