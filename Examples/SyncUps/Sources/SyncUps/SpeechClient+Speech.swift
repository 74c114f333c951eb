// The live speech client: the Speech framework and the microphone. Never compiled on Linux,
// where CI runs; the features use `SpeechClient` and are tested with fakes.
#if canImport(Speech)
  import AVFoundation
  @preconcurrency import Speech

  extension SpeechClient {
    /// Speech recognition with `SFSpeechRecognizer` over the microphone.
    static var speechFramework: Self {
      Self(
        authorizationStatus: { SpeechAuthorization(SFSpeechRecognizer.authorizationStatus()) },
        requestAuthorization: {
          await withCheckedContinuation { continuation in
            SFSpeechRecognizer.requestAuthorization { status in
              continuation.resume(returning: SpeechAuthorization(status))
            }
          }
        },
        startTask: {
          AsyncThrowingStream { continuation in
            let engine = AVAudioEngine()
            let request = SFSpeechAudioBufferRecognitionRequest()
            let recognizer = SFSpeechRecognizer()
            let input = engine.inputNode
            input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0)) {
              buffer, _ in request.append(buffer)
            }
            let task = recognizer?.recognitionTask(with: request) { result, error in
              if let result {
                continuation.yield(result.bestTranscription.formattedString)
              }
              if let error { continuation.finish(throwing: error) }
            }
            continuation.onTermination = { _ in
              engine.stop()
              input.removeTap(onBus: 0)
              task?.cancel()
            }
            do {
              engine.prepare()
              try engine.start()
            } catch {
              continuation.finish(throwing: error)
            }
          }
        })
    }
  }

  extension SpeechAuthorization {
    init(_ status: SFSpeechRecognizerAuthorizationStatus) {
      switch status {
      case .authorized: self = .authorized
      case .denied: self = .denied
      case .restricted: self = .restricted
      case .notDetermined: self = .notDetermined
      @unknown default: self = .denied
      }
    }
  }
#endif
