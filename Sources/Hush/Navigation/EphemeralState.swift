import CasePaths

/// State that any of its actions dismisses: an alert or a confirmation dialog. An `ifLet` over
/// such state takes no child reducer, and sets the state to `nil` after an action from it.
/// (Hush's own alert and dialog states conform; the protocol is not meant for others.)
public protocol _EphemeralState {}

/// Whether `state` dismisses itself on any of its actions: an ephemeral state, or an enum (a
/// destination) whose case holds one.
func isEphemeral(_ state: Any) -> Bool {
  if state is any _EphemeralState { return true }
  // Only an enum destination can hold one; those are `@CasePathable` (a struct state costs
  // no reflection here, on every action of a presented child).
  guard state is any CasePathable else { return false }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return isEphemeral(payload)
}
