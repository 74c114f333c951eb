// Navigation, toolbars, presentation and the view's lifecycle.

/// A type-erased list of data representing the content of a navigation stack.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath: Equatable {
  public init() {}
  public var count: Int { 0 }
  public var isEmpty: Bool { true }
  public mutating func append<V: Hashable>(_ value: V) {}
  public mutating func removeLast(_ k: Int = 1) {}
}

/// A view that displays a root view and enables you to present additional views over the
/// root view.
///
/// SDK 26 declares the type `nonisolated` (its initializers with it): an extension's
/// initializer is nonisolated too, and cannot call main-actor code without saying so.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
nonisolated public struct NavigationStack<Data, Root: View> {
  nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}

  nonisolated public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root)
  where Data == NavigationPath {}

  nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {}
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationStack: View {
  @MainActor @preconcurrency public var body: Never { fatalError() }
}

/// A view that presents views in two or three columns.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
nonisolated public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
  nonisolated public init(
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
  ) where Content == EmptyView {}
  public var body: Never { fatalError() }
}

/// A view that controls a navigation presentation.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
  public var body: Never { fatalError() }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationLink where Destination == Never {
  /// Creates a navigation link that presents the view corresponding to a value.
  nonisolated public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}

  /// Creates a navigation link that presents the view corresponding to a value, with a text
  /// label that the link generates from a localized string key.
  nonisolated public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?)
  where Label == Text {}

  /// Creates a navigation link that presents the view corresponding to a value, with a text
  /// label that the link generates from a title string.
  @_disfavoredOverload
  nonisolated public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?)
  where Label == Text {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension NavigationLink {
  /// Creates a navigation link that presents the destination view.
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public init(
    @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label
  ) {}
}

/// A model that represents an item which can be placed in the toolbar or navigation bar.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct ToolbarItem<ID, Content: View>: ToolbarContent {
  public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ToolbarItem where ID == () {
  /// Creates a toolbar item with the specified placement and content.
  nonisolated public init(
    placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content
  ) {}
}

/// A structure that defines the placement of a toolbar item.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct ToolbarItemPlacement: Sendable {
  public static let automatic = ToolbarItemPlacement()
  public static let principal = ToolbarItemPlacement()
  public static let primaryAction = ToolbarItemPlacement()
  public static let cancellationAction = ToolbarItemPlacement()
  public static let confirmationAction = ToolbarItemPlacement()
  public static let destructiveAction = ToolbarItemPlacement()

  // Deprecated in 27 (SDK 27's declarations; the deprecation does not warn with the
  // deployment targets, so they serve SDK 26 too).
  @available(iOS, introduced: 14.0, deprecated: 27.0)
  @available(tvOS, introduced: 14.0, deprecated: 27.0)
  @available(visionOS, introduced: 1.0, deprecated: 27.0)
  @available(macOS, unavailable)
  @available(watchOS, unavailable)
  public static let navigationBarLeading = ToolbarItemPlacement()

  @available(iOS, introduced: 14.0, deprecated: 27.0)
  @available(tvOS, introduced: 14.0, deprecated: 27.0)
  @available(visionOS, introduced: 1.0, deprecated: 27.0)
  @available(macOS, unavailable)
  @available(watchOS, unavailable)
  public static let navigationBarTrailing = ToolbarItemPlacement()

  @available(iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @available(macOS, unavailable)
  public static let topBarLeading = ToolbarItemPlacement()

  @available(iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @available(macOS, unavailable)
  public static let topBarTrailing = ToolbarItemPlacement()

  @available(iOS 14.0, watchOS 10.0, *)
  @available(macOS, unavailable)
  @available(tvOS, unavailable)
  public static let bottomBar = ToolbarItemPlacement()
}

/// The visibility of a UI element, chosen automatically based on the platform, current
/// context, and other factors.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public enum Visibility: Hashable, CaseIterable {
  case automatic
  case visible
  case hidden
}

/// The placement of a search field in a view hierarchy.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct SearchFieldPlacement: Sendable {
  public static let automatic = SearchFieldPlacement()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
  /// Associates a destination view with a presented data type for use within a navigation
  /// stack.
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { self }

  /// Associates a destination view with a bound value for use within a navigation stack or
  /// navigation split view.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public func navigationDestination<D: Hashable, C: View>(
    item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { self }

  /// Configures the view's title for purposes of navigation, using a text view.
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func navigationTitle(_ title: Text) -> some View { self }

  /// Configures the view's title for purposes of navigation, using a localized string.
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }

  /// Configures the view's title for purposes of navigation, using a string.
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  @_disfavoredOverload
  nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }

  /// Hides the navigation bar back button for the view.
  @available(iOS 13.0, macOS 13.0, tvOS 13.0, watchOS 6.0, *)
  nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true)
    -> some View
  { self }

  /// Marks this view as searchable, which configures the display of a search field.
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func searchable(
    text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
  ) -> some View { self }

  /// Populates the toolbar or navigation bar with the specified items.
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content)
    -> some View
  { self }

  /// Populates the toolbar or navigation bar with the specified items.
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func toolbar<Content: ToolbarContent>(
    @ToolbarContentBuilder content: () -> Content
  ) -> some View { self }

  /// Presents a sheet using the given item as a data source for the sheet's content.
  nonisolated public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { self }

  /// Presents a sheet when a binding to a Boolean value that you provide is true.
  nonisolated public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View { self }

  /// Presents an alert with a message using the given data to produce the alert's content and
  /// a text view for a title.
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func alert<A: View, M: View, T>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { self }

  /// Presents an alert when a given condition is true, using a text view for the title.
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func alert<A: View>(
    _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
  ) -> some View { self }

  /// Presents a confirmation dialog with a message using data to produce the dialog's content
  /// and a text view for the message.
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func confirmationDialog<A: View, M: View, T>(
    _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { self }

  /// Adds an asynchronous task to perform before this view appears.
  ///
  /// The action runs in the isolation of the code that wrote it (the main actor in a view's
  /// `body`), as `Task.init`'s operation does: `@_inheritActorContext`, which the SDK's
  /// interface has and its documentation, like all underscored attributes, does not show.
  /// (SDK 26 added the task's `name`, and the `file` and `line` of the call.)
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func task(
    name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
    line: Int = #line,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View { self }

  /// Adds a task to perform before this view appears or when a specified value changes.
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View { self }

  /// Adds an action to perform before this view appears.
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

  /// Adds an action to perform after this view disappears.
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
    self
  }

  /// Adds an action to perform when the given value changes.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
  ) -> some View { self }

  /// Adds an action to perform when the given value changes.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping () -> Void
  ) -> some View { self }
}
