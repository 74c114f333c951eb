import Clocks
import Hush
import HushTesting
import Testing

@MainActor
@Suite struct DebouncedTests {
  @Test func twentyKeystrokesInsideTheDelayAreOneOutputChange() async {
    let clock = TestClock()
    let query = Debounced("", for: .milliseconds(300), clock: clock)
    let field = RenderProbe { query.input }
    let results = RenderProbe { query.output }
    for index in 1...20 {
      query.input = String(repeating: "a", count: index)
      _ = field.value
      await clock.advance(by: .milliseconds(50))
    }
    #expect(field.renders == 20)
    #expect(results.renders == 0)
    #expect(query.isPending)
    await clock.advance(by: .milliseconds(250))
    await yieldUntil { !query.isPending }
    #expect(results.renders == 1)
    #expect(results.value == String(repeating: "a", count: 20))
    #expect(!query.isPending)
  }

  @Test func outputFollowsExactlyAtTheBoundary() async {
    let clock = TestClock()
    let query = Debounced("", for: .milliseconds(300), clock: clock)
    query.input = "cat"
    await clock.advance(by: .milliseconds(299))
    #expect(query.output == "")
    #expect(query.isPending)
    await clock.advance(by: .milliseconds(1))
    await yieldUntil { !query.isPending }
    #expect(query.output == "cat")
  }

  @Test func aChangeAtTheBoundaryRestartsTheWindow() async {
    let clock = TestClock()
    let query = Debounced("", for: .milliseconds(300), clock: clock)
    query.input = "c"
    await clock.advance(by: .milliseconds(299))
    query.input = "ca"
    await clock.advance(by: .milliseconds(299))
    #expect(query.output == "")
    await clock.advance(by: .milliseconds(1))
    await yieldUntil { !query.isPending }
    #expect(query.output == "ca")
  }

  @Test func typingBackToTheOutputAnnouncesNothing() async {
    let clock = TestClock()
    let query = Debounced("cat", for: .milliseconds(300), clock: clock)
    let results = RenderProbe { query.output }
    query.input = "cats"
    query.input = "cat"
    await clock.advance(by: .seconds(1))
    await yieldUntil { !query.isPending }
    #expect(!query.isPending)
    #expect(results.renders == 0)
  }

  @Test func flushDeliversAtOnce() async {
    let clock = TestClock()
    let query = Debounced("", for: .milliseconds(300), clock: clock)
    query.input = "dog"
    query.flush()
    #expect(query.output == "dog")
    await clock.advance(by: .seconds(1))
    #expect(query.output == "dog")
  }

  @Test func releasedValueDeliversNothingLate() async {
    let clock = TestClock()
    weak var weakQuery: Debounced<String>?
    do {
      let query = Debounced("", for: .milliseconds(300), clock: clock)
      weakQuery = query
      query.input = "x"
    }
    await clock.advance(by: .seconds(1))
    #expect(weakQuery == nil)
  }
}

@MainActor
@Suite struct ThrottledTests {
  @Test func sliderAt120WritesPerSecondReachesTheOutputAbout15Times() async {
    let clock = TestClock()
    let level = Throttled(0, every: .seconds(1) / 15, clock: clock)
    let preview = RenderProbe { level.output }
    var outputs: [Int] = []
    for step in 1...120 {
      level.input = step
      await clock.advance(by: .seconds(1) / 120)
      if preview.isDirty { outputs.append(preview.value) }
    }
    await clock.advance(by: .seconds(1))
    await yieldUntil { level.output == 120 }
    if preview.isDirty { outputs.append(preview.value) }
    #expect((15...17).contains(outputs.count))
    #expect(outputs.first == 1)  // the leading edge
    #expect(outputs.last == 120)  // the final value always arrives
    #expect(outputs == outputs.sorted())
  }

  @Test func leadingEdgeIsImmediateAndTrailingEdgeDeliversTheLatest() async {
    let clock = TestClock()
    let level = Throttled(0.0, every: .milliseconds(100), clock: clock)
    level.input = 1
    #expect(level.output == 1)
    level.input = 2
    level.input = 3
    #expect(level.output == 1)
    await clock.advance(by: .milliseconds(99))
    #expect(level.output == 1)
    await clock.advance(by: .milliseconds(1))
    await yieldUntil { level.output == 3 }
    #expect(level.output == 3)
    // Quiet for a whole window: the next change is delivered at once (once the window's
    // timer ran; on a loaded machine it runs a moment after the clock passed its end).
    await clock.advance(by: .milliseconds(250))
    #expect(await yieldUntil { !level.isWindowOpen })
    level.input = 4
    #expect(level.output == 4)
  }

  @Test func readersOfInputAndOutputRenderSeparately() async {
    let clock = TestClock()
    let level = Throttled(0.0, every: .milliseconds(100), clock: clock)
    let slider = RenderProbe { level.input }
    let preview = RenderProbe { level.output }
    for step in 1...10 {
      level.input = Double(step)
      _ = slider.value
      _ = preview.value
    }
    #expect(slider.renders == 10)
    #expect(preview.renders == 1)
    await clock.advance(by: .milliseconds(100))
    await yieldUntil { level.output == 10 }
    #expect(preview.renders == 2)
    #expect(preview.value == 10)
  }
}
