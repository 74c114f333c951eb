import ConcurrencyExtras
import Dependencies

/// The id of one screen of a ``StackState``: a generation number, each new screen getting the
/// next one from the `\.stackElementID` dependency. Printed `#0`, `#1`, …
///
/// In tests the generator starts at 0 for each `TestStore`, so ids are predictable, and an
/// integer literal names one: `store.send(.path(.element(id: 0, action: .saveTapped)))`.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The generation: how many ids the generator gave before this one.
  public let generation: Int

  /// The id of the given generation.
  public init(generation: Int) {
    self.generation = generation
  }

  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }

  public var description: String { "#\(generation)" }
}

/// Makes the ids of new screens: the `\.stackElementID` dependency.
///
/// ```swift
/// @Dependency(\.stackElementID) var stackElementID
/// let id = stackElementID.next()   // #0, then #1, …
/// ```
///
/// `StackState.append(_:)` and the stack's other insertions take their ids from it. The live
/// value counts for the whole app; each `TestStore` starts a counter of its own at 0, and
/// rewinds a copy of it before running an expected-state closure, so that
/// `$0.path.append(…)` there makes the ids the reducer made.
public final class StackElementIDGenerator: Sendable {
  private let counter: LockIsolated<Int>

  /// A generator whose next id is `#first`.
  public static func incrementing(from first: Int = 0) -> StackElementIDGenerator {
    StackElementIDGenerator(next: first)
  }

  private init(next: Int) {
    counter = LockIsolated(next)
  }

  /// The next id, which is then used up.
  public func next() -> StackElementID {
    counter.withValue { next in
      defer { next += 1 }
      return StackElementID(generation: next)
    }
  }

  /// The id ``next()`` would give, without using it up.
  public func peek() -> StackElementID {
    StackElementID(generation: counter.value)
  }

  /// Makes sure later ids come after `id` (a screen pushed with an id made elsewhere).
  func skip(past id: StackElementID) {
    counter.withValue { next in next = max(next, id.generation + 1) }
  }
}

extension DependencyValues {
  /// Makes the ids of new stack screens (see ``StackElementIDGenerator``).
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}

private enum StackElementIDKey: DependencyKey {
  static let liveValue = StackElementIDGenerator.incrementing()
  static var testValue: StackElementIDGenerator { .incrementing() }
}
