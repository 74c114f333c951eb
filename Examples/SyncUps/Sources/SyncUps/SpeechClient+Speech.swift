// The live speech client: the Speech framework and the microphone. Compiled on Linux only by
// `Scripts/apple-compile`; the features use `SpeechClient` and are tested with fakes.
#if canImport(Speech)
  import AVFoundation
  import Speech

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
          let (transcripts, continuation) = AsyncThrowingStream.makeStream(of: String.self)
          let recognition = SpeechRecognition()
          continuation.onTermination = { _ in
            Task { await recognition.stop() }
          }
          await recognition.start(sendingTo: continuation)
          return transcripts
        })
    }
  }

  /// One transcription: the audio engine, its microphone tap and the recognition task. None of
  /// them is `Sendable`, so they live in this actor, and only the stream's continuation (which
  /// is) leaves it.
  private actor SpeechRecognition {
    private var engine: AVAudioEngine?
    private var task: SFSpeechRecognitionTask?
    private var isStopped = false

    /// Starts recording and recognizing: each transcript so far goes to `continuation`, which
    /// finishes with the error recognition fails with.
    func start(sendingTo continuation: AsyncThrowingStream<String, any Error>.Continuation) {
      guard !isStopped else { return }
      let engine = AVAudioEngine()
      let request = SFSpeechAudioBufferRecognitionRequest()
      let input = engine.inputNode
      input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0)) {
        buffer, _ in request.append(buffer)
      }
      task = SFSpeechRecognizer()?.recognitionTask(with: request) { result, error in
        if let result {
          continuation.yield(result.bestTranscription.formattedString)
        }
        if let error { continuation.finish(throwing: error) }
      }
      self.engine = engine
      do {
        engine.prepare()
        try engine.start()
      } catch {
        continuation.finish(throwing: error)
      }
    }

    /// Stops the microphone and the recognition (the stream ended or was cancelled).
    func stop() {
      isStopped = true
      engine?.stop()
      engine?.inputNode.removeTap(onBus: 0)
      task?.cancel()
      engine = nil
      task = nil
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
