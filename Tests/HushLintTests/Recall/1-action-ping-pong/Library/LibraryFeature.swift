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

  enum Action: BindableAction {
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
    case closeTapped
    case loadedPage(Page)
    case saveBooks
    case binding(BindingAction<State>)
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

      // The send comes when the tracking effect ends: no helper can do that.
      case .onDisappear:
        return .concatenate(
          .run { _ in await analytics.track("closed") },
          .send(.stopObserving)
        )

      case .closeTapped:
        return .concatenate(
          .send(.stopObserving),  // expect: action-ping-pong
          .run { _ in await analytics.track("closed") }
        )

      case let .loadedPage(page):
        var effects: [Effect<Action>] = [.send(.saveBooks)]  // expect: action-ping-pong
        guard !page.books.isEmpty else { return .merge(effects) }
        state.books += page.books
        if page.isLast {
          effects.append(.send(.stopObserving))  // expect: action-ping-pong
        }
        return .merge(effects)

      case .saveBooks:
        guard !state.books.isEmpty else { return .none }
        return .run { [books = state.books] _ in try await self.books.save(books) }

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

      case .search, .binding:
        return .none
      }
    }
    BindingReducer()
      .onChange(of: \.query) { _, query in
        Reduce({ _, _ in
          query.isEmpty ? .send(.stopObserving) : .none  // expect: action-ping-pong
        })
      }
      .onChange(of: \.books) { _, _ in
        Reduce { state, _ in
          state.error = nil
          return .send(.saveBooks)  // expect: action-ping-pong
        }
      }
      .ifLet(\.detail, action: \.detail) { BookDetail() }
  }

  enum CancelID { case observation }
}
