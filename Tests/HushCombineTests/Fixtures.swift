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

/// Counts what a publisher emits, and whether each emission arrived on the main thread.
final class Recorder<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var _values: [Value] = []
  private var _offMain = 0
  private var cancellable: AnyCancellable?

  init<P: Publisher>(_ publisher: P) where P.Output == Value, P.Failure == Never {
    cancellable = publisher.sink { [unowned self] value in
      let onMain = Thread.isMainThread
      lock.withLock {
        _values.append(value)
        if !onMain { _offMain += 1 }
      }
    }
  }

  var values: [Value] { lock.withLock { _values } }
  var count: Int { values.count }
  var deliveriesOffMain: Int { lock.withLock { _offMain } }
}

extension TestSchedulerOf<DispatchQueue> {
  var erased: AnySchedulerOf<DispatchQueue> { eraseToAnyScheduler() }
}

/// Runs `body` on a new thread (never the main one) and returns once it has finished.
func onBackgroundThread(_ body: @escaping @Sendable () -> Void) async {
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    let thread = Thread {
      body()
      done.resume()
    }
    thread.start()
  }
}
