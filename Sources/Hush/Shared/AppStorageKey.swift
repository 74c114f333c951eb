import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting

/// A key of a value kept in `UserDefaults`, as swift-sharing's `.appStorage`: the value
/// types `@AppStorage` takes (`Bool`, `Int`, `Double`, `String`, `[String]`, `URL`, `Data`,
/// `Date`, `RawRepresentable` with an `Int` or `String` raw value, their optionals), and any
/// `Codable` value as JSON.
///
/// ```swift
/// @Shared(.appStorage("isHapticsEnabled")) var isHapticsEnabled = true
///
/// extension SharedKey where Self == AppStorageKey<Int> {
///   static var count: Self { appStorage("sharedStateDemoCount") }
/// }
/// ```
///
/// - A stored value of another type (a `String` where the key holds an `Int`) is reported, and
///   the holder's default is used; the stored value is left as it is until the value changes.
/// - A change made elsewhere in the process (`UserDefaults.standard.set(…)`, a settings
///   screen) reaches every holder, on the platforms whose `UserDefaults` posts
///   `didChangeNotification` (Apple's; not swift-corelibs-foundation's).
/// - In tests the defaults are a suite of their own per test
///   (`@Dependency(\.defaultAppStorage)`): the real defaults are never touched.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  let key: String
  let store: UncheckedSendable<UserDefaults>
  let lookup: AppStorageLookup<Value>
  private let state: AppStorageState<Value>

  init(_ key: String, store: UserDefaults?, lookup: AppStorageLookup<Value>) {
    @Dependency(\.defaultAppStorage) var defaultStore
    self.key = key
    self.store = UncheckedSendable(store ?? defaultStore)
    self.lookup = lookup
    self.state = AppStorageState()
  }

  /// The key, in its defaults.
  public var id: AppStorageKeyID {
    AppStorageKeyID(key: key, store: ObjectIdentifier(store.value))
  }

  /// The stored value, or `nil` (the default) when there is none or it has another type
  /// (reported).
  public func load(initialValue: Value?) -> Value? {
    switch lookup.load(store.value, key) {
    case .missing:
      return nil
    case let .value(value):
      state.last.setValue(value)
      return value
    case let .mismatch(found):
      reportIssue(
        """
        The user default "\(key)" holds \(found), not a value of type \(Value.self).

        The default value is used; the stored value is left as it is until the value changes.
        """)
      return nil
    }
  }

  /// Stores the value.
  public func save(_ value: Value) {
    state.last.setValue(value)
    lookup.save(store.value, key, value)
  }
}

extension AppStorageKey: ObservedSharedKey {
  func subscribe(_ didChange: @escaping @Sendable (Value) -> Void) -> AnyObject {
    let store = store
    let key = key
    let lookup = lookup
    let state = state
    let observer = NotificationCenter.default.addObserver(
      forName: UserDefaults.didChangeNotification, object: store.value, queue: nil
    ) { _ in
      guard case let .value(value) = lookup.load(store.value, key) else { return }
      // A change of another key, or this key's own write: nothing to tell.
      let changed = state.last.withValue { last in
        defer { last = value }
        return last.map { !lookup.isEqual($0, value) } ?? true
      }
      if changed { didChange(value) }
    }
    return NotificationObservation(observer)
  }
}

extension AppStorageKey: CustomStringConvertible {
  public var description: String { ".appStorage(\(String(reflecting: key)))" }
}

/// The identity of an ``AppStorageKey``: its key in its defaults.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// The last value an ``AppStorageKey`` read or wrote, shared by its copies.
private final class AppStorageState<Value: Sendable>: Sendable {
  let last = LockIsolated<Value?>(nil)
}

/// Removes a notification observer when it goes away.
private final class NotificationObservation: @unchecked Sendable {
  private let observer: any NSObjectProtocol

  init(_ observer: any NSObjectProtocol) {
    self.observer = observer
  }

  deinit {
    NotificationCenter.default.removeObserver(observer)
  }
}

/// How one value type is read from and written to `UserDefaults`.
struct AppStorageLookup<Value: Sendable>: Sendable {
  enum Loaded {
    case missing
    case value(Value)
    /// Something else is stored: a description of it.
    case mismatch(String)
  }

