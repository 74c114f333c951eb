import Dependencies
import IssueReporting

/// Dismisses the presented feature whose effect calls it, as `@Dependency(\.dismiss)` does in
/// TCA.
///
/// ```swift
/// struct Compose: Reducer {
///   @Dependency(\.dismiss) var dismiss
///   …
///   case .sendTapped:
///     return .run { _ in
///       try await mailer.send()
///       await dismiss()   // the parent receives `.compose(.dismiss)`
///     }
/// }
/// ```
///
/// Called from an effect of a feature presented with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``,
/// it sends ``PresentationAction/dismiss`` for the innermost presentation the effect belongs
/// to, at any depth; the parent then runs, the child state is cleared, and the child's effects
/// are cancelled. Called anywhere else, it does what the dependency was given (a `TestStore`
/// records that its feature dismissed itself: `TestStore.isDismissed`), or reports that
/// nothing could be dismissed.
public struct DismissEffect: Sendable {
  private let dismiss: (@Sendable () async -> Void)?

  /// Does nothing of its own: the presentation the effect belongs to is dismissed.
  public init() {
    self.dismiss = nil
  }

  /// Runs `dismiss` when called outside a presented feature's effect (a root feature's, for
  /// instance).
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  /// Dismisses the presented feature the calling effect belongs to.
  public func callAsFunction(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await dismiss(
      wrappedIn: { $0() }, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Dismisses the presented feature the calling effect belongs to, sending the dismissal
  /// inside `wrap` on the main actor (SwiftUI's `withAnimation`, for
  /// `dismiss(animation:)`).
  func dismiss(
    wrappedIn wrap: @escaping @MainActor @Sendable (_ dismissal: @MainActor () -> Void) -> Void,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    if let presentation = PresentationContext.dismiss {
      await presentation(wrap)
    } else if let dismiss {
      await dismiss()
    } else {
      reportIssue(
        """
        A feature called "dismiss()", but it couldn't be dismissed: the effect that called it \
        does not belong to a feature presented with "ifLet" over a "PresentationAction".

        "dismiss()" dismisses from a presented feature's effects only; from its reducer, return \
        an effect that calls it.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// The presentation an effect runs under: bound around the runs of a presented feature's
/// effects, innermost last.
enum PresentationContext {
  /// Sends the dismissal of the presented feature the running effect belongs to, inside the
  /// wrapper it is given, on the main actor.
  @TaskLocal static var dismiss:
    (
      @Sendable (_ wrap: @escaping @MainActor @Sendable (@MainActor () -> Void) -> Void) async
        -> Void
    )?
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it (see ``DismissEffect``).
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }

  /// Whether the feature reducing is presented (by `ifLet` over a `PresentationAction`), in
  /// its reducer and its effects.
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

private enum IsPresentedKey: DependencyKey {
  static let liveValue = false
  static let testValue = false
}

extension Effect {
  /// This effect, whose runs send the action `dismissal` makes when they call `dismiss()`.
  func dismissing(with dismissal: @escaping @Sendable () -> Action) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(options, operation):
      return Self(
        .run(options) { send in
          await PresentationContext.$dismiss.withValue({ wrap in
            await MainActor.run { wrap { send(dismissal()) } }
          }) {
            await operation(send)
          }
        })
    case let .merge(effects):
      return Self(.merge(effects.map { $0.dismissing(with: dismissal) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.dismissing(with: dismissal) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect.dismissing(with: dismissal)))
    case let .deferred(duration, clock, effect):
      return Self(.deferred(duration, clock, effect.dismissing(with: dismissal)))
    case let .throttle(id, interval, clock, latest, effect):
      return Self(
        .throttle(
          id: id, interval: interval, clock: clock, latest: latest,
          effect.dismissing(with: dismissal)))
    }
  }
}
