/// The store an effect's task runs in, as the task's `Task.cancel(id:)` and
/// `withTaskCancellation(id:)` see it: where to register and cancel work, and the child
/// scopes that make the task's ids its feature's own.
struct EffectTaskContext: Sendable {
  /// The effects of the store that runs the task.
  let registry: any EffectTaskRegistry
  /// The child scopes of the feature whose effect started the task, outermost first.
  let scopes: [EffectID]

  /// The context of the current task: set for the operation of every `Effect.run` a store
  /// runs, `nil` outside of effects.
  @TaskLocal static var current: Self?

  /// `id` as the store knows it in this task's feature: the same id as the feature's
  /// `cancellable(id:)` and `.cancel(id:)` reach.
  func scoped(_ id: EffectID) -> EffectID {
    scopes.reversed().reduce(id) { id, scope in EffectID(ScopedEffectID(scope: scope, id: id)) }
  }

  /// The registry and scoped id that `id` means in the current task.
  static func resolve(_ id: some Hashable & Sendable) -> (any EffectTaskRegistry, EffectID) {
    guard let current else { return (unscopedRegistry, EffectID(id)) }
    return (current.registry, current.scoped(EffectID(id)))
  }

  /// Where work registered outside of any store's effects lives (a dependency client called
  /// from a plain task, say): `Task.cancel(id:)` outside of effects reaches it.
  private static let unscopedRegistry = EffectRuntime<Never>(immortal: true)
}

/// Where an effect's task registers cancellable work: a store's ``EffectRuntime``.
protocol EffectTaskRegistry: AnyObject, Sendable {
  func start(
    ids: [EffectID],
    _ makeTask: (_ finished: @escaping @Sendable () -> Void) -> Task<Void, Never>
  ) -> Task<Void, Never>

  func cancel(_ ids: some Sequence<EffectID>)
}

extension EffectRuntime: EffectTaskRegistry {}

extension Task<Never, Never> {
  /// Cancels the work that runs under `id`, from inside an effect, as TCA's
  /// `Task.cancel(id:)`: the effects made `cancellable(id:)` and the operations of
  /// ``withTaskCancellation(id:cancelInFlight:isolation:operation:)`` of the store that runs
  /// this task.
  ///
  /// ```swift
  /// return .run { send in
  ///   guard try await api.isUpToDate() else { return }
  ///   Task.cancel(id: CancelID.refresh)
  ///   await send(.upToDate)
  /// }
  /// ```
  ///
  /// The id is scoped as the effect's own operators are: called in a child feature's effect,
  /// it reaches that feature's work under `id` (and its children's), never a parent's or a
  /// sibling's. Outside of any store's effect it reaches the work registered outside of
  /// effects.
  ///
  /// - Parameter id: The id the work was made cancellable with.
  public static func cancel(id: some Hashable & Sendable) {
    let (registry, id) = EffectTaskContext.resolve(id)
    registry.cancel([id])
  }
}

/// Runs `operation` so that the store that runs this effect can cancel it by `id`, as TCA's
/// `withTaskCancellation(id:cancelInFlight:operation:)`: `.cancel(id:)` from the reducer and
/// `Task.cancel(id:)` cancel it, as they cancel an effect made `cancellable(id:)`.
///
/// It makes part of an effect cancellable, or one effect's steps cancel each other:
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await clock.sleep(for: .milliseconds(300))
///     await send(.searchResponse(try await api.search(query)))
///   }
/// }
/// ```
///
/// Ids are scoped as the effect operators' are (see ``Task/cancel(id:)``). Cancelling the
/// calling task cancels the operation too.
///
/// - Parameters:
///   - id: The id to register the operation under.
///   - cancelInFlight: Whether to cancel the work that already runs under `id` first.
///   - isolation: The isolation of the caller.
///   - operation: The work. It runs in a task of its own, with the caller's task-local values
///     (dependencies among them).
/// - Returns: What the operation returns.
/// - Throws: What the operation throws; `CancellationError` (or whatever the operation throws
///   on cancellation) when it was cancelled. A non-throwing operation makes the call
///   non-throwing.
public func withTaskCancellation<T: Sendable, Failure: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  operation: @escaping @Sendable () async throws(Failure) -> T
) async throws(Failure) -> T {
  let (registry, id) = EffectTaskContext.resolve(id)
  if cancelInFlight { registry.cancel([id]) }
  // The work and a watcher that cancels it are made under the registry's lock: whatever the
  // operation does, a cancellation that follows it finds the work registered.
  var started: Task<Result<T, Failure>, Never>?
  _ = registry.start(ids: [id]) { finished in
    let work = Task<Result<T, Failure>, Never> {
      do throws(Failure) {
        return .success(try await operation())
      } catch {
        return .failure(error)
      }
    }
    started = work
    return Task {
      await withTaskCancellationHandler {
        _ = await work.value
      } onCancel: {
        work.cancel()
      }
      finished()
    }
  }
  guard let work = started else { preconditionFailure("The registry did not start the work.") }
  let result = await withTaskCancellationHandler {
    await work.value
  } onCancel: {
    work.cancel()
  }
  return try result.get()
}
