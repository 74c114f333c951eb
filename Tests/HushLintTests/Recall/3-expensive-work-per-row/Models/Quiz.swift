// A game model whose initializer reads its questions from a bundled file, through a method and
// a loader in another type: each `Quiz(level:)` reads the file again.
import Foundation
import Observation

@Observable final class Quiz {
  var questions: [String] = []
  let level: Int

  init(level: Int) {
    self.level = level
    loadQuestions()
  }

  func loadQuestions() {
    questions = QuestionLoader.questions(named: "quiz-\(level)")
  }
}

enum QuestionLoader {
  static func questions(named name: String) -> [String] {
    guard let url = Bundle.main.url(forResource: name, withExtension: "tsv"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return [] }
    return text.components(separatedBy: "\n")
  }
}

/// Cheap to make: nothing read.
@Observable final class Scoreboard {
  var points = 0
  init(points: Int) { self.points = points }
}
