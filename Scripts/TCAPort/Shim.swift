// What `import SwiftUI` / `import UIKit` give the feature files on Apple platforms (Foundation
// with them), and the few Apple types their feature code names: the port's shim, not Hush's.
@_exported import Foundation
import Hush

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif

typealias LocalizedStringKey = String
enum EditMode: Equatable, Sendable { case inactive, active, transient }
struct Animation: Equatable, Sendable {
  static let `default` = Animation()
  static func spring(response: Double = 0, dampingFraction: Double = 0) -> Self { Self() }
  static let linear = Animation()
  static let easeInOut = Animation()
}
struct Color: Hashable, Sendable {
  let name: String
  init(name: String) { self.name = name }
  /// A color of the asset catalog.
  init(_ name: String) { self.name = name }
  static let red = Color(name: "red"), blue = Color(name: "blue"), green = Color(name: "green")
  static let orange = Color(name: "orange"), pink = Color(name: "pink")
  static let purple = Color(name: "purple"), yellow = Color(name: "yellow")
  static let black = Color(name: "black"), white = Color(name: "white")
}
final class UIApplication: Sendable {
  static let shared = UIApplication()
  static let userDidTakeScreenshotNotification = Notification.Name("screenshot")
  static let openSettingsURLString = "app-settings:"
  func open(_ url: URL) {}
}
extension Send {
  @MainActor func callAsFunction(_ action: Action, animation: Animation?) { self(action) }
}
extension Animation {
  static func interpolatingSpring(stiffness: Double, damping: Double) -> Self { Self() }
}
extension ButtonStateAction {
  static func send(_ action: Action?, animation: Animation?) -> Self { .send(action) }
}
// Apple's Foundation, which Linux's lacks: declared for the live clients, never run in tests.
extension NotificationCenter {
  func notifications(named name: Notification.Name) -> AsyncStream<Notification> {
    AsyncStream { _ in }
  }
}
extension URLSession {
  struct AsyncBytes: AsyncSequence {
    typealias Element = UInt8
    struct AsyncIterator: AsyncIteratorProtocol {
      mutating func next() async throws -> UInt8? { nil }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
  }
  func bytes(from url: URL) async throws -> (AsyncBytes, URLResponse) {
    throw URLError(.unsupportedURL)
  }
}

#if !canImport(Darwin)
  extension URL {
    /// Apple's Foundation has it; swift-corelibs-foundation does not.
    static var documentsDirectory: URL {
      FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
    }
  }
#endif