  let load: @Sendable (UserDefaults, String) -> Loaded
  let save: @Sendable (UserDefaults, String, Value) -> Void
  let isEqual: @Sendable (Value, Value) -> Bool
}

/// A description of a stored value of the wrong type, for the report.
private func describeStored(_ object: Any) -> String {
  "a value of type \(type(of: object)) (\(String(reflecting: object)))"
}

extension AppStorageLookup where Value: Equatable {
  /// A property-list value, read with a cast.
  static func cast(_ convert: @escaping @Sendable (Any) -> Value? = { $0 as? Value }) -> Self {
    Self(
      load: { store, key in
        guard let object = store.object(forKey: key) else { return .missing }
        return convert(object).map(Loaded.value) ?? .mismatch(describeStored(object))
      },
      save: { store, key, value in store.set(value, forKey: key) },
      isEqual: ==)
  }
}

extension AppStorageLookup where Value == URL {
  /// A URL: archived as `UserDefaults.set(_:forKey:)` does on Apple platforms (so that
  /// SwiftUI's `@AppStorage` reads the same key), its string elsewhere.
  static var url: Self {
    Self(
      load: { store, key in
        guard let object = store.object(forKey: key) else { return .missing }
        #if canImport(Darwin)
          return store.url(forKey: key).map(Loaded.value) ?? .mismatch(describeStored(object))
        #else
          return (object as? String).flatMap(URL.init(string:)).map(Loaded.value)
            ?? .mismatch(describeStored(object))
        #endif
      },
      save: { store, key, value in
        #if canImport(Darwin)
          store.set(value, forKey: key)
        #else
          store.set(value.absoluteString, forKey: key)
        #endif
      },
      isEqual: ==)
  }
}

extension AppStorageLookup {
  /// A raw-representable value, stored as its raw value.
  static func raw<Raw: Sendable>(_ base: AppStorageLookup<Raw>) -> Self
  where Value: RawRepresentable, Value.RawValue == Raw, Raw: Equatable {
    Self(
      load: { store, key in
        switch base.load(store, key) {
        case .missing: return .missing
        case let .mismatch(found): return .mismatch(found)
        case let .value(raw):
          return Value(rawValue: raw).map(Loaded.value)
            ?? .mismatch("the raw value \(String(reflecting: raw)), which names no case")
        }
      },
      save: { store, key, value in base.save(store, key, value.rawValue) },
      isEqual: { $0.rawValue == $1.rawValue })
  }

  /// A `Codable` value, stored as JSON data.
  static func json() -> Self where Value: Codable {
    Self(
      load: { store, key in
        guard let object = store.object(forKey: key) else { return .missing }
        guard let data = object as? Data,
          let value = try? JSONDecoder().decode(Value.self, from: data)
        else { return .mismatch(describeStored(object)) }
        return .value(value)
      },
      save: { store, key, value in
        if let data = try? JSONEncoder().encode(value) {
          store.set(data, forKey: key)
        } else {
          reportIssue("The value of the user default \"\(key)\" could not be encoded: not saved.")
        }
      },
      isEqual: { lhs, rhs in
        (try? JSONEncoder().encode(lhs)) == (try? JSONEncoder().encode(rhs))
      })
  }

  /// An optional value: `nil` removes the key.
  static func optional<Wrapped>(_ base: AppStorageLookup<Wrapped>) -> Self
  where Value == Wrapped? {
    Self(
      load: { store, key in
        switch base.load(store, key) {
        case .missing: return .missing
        case let .mismatch(found): return .mismatch(found)
        case let .value(value): return .value(value)
        }
      },
      save: { store, key, value in
        if let value {
          base.save(store, key, value)
        } else {
          store.removeObject(forKey: key)
        }
      },
      isEqual: { lhs, rhs in
        switch (lhs, rhs) {
        case (nil, nil): return true
        case let (lhs?, rhs?): return base.isEqual(lhs, rhs)
        default: return false
        }
      })
  }
}

extension AppStorageLookup where Value == Double {
  /// A number: an integer stored under the key reads as a `Double`.
  static var double: Self {
    cast { ($0 as? Double) ?? ($0 as? Int).map(Double.init) }
  }
}

// MARK: - Keys

