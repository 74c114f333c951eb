// EhPanda's settings: a store binding handed to a section, whose field binding
// (`$prefs.width`) reaches a number picker built on a Slider with no step, in other files.
// Every movement of the slider sends a binding action through the store.
import ComposableArchitecture
import SwiftUI

@Reducer
struct PrefsFeature {
  @ObservableState
  struct State: Equatable {
    var prefs = Prefs()
    var notify = false
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

struct Prefs: Equatable {
  var width: Float = 100
  var height: Float = 100
  var opacity: Double = 1
}

struct PrefsForm: View {
  @Bindable var store: StoreOf<PrefsFeature>

  var body: some View {
    Form {
      SizeSection(prefs: $store.prefs)  // expect: high-frequency-send
      Toggle("Notify", isOn: $store.notify)
      Slider(value: $store.prefs.opacity, in: 0...1, step: 0.1)
    }
  }
}
