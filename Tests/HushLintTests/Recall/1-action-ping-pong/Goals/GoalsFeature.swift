// A feature whose body hands each category of its actions to an overload of one method in
// another file (GoalMate): `case let .feature(action): return reduce(into: &state, action:
// action)`, with `func reduce(into:action: FeatureAction)` handling `.feature(…)`.
import ComposableArchitecture

@Reducer
struct Goals {
  @ObservableState
  struct State: Equatable {
    var goals: [String] = []
    var isLoading = false
    var isRefreshing = false
  }

  enum Action {
    case view(ViewAction)
    case feature(FeatureAction)
    case delegate(DelegateAction)
  }

  enum ViewAction {
    case onAppear
    case refreshPulled
    case goalTapped(String)
  }

  enum FeatureAction {
    case fetchGoals
    case goalsFetched([String])
    case showSpinner
  }

  enum DelegateAction {
    case showGoal(String)
  }

  @Dependency(\.goalsClient) var goalsClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .view(action):
        return reduce(into: &state, action: action)
      case let .feature(action):
        return reduce(into: &state, action: action)
      case .delegate:
        return .none
      }
    }
  }
}
