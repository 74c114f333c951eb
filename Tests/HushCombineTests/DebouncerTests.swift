import CombineSchedulers
import Foundation
import HushCombine
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

@Suite @MainActor struct DebouncerTests {
  let scheduler = DispatchQueue.test

  @Test func outputWaitsForTheDelay() {
    let query = Debouncer("", for: .milliseconds(300), scheduler: scheduler.erased)
    query.input = "cat"
    scheduler.advance(by: .milliseconds(299))
    #expect(query.output == "")
    scheduler.advance(by: .milliseconds(1))
    #expect(query.output == "cat")
  }

  @Test func twentyKeystrokesInsideTheDelayAreOneOutputChange() {
    let query = Debouncer("", for: .milliseconds(300), scheduler: scheduler.erased)
    let changes = Recorder(query.$output.dropFirst())
    for keystroke in 1...20 {
      query.input = String(repeating: "a", count: keystroke)
      scheduler.advance(by: .milliseconds(100))
    }
    #expect(changes.count == 0)
    scheduler.advance(by: .milliseconds(200))
    #expect(changes.values == [String(repeating: "a", count: 20)])
    #expect(query.output == query.input)
  }

  @Test func eachChangeRestartsTheWindow() {
    let value = Debouncer(0, for: .milliseconds(300), scheduler: scheduler.erased)
    value.input = 1
    scheduler.advance(by: .milliseconds(200))
    value.input = 2
    scheduler.advance(by: .milliseconds(200))  // 400 ms after the first change
    #expect(value.output == 0)
    scheduler.advance(by: .milliseconds(100))  // 300 ms after the last change
    #expect(value.output == 2)
  }

  @Test func aChangeExactlyAtTheBoundaryComesAfterTheSettledValue() {
    let value = Debouncer(0, for: .milliseconds(300), scheduler: scheduler.erased)
    let changes = Recorder(value.$output.dropFirst())
    value.input = 1
    scheduler.advance(by: .milliseconds(300))  // the window closes: 1 is settled
    value.input = 2  // at exactly the boundary: opens a new window
    #expect(changes.values == [1])
    scheduler.advance(by: .milliseconds(299))
    #expect(changes.values == [1])
    scheduler.advance(by: .milliseconds(1))
    #expect(changes.values == [1, 2])
  }

  @Test func burstThenSilenceSettlesOnceOnTheLastValue() {
    let value = Debouncer(0, for: .milliseconds(300), scheduler: scheduler.erased)
    let changes = Recorder(value.$output.dropFirst())
    for step in 1...50 { value.input = step }
    scheduler.advance(by: .seconds(10))
    #expect(changes.values == [50])
  }

  @Test func equalSettledValueIsNotPublishedAgain() {
    let query = Debouncer("", for: .milliseconds(300), scheduler: scheduler.erased)
    let changes = Recorder(query.objectWillChange)
    query.input = "a"
    query.input = ""
    let inputChanges = changes.count
    scheduler.advance(by: .milliseconds(300))
    #expect(inputChanges == 2)
    #expect(changes.count == 2)  // no output change
  }

  @Test func nonEquatableValuesPublishEverySettledInput() {
    struct Point { var x = 0.0 }
    let point = Debouncer(Point(), for: .milliseconds(300), scheduler: scheduler.erased)
    let changes = Recorder(point.$output.dropFirst())
    point.input = Point()
    scheduler.advance(by: .milliseconds(300))
    #expect(changes.count == 1)
  }

  @Test func releaseCancelsThePendingOutput() {
    var query: Debouncer<String>? = Debouncer(
      "", for: .milliseconds(300), scheduler: scheduler.erased)
    weak let released = query
    let changes = Recorder(query!.$output.dropFirst())
    query!.input = "cat"
    query = nil
    #expect(released == nil)
    scheduler.advance(by: .seconds(1))
    #expect(changes.count == 0)
  }
}
