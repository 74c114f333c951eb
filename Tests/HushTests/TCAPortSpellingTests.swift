import ConcurrencyExtras
import Hush
import HushTesting
import Testing

// Spellings a TCA feature or test writes that Hush lacked (issue 48's review), each written as
// TCA's examples and tests write it.

/// A lookup whose response is a `TaskResult`, so that its action stays `Equatable`.
@Reducer
struct NumberLookup {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var answer: Int?
    var failed = false
  }

  enum Action: Equatable {
    case lookUpTapped(String)
    case response(TaskResult<Int>)
  }

  struct NotFound: Error, Equatable {
    let query: String
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .lookUpTapped(query):
        state.query = query
        return .run { send in
          await send(
            .response(
              TaskResult {
                guard let answer = Int(query) else { throw NotFound(query: query) }
                return answer
              }))
        }
      case let .response(.success(answer)):
        state.answer = answer
        return .none
      case .response(.failure):
        state.failed = true
        return .none
      }
    }
  }
}

/// An error that is not `Equatable`: two are the same when they print the same.
private struct Opaque: Error {
  let code: Int
}

/// Counts what `_printChanges` was given.
private final class PrintedChanges: Sendable {
  let changes = LockIsolated<[String]>([])
}

@MainActor
@Suite struct TCAPortSpellingTests {
  @Test func aTaskResultIsReceivedByValue() async {
    let store = TestStore(initialState: NumberLookup.State()) { NumberLookup() }
    await store.send(.lookUpTapped("42")) { $0.query = "42" }
    await store.receive(.response(.success(42))) { $0.answer = 42 }
    await store.send(.lookUpTapped("forty")) { $0.query = "forty" }
    await store.receive(.response(.failure(NumberLookup.NotFound(query: "forty")))) {
      $0.failed = true
    }
  }

  @Test func aTaskResultIsReceivedByCase() async {
    let store = TestStore(initialState: NumberLookup.State()) { NumberLookup() }
    await store.send(.lookUpTapped("7")) { $0.query = "7" }
    await store.receive(\.response.success) { $0.answer = 7 }
  }

  @Test func taskResultsCompareTheirErrors() async throws {
    let equatable: TaskResult<Int> = .failure(NumberLookup.NotFound(query: "a"))
    #expect(equatable == .failure(NumberLookup.NotFound(query: "a")))
    #expect(equatable != .failure(NumberLookup.NotFound(query: "b")))
    #expect(equatable != .failure(Opaque(code: 1)))
    #expect(TaskResult<Int>.failure(Opaque(code: 1)) == .failure(Opaque(code: 1)))
    #expect(TaskResult<Int>.failure(Opaque(code: 1)) != .failure(Opaque(code: 2)))
    #expect(Set([TaskResult<Int>.success(1), .success(1), .failure(Opaque(code: 1))]).count == 2)

    let result = TaskResult<Int>.success(2)
    #expect(try result.value == 2)
    #expect(result.map { $0 * 10 } == .success(20))
    #expect(
      result.flatMap { _ in TaskResult<Int>.failure(Opaque(code: 3)) } == .failure(Opaque(code: 3)))
    #expect(TaskResult(Result<Int, Opaque>.success(5)) == .success(5))
    let thrown = await TaskResult<Int> { throw Opaque(code: 4) }
    #expect(throws: Opaque.self) { try thrown.value }
    #expect(throws: Opaque.self) { try Result(thrown).get() }
  }

  @Test func aReceivedActionIsMatchedByAnUnlabeledPredicate() async {
    let store = TestStore(initialState: NumberLookup.State()) { NumberLookup() }
    await store.send(.lookUpTapped("3")) { $0.query = "3" }
    await store.receive({ $0 == .response(.success(3)) }, timeout: .seconds(5)) {
      $0.answer = 3
    }
  }

  @Test func aTimeoutIsWrittenAsADuration() {
    let store = TestStore(initialState: NumberLookup.State()) { NumberLookup() }
    store.timeout = .seconds(2)
    #expect(store.timeout.description == "2.0 seconds")
    store.timeout = .milliseconds(250)
    #expect(store.timeout.description == "0.25 seconds")
  }

  @Test func aButtonsActionIsWrittenAsASend() {
    enum Choice: Equatable { case reset }
    let alert = AlertState<Choice> {
      TextState("Reset?")
    } actions: {
      ButtonState(role: .destructive, action: .send(.reset)) { TextState("Reset") }
      ButtonState(action: .send(nil)) { TextState("Later") }
    }
    #expect(alert.buttons.map(\.action) == [.reset, nil])
    #expect(
      alert
        == AlertState {
          TextState("Reset?")
        } actions: {
          ButtonState(role: .destructive, action: .reset) { TextState("Reset") }
          ButtonState { TextState("Later") }
        })
  }

  @Test func printChangesGivesThePrinterEachActionAndTheStateBeforeAndAfter() async {
    let printed = PrintedChanges()
    let store = Store(initialState: NumberLookup.State()) {
      NumberLookup()._printChanges(
        _ReducerPrinter { action, oldState, newState in
          printed.changes.withValue {
            $0.append(
              "\(action): \(oldState.query.debugDescription) → \(newState.query.debugDescription)")
          }
        })
    }
    await store.send(.lookUpTapped("1")).finish()
    #expect(
      printed.changes.value == [
        #"lookUpTapped("1"): "" → "1""#,
        #"response(Hush.TaskResult<Swift.Int>.success(1)): "1" → "1""#,
      ])
    // The default printers run the reducer as it is.
    let dumped = Store(initialState: NumberLookup.State()) { NumberLookup()._printChanges() }
    await dumped.send(.lookUpTapped("9")).finish()
    #expect(dumped.answer == 9)
    let labels = Store(initialState: NumberLookup.State()) {
      NumberLookup()._printChanges(.actionLabels)
    }
    await labels.send(.lookUpTapped("8")).finish()
    #expect(labels.answer == 8)
  }
}
