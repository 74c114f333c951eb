// Idiomatic TCA that must stay silent: a send to a child (its reducer runs too), to a
// delegate, an effect that sends the result of work, logic shared by a helper.
import ComposableArchitecture

@Reducer
struct Settings {
  @ObservableState
  struct State: Equatable {
    var profile: Profile.State = .init()
    var name = ""
    var isSaving = false
    var saved: Date?
  }

  enum Action {
    case onAppear
    case saveTapped
    case saveFinished(Date)
    case resetTapped
    case profile(Profile.Action)
    case delegate(Delegate)
    enum Delegate { case saved }
  }

  @Dependency(\.settingsClient) var settingsClient
  @Dependency(\.date.now) var now

  var body: some ReducerOf<Self> {
    Scope(state: \.profile, action: \.profile) { Profile() }
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .send(.profile(.load))

      case .saveTapped:
        state.isSaving = true
        return .run { [name = state.name] send in
          try await settingsClient.save(name)
          await send(.saveFinished(now))
        }

      case let .saveFinished(date):
        state.isSaving = false
        state.saved = date
        return .send(.delegate(.saved))

      case .resetTapped:
        return reset(&state)

      case .profile, .delegate:
        return .none
      }
    }
  }

  private func reset(_ state: inout State) -> Effect<Action> {
    state.name = ""
    return .run { _ in try await settingsClient.clear() }
  }
}
