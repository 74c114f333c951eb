import Observation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// The end of a frame, as SwiftUI has it: readers invalidated by a change wait here, and
/// `flush()` re-renders each of them once.
///
/// Used from the main thread only: an observation's `onChange` runs synchronously inside the
/// write that fired it, on the writer's thread.
public final class Frame: @unchecked Sendable {
  private var dirty: [Reader] = []
  private var spare: [Reader] = []
  /// Re-renders so far, across all readers of this frame.
  public private(set) var renders = 0
  /// Invalidations received so far (a reader invalidated twice before a flush counts once).
  public private(set) var invalidations = 0

  public init() {}

  func markDirty(_ reader: Reader) {
    guard !reader.isDirty else { return }
    reader.isDirty = true
    invalidations += 1
    dirty.append(reader)
  }

  /// Re-renders the readers invalidated since the last flush.
  @MainActor
  public func flush() {
    swap(&dirty, &spare)
    for reader in spare {
      reader.render()
      reader.renders += 1
    }
    renders += spare.count
    spare.removeAll(keepingCapacity: true)
  }
}

/// A view: a body that reads a model and is re-rendered at the end of a frame after it was
/// invalidated.
public class Reader: @unchecked Sendable {
  final var isDirty = false
  /// Keeps the last rendered value observable to the optimizer, and shows what the reader
  /// showed last (``verifyReaders(_:changing:operations:everyReaderRenders:)``).
  public final var lastValue = 0
  /// Re-renders of this reader at the end of a frame (its first render, when made, aside).
  public final var renders = 0

  @MainActor
  func render() {}
}

/// A view of Observation models (an `@Observable` class or a Hush `Store`): its body is
/// evaluated under `withObservationTracking`, and the first change to anything it read
/// invalidates it.
public final class TrackedReader: Reader, @unchecked Sendable {
  private let body: @MainActor () -> Int
  private unowned let frame: Frame

  @MainActor
  public init(frame: Frame, body: @escaping @MainActor () -> Int) {
    self.frame = frame
    self.body = body
    super.init()
    render()
  }

  @MainActor
  override func render() {
    isDirty = false
    lastValue = withObservationTracking(body) { [unowned self] in frame.markDirty(self) }
  }
}

/// A view of an `ObservableObject`: invalidated by every `objectWillChange`, whatever it reads.
public final class PublishedReader: Reader, @unchecked Sendable {
  private let body: @MainActor () -> Int
  private var subscription: AnyCancellable?

  @MainActor
  public init<Model: ObservableObject>(
    frame: Frame, model: Model, body: @escaping @MainActor () -> Int
  ) {
    self.body = body
    super.init()
    subscription = model.objectWillChange.sink { [unowned self, unowned frame] _ in
      frame.markDirty(self)
    }
    render()
  }

  @MainActor
  override func render() {
    isDirty = false
    lastValue = body()
  }
}
