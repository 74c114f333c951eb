// Speech (iOS, macOS, visionOS; no tvOS or watchOS): the recognizer declarations the project
// reaches, with Apple's availability. Like its headers, the module brings AVFoundation.
@_exported import AVFoundation
import Foundation

/// The app's authorization to perform speech recognition.
@available(iOS 10.0, macOS 10.15, *)
public enum SFSpeechRecognizerAuthorizationStatus: Int, @unchecked Sendable {
  case notDetermined = 0
  case denied = 1
  case restricted = 2
  case authorized = 3
}

/// A request to recognize speech from a recorded audio file or other source.
@available(iOS 10.0, macOS 10.15, *)
open class SFSpeechRecognitionRequest: NSObject {}

/// A request to recognize speech from captured audio content.
@available(iOS 10.0, macOS 10.15, *)
open class SFSpeechAudioBufferRecognitionRequest: SFSpeechRecognitionRequest {
  public override init() { fatalError() }

  /// Appends audio in the PCM format to the end of the recognition request.
  open func append(_ audioPCMBuffer: AVAudioPCMBuffer) { fatalError() }

  /// Marks the end of audio input for the recognition request.
  open func endAudio() { fatalError() }
}

/// A textual representation of the specified speech in its entirety.
@available(iOS 10.0, macOS 10.15, *)
open class SFTranscription: NSObject, @unchecked Sendable {
  /// The entire transcription of utterances, formatted into a single, user-displayable string.
  open var formattedString: String { fatalError() }
}

/// An object that contains the partial or final results of a speech recognition request.
@available(iOS 10.0, macOS 10.15, *)
open class SFSpeechRecognitionResult: NSObject, @unchecked Sendable {
  /// The transcription with the highest confidence level.
  open var bestTranscription: SFTranscription { fatalError() }

  /// A Boolean value that indicates whether speech recognition is complete.
  open var isFinal: Bool { fatalError() }
}

/// A task object for monitoring the speech recognition progress.
@available(iOS 10.0, macOS 10.15, *)
open class SFSpeechRecognitionTask: NSObject {
  /// Cancels the current speech recognition task.
  open func cancel() { fatalError() }

  /// Stops accepting new audio and finishes processing on the audio input that has already
  /// been accepted.
  open func finish() { fatalError() }
}

/// An object you use to check for the availability of the speech recognition service, and to
/// initiate the speech recognition process.
///
/// (An `NSObject` in the SDK, whose Objective-C `init` Swift imports as failable; Swift source
/// cannot override `NSObject.init()` with a failable one, so the stand-in has no superclass.)
@available(iOS 10.0, macOS 10.15, *)
open class SFSpeechRecognizer {
  /// Creates a speech recognizer associated with the user's default language settings.
  public init?() { fatalError() }

  /// Creates a speech recognizer associated with the specified locale.
  public init?(locale: Locale) { fatalError() }

  /// Returns your app's current authorization to perform speech recognition.
  open class func authorizationStatus() -> SFSpeechRecognizerAuthorizationStatus {
    fatalError()
  }

  /// Asks the user to allow your app to perform speech recognition.
  open class func requestAuthorization(
    _ handler: @escaping (SFSpeechRecognizerAuthorizationStatus) -> Void
  ) { fatalError() }

  /// Executes the speech recognition request and delivers the results to the specified
  /// handler block.
  @discardableResult
  open func recognitionTask(
    with request: SFSpeechRecognitionRequest,
    resultHandler: @escaping (SFSpeechRecognitionResult?, (any Error)?) -> Void
  ) -> SFSpeechRecognitionTask { fatalError() }
}
