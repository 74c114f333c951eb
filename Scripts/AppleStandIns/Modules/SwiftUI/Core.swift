// SwiftUI's core protocols and builders (SDK 26 and 27): `View`, `ViewModifier`, `App`,
// `Scene`, `Commands` and `ToolbarContent` are `@MainActor @preconcurrency`; the primitive
// views' initializers and the modifiers are `nonisolated`.
@_exported import Foundation
@_exported import Observation

@_exported import protocol Combine.ObservableObject

/// A type that represents part of your app's user interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

/// A modifier that you apply to a view or another view modifier.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol ViewModifier {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
  typealias Content = _ViewModifier_Content<Self>
}

/// The content view of a view modifier.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public var body: Never { fatalError() }
}

/// A value with a modifier applied to it.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ModifiedContent<Content, Modifier> {
  public typealias Body = Never
  public var content: Content
  public var modifier: Modifier
  nonisolated public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
  /// Applies a modifier to a view and returns a new view.
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    fatalError()
  }
}

/// A custom parameter attribute that constructs views from closures.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { fatalError() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  @_disfavoredOverload
  public static func buildBlock<each Content: View>(_ content: repeat each Content)
    -> TupleView<(repeat each Content)>
  { fatalError() }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { fatalError() }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { fatalError() }
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    fatalError()
  }
}

@available(*, unavailable)
extension ViewBuilder: Sendable {}

/// A view that doesn't contain any content.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct EmptyView: View {
  nonisolated public init() {}
  public var body: Never { fatalError() }
}

/// A view created from a swift tuple of view values.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct TupleView<T>: View {
  public var value: T
  nonisolated public init(_ value: T) { fatalError() }
  public var body: Never { fatalError() }
}

/// View content that shows one of two possible children.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ConditionalContent<TrueContent, FalseContent> {
  public enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }
  public let storage: Storage
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
  public var body: Never { fatalError() }
}

/// A type-erased view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct AnyView: View {
  nonisolated public init<V: View>(_ view: V) {}
  nonisolated public init<V: View>(erasing view: V) {}
  public var body: Never { fatalError() }
}

/// A type that represents the structure and behavior of an app.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension App {
  /// Initializes and runs the app.
  @MainActor @preconcurrency public static func main() { fatalError() }
}

/// A part of an app's user interface with a life cycle managed by the system.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

/// A result builder for composing a collection of scenes into a single composite scene.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct SceneBuilder {
  public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// A scene that presents a group of identically structured windows.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct WindowGroup<Content: View>: Scene {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

/// Conforming types represent a group of related commands that can be exposed to the user
/// via the main menu on macOS and key commands on iOS.
@available(iOS 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
public protocol Commands {
  associatedtype Body: Commands
  @CommandsBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Constructs command sets from multi-expression closures.
@available(iOS 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@resultBuilder
public struct CommandsBuilder {
  public static func buildBlock<Content: Commands>(_ content: Content) -> Content { content }
}

/// Conforming types represent items that can be placed in various locations in a toolbar.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol ToolbarContent {
  associatedtype Body: ToolbarContent
  @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: ToolbarContent {}

/// Constructs a toolbar item set from multi-expression closures.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct ToolbarContentBuilder {
  public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content {
    content
  }
  public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content {
    content
  }
  public static func buildBlock<C0: ToolbarContent, C1: ToolbarContent>(_ c0: C0, _ c1: C1)
    -> TupleToolbarContent<(C0, C1)>
  { fatalError() }
  public static func buildBlock<C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent>(
    _ c0: C0, _ c1: C1, _ c2: C2
  ) -> TupleToolbarContent<(C0, C1, C2)> { fatalError() }
}

/// The toolbar content of a `ToolbarContentBuilder` block (named here for the stand-in;
/// SwiftUI returns it as `some ToolbarContent`).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct TupleToolbarContent<T>: ToolbarContent {
  public var body: Never { fatalError() }
}
