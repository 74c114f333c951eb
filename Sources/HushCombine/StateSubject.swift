import Foundation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// The centralized state of an app, as a current-value subject that views subscribe to slice by
/// slice.
///
/// Observing one big app state with `@EnvironmentObject` re-evaluates every observing view on
/// every change anywhere in it. Keep the state in a `StateSubject` instead and give each view
/// only the slice it shows, with ``viewState(_:)`` or ``publisher(for:)``: both drop
/// duplicates, so a view hears about a change only when its own slice changed. Write back with
/// ``subscript(_:)``, ``update(_:)`` or ``dispatch(_:to:)``.
///
/// ```swift
/// struct AppState: Sendable {
///   var user = User()
///   var routing = Routing()
/// }
///
/// let appState = StateSubject(AppState())
/// let names = appState.publisher(for: \.user.name).sink { print("name:", $0) }
/// // Prints "name: " (the current value)
/// appState[\.routing.showsSettings] = true       // prints nothing
/// appState[\.user.name] = "Ada"                   // prints "name: Ada"
/// ```
///
/// A `StateSubject` is safe to use from any thread: writes are serialized, and each write is
/// delivered to subscribers on the writing thread before the next write starts, so a
/// subscriber never sees an older state after a newer one. In SwiftUI, receive its publishers
/// with `.onReceive` into a view's `@State`, from writes made on the main actor.
public final class StateSubject<AppState: Sendable>: Publisher {
  public typealias Output = AppState
  public typealias Failure = Never

  // Recursive: a subscriber may write back from inside a delivery on the same thread.
  private let lock = NSRecursiveLock()
  private let subject: CurrentValueSubject<AppState, Never>

  /// Creates a subject holding the app's initial state.
  ///
  /// ```swift
  /// let appState = StateSubject(AppState())
  /// ```
  public init(_ initialState: AppState) {
    subject = CurrentValueSubject(initialState)
  }

  /// The current state.
  ///
  /// ```swift
  /// print(appState.value.user.name)    // Prints "Ada"
  /// ```
  public var value: AppState {
    lock.withLock { subject.value }
  }

  /// Replaces the whole state and delivers it to every subscriber.
  ///
  /// ```swift
  /// appState.send(AppState())          // e.g. after signing out
  /// ```
  public func send(_ newState: AppState) {
    lock.withLock { subject.send(newState) }
  }

  /// Changes the state in one step and delivers the result to every subscriber once.
  ///
  /// ```swift
  /// appState.update { state in
  ///   state.user = user
  ///   state.routing.showsSettings = false
  /// }
  /// ```
  ///
  /// - Parameter mutate: Changes the state in place; runs while other writers wait.
  /// - Returns: What `mutate` returns.
  @discardableResult
  public func update<Result>(_ mutate: (inout AppState) throws -> Result) rethrows -> Result {
    try lock.withLock {
      var state = subject.value
      let result = try mutate(&state)
      subject.send(state)
      return result
    }
  }

  /// Reads or writes one part of the state. A write delivers the new state to subscribers.
  ///
  /// ```swift
  /// appState[\.routing.showsSettings] = true
  /// print(appState[\.routing.showsSettings])   // Prints "true"
  /// ```
  public subscript<Value>(keyPath: WritableKeyPath<AppState, Value>) -> Value {
    get { value[keyPath: keyPath] }
    set { update { $0[keyPath: keyPath] = newValue } }
  }

  /// Writes one part of the state, unless it already holds that value.
  ///
  /// Writing an equal value delivers nothing, so no subscriber does any work for it. This is
  /// what `Binding.dispatched(to:_:)` calls when a control writes back into the app state.
  ///
  /// ```swift
  /// appState.dispatch(true, to: \.routing.showsSettings)  // true: delivered
  /// appState.dispatch(true, to: \.routing.showsSettings)  // false: nothing to do
  /// ```
  ///
  /// - Returns: Whether the state changed.
  @discardableResult
  public func dispatch<Value: Equatable>(
    _ newValue: Value, to keyPath: WritableKeyPath<AppState, Value>
  ) -> Bool {
    lock.withLock {
      var state = subject.value
      guard state[keyPath: keyPath] != newValue else { return false }
      state[keyPath: keyPath] = newValue
      subject.send(state)
      return true
    }
  }

  /// A view's local state, derived from the app state, published only when it changes.
  ///
  /// The publisher emits the current view state at once, then each new one that differs from
  /// the previous.
  ///
  /// ```swift
  /// struct Header: Equatable { var title: String; var unread: Int }
  ///
  /// let header = appState.viewState { Header(title: $0.inbox.title, unread: $0.inbox.unread) }
  /// // In a view: .onReceive(header) { self.header = $0 }
  /// ```
  ///
  /// - Parameter transform: Derives the view state; runs once per write, per subscriber.
  /// - Returns: A publisher of distinct view states.
  /// - Complexity: Each write costs one `transform` and one comparison per subscriber.
  public func viewState<ViewState: Equatable>(
    _ transform: @escaping (AppState) -> ViewState
  ) -> some Publisher<ViewState, Never> {
    map(transform).removeDuplicates()
  }

  /// One part of the app state, published only when it changes.
  ///
  /// ```swift
  /// let showsSettings = appState.publisher(for: \.routing.showsSettings)
  /// // In a view: .onReceive(showsSettings) { self.showsSettings = $0 }
  /// ```
  ///
  /// - Parameter keyPath: The part of the state to publish.
  /// - Returns: A publisher of the distinct values at `keyPath`, starting with the current one.
  public func publisher<Value: Equatable>(
    for keyPath: KeyPath<AppState, Value>
  ) -> some Publisher<Value, Never> {
    map(keyPath).removeDuplicates()
  }

  /// Attaches a subscriber, which receives the current state at once.
  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == AppState, Downstream.Failure == Never {
    subject.receive(subscriber: subscriber)
  }
}

// The lock sits beside the subject it guards: every write takes it, so writes are serialized.
// The state itself is `Sendable`.
extension StateSubject: @unchecked Sendable {}
