// apple-compile self-test: the same constructs written correctly compile with no diagnostic,
// so the rejections above come from what they test, not from the setup. `os(watchOS)` is
// false on iOS: the code under it is not compiled.
// platform: iOS
import SwiftUI

@MainActor
final class Model: Observable {
  var count = 0
  var title = ""
  func reset() { count = 0 }
  func load() async { title = "Loaded" }
}

extension Bindable where Value == Model {
  @MainActor
  func reset() {
    wrappedValue.reset()
  }
}

final class Counter: Sendable {
  let value = 0
}

func binding(to counter: Counter) -> Binding<Int> {
  Binding(get: { counter.value }, set: { _ in })
}

struct ModelView: View {
  @Bindable var model: Model

  var body: some View {
    VStack(alignment: .leading) {
      Picker("Count", selection: $model.count) {
        Text("Zero").tag(0)
      }
      .pickerStyle(.segmented)
      Text(model.title)
    }
    .task { await model.load() }
    #if os(watchOS)
      .this(does: not, compile)
    #endif
  }
}
