#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// A container to put in a view's environment: it lets the view write to the app state and
/// subscribe to slices of it, without observing the whole state.
///
/// Reading an `@EnvironmentObject` app state makes a view depend on all of it. Put an
/// `Injected` in the environment instead: it never changes (two containers of the same
/// ``StateSubject`` are equal), so reading it costs the view nothing, and it has no way to read
/// the state directly, only to write it and to subscribe to the slices the view shows.
///
/// ```swift
/// extension EnvironmentValues {
///   @Entry var injected = Injected(StateSubject(AppState()))
/// }
///
/// struct SettingsButton: View {
///   @Environment(\.injected) private var injected
///   var body: some View {
///     Button("Settings") { injected.dispatch(true, to: \.routing.showsSettings) }
///   }
/// }
/// ```
public struct Injected<AppState: Sendable>: Sendable {
  private let state: StateSubject<AppState>

  /// Creates a container giving write-only access to `state`.
  ///
  /// ```swift
  /// let injected = Injected(appState)
  /// ```
  public init(_ state: StateSubject<AppState>) {
    self.state = state
  }

  /// Writes one part of the app state.
  ///
  /// ```swift
  /// injected.write(User(name: "Ada"), to: \.user)
  /// ```
  public func write<Value>(_ newValue: Value, to keyPath: WritableKeyPath<AppState, Value>) {
    state[keyPath] = newValue
  }

  /// Writes one part of the app state, unless it already holds that value.
  ///
  /// ```swift
  /// injected.dispatch(true, to: \.routing.showsSettings)
  /// ```
  ///
  /// - Returns: Whether the state changed.
  @discardableResult
  public func dispatch<Value: Equatable>(
    _ newValue: Value, to keyPath: WritableKeyPath<AppState, Value>
  ) -> Bool {
    state.dispatch(newValue, to: keyPath)
  }

  /// Subscribes to one part of the app state; see ``StateSubject/publisher(for:)``.
  ///
  /// ```swift
  /// .onReceive(injected.publisher(for: \.routing.showsSettings)) { showsSettings = $0 }
  /// ```
  public func publisher<Value: Equatable>(
    for keyPath: KeyPath<AppState, Value>
  ) -> some Publisher<Value, Never> {
    state.publisher(for: keyPath)
  }

  /// Subscribes to a view state derived from the app state; see ``StateSubject/viewState(_:)``.
  ///
  /// ```swift
  /// .onReceive(injected.viewState { $0.inbox.unread }) { unread = $0 }
  /// ```
  public func viewState<ViewState: Equatable>(
    _ transform: @escaping (AppState) -> ViewState
  ) -> some Publisher<ViewState, Never> {
    state.viewState(transform)
  }
}

extension Injected: Equatable {
  /// Two containers are equal when they give access to the same state subject.
  ///
  /// ```swift
  /// Injected(appState) == Injected(appState)    // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.state === rhs.state
  }
}
