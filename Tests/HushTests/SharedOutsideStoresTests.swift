import Dependencies
import Foundation
import Hush
import HushTesting
import Observation
import Testing

/// Yields (at most 10,000 times) until `condition` holds: a change made off the main thread
/// reaches the stores and Observation in a main-actor task.
@MainActor
func yieldUntil(_ condition: () -> Bool) async {
  var waits = 0
  while !condition(), waits < 10_000 {
    await Task.yield()
    waits += 1
  }
}

/// An `@Observable` model that holds a shared value, as an Observation app's model does.
@MainActor
@Observable
final class CountModel {
  @ObservationIgnored @Shared(.count) var count = 0
  var label = ""
}

/// What a SwiftUI view holding `@Shared` is, but for `body`: a structure with the property.
struct CountView {
  @Shared(.count) var count = 0
}

/// A shared value read outside any store (a view's `@Shared`, an `@Observable` model's) is
/// tracked by Observation as one value; read through a store, it is tracked per path, and the
/// store's reads register nothing else.
@MainActor
@Suite struct SharedOutsideStoresTests {
  @Test func aViewHoldingAKeyRendersWhenItChangesAndNotForAnEqualWrite() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      let view = CountView()
      let probe = RenderProbe { view.count }
      view.$count.withLock { $0 += 1 }
      #expect(probe.renders == 1)
      #expect(probe.value == 1)
      view.$count.withLock { $0 = 1 }  // equal: nothing to render
      #expect(probe.renders == 1)
      // Another holder of the key, a view made again from scratch: the same value.
      let other = CountView()
      other.$count.withLock { $0 = 5 }
      #expect(probe.renders == 2)
      #expect(probe.value == 5)
    }
  }

  @Test func anObservableModelHoldingAKeyRendersForAStoresWrite() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      let model = CountModel()
      let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
      let count = RenderProbe { model.count }
      let label = RenderProbe { model.label }
      store.send(.incrementTapped)
      #expect(count.renders == 1)
      #expect(count.value == 1)
      store.send(.setTapped(1))  // equal
      store.send(.tapped)  // no shared write
      #expect(count.renders == 1)
      #expect(label.renders == 0)
      model.$count.withLock { $0 = 2 }
      #expect(count.renders == 2)
      #expect(store.count == 2)
    }
  }

  @Test func aStoresReaderOfOnePathIsNotRenderedByTheWholeValue() {
    let meeting = Shared(value: Meeting(id: 1, title: "Design"))
    let store = Store(initialState: MeetingDetail.State(meeting: meeting)) { MeetingDetail() }
    // Read through the store inside a render: tracked per path, whatever else the render reads.
    let title = RenderProbe { store[\.meeting.title] }
    let titleAndNotes = RenderProbe { (store[\.meeting.title], store.notes) }
    // Read as a whole outside the store: tracked as one value.
    let whole = RenderProbe { meeting.wrappedValue }
    store.send(.addAttendee("Blob"))
    #expect(title.renders == 0)
    #expect(titleAndNotes.renders == 0)
    #expect(whole.renders == 1)
    store.send(.editor(.retitle("Review")))
    #expect(title.renders == 1)
    #expect(titleAndNotes.renders == 1)
    #expect(whole.renders == 2)
    // A projection read outside a store is a read of the whole value, as swift-sharing's.
    let attendees = RenderProbe { meeting.attendees.wrappedValue.count }
    meeting.withLock { $0.title = "Retro" }
    #expect(attendees.renders == 1)
    #expect(title.renders == 2)
  }

  @Test func anOptionalKeyWithNoDefaultStartsAsNil() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("draft")) var draft: String?
      @SharedReader(.inMemory("draft")) var reader: String?
      #expect(draft == nil)
      let probe = RenderProbe { reader }
      $draft.withLock { $0 = "Hello" }
      #expect(reader == "Hello")
      #expect(probe.renders == 1)
      $draft.withLock { $0 = nil }
      #expect(reader == nil)
    }
  }

  @Test func aWriteFromAnotherThreadRendersOnTheMainActor() async {
    let meeting = Shared(value: Meeting(id: 1))
    let probe = RenderProbe { meeting.wrappedValue.attendees.count }
    await Task.detached { meeting.withLock { $0.attendees.append("Blob") } }.value
    // Observation hears of it where the stores do: in a main-actor task.
    await yieldUntil { probe.value == 1 }
    #expect(probe.value == 1)
    #expect(probe.renders == 1)
  }

  @Test func aValueTheStorageReadAgainRendersAReaderOutsideAnyStore() async throws {
    let files = InMemoryFiles()
    let url = URL(fileURLWithPath: "/outside-stores/count.json")
    let count = withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      Shared(wrappedValue: 0, .fileStorage(url))
    }
    let probe = RenderProbe { count.wrappedValue }
    files[url] = Data("7".utf8)
    try await count.load()
    await yieldUntil { probe.value == 7 }
    #expect(probe.value == 7)
    #expect(probe.renders == 1)
    try await count.load()  // the same value again: nothing to render
    for _ in 0..<100 { await Task.yield() }
    #expect(probe.renders == 1)
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  // SwiftUI views holding shared values, typechecked for every Apple platform by
  // `Scripts/apple-compile`: what `SharedOutsideStoresTests` runs, as an app writes it.

  extension SharedKey where Self == InMemoryKey<[String]> {
    static func books(_ query: String) -> Self { inMemory("books-\(query)") }
  }

  /// `@Shared` held by the view: renders when the count changes.
  struct SharedCountView: View {
    @Shared(.count) var count = 0

    var body: some View {
      Button("\(count)") { $count.withLock { $0 += 1 } }
    }
  }

  /// `@State.Shared`: the view keeps its shared value, and replaces it when the query changes.
  struct BooksView: View {
    @State.Shared var books: [String]
    @State.SharedReader var total: Int
    @State.Shared(value: 0) var taps
    @State.SharedReader(value: "Books") var title
    let query: String

    init(query: String, total: SharedReader<Int>) {
      self.query = query
      _books = State.Shared(wrappedValue: [], .books(query))
      _total = State.SharedReader(projectedValue: total)
    }

    var body: some View {
      List {
        ForEach(books, id: \.self) { Text($0) }
      }
      .navigationTitle("\(title) (\(total), \(taps))")
      .task { try? await $books.load() }
      .onChange(of: query) { _, query in
        $books = Shared(wrappedValue: [], .books(query))
      }
    }
  }

  /// `@State.Shared` from a key with a default, and from a parent's shared value.
  struct AppStorageViews: View {
    @State.Shared(.isOnboarded) var isOnboarded
    @State.SharedReader(.isOnboarded) var readOnly
    @State.Shared(wrappedValue: true, .isOnboarded) var overridden
    @State.SharedReader(wrappedValue: 3, .inMemory("count")) var count
    @State.Shared(.inMemory("draft")) var draft: String?
    @State.SharedReader(.inMemory("draft")) var draftReader: String?

    var body: some View {
      Toggle("Onboarded", isOn: Binding($isOnboarded))
        .disabled(readOnly && overridden && count > 0 && draft == draftReader)
    }
  }

  extension SharedKey where Self == AppStorageKey<Bool>.Default {
    static var isOnboarded: Self { Self[.appStorage("isOnboarded"), default: false] }
  }
#endif
