import Hush
import HushTesting
import Testing

// The code of the "Composing Features" article (Sources/Hush/Documentation.docc), compiled
// and run. Each `// snippet: NAME` … `// end snippet` region is one of the article's swift
// blocks, verbatim (see `DocumentationCodeTests`); the regions of one name are joined with a
// blank line.

// snippet: composer
struct Composer: Reducer {
  struct State: Equatable {
    var draft = ""
    var isSending = false
  }

  @CasePathable
  enum Action: Equatable {
    case draftChanged(String)
    case sendTapped
    case sent
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .draftChanged(draft):
        state.draft = draft
        return .none
      case .sendTapped:
        state.isSending = true
        return .run { send in await send(.sent) }
          .cancellable(id: "send")
      case .sent:
        state.isSending = false
        state.draft = ""
        return .none
      }
    }
  }
}
// end snippet

// snippet: message
struct Message: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var subject: String
    var isRead = false
  }

  @CasePathable
  enum Action: Equatable {
    case opened
    case markedUnread
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .opened: state.isRead = true
      case .markedUnread: state.isRead = false
      }
      return .none
    }
  }
}
// end snippet

// snippet: account
struct SignIn: Reducer {
  struct State: Equatable {
    var username = ""
  }

  @CasePathable
  enum Action: Equatable {
    case usernameChanged(String)
    case submitTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .usernameChanged(username) = action {
        state.username = username
      }
      return .none
    }
  }
}

struct Account: Reducer {
  @CasePathable
  @dynamicMemberLookup
  enum State: Equatable {
    case signedOut(SignIn.State)
    case signedIn(username: String)
  }

  @CasePathable
  enum Action: Equatable {
    case signIn(SignIn.Action)
    case signOutTapped
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.signedOut, action: \.signIn) { SignIn() }
    Reduce { state, action in
      switch action {
      case .signIn(.submitTapped):
        guard let username = state.signedOut?.username, !username.isEmpty else {
          return .none
        }
        state = .signedIn(username: username)
        return .none
      case .signOutTapped:
        state = .signedOut(SignIn.State())
        return .none
      case .signIn:
        return .none
      }
    }
  }
}
// end snippet

// snippet: mailbox
struct Mailbox: Reducer {
  struct State: Equatable {
    var composer = Composer.State()
    var account = Account.State.signedOut(SignIn.State())
    var messages: IdentifiedArrayOf<Message.State> = []
    var unreadCount = 0
    var draftWords = 0
  }

  @CasePathable
  enum Action: Equatable {
    case composer(Composer.Action)
    case account(Account.Action)
    case messages(IdentifiedActionOf<Message>)
    case received(Message.State)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.composer, action: \.composer) { Composer() }
      .onChange(of: \.composer.draft) { _, draft in
        Reduce { state, _ in
          state.draftWords = draft.split(separator: " ").count
          return .none
        }
      }
    Scope(\.account, action: \.account) { Account() }
    Reduce { state, action in
      switch action {
      case let .received(message):
        state.messages.insert(message, at: 0)
        return .none
      case .composer, .account, .messages:
        return .none
      }
    }
    .forEach(\.messages, action: \.messages) { Message() }
    .onChange(of: \.messages) { _, state in
      state.unreadCount = state.messages.filter { !$0.isRead }.count
      return .none
    }
  }
}
// end snippet

@MainActor
@Suite struct ComposingFeaturesArticleTests {
  @Test func theMailboxAsTheArticleTestsIt() async {
    // snippet: test
    let store = TestStoreOf<Mailbox>(initialState: Mailbox.State()) { Mailbox() }

    await store.send(\.composer.draftChanged, "See you at noon") {
      $0.composer.draft = "See you at noon"
      $0.draftWords = 4
    }
    await store.send(\.composer.sendTapped) { $0.composer.isSending = true }
    await store.receive(\.composer.sent) {
      $0.composer.isSending = false
      $0.composer.draft = ""
      $0.draftWords = 0
    }

    await store.send(\.received, Message.State(id: 1, subject: "Lunch?")) {
      $0.messages = [Message.State(id: 1, subject: "Lunch?")]
      $0.unreadCount = 1
    }
    await store.send(\.messages[id: 1].opened) {
      $0.messages[id: 1]?.isRead = true
      $0.unreadCount = 0
    }
    // end snippet
  }

  @Test func theAccountReportsAnActionForTheCaseItLeft() {
    withKnownIssue {
      // snippet: wrong-case
      let store = Store(initialState: Account.State.signedIn(username: "ada")) { Account() }
      store.send(.signIn(.usernameChanged("bob")))
      // Reported: "A Scope received a child action when child state was set to a different
      // case." The state is unchanged.
      // end snippet
      #expect(store.state == .signedIn(username: "ada"))
    } matching: {
      $0.description.contains(
        "A Scope received a child action when child state was set to a different case.")
    }
  }

  @Test func elementStoresRenderOnlyTheirRow() {
    // snippet: element-stores
    let store = Store(initialState: Mailbox.State()) { Mailbox() }
    store.send(.received(Message.State(id: 1, subject: "Lunch?")))
    store.send(.received(Message.State(id: 2, subject: "Minutes")))

    let messages = store.scope(state: \.messages, action: \.messages)
    let readViews = messages.map { message in RenderProbe { message.isRead } }
    messages[0].send(.opened)
    print(readViews.map(\.renders))  // [1, 0]
    // end snippet
    #expect(readViews.map(\.renders) == [1, 0])
    #expect(store.unreadCount == 1)
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  // snippet: views
  struct MailboxView: View {
    let store: StoreOf<Mailbox>

    var body: some View {
      List {
        ForEach(store.scope(state: \.messages, action: \.messages)) { message in
          MessageRow(store: message)
        }
      }
    }
  }

  struct MessageRow: View {
    let store: StoreOf<Message>

    var body: some View {
      Button(store.subject) { store.send(.opened) }
        .bold(!store.isRead)
    }
  }
// end snippet
#endif
