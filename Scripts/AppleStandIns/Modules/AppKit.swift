// AppKit (macOS only): the declarations the project reaches, with Apple's isolation. As with
// every Objective-C method Swift imports, their results may be discarded.
import Foundation

/// An object that manages an app's main event loop and resources used by all of that app's
/// objects.
@available(macOS 10.0, *)
@MainActor
open class NSApplication: NSObject {
  /// The shared application instance (`NSApp`).
  open class var shared: NSApplication { fatalError() }
}

/// A workspace that can launch other apps and perform a variety of file-handling services.
@available(macOS 10.0, *)
open class NSWorkspace: NSObject, @unchecked Sendable {
  /// The shared workspace object.
  open class var shared: NSWorkspace { fatalError() }

  /// Opens a URL using the default app for its scheme.
  @discardableResult
  open func open(_ url: URL) -> Bool { fatalError() }
}
