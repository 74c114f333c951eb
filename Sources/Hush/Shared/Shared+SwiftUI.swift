#if canImport(SwiftUI)
  import SwiftUI

  extension State {
    /// A shared value held in a view's state, as swift-sharing's `@State.Shared`: the view
    /// keeps the same ``Hush/Shared`` across its updates, renders when the value changes
    /// (an equal write renders nothing), and can replace it (`$books = Shared(wrappedValue: [], .books(query))`).
    ///
    /// ```swift
    /// struct BooksView: View {
    ///   @State.Shared var books: [Book]
    ///   let query: String
    ///
    ///   init(query: String) {
    ///     self.query = query
    ///     _books = State.Shared(wrappedValue: [], .books(query))
    ///   }
    ///
    ///   var body: some View {
    ///     List(books) { BookRow(book: $0) }
    ///       .refreshable { try? await $books.load() }
    ///       .onChange(of: query) { _, query in
    ///         $books = Shared(wrappedValue: [], .books(query))
    ///       }
    ///   }
    /// }
    /// ```
    ///
    /// A `@Shared` held directly by a view renders it too; `@State.Shared` also keeps the
    /// shared value (its key) when SwiftUI makes the view again.
    @propertyWrapper
    public struct Shared: DynamicProperty {
      @SwiftUI.State private var shared: Hush.Shared<Value>

      /// The current value.
      public var wrappedValue: Value {
        shared.wrappedValue
      }

      /// The shared value itself (`$books`), to change it, hand it on, or replace it.
      public var projectedValue: Hush.Shared<Value> {
        get { shared }
        nonmutating set { shared = newValue }
      }

      /// A shared value with no key, kept by this view.
      public init(value: Value) {
        _shared = SwiftUI.State(wrappedValue: Hush.Shared(value: value))
      }

      /// The shared value `projectedValue` (handed by a parent).
      public init(projectedValue: Hush.Shared<Value>) {
        _shared = SwiftUI.State(wrappedValue: projectedValue)
      }

      /// The shared value stored under `key`, or `wrappedValue` when the storage holds none.
      public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
        _shared = SwiftUI.State(wrappedValue: Hush.Shared(wrappedValue: wrappedValue(), key))
      }

      /// The shared value stored under `key`, or the key's default.
      public init<Key: SharedKey<Value>>(_ key: _SharedKeyDefault<Key>) {
        _shared = SwiftUI.State(wrappedValue: Hush.Shared(key))
      }

      /// The optional shared value stored under `key`, `nil` when the storage holds none.
      @_disfavoredOverload
      public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
        _shared = SwiftUI.State(wrappedValue: Hush.Shared(key))
      }

      /// A key with no default needs one.
      @available(*, unavailable, message: "Assign a default value")
      public init(_ key: some SharedKey<Value>) {
        fatalError()
      }

      /// The shared value stored under `key`, or `wrappedValue` rather than the key's default.
      public init<Key: SharedKey<Value>>(
        wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
      ) {
        _shared = SwiftUI.State(wrappedValue: Hush.Shared(wrappedValue: wrappedValue(), key))
      }
    }

    /// A read-only shared value held in a view's state, as swift-sharing's
    /// `@State.SharedReader`: see ``SwiftUI/State/Shared``.
    @propertyWrapper
    public struct SharedReader: DynamicProperty {
      @SwiftUI.State private var shared: Hush.SharedReader<Value>

      /// The current value.
      public var wrappedValue: Value {
        shared.wrappedValue
      }

      /// The shared value itself, to hand it on or replace it.
      public var projectedValue: Hush.SharedReader<Value> {
        get { shared }
        nonmutating set { shared = newValue }
      }

      /// A read-only value with no key, kept by this view.
      public init(value: Value) {
        _shared = SwiftUI.State(wrappedValue: Hush.SharedReader(value: value))
      }

      /// The shared value `projectedValue` (handed by a parent).
      public init(projectedValue: Hush.SharedReader<Value>) {
        _shared = SwiftUI.State(wrappedValue: projectedValue)
      }

      /// The value stored under `key`, or `wrappedValue` when the storage holds none.
      public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
        _shared = SwiftUI.State(
          wrappedValue: Hush.SharedReader(wrappedValue: wrappedValue(), key))
      }

      /// The value stored under `key`, or the key's default.
      public init<Key: SharedReaderKey<Value>>(_ key: _SharedKeyDefault<Key>) {
        _shared = SwiftUI.State(wrappedValue: Hush.SharedReader(key))
      }

      /// The optional value stored under `key`, `nil` when the storage holds none.
      @_disfavoredOverload
      public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
        _shared = SwiftUI.State(wrappedValue: Hush.SharedReader(key))
      }

      /// A key with no default needs one.
      @available(*, unavailable, message: "Assign a default value")
      public init(_ key: some SharedReaderKey<Value>) {
        fatalError()
      }

      /// The value stored under `key`, or `wrappedValue` rather than the key's default.
      public init<Key: SharedReaderKey<Value>>(
        wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
      ) {
        _shared = SwiftUI.State(
          wrappedValue: Hush.SharedReader(wrappedValue: wrappedValue(), key))
      }
    }
  }

  extension State.Shared: Sendable where Value: Sendable {}
  extension State.SharedReader: Sendable where Value: Sendable {}

  extension Binding {
    /// A binding to a shared value, for a control: `Toggle("Onboarded", isOn:
    /// Binding($isOnboarded))`. A write goes through `withLock`; a read renders the view when
    /// the value changes.
    @MainActor
    public init(_ base: Hush.Shared<Value>) {
      self = Bindable(SharedBindingTarget(base))[dynamicMember: \.value]
    }
  }

  /// What a binding to a shared value reads and writes: `Bindable` makes bindings to an
  /// observable object's properties, with no closure that must be `Sendable`.
  private final class SharedBindingTarget<Value>: Observable {
    let shared: Hush.Shared<Value>

    init(_ shared: Hush.Shared<Value>) {
      self.shared = shared
    }

    var value: Value {
      get { shared.wrappedValue }
      set { shared.withLock { $0 = newValue } }
    }
  }
#endif
