import Foundation

/// An alert kept in state: its title, its buttons and their actions, and its message;
/// platform-free, and equatable for tests.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete this meeting?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("It cannot be undone.")
/// }
/// ```
///
/// Present it from optional state with ``PresentationAction`` and an `ifLet` that takes no
/// child reducer: any action sent from the alert dismisses it (sets the state to `nil`),
/// after the parent reducer ran with it.
///
/// ```swift
/// .ifLet(\.alert, action: \.alert)
/// ```
///
/// Two alerts are equal when their title, buttons and message are.
public struct AlertState<Action>: Identifiable {
  /// Tells one presentation from the next (SwiftUI's `.alert(item:)`); not compared by `==`.
  public let id: UUID
  /// The alert's title.
  public let title: TextState
  /// The alert's buttons, in order; SwiftUI adds an OK button to an alert with none.
  public let buttons: [ButtonState<Action>]
  /// The text under the title.
  public let message: TextState?

  /// An alert with a title, buttons and an optional message.
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - actions: The alert's buttons (none: SwiftUI shows an OK button that dismisses).
  ///   - message: The text under the title.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(id: UUID(), title: title(), buttons: actions(), message: message?())
  }

  private init(id: UUID, title: TextState, buttons: [ButtonState<Action>], message: TextState?) {
    self.id = id
    self.title = title
    self.buttons = buttons
    self.message = message
  }

  /// The same alert, its buttons sending `transform(action)`.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id, title: title, buttons: buttons.map { $0.map(transform) }, message: message)
  }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.buttons == rhs.buttons && lhs.message == rhs.message
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(buttons)
    hasher.combine(message)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: _EphemeralState {}
