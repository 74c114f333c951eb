// Speech and AVFAudio, as the live speech client of TCA's SyncUps names them: Apple-only
// frameworks, declared so that the file that holds the client's interface compiles on Linux.
// Nothing here runs in the tests (they override the client). The port's shim, not Hush's.
import Foundation

enum SFSpeechRecognizerAuthorizationStatus: Sendable {
  case notDetermined, denied, restricted, authorized
}

final class SFSpeechRecognizer: @unchecked Sendable {
  init?(locale: Locale) { nil }
  static func authorizationStatus() -> SFSpeechRecognizerAuthorizationStatus { .denied }
  static func requestAuthorization(
    _ handler: @escaping @Sendable (SFSpeechRecognizerAuthorizationStatus) -> Void
  ) { handler(.denied) }
  func recognitionTask(
    with request: SFSpeechAudioBufferRecognitionRequest,
    resultHandler: @escaping @Sendable (SFSpeechRecognitionResult?, (any Error)?) -> Void
  ) -> SFSpeechRecognitionTask { SFSpeechRecognitionTask() }
}

final class SFSpeechAudioBufferRecognitionRequest: @unchecked Sendable {
  init() {}
  func append(_ buffer: AVAudioPCMBuffer) {}
}

final class SFSpeechRecognitionResult: @unchecked Sendable {
  let bestTranscription = SFTranscription()
  let isFinal = false
}

final class SFTranscription: @unchecked Sendable {
  let formattedString = ""
}

final class SFSpeechRecognitionTask: @unchecked Sendable {
  func finish() {}
}

final class AVAudioPCMBuffer: @unchecked Sendable {}
final class AVAudioTime: @unchecked Sendable {}
final class AVAudioFormat: @unchecked Sendable {}

final class AVAudioInputNode: @unchecked Sendable {
  func removeTap(onBus bus: Int) {}
  func outputFormat(forBus bus: Int) -> AVAudioFormat { AVAudioFormat() }
  func installTap(
    onBus bus: Int, bufferSize: UInt32, format: AVAudioFormat?,
    block: @escaping @Sendable (AVAudioPCMBuffer, AVAudioTime) -> Void
  ) {}
}

final class AVAudioEngine: @unchecked Sendable {
  let inputNode = AVAudioInputNode()
  func stop() {}
  func prepare() {}
  func start() throws {}
}

final class AVAudioSession: @unchecked Sendable {
  enum Category { case record }
  enum Mode { case measurement }
  struct CategoryOptions: OptionSet {
    let rawValue: Int
    static let duckOthers = Self(rawValue: 1)
  }
  struct SetActiveOptions: OptionSet {
    let rawValue: Int
    static let notifyOthersOnDeactivation = Self(rawValue: 1)
  }
  static func sharedInstance() -> AVAudioSession { AVAudioSession() }
  func setCategory(_ category: Category, mode: Mode, options: CategoryOptions) throws {}
  func setActive(_ active: Bool, options: SetActiveOptions) throws {}
}
