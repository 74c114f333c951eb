import HushTesting
import Testing

@testable import Hush

/// A value that is not `Equatable` counts as changed when its bits differ; the padding bytes
/// between its properties are not among them: a copy made property by property need not copy
/// them, and the state and a reader's copy can differ there forever.
@MainActor
@Suite struct PaddedValueTests {
  /// Not `Equatable`; seven bytes of padding after `done` and after `tag`.
  struct Note {
    var done = false
    var title = ""
    var tag: Int8 = 0
    var size = 0
  }

  struct State {
    var note = Note()
    var maybe: Note? = Note()
    var count = 0
  }

  enum Action {
    case count
    case setNote(Note)
    case title(String)
    case clear
  }

  func makeStore() -> Store<State, Action> {
    Store(initialState: State()) { state, action in
      switch action {
      case .count: state.count += 1
      case let .setNote(note): state.note = note; state.maybe = note
      case let .title(title): state.note.title = title; state.maybe?.title = title
      case .clear: state.maybe = nil
      }
      return .none
    }
  }

  @Test func aPaddedValueRendersOnlyWhenAPropertyChanged() {
    let store = makeStore()
    let note = RenderProbe { store[\.note].title }
    let dynamicMember = RenderProbe { store.note.size }
    let maybe = RenderProbe { store[\.maybe]?.title }
    let count = RenderProbe { store.count }
    for _ in 0..<5 { store.send(.count) }
    // The same properties, written again as a new value.
    store.send(.setNote(Note()))
    #expect(count.value == 5)
    #expect(note.renders == 0)
    #expect(dynamicMember.renders == 0)
    #expect(maybe.renders == 0)

    store.send(.title("x"))
    #expect(note.value == "x")
    #expect(note.renders == 1)
    #expect(maybe.value == "x")
    #expect(maybe.renders == 1)
    store.send(.clear)
    #expect(maybe.value == nil)
    #expect(maybe.renders == 2)
    store.send(.count)
    #expect(maybe.renders == 2)
    #expect(note.renders == 1)
    #expect(dynamicMember.renders == 1)
  }

  @Test func significantBitsSkipPaddingOnly() throws {
    // No padding: every byte is compared.
    #expect(SignificantBits.of(Int.self) == nil)
    #expect(SignificantBits.of(String.self) == nil)
    #expect(SignificantBits.of((Int, Int).self) == nil)
    #expect(SignificantBits.of(Int?.self) == nil)

    let bits = try #require(SignificantBits.of(Note.self))
    var lhs = Note(done: true, title: "a", tag: 2, size: 3)
    var rhs = lhs
    // Scribble over the padding of one copy: still the same.
    withUnsafeMutableBytes(of: &rhs) { bytes in
      for offset in 1..<8 { bytes[offset] = 0xAB }
      for offset in (MemoryLayout<Note>.offset(of: \.tag)! + 1)..<MemoryLayout<Note>.offset(
        of: \.size)!
      {
        bytes[offset] = 0xCD
      }
    }
    #expect(bits.same(lhs, rhs))
    rhs.tag = 3
    #expect(!bits.same(lhs, rhs))
    rhs.tag = 2
    lhs.title = "b"
    #expect(!bits.same(lhs, rhs))

    // An optional of a padded value: by case, then by payload.
    let optional = try #require(SignificantBits.of(Note?.self))
    #expect(optional.same(Note?.none, Note?.none))
    #expect(!optional.same(Note?.none, Note?.some(Note())))
    #expect(optional.same(Note?.some(rhs), Note?.some(rhs)))
  }
}
