import CombineSchedulers
import Foundation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// A model that is not isolated to any actor, so tests can change it from any thread.
final class Profile: ObservableObject, @unchecked Sendable {
  @Published var name = ""
  @Published var age = 0
  @Published var lastSeen = 0
}

/// Identifies the thread that calls it.
///
/// Thread identity, not `Thread.isMainThread`: under `swift test` on Linux the main actor does
/// not run on the process's main thread.
func currentThread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }

/// Records what a publisher emits, and on which thread each emission arrived.
final class Recorder<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var _values: [Value] = []
  private var _threads: [ObjectIdentifier] = []
  private var cancellable: AnyCancellable?

  init<P: Publisher>(_ publisher: P) where P.Output == Value, P.Failure == Never {
    cancellable = publisher.sink { [unowned self] value in
      let thread = currentThread()
      lock.withLock {
        _values.append(value)
        _threads.append(thread)
      }
    }
  }

  var values: [Value] { lock.withLock { _values } }
  var count: Int { values.count }
  var threads: Set<ObjectIdentifier> { lock.withLock { Set(_threads) } }
}

extension TestSchedulerOf<DispatchQueue> {
  var erased: AnySchedulerOf<DispatchQueue> { eraseToAnyScheduler() }

  /// Advances synchronously, also from an `async` test, and returns the thread that ran the
  /// scheduled work.
  func advanceReportingThread(
    by stride: DispatchQueue.SchedulerTimeType.Stride = .zero
  ) -> ObjectIdentifier {
    advance(by: stride)
    return currentThread()
  }
}

/// Runs `body` on a new thread and returns that thread's identity once `body` has finished.
func onNewThread(_ body: @escaping @Sendable () -> Void) async -> ObjectIdentifier {
  await withCheckedContinuation { (done: CheckedContinuation<ObjectIdentifier, Never>) in
    let thread = Thread {
      body()
      done.resume(returning: currentThread())
    }
    thread.start()
  }
}
