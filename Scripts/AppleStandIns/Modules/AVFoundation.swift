// AVFoundation: the audio engine declarations the project reaches, with Apple's availability.
// As in the SDK, none of these classes is Sendable.
import Foundation

public typealias AVAudioNodeBus = Int
public typealias AVAudioFrameCount = UInt32

/// A block that receives copies of the output of an audio node.
public typealias AVAudioNodeTapBlock = (AVAudioPCMBuffer, AVAudioTime) -> Void

/// An object that describes the representation of an audio format.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class AVAudioFormat: NSObject {
  public override init() { fatalError() }
}

/// A buffer of audio data.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class AVAudioBuffer: NSObject {}

/// A buffer for use with PCM audio formats.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class AVAudioPCMBuffer: AVAudioBuffer {}

/// A time value for audio.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class AVAudioTime: NSObject {}

/// An object for audio generation, processing, or I/O.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class AVAudioNode: NSObject {
  /// Installs an audio tap on a bus you specify to record, monitor, and observe the output of
  /// the node. (Deprecated in 27, for `installAudioTap(onBus:bufferSize:format:tapProvider:)`,
  /// which is 27 and later: after the deployment targets, so left out. The deprecation does
  /// not warn with the deployment targets, so SDK 27's declaration serves SDK 26 too.)
  @available(iOS, introduced: 8.0, deprecated: 27.0)
  @available(macOS, introduced: 10.10, deprecated: 27.0)
  @available(tvOS, introduced: 9.0, deprecated: 27.0)
  @available(watchOS, introduced: 2.0, deprecated: 27.0)
  @available(visionOS, introduced: 1.0, deprecated: 27.0)
  open func installTap(
    onBus bus: AVAudioNodeBus, bufferSize: AVAudioFrameCount, format: AVAudioFormat?,
    block tapBlock: @escaping AVAudioNodeTapBlock
  ) { fatalError() }

  /// Removes an audio tap on a bus you specify.
  open func removeTap(onBus bus: AVAudioNodeBus) { fatalError() }

  /// Retrieves the output format for the bus you specify.
  @discardableResult
  open func outputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat { fatalError() }
}

/// A node that connects to the system's audio input.
@available(iOS 8.0, macOS 10.10, tvOS 11.0, watchOS 4.0, *)
open class AVAudioInputNode: AVAudioNode {}

/// An object that manages a graph of audio nodes, controls playback, and configures real-time
/// rendering constraints.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class AVAudioEngine: NSObject {
  public override init() { fatalError() }

  /// The audio engine's singleton input audio node.
  @available(iOS 8.0, macOS 10.10, tvOS 11.0, watchOS 4.0, *)
  open var inputNode: AVAudioInputNode { fatalError() }

  /// Prepares the audio engine for starting.
  open func prepare() { fatalError() }

  /// Starts the audio engine.
  open func start() throws { fatalError() }

  /// Stops the audio engine and releases any previously prepared resources.
  open func stop() { fatalError() }
}
