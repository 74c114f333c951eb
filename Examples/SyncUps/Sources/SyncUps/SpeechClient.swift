import Foundation
import Hush

#if canImport(UIKit) && !os(watchOS)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// Whether the app may transcribe speech, as the system answers (`SFSpeechRecognizer`'s
/// authorization status, platform-free).
public enum SpeechAuthorization: Equatable, Sendable {
  case notDetermined
  case denied
  case restricted
  case authorized
}

/// Speech recognition, as a dependency: the live value uses the Speech framework where there
/// is one; tests give their own.
public struct SpeechClient: Sendable {
  /// The current authorization.
  public var authorizationStatus: @Sendable () -> SpeechAuthorization
  /// Asks the user, and answers with the new authorization.
  public var requestAuthorization: @Sendable () async -> SpeechAuthorization
  /// Starts transcribing the microphone: each element is the transcript so far; the stream
  /// throws when recognition fails.
  public var startTask: @Sendable () async -> AsyncThrowingStream<String, any Error>

  public init(
    authorizationStatus: @escaping @Sendable () -> SpeechAuthorization,
    requestAuthorization: @escaping @Sendable () async -> SpeechAuthorization,
    startTask: @escaping @Sendable () async -> AsyncThrowingStream<String, any Error>
  ) {
    self.authorizationStatus = authorizationStatus
    self.requestAuthorization = requestAuthorization
    self.startTask = startTask
  }

  /// A client that is always denied: no speech recognition on this platform.
  public static let unavailable = Self(
    authorizationStatus: { .denied }, requestAuthorization: { .denied },
    startTask: { AsyncThrowingStream { $0.finish() } })
}

extension SpeechClient: DependencyKey {
  public static var liveValue: Self {
    #if canImport(Speech)
      .speechFramework
    #else
      .unavailable
    #endif
  }

  /// Tests say what speech does: by default it is denied, and transcribes nothing.
  public static var testValue: Self { .unavailable }
}

extension DependencyValues {
  /// Speech recognition.
  public var speechClient: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}

/// Opens the app's page in the system settings (where the user allows speech recognition).
public struct OpenSettings: Sendable {
  private let open: @Sendable () async -> Void

  public init(_ open: @escaping @Sendable () async -> Void) {
    self.open = open
  }

  public func callAsFunction() async {
    await open()
  }
}

extension OpenSettings: DependencyKey {
  public static var liveValue: Self {
    #if canImport(UIKit) && !os(watchOS)
      Self {
        await MainActor.run {
          guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
          UIApplication.shared.open(url)
        }
      }
    #elseif canImport(AppKit)
      // System Settings, on its Speech Recognition privacy pane.
      Self {
        let pane = "x-apple.systempreferences:com.apple.preference.security"
        guard let url = URL(string: "\(pane)?Privacy_SpeechRecognition") else { return }
        NSWorkspace.shared.open(url)
      }
    #else
      // watchOS has no settings page for an app to open (and UIKit there has no
      // `UIApplication`).
      Self {}
    #endif
  }

  public static var testValue: Self { Self {} }
}

extension DependencyValues {
  /// Opens the app's settings.
  public var openSettings: OpenSettings {
    get { self[OpenSettings.self] }
    set { self[OpenSettings.self] = newValue }
  }
}
