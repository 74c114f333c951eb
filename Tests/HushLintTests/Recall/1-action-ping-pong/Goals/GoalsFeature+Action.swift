import ComposableArchitecture

extension Goals {
  func reduce(into state: inout State, action: ViewAction) -> Effect<Action> {
    switch action {
    case .onAppear:
      guard state.goals.isEmpty else { return .none }
      return .send(.feature(.fetchGoals))  // expect: action-ping-pong
    case .refreshPulled:
      state.isRefreshing = true
      return .send(.feature(.showSpinner))  // expect: action-ping-pong
    case let .goalTapped(id):
      return .send(.delegate(.showGoal(id)))
    }
  }

  func reduce(into state: inout State, action: FeatureAction) -> Effect<Action> {
    switch action {
    case .fetchGoals:
      return .run { send in
        await send(.feature(.goalsFetched(try await goalsClient.fetch())))
      }
    case let .goalsFetched(goals):
      state.goals = goals
      state.isLoading = false
      state.isRefreshing = false
      return .none
    case .showSpinner:
      state.isLoading = true
      return .none
    }
  }
}
