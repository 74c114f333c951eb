import Dependencies
import Foundation
import Hush
import HushTesting
import Testing

private enum Theme: String, Sendable {
  case light, dark
}

private struct UserProfile: Codable, Equatable, Sendable {
  var name = ""
  var age = 0
}

extension SharedKey where Self == AppStorageKey<Int>.Default {
  /// Declared as TCA's case study declares it.
  fileprivate static var launches: Self { Self[.appStorage("launches"), default: 0] }
}

/// A feature holding a count in the user defaults.
@Reducer
private struct DefaultsCounter {
  @ObservableState
  struct State: Equatable {
    @Shared(.appStorage("count")) var count = 0
    @Shared(.appStorage("theme")) var theme = Theme.light
  }

  enum Action {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }
}

@MainActor
@Suite struct AppStorageTests {
  let defaults = UserDefaults.inMemory

  @Test func aMissingKeyGivesTheDefaultAndAWriteStoresIt() {
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      @Shared(.appStorage("count")) var count = 3
      #expect(count == 3)
      #expect(defaults.object(forKey: "count") == nil)
      $count.withLock { $0 += 1 }
      #expect(defaults.integer(forKey: "count") == 4)
      @Shared(.launches) var launches
      #expect(launches == 0)
    }
  }

  @Test func aStoredValueIsRead() {
    defaults.set(7, forKey: "count")
    defaults.set("dark", forKey: "theme")
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      let store = Store(initialState: DefaultsCounter.State()) { DefaultsCounter() }
      #expect(store.count == 7)
      #expect(store.theme == .dark)
    }
  }

  @Test func aValueOfTheWrongTypeIsReportedAndKeptUntilTheValueChanges() {
    defaults.set("many", forKey: "count")
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      withKnownIssue {
        @Shared(.appStorage("count")) var count = 3
        #expect(count == 3)
        #expect(defaults.string(forKey: "count") == "many")
        $count.withLock { $0 = 4 }
      } matching: { issue in
        issue.description.contains(#"The user default "count" holds a value of type"#)
          && issue.description.contains("\"many\"")
          && issue.description.contains("not a value of type Int")
      }
      #expect(defaults.integer(forKey: "count") == 4)
    }
  }

  @Test func aRawValueThatNamesNoCaseIsReported() {
    defaults.set("sepia", forKey: "theme")
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      withKnownIssue {
        @Shared(.appStorage("theme")) var theme = Theme.light
        #expect(theme == .light)
      } matching: { issue in
        issue.description.contains(#"the raw value "sepia", which names no case"#)
      }
    }
  }

  @Test func optionalsRemoveTheKeyForNil() {
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      @Shared(.appStorage("name")) var name: String? = nil
      $name.withLock { $0 = "Blob" }
      #expect(defaults.string(forKey: "name") == "Blob")
      $name.withLock { $0 = nil }
      #expect(defaults.object(forKey: "name") == nil)
    }
  }

  @Test func valueTypesRoundTrip() {
    let url = URL(string: "https://www.example.com/a")!
    let date = Date(timeIntervalSince1970: 1_000)
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      do {
        @Shared(.appStorage("url")) var storedURL = URL(string: "https://other.example")!
        @Shared(.appStorage("date")) var storedDate = Date(timeIntervalSince1970: 0)
        @Shared(.appStorage("ratio")) var ratio = 0.0
        @Shared(.appStorage("isOn")) var isOn = false
        @Shared(.appStorage("tags")) var tags: [String] = []
        @Shared(.appStorage("profile")) var profile = UserProfile()
        $storedURL.withLock { $0 = url }
        $storedDate.withLock { $0 = date }
        $ratio.withLock { $0 = 0.5 }
        $isOn.withLock { $0 = true }
        $tags.withLock { $0 = ["a", "b"] }
        $profile.withLock { $0 = UserProfile(name: "Blob", age: 3) }
      }
      @Shared(.appStorage("url")) var storedURL = URL(string: "https://other.example")!
      @Shared(.appStorage("date")) var storedDate = Date(timeIntervalSince1970: 0)
      @Shared(.appStorage("ratio")) var ratio = 0.0
      @Shared(.appStorage("isOn")) var isOn = false
      @Shared(.appStorage("tags")) var tags: [String] = []
      @Shared(.appStorage("profile")) var profile = UserProfile()
      #expect(storedURL == url)
      #expect(storedDate == date)
      #expect(ratio == 0.5)
      #expect(isOn)
      #expect(tags == ["a", "b"])
      #expect(profile == UserProfile(name: "Blob", age: 3))
    }
  }

  @Test func aChangeMadeElsewhereRendersItsReaders() {
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      let store = Store(initialState: DefaultsCounter.State()) { DefaultsCounter() }
      let count = RenderProbe { store.count }
      let theme = RenderProbe { store.theme }
      defaults.set(5, forKey: "count")
      // (Apple's defaults post it themselves; swift-corelibs-foundation's do not.)
      NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
      #expect(count.value == 5)
      #expect(count.renders == 1)
      #expect(theme.renders == 0)
      // The store's own write is not heard back as a change.
      store.send(.increment)
      NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
      #expect(count.value == 6)
      #expect(count.renders == 2)
    }
  }

  @Test func aTestStoreAssertsAStoredValue() async {
    let store = TestStore(initialState: DefaultsCounter.State()) { DefaultsCounter() }
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
    // The test's own defaults, not the real ones.
    @Dependency(\.defaultAppStorage) var testDefaults
    #expect(testDefaults.integer(forKey: "count") == 1)
    #expect(testDefaults !== UserDefaults.standard)
  }
}
