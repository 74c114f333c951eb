// Shapes seen in TCA apps (isowords, zashi-ios, babylon-wallet-ios): an action sent from
// another case, from a child's delegate action, inside an `if` or `guard`, through
// `Effect.send`, `.merge` and `.concatenate`, to a handler that only changes state or only
// starts an effect. The handler of `.search` lives in another file.
import ComposableArchitecture

@Reducer
struct Library {
  @ObservableState
  struct State: Equatable {
    var books: [Book] = []
    var isLoading = false
    var error: String?
    var query = ""
    var results: [Book] = []
    var detail: BookDetail.State?
  }

  enum Action {
    case onAppear
    case refreshTapped
    case retryTapped
    case task
    case searchSubmitted
    case search(String)
    case load
    case loaded([Book])
    case startObserving
    case changed([Book])
    case stopObserving
    case authorized(Bool)
    case unlock
    case lockTapped
    case failed
    case locked
    case onDisappear
    case timerStarted
    case tick
    case detail(BookDetail.Action)
  }

  @Dependency(\.books) var books
  @Dependency(\.analytics) var analytics
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        if state.books.isEmpty {
          return .send(.load)  // expect: action-ping-pong
        }
        return .none

      case .refreshTapped:
        return Effect.send(.load)  // expect: action-ping-pong

      case .retryTapped:
        state.error = nil
        return .merge(
          .send(.load),  // expect: action-ping-pong
          .run { _ in await analytics.track("retry") }
        )

      case .task:
        return .send(.startObserving)  // expect: action-ping-pong

      case .onDisappear:
        return .concatenate(
          .run { _ in await analytics.track("closed") },
          .send(.stopObserving)  // expect: action-ping-pong
        )

      case .searchSubmitted:
        guard !state.query.isEmpty else { return .none }
        return .send(.search(state.query))  // expect: action-ping-pong

      case .load:
        state.isLoading = true
        return .run { send in
          await send(.loaded(try await books.fetch()))
        }

      case let .loaded(books):
        state.isLoading = false
        state.books = books
        return .none

      case .startObserving:
        return .run { send in
          for await books in self.books.changes() {
            await send(.changed(books))
          }
        }
        .cancellable(id: CancelID.observation)

      case let .changed(books):
        state.books = books
        return .none

      case .stopObserving:
        return .cancel(id: CancelID.observation)

      // A timer: the tick's effect sends the tick again, so starting it by a send is the loop.
      case .timerStarted:
        return .send(.tick)

      case .tick:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }

      case let .authorized(success):
        return success ? .send(.unlock) : .none  // expect: action-ping-pong

      case .unlock:
        state.error = nil
        return .none

      // The app's reducer matches `.library(.locked)`: the send tells the parent too.
      case .lockTapped:
        return .send(.locked)

      case .locked:
        state.books = []
        return .none

      case .failed:
        state.error = "failed"
        return .none

      case .detail(.delegate(.saved)):
        return .send(.load)  // expect: action-ping-pong

      case .detail:
        return .none

      case .search:
        return .none
      }
    }
    .ifLet(\.detail, action: \.detail) { BookDetail() }
  }

  enum CancelID { case observation }
}
