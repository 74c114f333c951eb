// Data flow: `Binding`, `Bindable`, `State` and `Environment` are not main-actor isolated;
// `Binding(get:set:)` takes `@isolated(any) @Sendable` closures; a binding is `Sendable` when
// its value is.

/// A property wrapper type that can read and write a value owned by a source of truth.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  /// The binding's transaction.
  public var transaction: Transaction

  /// Creates a binding with closures that read and write the binding value.
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) { fatalError() }

  /// Creates a binding with a closure that reads and one that writes the binding value, with
  /// the transaction of the write.
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void
  ) { fatalError() }

  /// Creates a binding with an immutable value.
  public static func constant(_ value: Value) -> Binding<Value> { fatalError() }

  /// The underlying value referenced by the binding variable.
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }

  /// A projection of the binding value that returns a binding.
  public var projectedValue: Binding<Value> { self }

  /// Creates a binding from the value of another binding.
  public init(projectedValue: Binding<Value>) { self = projectedValue }

  /// Returns a binding to the resulting value of a given key path.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: @unchecked Sendable where Value: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding {
  /// Specifies a transaction for the binding.
  public func transaction(_ transaction: Transaction) -> Binding<Value> { fatalError() }

  /// Creates a binding by projecting the base value to an optional value.
  public init<V>(_ base: Binding<V>) where Value == V? { fatalError() }

  /// Creates a binding by projecting the base value to an unwrapped value.
  public init?(_ base: Binding<Value?>) { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Binding: Identifiable where Value: Identifiable {
  public var id: Value.ID { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Binding: Sequence where Value: MutableCollection {
  public typealias Element = Binding<Value.Element>
  public typealias Iterator = IndexingIterator<Binding<Value>>
  public typealias SubSequence = Slice<Binding<Value>>
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Binding: Collection where Value: MutableCollection {
  public typealias Index = Value.Index
  public typealias Indices = Value.Indices
  public var startIndex: Value.Index { fatalError() }
  public var endIndex: Value.Index { fatalError() }
  public var indices: Value.Indices { fatalError() }
  public func index(after i: Value.Index) -> Value.Index { fatalError() }
  public subscript(position: Value.Index) -> Binding<Value.Element> { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Binding: BidirectionalCollection
where Value: BidirectionalCollection, Value: MutableCollection {
  public func index(before i: Value.Index) -> Value.Index { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Binding: RandomAccessCollection
where Value: MutableCollection, Value: RandomAccessCollection {}

/// The context of the current state-processing update.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Transaction {
  public init() {}
  /// Creates a transaction and assigns its animation property.
  public init(animation: Animation?) { fatalError() }
  /// The animation, if any, associated with the current state change.
  public var animation: Animation? {
    get { fatalError() }
    set { fatalError() }
  }
  public var disablesAnimations: Bool {
    get { fatalError() }
    set { fatalError() }
  }
}

/// The way a view changes over time to create a smooth visual transition from one state to
/// another.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Animation: Equatable, Sendable {
  /// A default animation instance.
  public static let `default` = Animation()
  /// An animation with a specified duration that combines the behaviors of in and out easing
  /// animations.
  public static let easeInOut = Animation()
  /// A persistent spring animation.
  public static let spring = Animation()
}

/// Returns the result of recomputing the view's body with the provided animation.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result { try body() }

/// Executes a closure with the specified transaction and returns the result.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public func withTransaction<Result>(
  _ transaction: Transaction, _ body: () throws -> Result
) rethrows -> Result { try body() }

@available(*, unavailable)
extension Transaction: Sendable {}

/// An interface for a stored variable that updates an external property of a view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {
  mutating func update()
}

extension DynamicProperty {
  /// Updates the underlying value of the stored value (a default that does nothing).
  public mutating func update() { fatalError() }
}

/// A property wrapper type that supports creating bindings to the mutable properties of
/// observable objects.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
  /// The wrapped object.
  public var wrappedValue: Value

  /// The bindable wrapper for the object that creates bindings to its properties using
  /// dynamic member lookup.
  public var projectedValue: Bindable<Value> { self }

  @available(
    *, unavailable, message: "The wrapped value must be an object that conforms to Observable"
  )
  public init(wrappedValue: Value) { fatalError() }

  @available(
    *, unavailable, message: "The wrapped value must be an object that conforms to Observable"
  )
  public init(projectedValue: Bindable<Value>) { fatalError() }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject {
  /// Returns a binding to the value of a given key path.
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject, Value: Observable {
  /// Creates a bindable object from an observable object.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// Creates a bindable object from an observable object.
  public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// Creates a bindable from the value of another bindable.
  public init(projectedValue: Bindable<Value>) { self = projectedValue }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable: Sendable where Value: Sendable {}

/// A property wrapper type that can read and write a value managed by SwiftUI.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct State<Value>: DynamicProperty {
  public init(wrappedValue value: Value) { fatalError() }
  public init(initialValue value: Value) { fatalError() }
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  public var projectedValue: Binding<Value> { fatalError() }
  public mutating func update() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State: Sendable where Value: Sendable {}

/// A property wrapper type that can read and write a value that SwiftUI updates as the
/// placement of focus within the scene changes.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen @propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
  /// A property wrapper type that can read and write a value that indicates the current
  /// focus location. (The stand-in leaves out `@propertyWrapper`: no code of ours declares
  /// a `@FocusState.Binding` property.)
  @frozen
  public struct Binding {
    public var wrappedValue: Value {
      get { fatalError() }
      nonmutating set { fatalError() }
    }
    public var projectedValue: FocusState<Value>.Binding { fatalError() }
  }

  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  public var projectedValue: FocusState<Value>.Binding { fatalError() }

  /// Creates a focus state that binds to a Boolean.
  public init() where Value == Bool { fatalError() }

  /// Creates a focus state that binds to an optional type.
  public init<T: Hashable>() where Value == T? { fatalError() }

  public mutating func update() {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension View {
  /// Modifies this view by binding its focus state to the given state value.
  nonisolated public func focused<Value: Hashable>(
    _ binding: FocusState<Value>.Binding, equals value: Value
  ) -> some View { self }

  /// Modifies this view by binding its focus state to the given Boolean state value.
  nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View { self }
}

/// A key for accessing values in the environment.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol EnvironmentKey {
  associatedtype Value
  static var defaultValue: Self.Value { get }
}

/// A collection of environment values propagated through a view hierarchy.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues: CustomStringConvertible {
  public init() {}
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { fatalError() }
    set { fatalError() }
  }
  public var description: String { fatalError() }
}

@available(*, unavailable)
extension EnvironmentValues: Sendable {}

/// A property wrapper that reads a value from a view's environment.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
  public var wrappedValue: Value { fatalError() }
  public mutating func update() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Environment: Sendable where Value: Sendable {}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Environment {
  /// Creates an environment property to read an observable object from the environment.
  public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable {
    fatalError()
  }

  /// Creates an environment property to read an observable object from the environment,
  /// `nil` when there is none.
  public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
    fatalError()
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
  /// Places an observable object in the view's environment.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
    self
  }

  /// Sets the environment value of the specified key path to the given value.
  nonisolated public func environment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
  ) -> some View { self }
}
