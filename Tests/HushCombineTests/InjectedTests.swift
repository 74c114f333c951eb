import HushCombine
import Testing

@Suite struct InjectedTests {
  @Test func writesReachTheStateWithoutReadingIt() {
    let appState = StateSubject(AppState())
    let injected = Injected(appState)
    let states = Recorder(appState)
    injected.write(4, to: \.counter)
    #expect(injected.dispatch(true, to: \.routing.showsSettings))
    #expect(!injected.dispatch(true, to: \.routing.showsSettings))
    #expect(appState.value.counter == 4)
    #expect(states.count == 3)
  }

  @Test func subscribesToSlices() {
    let appState = StateSubject(AppState())
    let injected = Injected(appState)
    let unread = Recorder(injected.viewState { $0.inbox.unread })
    let title = Recorder(injected.publisher(for: \.inbox.title))
    appState[\.inbox.unread] = 1
    appState[\.counter] = 1
    #expect(unread.values == [0, 1])
    #expect(title.values == ["Inbox"])
  }

  @Test func equalWhenItGivesAccessToTheSameState() {
    let appState = StateSubject(AppState())
    #expect(Injected(appState) == Injected(appState))
    #expect(Injected(appState) != Injected(StateSubject(AppState())))
  }
}
