/// The two observed values of a box a control is bound to: the `input` the control writes on
/// every change, and the `output` the rest of the app reads. Each is tracked on its own, and
/// neither notifies for an equal value.
struct ControlValue<Value: Equatable> {
  private let inputCell = TrackedCell()
  private let outputCell = TrackedCell()
  private(set) var input: Value
  private(set) var output: Value

  init(_ value: Value) {
    input = value
    output = value
  }

  /// The input, tracked.
  func trackedInput() -> Value {
    inputCell.track()
    return input
  }

  /// The output, tracked.
  func trackedOutput() -> Value {
    outputCell.track()
    return output
  }

  /// Sets the input; returns whether it changed (an equal value does nothing).
  mutating func write(_ value: Value) -> Bool {
    guard value != input else { return false }
    input = value
    inputCell.notifyChange()
    return true
  }

  /// Makes the output follow the input, notifying its readers if it changed.
  mutating func publishInput() {
    guard input != output else { return }
    output = input
    outputCell.notifyChange()
  }
}
