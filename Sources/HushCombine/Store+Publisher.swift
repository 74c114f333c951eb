import Hush
import Observation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Store {
  /// The values at `keyPath` as a publisher: the current value on subscription, then each
  /// real change, with duplicates dropped.
  ///
  /// A bridge for `ObservableObject` apps adopting a store screen by screen: feed an existing
  /// view model from a store without re-announcing changes nobody can see.
  ///
  /// ```swift
  /// final class LegacyTitleModel: ObservableObject {
  ///   @Published var title = ""
  ///   init(store: Store<AppState, AppAction>) {
  ///     store.publisher(\.title).assign(to: &$title)
  ///   }
  /// }
  /// store.send(.renameCat("Felix"))   // the title did not change: nothing is published
  /// ```
  ///
  /// Values are delivered on the main actor, synchronously with the change. A subscription
  /// keeps the store alive until it is cancelled.
  ///
  /// - Parameter keyPath: The path to publish; only this path is observed.
  /// - Returns: A publisher that never fails.
  public func publisher<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>
  ) -> AnyPublisher<Value, Never> {
    Deferred { [self] in
      let observer = StorePathObserver(store: self, keyPath: keyPath)
      return observer.subject
        .handleEvents(receiveCancel: { observer.stop() })
        .removeDuplicates()
    }
    .eraseToAnyPublisher()
  }
}

/// Tracks one path of a store and sends its value after every change.
@MainActor
private final class StorePathObserver<State, Action, Value: Equatable> {
  let subject: CurrentValueSubject<Value, Never>
  private var store: Store<State, Action>?
  private let keyPath: KeyPath<State, Value>

  init(store: Store<State, Action>, keyPath: KeyPath<State, Value>) {
    self.store = store
    self.keyPath = keyPath
    subject = CurrentValueSubject(store[keyPath])
    track()
  }

  /// Reads the path under observation tracking; a store notifies after its state changed, so
  /// the value read again in `onChange` is the new one.
  private func track() {
    guard let store else { return }
    let value = withObservationTracking {
      store[keyPath]
    } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.track() }
    }
    if value != subject.value {
      subject.send(value)
    }
  }

  func stop() {
    store = nil
  }
}
