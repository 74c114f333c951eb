// UIKit (iOS, iPadOS, tvOS, visionOS; watchOS has the framework with a small part of it):
// the declarations the project reaches, with Apple's isolation and availability.
import Foundation

/// An object that responds to and handles events.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIResponder: NSObject {
  public override init() { fatalError() }
}

/// The centralized point of control and coordination for apps running in iOS.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
  /// The singleton app instance.
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  open class var shared: UIApplication { fatalError() }

  /// The URL string you use to deep link to your app's custom settings in the Settings app.
  @available(iOS 8.0, tvOS 9.0, *)
  nonisolated public static let openSettingsURLString: String = ""

  /// Keys for the options of `open(_:options:completionHandler:)`.
  public struct OpenExternalURLOptionsKey: Hashable, Equatable, RawRepresentable,
    @unchecked Sendable
  {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// Attempts to asynchronously open the resource at the specified URL.
  @available(iOS 10.0, tvOS 10.0, *)
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  open func open(
    _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) { fatalError() }

  /// The `async` form of `open(_:options:completionHandler:)`.
  @available(iOS 10.0, tvOS 10.0, *)
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  open func open(
    _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]
  ) async -> Bool { fatalError() }
}

/// An object that stores color data and sometimes opacity.
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class UIColor: NSObject, @unchecked Sendable {
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fatalError() }
  open class var gray: UIColor { fatalError() }
}

/// An object that manages image data in your app.
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class UIImage: NSObject, @unchecked Sendable {
  @available(iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  public convenience init?(systemName name: String) { fatalError() }
}
