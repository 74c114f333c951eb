import Observation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether the current thread is reading a store's state, in which a shared value may be held.
///
/// A shared value read outside any store (a SwiftUI view's `@Shared`, an `@Observable` model's)
/// is tracked by Observation as one value: its box registers the read, and a change of it
/// renders the reader. A store tracks what its readers read per path instead, and compares
/// those paths when a shared value changes; a read it makes inside a view's `body` must not
/// also register the box's value, or the view would render at every change of it (an
/// attendee's name, for a reader of the title). So a store's reads of its state run with this
/// flag set, and a box read meanwhile registers nothing.
///
/// Per thread (a box is read from any thread), and set only by stores whose state may hold a
/// shared value: other stores pay nothing.
enum StoreStateReading {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  /// Whether a store is reading its state on this thread.
  static var isActive: Bool {
    pthread_getspecific(key) != nil
  }

  /// Runs `body` as a store's read of its state.
  static func perform(_ body: () -> Void) {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    defer { pthread_setspecific(key, previous) }
    body()
  }
}

/// What Observation tracks of a shared value read outside any store: the value as a whole.
///
/// An object of its own, not generic, rather than the box: a key path into a generic class is
/// made anew at every evaluation (an allocation per read and per write), one into this class
/// is made once by the runtime.
final class SharedObservation: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  /// What a read registers; it holds nothing.
  private var value: Void { () }

  /// Registers a read of the value with the observation tracking in progress, if any.
  func access() {
    registrar.access(self, keyPath: \.value)
  }

  /// Tells the readers that the value changed.
  func didChange() {
    registrar.withMutation(of: self, keyPath: \.value) {}
  }
}
