// The shape of babylon-wallet-ios: a protocol splits a feature's actions into view, internal,
// child and delegate groups, each handled by its own `reduce(into:…Action:)`. A view action
// that sends an internal action only to change state, or only to return an effect, is the
// same round trip.
import ComposableArchitecture

@Reducer
struct RenameAccount: FeatureReducer {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var focusedField: Field?
    var isSaving = false
    var transfer: Transfer.State?
  }

  enum Field { case name }

  enum ViewAction {
    case appeared
    case focusChanged(Field?)
    case saveTapped
  }

  enum InternalAction {
    case focusTextField(Field?)
    case save
    case saved
    case transfer(Transfer.Action)
  }

  enum DelegateAction { case renamed(String) }

  @Dependency(\.accountsClient) var accountsClient

  func reduce(into state: inout State, viewAction: ViewAction) -> Effect<Action> {
    switch viewAction {
    case .appeared:
      return .run { send in  // expect: action-ping-pong
        await send(.internal(.focusTextField(.name)))
      }

    case let .focusChanged(field):
      return .send(.internal(.focusTextField(field)))  // expect: action-ping-pong

    case .saveTapped:
      guard !state.name.isEmpty else { return .none }
      return .send(.internal(.save))  // expect: action-ping-pong
    }
  }

  func reduce(into state: inout State, internalAction: InternalAction) -> Effect<Action> {
    switch internalAction {
    case let .focusTextField(field):
      state.focusedField = field
      return .none

    case .save:
      return .run { [name = state.name] send in
        try await accountsClient.rename(name)
        await send(.internal(.saved))
      }

    case .saved:
      return .send(.delegate(.renamed(state.name)))

    // A payload switched over under the name `action`: not a reducer's switch, and its
    // returns are the outer case's.
    case let .transfer(action):
      switch action {
      case .finished:
        return .send(.internal(.save))  // expect: action-ping-pong
      case .cancelled:
        return .none
      }
    }
  }
}