extension SharedReaderKey {
  /// A `Bool` in the user defaults: `@Shared(.appStorage("isOn")) var isOn = false`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> { AppStorageKey(key, store: store, lookup: .cast()) }

  /// An `Int` in the user defaults.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> { AppStorageKey(key, store: store, lookup: .cast()) }

  /// A `Double` in the user defaults.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> { AppStorageKey(key, store: store, lookup: .double) }

  /// A `String` in the user defaults.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> { AppStorageKey(key, store: store, lookup: .cast()) }

  /// A `[String]` in the user defaults.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]> { AppStorageKey(key, store: store, lookup: .cast()) }

  /// A `URL` in the user defaults.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> { AppStorageKey(key, store: store, lookup: .url) }

  /// `Data` in the user defaults.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> { AppStorageKey(key, store: store, lookup: .cast()) }

  /// A `Date` in the user defaults.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> { AppStorageKey(key, store: store, lookup: .cast()) }

  /// A value with an `Int` raw value, stored as its raw value.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, lookup: .raw(.cast()))
  }

  /// A value with a `String` raw value, stored as its raw value.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, lookup: .raw(.cast()))
  }

  /// Any `Codable` value, stored as JSON data.
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, lookup: .json())
  }

  /// An optional `Bool` in the user defaults: `nil` removes the key.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> {
    AppStorageKey(key, store: store, lookup: .optional(.cast()))
  }

  /// An optional `Int` in the user defaults: `nil` removes the key.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> {
    AppStorageKey(key, store: store, lookup: .optional(.cast()))
  }

  /// An optional `Double` in the user defaults: `nil` removes the key.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: store, lookup: .optional(.double))
  }

  /// An optional `String` in the user defaults: `nil` removes the key.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: store, lookup: .optional(.cast()))
  }

  /// An optional `[String]` in the user defaults: `nil` removes the key.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]?> {
    AppStorageKey(key, store: store, lookup: .optional(.cast()))
  }

  /// An optional `URL` in the user defaults: `nil` removes the key.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> {
    AppStorageKey(key, store: store, lookup: .optional(.url))
  }

  /// Optional `Data` in the user defaults: `nil` removes the key.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> {
    AppStorageKey(key, store: store, lookup: .optional(.cast()))
  }

  /// An optional `Date` in the user defaults: `nil` removes the key.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> {
    AppStorageKey(key, store: store, lookup: .optional(.cast()))
  }

  /// An optional value with an `Int` raw value: `nil` removes the key.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, lookup: .optional(.raw(.cast())))
  }

  /// An optional value with a `String` raw value: `nil` removes the key.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, lookup: .optional(.raw(.cast())))
  }

  /// An optional `Codable` value, stored as JSON data: `nil` removes the key.
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, lookup: .optional(.json()))
  }
}

// MARK: - The defaults

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.standard) }
  static var testValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.inMemory) }
  static var previewValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.inMemory) }
}

extension DependencyValues {
  /// Where `.appStorage` keys keep their values: `UserDefaults.standard` in the app, a suite
  /// of its own per test and preview.
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].value }
    set { self[DefaultAppStorageKey.self] = UncheckedSendable(newValue) }
  }
}

extension UserDefaults {
  /// A suite of defaults of its own, empty, for a test or a preview.
  ///
  /// On Apple platforms the suite is a file in the temporary directory, as swift-sharing's;
  /// swift-corelibs-foundation keeps it under `~/.config` (`hush.inMemory.<UUID>.plist`): the
  /// real defaults are never touched, but the files stay.
  public static var inMemory: UserDefaults {
    #if canImport(Darwin)
      let name = "\(NSTemporaryDirectory())hush.inMemory.\(UUID().uuidString)"
    #else
      let name = "hush.inMemory.\(UUID().uuidString)"
    #endif
    let defaults = UserDefaults(suiteName: name) ?? UserDefaults()
    defaults.removePersistentDomain(forName: name)
    return defaults
  }
}

/// A key whose storage tells of changes made elsewhere.
protocol ObservedSharedKey<Value>: SharedReaderKey {
  /// Calls `didChange` with the stored value when it changed elsewhere, until the returned
  /// object goes away.
  func subscribe(_ didChange: @escaping @Sendable (Value) -> Void) -> AnyObject
}
