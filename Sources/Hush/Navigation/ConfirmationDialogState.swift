import Foundation

/// A confirmation dialog (an action sheet) kept in state: its title, its buttons and their
/// actions, and its message; platform-free, and equatable for tests.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share this meeting")
/// } actions: {
///   ButtonState(action: .shareByMail) { TextState("Mail") }
///   ButtonState(action: .copyLink) { TextState("Copy link") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
///
/// Presented and dismissed as ``AlertState`` is: `.ifLet(\.dialog, action: \.dialog)`, with
/// no child reducer; any action sent from it sets the state to `nil`.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// Tells one presentation from the next; not compared by `==`.
  public let id: UUID
  /// Whether the title is shown.
  public let titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The dialog's title.
  public let title: TextState
  /// The dialog's buttons, in order.
  public let buttons: [ButtonState<Action>]
  /// The text under the title.
  public let message: TextState?

  /// A dialog with a title, buttons and an optional message.
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown.
  ///   - title: The dialog's title.
  ///   - actions: The dialog's buttons.
  ///   - message: The text under the title.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      id: UUID(), titleVisibility: titleVisibility, title: title(), buttons: actions(),
      message: message?())
  }

  private init(
    id: UUID, titleVisibility: ConfirmationDialogStateTitleVisibility, title: TextState,
    buttons: [ButtonState<Action>], message: TextState?
  ) {
    self.id = id
    self.titleVisibility = titleVisibility
    self.title = title
    self.buttons = buttons
    self.message = message
  }

  /// The same dialog, its buttons sending `transform(action)`.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ConfirmationDialogState<
    NewAction
  > {
    ConfirmationDialogState<NewAction>(
      id: id, titleVisibility: titleVisibility, title: title,
      buttons: buttons.map { $0.map(transform) }, message: message)
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.title == rhs.title
      && lhs.buttons == rhs.buttons && lhs.message == rhs.message
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(title)
    hasher.combine(buttons)
    hasher.combine(message)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: _EphemeralState {}

/// Whether a confirmation dialog shows its title, as SwiftUI's `Visibility`.
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// As the platform chooses.
  case automatic
  /// Shown.
  case visible
  /// Hidden.
  case hidden
}
