import Hush
import HushTesting
import Testing

// The code of the "Bindings" article (Sources/Hush/Documentation.docc), compiled and run;
// see `DocumentationCodeTests`.

// snippet: signup
struct Signup: Reducer {
  struct State: Equatable {
    var email = ""
    var acceptsTerms = false
    var canSubmit = false
  }

  @CasePathable
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case submitTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        state.canSubmit = state.email.contains("@") && state.acceptsTerms
        return .none
      case .submitTapped:
        return .none
      }
    }
  }
}
// end snippet

@MainActor
@Suite struct BindingsArticleTests {
  @Test func writesGoThroughTheReducer() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet: signup-store
    let store = Store(initialState: Signup.State()) { Signup() }
    let emailField = RenderProbe { store.email }
    let submitButton = RenderProbe { store.canSubmit }
    store.email = "ada@example.com"  // sends .binding(.set(\.email, "ada@example.com"))
    store.acceptsTerms = true
    print(emailField.renders, submitButton.renders)  // 1 1
    // end snippet
    #expect(output == ["1 1"])
  }

  @Test func theArticleTest() async {
    // snippet: signup-test
    let store = TestStoreOf<Signup>(initialState: Signup.State()) { Signup() }
    await store.send(\.binding.email, "ada@example.com") { $0.email = "ada@example.com" }
    await store.send(.binding(.set(\.acceptsTerms, true))) {
      $0.acceptsTerms = true
      $0.canSubmit = true
    }
    // end snippet
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  // snippet: signup-view
  struct SignupView: View {
    @Bindable var store: StoreOf<Signup>

    var body: some View {
      Form {
        TextField("Email", text: $store.email)
        Toggle("I accept the terms", isOn: $store.acceptsTerms)
        Button("Sign up") { store.send(.submitTapped) }
          .disabled(!store.canSubmit)
      }
    }
  }
// end snippet
#endif
