// snippet: readme
import Hush
import HushTesting
// end snippet
import Testing

/// The README's example, its swift block a copy of these snippets (`DocumentationCodeTests`),
/// with its printed output checked.
@MainActor
@Suite struct ReadmeExampleTests {
  // snippet: readme
  struct Search: Equatable {
    var query = ""
    var slider = 0.0
  }

  enum SearchAction {
    case queryChanged(String)
    case sliderMoved(Double)
  }
  // end snippet

  @Test func readmeExamplePrintsWhatTheReadmeSays() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet: readme
    let store = Store<Search, SearchAction>(initialState: Search()) { state, action in
      switch action {
      case let .queryChanged(query): state.query = query
      case let .sliderMoved(value): state.slider = value
      }
      return .none
    }

    let queryView = RenderProbe { store.query }  // renders once now, like a view appearing
    store.send(.sliderMoved(3))  // the query did not change...
    store.send(.queryChanged(""))  // ...nor here: an equal value
    print(queryView.renders)  // 0
    store.send(.queryChanged("cat"))
    print(queryView.renders, queryView.value)  // 1 cat
    // end snippet

    #expect(output == ["0", "1 cat"])
  }
}
