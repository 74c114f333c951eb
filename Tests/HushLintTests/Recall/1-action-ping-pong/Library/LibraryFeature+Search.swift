import ComposableArchitecture

extension Library {
  // A second reducer of the feature, composed in another file: its handler of `.search` is
  // what `.searchSubmitted` sends to.
  var searching: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .search(query):
        state.results = state.books.filter { $0.title.contains(query) }
        return .none
      default:
        return .none
      }
    }
  }
}
