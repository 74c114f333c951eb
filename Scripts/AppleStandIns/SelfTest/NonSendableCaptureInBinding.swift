// apple-compile self-test: `Binding(get:set:)` takes `@Sendable` closures; capturing a
// non-Sendable object in them must be rejected.
// platform: macOS
import SwiftUI

final class Counter {
  var value = 0
}

func binding(to counter: Counter) -> Binding<Int> {
  Binding(
    get: { counter.value },  // expected-error
    set: { counter.value = $0 })  // expected-error
}
