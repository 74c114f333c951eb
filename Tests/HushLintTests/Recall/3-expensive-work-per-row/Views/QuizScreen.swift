import SwiftUI

/// `State(initialValue:)` is made on every init of the view; State keeps only the first.
struct QuizScreen: View {
  @State private var quiz: Quiz
  @State private var board: Scoreboard

  init(level: Int) {
    _quiz = State(initialValue: Quiz(level: level))  // expect: expensive-view-init
    _board = State(initialValue: Scoreboard(points: 0))
  }

  var body: some View {
    List(quiz.questions, id: \.self) { Text($0) }
      .badge(board.points)
  }
}

/// Look-alike: `StateObject(wrappedValue:)` makes its object once, for the view's life, also
/// when spelled `.init(wrappedValue:)`.
struct QuizLobby: View {
  @StateObject private var lobby: LobbyModel
  @StateObject private var practice: LobbyModel

  init(level: Int) {
    _lobby = StateObject(wrappedValue: LobbyModel(quiz: Quiz(level: level)))
    self._practice = .init(wrappedValue: LobbyModel(quiz: Quiz(level: 0)))
  }

  var body: some View {
    Text("\(lobby.quiz.questions.count) questions, \(practice.quiz.questions.count) to practise")
  }
}

final class LobbyModel: ObservableObject {
  let quiz: Quiz
  init(quiz: Quiz) { self.quiz = quiz }
}
