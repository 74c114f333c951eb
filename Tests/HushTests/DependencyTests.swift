import ConcurrencyExtras
import Foundation
import Hush
import HushTesting
import Testing

/// A glossary client, as an app declares its own dependency.
struct Glossary: Sendable {
  var define: @Sendable (_ word: String) async throws -> String
}

extension Glossary: DependencyKey {
  static let liveValue = Glossary { word in "the live definition of \(word)" }
  static let testValue = Glossary { word in "a definition of \(word)" }
}

extension DependencyValues {
  var glossary: Glossary {
    get { self[Glossary.self] }
    set { self[Glossary.self] = newValue }
  }
}

/// A client with no test value: a test that uses it without overriding it fails.
struct Telemetry: Sendable {
  var track: @Sendable (_ event: String) -> Void
}

extension Telemetry: DependencyKey {
  static let liveValue = Telemetry { _ in }
}

extension DependencyValues {
  var telemetry: Telemetry {
    get { self[Telemetry.self] }
    set { self[Telemetry.self] = newValue }
  }
}

/// Looks a word up as the user types: a keystroke goes through the reducer, and the lookup
/// waits for typing to pause on the clock of the dependencies.
struct Lookup: Reducer {
  struct State: Equatable {
    var word = ""
    var definition: String?
    var definedAt: Date?
  }

  @CasePathable
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case defined(String)
    case shared
  }

  enum CancelID { case lookup }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.glossary) var glossary
  @Dependency(\.telemetry) var telemetry

  var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.word) { _, word in
        Reduce { state, _ in
          state.definition = nil
          guard !word.isEmpty else { return .cancel(id: CancelID.lookup) }
          return .run { [glossary] send in
            await send(.defined(try await glossary.define(word)))
          }
          .debounce(id: CancelID.lookup, for: .milliseconds(300), clock: clock)
        }
      }
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case let .defined(definition):
        state.definition = definition
        state.definedAt = now
        return .none
      case .shared:
        telemetry.track("shared \(state.word)")
        return .none
      }
    }
  }
}

/// Notes with ids and dates from the dependencies; each note's effect reads the dependencies
/// again after it left the main actor.
struct Notebook: Reducer {
  struct Note: Equatable, Identifiable {
    let id: UUID
    var createdAt: Date
    var stamp: String?
  }

  struct State: Equatable {
    var notes: [Note] = []
  }

  @CasePathable
  enum Action: Equatable {
    case add
    case stamped(UUID, String)
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add:
        let note = Note(id: uuid(), createdAt: now)
        state.notes.append(note)
        return .run { send in
          // Off the main actor, onto it, and off again: the dependencies travel with the task.
          await MainActor.run {}
          @Dependency(\.glossary) var glossary
          @Dependency(\.uuid) var uuid
          let stamp = (try? await glossary.define("\(note.id)")) ?? "none"
          await send(.stamped(note.id, "\(stamp) / next id \(uuid())"))
        }
      case let .stamped(id, stamp):
        if let index = state.notes.firstIndex(where: { $0.id == id }) {
          state.notes[index].stamp = stamp
        }
        return .none
      }
    }
  }
}

/// Two notebooks side by side; the left one numbers its notes from its own generator.
struct Shelf: Reducer {
  struct State: Equatable {
    var left = Notebook.State()
    var right = Notebook.State()
  }

  @CasePathable
  enum Action: Equatable {
    case left(Notebook.Action)
    case right(Notebook.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) {
      Notebook()
        .dependency(\.uuid, UUIDGenerator { UUID(0xA) })
        .dependency(\.date.now, Date(timeIntervalSince1970: 100))
    }
    Scope(state: \.right, action: \.right) {
      Notebook()
    }
  }
}

@MainActor
@Suite struct DependencyTests {
  @Test func aTestClockFromTheDependenciesDrivesTheDebouncedLookupAfterAKeystroke() async {
    let clock = TestClock()
    let store = TestStore(initialState: Lookup.State()) {
      Lookup()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_000)
    }
    let definition = RenderProbe { store.store.definition }
    let word = RenderProbe { store.store.word }

    await store.send(\.binding.word, "hush") { $0.word = "hush" }
    #expect(word.renders == 1)
    #expect(definition.renders == 0)  // nil before and after

