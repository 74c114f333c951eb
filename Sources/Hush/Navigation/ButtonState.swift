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
  /// The animation the action is sent with (a SwiftUI `Animation`, on Apple platforms), from
  /// `.send(_:animation:)`; not compared by `==`.
  let animation: (any Sendable)?

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

  /// A button that sends what `action` says, as SwiftUINavigation (which TCA re-exports)
  /// spells it: `ButtonState(action: .send(.confirm)) { … }`, or, on Apple platforms,
  /// `.send(.confirm, animation: .default)`.
  public init(
    role: ButtonStateRole? = nil, action: ButtonStateAction<Action>, label: () -> TextState
  ) {
    self.init(
      id: UUID(), role: role, action: action.action, label: label(),
      animation: action.animation)
  }

  private init(role: ButtonStateRole?, optionalAction: Action?, label: TextState) {
    self.init(id: UUID(), role: role, action: optionalAction, label: label, animation: nil)
  }

  /// The same button, sending `transform(action)`: to embed a child's alert in a parent's.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      id: id, role: role, action: action.map(transform), label: label, animation: animation)
  }

  private init(
    id: UUID, role: ButtonStateRole?, action: Action?, label: TextState,
    animation: (any Sendable)?
  ) {
    self.id = id
    self.role = role
    self.action = action
    self.label = label
    self.animation = animation
  }
}

/// What a button of an alert or a dialog sends, as SwiftUINavigation spells it (TCA re-exports
/// it): `.send(.confirmDeletion)`, or `.send(.confirmDeletion, animation: .default)` on Apple
/// platforms, where the action is then sent in that animation.
public struct ButtonStateAction<Action> {
  let action: Action?
  let animation: (any Sendable)?

  /// Sends `action` (nothing, for `nil`: the button only dismisses).
  public static func send(_ action: Action?) -> Self {
    Self(action: action, animation: nil)
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
