import ConcurrencyExtras
import HushTesting
import Testing

@testable import Hush

/// The platform-free core of `dismiss(animation:)` and `dismiss(transaction:)`: the dismissal
/// is sent inside the wrapper (SwiftUI's `withAnimation`), on the main actor.
@MainActor
@Suite struct DismissWrapperTests {
  @Test func aWrappedDismissalIsSentInsideTheWrapper() async {
    let store = TestStore(initialState: Drawer.State()) { Drawer() }
    await store.send(.openTapped) { $0.sheet = Sheet.State() }
    await store.send(\.sheet.closeTapped)
    await store.receive(\.sheet.dismiss) { $0.sheet = nil }
    #expect(Sheet.wrapperRan.value)
  }
}

struct Drawer: Reducer {
  struct State: Equatable {
    var sheet: Sheet.State?
  }

  @CasePathable
  enum Action {
    case openTapped
    case sheet(PresentationAction<Sheet.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .openTapped = action { state.sheet = Sheet.State() }
      return .none
    }
    .ifLet(\.sheet, action: \.sheet) { Sheet() }
  }
}

struct Sheet: Reducer {
  /// Whether the wrapper ran (the only test that closes a sheet). It is a main-actor closure,
  /// so it ran there.
  static let wrapperRan = LockIsolated(false)

  struct State: Equatable {}

  @CasePathable
  enum Action { case closeTapped }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { _, _ in
      .run { [dismiss] _ in
        await dismiss.dismiss(
          wrappedIn: { dismissal in
            Sheet.wrapperRan.setValue(true)
            dismissal()
          }, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
      }
    }
  }
}