    await clock.advance(by: .milliseconds(299))
    await store.send(\.binding.word, "hushed") { $0.word = "hushed" }  // typing on
    await clock.advance(by: .milliseconds(300))
    // One lookup, for the last word: the first was still waiting when the second came.
    await store.receive(\.defined, "a definition of hushed") {
      $0.definition = "a definition of hushed"
      $0.definedAt = Date(timeIntervalSince1970: 1_000)
    }
    #expect(word.renders == 2)
    #expect(definition.renders == 1)
    await store.finish()
  }

  @Test func aStoreReducesAndRunsEffectsWithItsOwnDependencies() async {
    let stamp = LockIsolated(0)
    func makeStore(_ name: String) -> StoreOf<Notebook> {
      Store(initialState: Notebook.State()) {
        Notebook()
      } withDependencies: {
        $0.uuid = .incrementing
        $0.date.now = Date(timeIntervalSince1970: name == "a" ? 1 : 2)
        $0.glossary.define = { _ in
          stamp.withValue { $0 += 1 }
          return name
        }
      }
    }
    let a = makeStore("a")
    let b = makeStore("b")
    await a.send(.add).finish()
    await b.send(.add).finish()
    await a.send(.add).finish()

    #expect(a.notes.map(\.id) == [UUID(0), UUID(2)])
    #expect(
      a.notes.map(\.createdAt) == [Date(timeIntervalSince1970: 1), .init(timeIntervalSince1970: 1)])
    // Each effect read its own store's glossary and generator after hopping off the main
    // actor (the generator is shared by the reducer and the effects of one store).
    #expect(a.notes.map(\.stamp) == ["a / next id \(UUID(1))", "a / next id \(UUID(3))"])
    #expect(b.notes.map(\.stamp) == ["b / next id \(UUID(1))"])
    #expect(b.notes.map(\.createdAt) == [Date(timeIntervalSince1970: 2)])
    #expect(stamp.value == 3)
  }

  @Test func aChildsOverrideDoesNotReachItsSibling() async {
    let store = TestStore(initialState: Shelf.State()) {
      Shelf()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date.now = Date(timeIntervalSince1970: 5)
    }
    await store.send(.right(.add)) {
      $0.right.notes = [Notebook.Note(id: UUID(0), createdAt: Date(timeIntervalSince1970: 5))]
    }
    await store.receive(\.right.stamped) {
      $0.right.notes[0].stamp = "a definition of \(UUID(0)) / next id \(UUID(1))"
    }
    await store.send(.left(.add)) {
      $0.left.notes = [Notebook.Note(id: UUID(0xA), createdAt: Date(timeIntervalSince1970: 100))]
    }
    // The left effect ran with the left override, the right ones with the store's generator.
    await store.receive(\.left.stamped) {
      $0.left.notes[0].stamp = "a definition of \(UUID(0xA)) / next id \(UUID(0xA))"
    }
    await store.send(.right(.add)) {
      $0.right.notes.append(Notebook.Note(id: UUID(2), createdAt: Date(timeIntervalSince1970: 5)))
    }
    await store.receive(\.right.stamped) {
      $0.right.notes[1].stamp = "a definition of \(UUID(2)) / next id \(UUID(3))"
    }
  }

  @Test func aTestChangesDependenciesBetweenSteps() async {
    let store = TestStore(initialState: Lookup.State()) {
      Lookup()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.date.now = Date(timeIntervalSince1970: 1)
    }
    await store.send(\.binding.word, "a") { $0.word = "a" }
    await store.receive(\.defined) {
      $0.definition = "a definition of a"
      $0.definedAt = Date(timeIntervalSince1970: 1)
    }
    store.dependencies.date.now = Date(timeIntervalSince1970: 2)
    store.dependencies.glossary.define = { word in "\(word), again" }
    await store.send(\.binding.word, "b") {
      $0.word = "b"
      $0.definition = nil
    }
    await store.receive(\.defined) {
      $0.definition = "b, again"
      $0.definedAt = Date(timeIntervalSince1970: 2)
    }
  }

  @Test func aLiveDependencyUsedInATestFailsIt() async {
    let store = TestStore(initialState: Lookup.State()) { Lookup() }
    await withKnownIssue {
      await store.send(.shared)
    } matching: { issue in
      issue.description.contains("@Dependency(\\.telemetry) has no test implementation")
    }
    // Overridden, it is quiet.
    let tracked = LockIsolated<[String]>([])
    store.dependencies.telemetry.track = { event in tracked.withValue { $0.append(event) } }
    await store.send(.shared)
    #expect(tracked.value == ["shared "])
  }

  @Test func aClockTheTestDidNotGiveFailsIt() async {
    // The test value of `continuousClock` is an unimplemented clock: a debounce on it fails.
    let store = TestStore(initialState: Lookup.State()) { Lookup() }
    await withKnownIssue {
      await store.send(\.binding.word, "a") { $0.word = "a" }
    } matching: { issue in
      issue.description.contains("Unimplemented: ContinuousClock.now")
    }
    // The debounce waits on the real clock behind the unimplemented one: stop it, and drop
    // the definition it sends when the main actor was busy for longer than the debounce (a
    // loaded machine; the test failed once that way).
    await store.skipInFlightEffects(strict: false)
    await store.skipReceivedActions(strict: false)
  }
}
