import Foundation
import Hush

/// One todo: a title to edit and a box to tick. Its fields are edited through bindings, so the
/// list sees every change as an action (`\.todos[id: id].binding.isComplete`).
public struct Todo: Reducer {
  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    public var title: String
    public var isComplete: Bool

    public init(id: UUID, title: String = "", isComplete: Bool = false) {
      self.id = id
      self.title = title
      self.isComplete = isComplete
    }
  }

  @CasePathable
  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
  }
}
