import ConcurrencyExtras

/// The effect interpreter: turns the effect a reducer returned into tasks tracked by the
/// store's ``EffectRuntime``, under the cancellation ids that enclose them.
extension Store {
  /// One step of a sequential effect (`concatenate`, the delay of a `debounce`).
  private enum Step {
    /// Sleeps until the first instant of the alarm.
    case sleep(Alarm)
    case effect(Effect<Action>)
  }

  /// Starts `effect`; the returned task ends when all the work it started ended.
  func run(_ effect: Effect<Action>) -> StoreTask {
    run(effect, ids: [])
  }

  /// Starts `effect` with every task it creates tracked under `ids` (the cancellation ids of
  /// the `cancellable`, `debounce` and `throttle` operators around it).
  private func run(_ effect: Effect<Action>, ids: [EffectID]) -> StoreTask {
    switch effect.operation {
    case .none:
      return StoreTask(nil)

    case let .send(action):
      return send(action)

    case let .run(options, operation):
      let send = Send<Action> { [weak self] action in self?.send(action) }
      return StoreTask(
        effects.start(ids: ids) { finished in
          effects.detachedTask(name: options.name, priority: options.priority) { [effects] in
            // What `Task.cancel(id:)` and `withTaskCancellation(id:)` in the operation reach.
            let context = EffectTaskContext(registry: effects, scopes: options.scopes)
            await EffectTaskContext.$current.withValue(context) {
              await operation(send)
            }
            finished()
          }
        })

    case let .merge(effects):
      return Self.join(effects.map { run($0, ids: ids) })

    case let .concatenate(effects):
      return sequence(effects.map(Step.effect), ids: ids)

    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { effects.cancel([id]) }
      return run(effect, ids: ids.contains(id) ? ids : ids + [id])

    case let .cancel(cancelled):
      effects.cancel(cancelled)
      return StoreTask(nil)

    case let .deferred(duration, clock, effect):
      let alarm = Alarm(clock: clock, interval: duration)
      return sequence([.sleep(alarm), .effect(effect)], ids: ids)

    case let .throttle(id, interval, clock, latest, effect):
      let ids = ids.contains(id) ? ids : ids + [id]
      switch effects.throttle(id: id, latest: latest, effect: effect) {
      case .dropped:
        return StoreTask(nil)
      case let .deferred(timer):
        return StoreTask(timer)
      case let .runNow(window):
        // The timer waits off the main actor, and comes to it only to start what is pending.
        // Window n ends at start + interval × n, fixed now.
        let alarm = Alarm(clock: clock, interval: interval)
        let timer = effects.start(ids: ids) { finished in
          effects.detachedTask { [weak self, effects] in
            defer { finished() }
            var windowsElapsed = 0
            while !Task.isCancelled {
              windowsElapsed += 1
              do { try await alarm.sleep(untilMultiple: windowsElapsed) } catch { return }
              let started = await MainActor.run { () -> Bool in
                guard !Task.isCancelled, let self,
                  let next = effects.windowElapsed(id: id, token: window)
                else { return false }
                _ = self.run(next, ids: ids)
                return true
              }
              guard started else { return }
            }
          }
        }
        effects.windowStarted(timer, id: id, token: window)
        return run(effect, ids: ids)
      }
    }
  }

  /// Runs `steps` one after the other in a task tracked under `ids`; cancelling the task
  /// cancels the step in progress and skips the rest.
  ///
  /// The task waits off the main actor and comes to it only to start each effect, so that
  /// once its last effect finished it ends without needing the main actor (a test that just
  /// received the last action does not see it still running).
  private func sequence(_ steps: [Step], ids: [EffectID]) -> StoreTask {
    // Steps hold effects, which are not `Sendable`; they are only used on the main actor.
    let steps = steps.map { UncheckedSendable($0) }
    return StoreTask(
      effects.start(ids: ids) { finished in
        effects.detachedTask { [weak self] in
          defer { finished() }
          for step in steps {
            guard !Task.isCancelled else { return }
            switch step.value {
            case let .sleep(alarm):
              do { try await alarm.sleep(untilMultiple: 1) } catch { return }
            case .effect:
              // No strong reference to the store across the wait: a store that goes away
              // cancels this task instead of being kept alive by it.
              let task = await MainActor.run { () -> StoreTask? in
                guard !Task.isCancelled, case let .effect(effect) = step.value else {
                  return nil
                }
                return self?.run(effect, ids: ids)
              }
              guard let task else { return }
              await withTaskCancellationHandler {
                await task.finish()
              } onCancel: {
                task.cancel()
              }
            }
          }
        }
      })
  }

  /// One task that waits for all of `tasks`, and cancels them when cancelled.
  private static func join(_ tasks: [StoreTask]) -> StoreTask {
    let tasks = tasks.compactMap(\.rawValue)
    switch tasks.count {
    case 0: return StoreTask(nil)
    case 1: return StoreTask(tasks[0])
    default:
      return StoreTask(
        Task {
          await withTaskCancellationHandler {
            for task in tasks { await task.value }
          } onCancel: {
            for task in tasks { task.cancel() }
          }
        })
    }
  }
}
