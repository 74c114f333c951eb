#if canImport(SwiftUI)
  import SwiftUI

  /// Perception's `WithPerceptionTracking`, which TCA re-exports, as a pass-through: Hush needs
  /// iOS 17 (macOS 14, …), where SwiftUI observes a store's reads itself, as TCA's views do
  /// there. A ported view keeps it and renders its content as it is.
  ///
  /// ```swift
  /// var body: some View {
  ///   WithPerceptionTracking {
  ///     Text(store.title)
  ///   }
  /// }
  /// ```
  public struct WithPerceptionTracking<Content: View>: View {
    private let content: () -> Content

    /// A view of `content`.
    public init(@ViewBuilder content: @escaping () -> Content) {
      self.content = content
    }

    public var body: Content {
      content()
    }
  }

  /// Perception's namespace, which TCA re-exports, for the spellings a ported view writes:
  /// `@Perception.Bindable var store: StoreOf<Feature>` is SwiftUI's `@Bindable` (Hush needs
  /// iOS 17, where TCA uses SwiftUI's too).
  public enum Perception {
    /// SwiftUI's `Bindable`.
    public typealias Bindable<Value: AnyObject & Observable> = SwiftUI.Bindable<Value>
  }
#endif
