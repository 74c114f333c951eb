import IssueReporting

/// Work a reducer starts after it changed the state: nothing, an action to send right away,
/// or asynchronous work that sends actions back to the store.
///
/// ```swift
/// case let .queryChanged(query):
///   state.query = query
///   return .run { send in
///     await send(.resultsLoaded(try await api.search(query)))
///   }
/// ```
///
/// `.run` bodies run off the main actor; the actions they send are handled on it.
///
/// Operators shape when and whether work runs: ``cancellable(id:cancelInFlight:)`` and
/// ``cancel(id:)`` (Effect+Cancellation.swift), ``debounce(id:for:clock:)`` and
/// ``throttle(id:for:clock:latest:)`` (Effect+Timing.swift), `merge`, `concatenate` and
/// ``map(_:)`` (Effect+Composition.swift).
public struct Effect<Action> {
  enum Operation {
    case none
    case send(Action)
    case run(EffectRunOptions, @Sendable (Send<Action>) async -> Void)
    case merge([Effect<Action>])
    /// Runs the effects one after the other.
    case concatenate([Effect<Action>])
    /// Runs the effect under `id`; with `cancelInFlight`, first cancels what runs under `id`.
    indirect case cancellable(id: EffectID, cancelInFlight: Bool, Effect<Action>)
    /// Cancels everything that runs under the ids.
    case cancel([EffectID])
    /// Runs the effect after sleeping `duration` on `clock` (the body of a debounce).
    indirect case deferred(Duration, any Clock<Duration>, Effect<Action>)
    /// Runs the effect now or at the end of the throttle window of `id`, or drops it.
    indirect case throttle(
      id: EffectID, interval: Duration, clock: any Clock<Duration>, latest: Bool,
      Effect<Action>)
  }

  /// The operation, boxed; `nil` for ``none``. A class reference has the same layout whatever
  /// `Action` is, so code that is not specialized for the app's action type (the store's send
  /// path) handles an effect without looking up its generic metadata, and returns `.none`
  /// without building an enum value.
  @usableFromInline let box: EffectBox<Action>?

  /// What the effect does.
  var operation: Operation {
    box?.operation ?? .none
  }

  init(_ operation: Operation) {
    if case .none = operation {
      self.box = nil
    } else {
      self.box = EffectBox(operation)
    }
  }

  @usableFromInline
  init(box: EffectBox<Action>?) {
    self.box = box
  }

  /// No work.
  @inlinable
  public static var none: Self { Self(box: nil) }

  /// Whether this is ``none``.
  @inlinable
  var isNone: Bool { box == nil }

  /// Sends `action` to the store right after the current action, before `send(_:)` returns.
  ///
  /// Prefer calling a helper from the reducer to sending an action to yourself: each action
  /// is a round trip through the reducer and the observers.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` off the main actor; it sends actions back with `send`.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await tick in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the operation.
  ///   - name: The name of the task that runs the operation (what a debugger and Instruments
  ///     show for it), where the Swift runtime names tasks (Swift 6.2 and the OS versions of
  ///     2025).
  ///   - operation: The work; `CancellationError` ends it quietly.
  ///   - handler: Called with any other error the operation throws. Without one, an error is
  ///     reported as an issue (a test failure in tests, a runtime warning in an app).
  ///   - fileID: Where the effect was made, for the issue an unhandled error reports.
  ///   - filePath: Where the effect was made, for the issue an unhandled error reports.
  ///   - line: Where the effect was made, for the issue an unhandled error reports.
  ///   - column: Where the effect was made, for the issue an unhandled error reports.
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    // The dependencies in force now (the reducer's, when a reducer makes the effect) are the
    // ones the operation sees, on whatever thread it runs.
    withEscapedDependencies { dependencies in
      Self(
        .run(EffectRunOptions(priority: priority, name: name)) { send in
          await dependencies.yield {
            do {
              try await operation(send)
            } catch is CancellationError {
            } catch {
              guard let handler else {
                reportIssue(
                  """
                  An Effect.run threw an unhandled error: \(error)

                  Handle errors in the operation, or pass a 'catch' handler.
                  """,
                  fileID: fileID, filePath: filePath, line: line, column: column)
                return
              }
              await handler(error, send)
            }
          }
        })
    }
  }

  /// Runs several effects at the same time.
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs several effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    combining(effects, as: Operation.merge)
  }

  /// `effects` without the `.none`s, combined with `operation` when more than one is left.
  static func combining(
    _ effects: some Sequence<Self>, as operation: ([Self]) -> Operation
  ) -> Self {
    let effects = effects.filter {
      if $0.isNone { return false }
      return true
    }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation(effects))
    }
  }

  /// Runs this effect and `other` at the same time.
  public func merge(with other: Self) -> Self {
    // Without building an array for the common case of a `.none`.
    if isNone { return other }
    if other.isNone { return self }
    return Self(.merge([self, other]))
  }
}

// An effect is made of `Sendable` closures, ids and clocks: it crosses tasks when its actions
// can.
extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

/// The operation of an ``Effect`` that does something. Immutable: sharing it is as safe as
/// sharing the operation.
@usableFromInline
final class EffectBox<Action> {
  let operation: Effect<Action>.Operation

  init(_ operation: Effect<Action>.Operation) {
    self.operation = operation
  }
}

extension EffectBox: @unchecked Sendable where Action: Sendable {}

/// The effect of a reducer's actions: `EffectOf<Feature>`, as in TCA.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

/// How the task of an `Effect.run` is made.
struct EffectRunOptions: Sendable {
  var priority: TaskPriority?
  var name: String?
  /// The child scopes the effect went up through, outermost first: the task's
  /// `Task.cancel(id:)` and `withTaskCancellation(id:)` scope their ids as the store scopes
  /// the effect's `cancellable(id:)` and `cancel(id:)`.
  var scopes: [EffectID] = []
}
