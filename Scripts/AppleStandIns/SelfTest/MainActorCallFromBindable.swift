// apple-compile self-test: SwiftUI's `Bindable` is not main-actor isolated, so its extensions
// are not either; calling a main-actor method there must be rejected (Hush's
// `Bindable.scope(state:action:)` did).
// platform: iOS
import SwiftUI

@MainActor
final class Model: Observable {
  var count = 0
  func reset() { count = 0 }
}

extension Bindable where Value == Model {
  func reset() {
    wrappedValue.reset()  // expected-error
  }
}
