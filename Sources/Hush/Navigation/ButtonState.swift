import Foundation

/// A button of an alert or a confirmation dialog, kept in state: its label, its role, and the
/// action it sends, if any.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// ButtonState(role: .cancel) { TextState("Cancel") }   // sends nothing; dismisses
/// ```
///
/// Two buttons are equal when their role, action and label are: what a test compares.
public struct ButtonState<Action>: Identifiable {
  /// Tells the buttons of one alert apart (SwiftUI's `ForEach`); not compared by `==`.
  public let id: UUID
  /// The button's role.
  public let role: ButtonStateRole?
  /// What the button sends when tapped; `nil` for a button that only dismisses.
  public let action: Action?
  /// The button's label.
  public let label: TextState

  /// A button that sends `action` when tapped.
  public init(
    role: ButtonStateRole? = nil, action: Action, label: () -> TextState
  ) {
    self.init(role: role, optionalAction: action, label: label())
  }

  /// A button that sends nothing: tapping it dismisses the alert or dialog.
  public init(role: ButtonStateRole? = nil, label: () -> TextState) {
    self.init(role: role, optionalAction: nil, label: label())
  }

  private init(role: ButtonStateRole?, optionalAction: Action?, label: TextState) {
    self.id = UUID()
    self.role = role
    self.action = optionalAction
    self.label = label
  }

  /// The same button, sending `transform(action)`: to embed a child's alert in a parent's.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      id: id, role: role, action: action.map(transform), label: label)
  }

  private init(id: UUID, role: ButtonStateRole?, action: Action?, label: TextState) {
    self.id = id
    self.role = role
    self.action = action
    self.label = label
  }
}

/// The role of a button: SwiftUI places and colours it by its role.
public enum ButtonStateRole: Hashable, Sendable {
  /// Cancels: shown apart, and chosen by the escape key.
  case cancel
  /// Deletes or loses data: shown in red.
  case destructive
}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.role == rhs.role && lhs.action == rhs.action && lhs.label == rhs.label
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(role)
    hasher.combine(action)
    hasher.combine(label)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: CustomStringConvertible {
  public var description: String {
    var text = "ButtonState("
    if let role { text += "role: .\(role), " }
    if let action { text += "action: \(action), " }
    return text + "label: \"\(label)\")"
  }
}

/// Builds the buttons of an alert or a confirmation dialog: the `actions:` closure of
/// ``AlertState`` and ``ConfirmationDialogState``, with `if`, `if let`, `switch` and `for`.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<
    Action
  >] {
    component
  }

  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  public static func buildLimitedAvailability(_ component: [ButtonState<Action>])
    -> [ButtonState<Action>]
  {
    component
  }
}
