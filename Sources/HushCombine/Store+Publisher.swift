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
    changes(of: keyPath, dropsDuplicates: true)
  }

  /// The state as a publisher, as TCA's `store.publisher` is: the current state on
  /// subscription, then the state after each change; a member (`store.publisher.title`)
  /// publishes that path alone, with duplicates dropped.
  ///
  /// ```swift
  /// store.publisher.title
  ///   .sink { title in navigationItem.title = title }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// A member observes only its own path, as ``publisher(_:)`` does; the whole state's
  /// publisher observes every change.
  public var publisher: StorePublisher<State> {
    StorePublisher(
      source: StorePathSource(store: self, keyPath: \State.self, dropsDuplicates: false))
  }

  /// The values at `keyPath`: the current one on subscription, then one after each change
  /// (but one equal to the last, when `dropsDuplicates`; the value is then `Equatable`).
  fileprivate func changes<Value>(
    of keyPath: KeyPath<State, Value>, dropsDuplicates: Bool
  ) -> AnyPublisher<Value, Never> {
    Deferred { [self] in
      let observer = StorePathObserver(
        store: self, keyPath: keyPath, dropsDuplicates: dropsDuplicates)
      return observer.subject
        .handleEvents(receiveCancel: { observer.stop() })
    }
    .eraseToAnyPublisher()
  }
}

/// A store's state, or a path of it, as a publisher: what `store.publisher` and its members
/// (`store.publisher.title`) return, as in TCA.
@dynamicMemberLookup
public struct StorePublisher<Value>: Publisher {
  public typealias Output = Value
  public typealias Failure = Never

  fileprivate let source: any StorePublisherSource<Value>

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
    source.publisher.receive(subscriber: subscriber)
  }

  /// The values of the member at `keyPath`, with duplicates dropped; only that path is
  /// observed.
  @MainActor
  public subscript<Member: Equatable>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> StorePublisher<Member> {
    StorePublisher<Member>(source: source.appending(keyPath))
  }
}

/// A store and a path of its state, erased to the path's value.
private protocol StorePublisherSource<Value> {
  associatedtype Value
  var publisher: AnyPublisher<Value, Never> { get }
  @MainActor
  func appending<Member: Equatable>(_ keyPath: KeyPath<Value, Member>)
    -> any StorePublisherSource<Member>
}

private struct StorePathSource<State, Action, Value>: StorePublisherSource {
  let store: Store<State, Action>
  let keyPath: KeyPath<State, Value>
  let publisher: AnyPublisher<Value, Never>

  @MainActor
  init(
    store: Store<State, Action>, keyPath: KeyPath<State, Value>,
    dropsDuplicates: Bool
  ) {
    self.store = store
    self.keyPath = keyPath
    publisher = store.changes(of: keyPath, dropsDuplicates: dropsDuplicates)
  }

  @MainActor
  func appending<Member: Equatable>(_ member: KeyPath<Value, Member>)
    -> any StorePublisherSource<Member>
  {
    StorePathSource<State, Action, Member>(
      store: store, keyPath: keyPath.appending(path: member), dropsDuplicates: true)
  }
}

/// Tracks one path of a store and sends its value after every change (but one equal to the
/// last, when it drops duplicates).
@MainActor
private final class StorePathObserver<State, Action, Value> {
  let subject: CurrentValueSubject<Value, Never>
  private var store: Store<State, Action>?
  private let keyPath: KeyPath<State, Value>
  private let dropsDuplicates: Bool

  init(
    store: Store<State, Action>, keyPath: KeyPath<State, Value>,
    dropsDuplicates: Bool
  ) {
    self.store = store
    self.keyPath = keyPath
    self.dropsDuplicates = dropsDuplicates
    subject = CurrentValueSubject(store[keyPath])
    track(sending: false)
  }

  /// Reads the path under observation tracking, and sends its value when `sending` (after a
  /// change); a store notifies after its state changed, so the value read again in
  /// `onChange` is the new one.
  private func track(sending: Bool) {
    guard let store else { return }
    let value = withObservationTracking {
      store[keyPath]
    } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.track(sending: true) }
    }
    guard sending else { return }
    if dropsDuplicates, isEqual(subject.value, value) { return }
    subject.send(value)
  }

  func stop() {
    store = nil
  }
}

/// Whether two values are equal, when they are `Equatable` (`false` otherwise).
private func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  func equals<Equatable: Swift.Equatable>(_ lhs: Equatable) -> Bool { lhs == rhs as? Equatable }
  guard let lhs = lhs as? any Equatable else { return false }
  return equals(lhs)
}
