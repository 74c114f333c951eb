import Dependencies
import IdentifiedCollections
import OrderedCollections

/// The screens of a navigation stack, bottom first, each with a ``StackElementID``: the state
/// behind `NavigationStack(path:)`, as in TCA.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// // in the reducer:
/// state.path.append(.detail(Detail.State()))   // pushes a screen with the next id
/// state.path.pop(from: id)                      // pops it and every screen above it
/// ```
///
/// Ids come from the `\.stackElementID` dependency, so new screens get `#0`, `#1`, … in tests.
/// A stack is a collection of its screens' states; equal stacks have the same ids and the
/// same states.
public struct StackState<Element> {
  /// The screens, by id. Stored as an identified array, so that `forEach` mutates a screen in
  /// place and element stores follow each screen, as for any identified collection.
  var components: IdentifiedArrayOf<StackComponent<Element>>

  /// An empty stack.
  public init() {
    components = []
  }

  /// A stack of `elements`, bottom first, with new ids.
  public init(_ elements: some Sequence<Element>) {
    components = IdentifiedArray(uncheckedUniqueElements: elements.map(StackComponent.init))
  }

  /// The ids of the screens, bottom first.
  public var ids: OrderedSet<StackElementID> {
    components.ids
  }

  /// The state of the screen with `id`, or `nil`. Setting `nil` removes that screen alone;
  /// setting a state for an id that is not there pushes it with that id.
  public subscript(id id: StackElementID) -> Element? {
    get { components[id: id]?.element }
    set {
      guard let newValue else {
        components.remove(id: id)
        return
      }
      if let index = components.index(id: id) {
        components[index].element = newValue
      } else {
        components.append(StackComponent(id: id, element: newValue))
      }
    }
  }

  /// Pushes a screen, with the next id.
  public mutating func append(_ element: Element) {
    components.append(StackComponent(element))
  }

  /// Pops the screen with `id` and every screen above it; does nothing when `id` is not here.
  public mutating func pop(from id: StackElementID) {
    guard let index = components.index(id: id) else { return }
    components.removeSubrange(index...)
  }

  /// Pops every screen above the one with `id`; does nothing when `id` is not here.
  public mutating func pop(to id: StackElementID) {
    guard let index = components.index(id: id) else { return }
    components.removeSubrange((index + 1)...)
  }

  /// Pops the top screen and returns its state, or returns `nil` for an empty stack.
  @discardableResult
  public mutating func popLast() -> Element? {
    components.popLast()?.element
  }
}

/// One screen of a stack: its id and its state.
struct StackComponent<Element>: Identifiable {
  let id: StackElementID
  var element: Element

  init(id: StackElementID, element: Element) {
    self.id = id
    self.element = element
  }

  /// A new screen, with the next id of the `\.stackElementID` generator.
  init(_ element: Element) {
    @Dependency(\.stackElementID) var stackElementID
    self.init(id: stackElementID.next(), element: element)
  }
}

extension StackComponent: Equatable where Element: Equatable {}
extension StackComponent: Hashable where Element: Hashable {}
extension StackComponent: Sendable where Element: Sendable {}

extension StackState: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public var startIndex: Int { components.startIndex }
  public var endIndex: Int { components.endIndex }

  public subscript(position: Int) -> Element {
    get { components[position].element }
    set { components[position].element = newValue }
  }

  /// Replaces screens; the new ones get new ids.
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Element {
    var all = Array(components)
    all.replaceSubrange(subrange, with: newElements.map(StackComponent.init))
    components = IdentifiedArray(uncheckedUniqueElements: all)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {}
extension StackState: Hashable where Element: Hashable {}
extension StackState: Sendable where Element: Sendable {}

/// A stack encodes as the array of its screens' states, as TCA's does: a restored stack (state
/// restoration, a saved session) gives its screens new ids.
extension StackState: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try Array(self).encode(to: encoder)
  }
}

extension StackState: Decodable where Element: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: CustomReflectable {
  /// The screens by id, as a dictionary: `[#0: …, #1: …]` in a test's diff.
  public var customMirror: Mirror {
    Mirror(
      self,
      unlabeledChildren: components.map { (key: $0.id, value: $0.element) },
      displayStyle: .dictionary)
  }
}

extension StackState: CustomStringConvertible {
  public var description: String {
    "[" + components.map { "\($0.id): \($0.element)" }.joined(separator: ", ") + "]"
  }
}

extension StackState where Element: CasePathable {
  /// The state of the screen with `id` while it is in `case`, as TCA spells it:
  /// `state.path[id: id, case: \.detail]?.title = "Renamed"`.
  ///
  /// A write replaces that screen's state in that case. A write to a screen that is gone or
  /// in another case is reported and dropped; a write of `nil` changes nothing (pop a screen
  /// with `pop(from:)`).
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case? {
    get { self[id: id].flatMap { $0[case: path] } }
    set {
      guard let newValue else { return }
      guard let element = self[id: id], element[case: path] != nil else {
        reportIssue(
          """
          A write to the screen \(id) of a stack, in a case it is not in (or after it was \
          popped), was dropped.
          """)
        return
      }
      self[id: id] = path(newValue)
    }
  }
}
