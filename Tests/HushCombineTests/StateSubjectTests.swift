import Foundation
import HushCombine
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

struct AppState: Equatable, Sendable {
  struct Routing: Equatable, Sendable { var showsSettings = false }
  struct Inbox: Equatable, Sendable {
    var title = "Inbox"
    var unread = 0
    var lastSync = 0
  }
  var routing = Routing()
  var inbox = Inbox()
  var counter = 0
}

struct Header: Equatable {
  var title: String
  var unread: Int
}

@Suite struct StateSubjectTests {
  @Test func publisherForAKeyPathStartsWithTheCurrentValueAndDropsDuplicates() {
    let appState = StateSubject(AppState())
    let showsSettings = Recorder(appState.publisher(for: \.routing.showsSettings))
    #expect(showsSettings.values == [false])
    appState[\.inbox.unread] = 3
    appState[\.routing.showsSettings] = false
    appState[\.routing.showsSettings] = true
    appState[\.routing.showsSettings] = true
    #expect(showsSettings.values == [false, true])
  }

  @Test func viewStateIsPublishedOnlyWhenItChanges() {
    let appState = StateSubject(AppState())
    let header = Recorder(
      appState.viewState { Header(title: $0.inbox.title, unread: $0.inbox.unread) })
    appState[\.inbox.lastSync] = 1
    appState[\.routing.showsSettings] = true
    appState.update { $0.inbox.unread = 2 }
    appState.update { $0.inbox.unread = 2 }
    #expect(
      header.values == [
        Header(title: "Inbox", unread: 0), Header(title: "Inbox", unread: 2),
      ])
  }

  @Test func updateIsOneDeliveryForSeveralChanges() {
    let appState = StateSubject(AppState())
    let states = Recorder(appState)
    let result = appState.update { state -> Int in
      state.counter += 1
      state.inbox.unread = 5
      return state.counter
    }
    #expect(result == 1)
    #expect(states.count == 2)  // the current state, then one update
    #expect(states.values.last?.inbox.unread == 5)
    #expect(appState.value.counter == 1)
  }

  @Test func dispatchWritesOnlyADifferentValue() {
    let appState = StateSubject(AppState())
    let states = Recorder(appState)
    #expect(appState.dispatch(true, to: \.routing.showsSettings))
    #expect(!appState.dispatch(true, to: \.routing.showsSettings))
    #expect(states.count == 2)
    #expect(appState[\.routing.showsSettings])
  }

  @Test func sendReplacesTheWholeState() {
    let appState = StateSubject(AppState())
    var next = AppState()
    next.counter = 9
    appState.send(next)
    #expect(appState.value == next)
  }

  @Test func aSubscriberCanWriteBackFromADelivery() {
    let appState = StateSubject(AppState())
    let cancellable = appState.publisher(for: \.inbox.unread).sink { unread in
      if unread > 0 { appState[\.routing.showsSettings] = false }
      if unread == 1 { appState[\.inbox.unread] = 2 }
    }
    appState[\.inbox.unread] = 1
    #expect(appState[\.inbox.unread] == 2)
    withExtendedLifetime(cancellable) {}
  }

  @Test func concurrentWritesAreSerialized() async {
    let appState = StateSubject(AppState())
    let counts = Recorder(appState.publisher(for: \.counter))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<250 { appState.update { $0.counter += 1 } }
        }
      }
    }
    #expect(appState[\.counter] == 1000)
    // Every increment was delivered, in order: no subscriber saw an older state after a newer.
    #expect(counts.values == Array(0...1000))
  }

  /// What `Binding.dispatched(to:_:)` does on Apple platforms, without SwiftUI: a control's
  /// local value is set, and the app state follows only when the value differs.
  @Test func dispatchedBindingLogic() {
    let appState = StateSubject(AppState())
    let routing = Recorder(appState.publisher(for: \.routing))
    var local = false
    let set = { (newValue: Bool) in
      local = newValue
      appState.dispatch(newValue, to: \.routing.showsSettings)
    }
    set(true)
    set(true)
    set(false)
    #expect(local == false)
    #expect(
      routing.values == [
        .init(showsSettings: false), .init(showsSettings: true), .init(showsSettings: false),
      ])
  }
}
