#if canImport(SwiftUI)
  import SwiftUI

  /// A value that a view reads and writes through a property wrapper: what
  /// ``SwiftUI/View/bind(_:to:)`` keeps in step. `Binding` and `FocusState.Binding` are.
  public protocol _Bindable<Value> {
    associatedtype Value
    @MainActor var wrappedValue: Value { get nonmutating set }
  }

  extension Binding: _Bindable {}

  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  extension FocusState.Binding: _Bindable {}

  extension View {
    /// Keeps a value the view owns (a `@FocusState`) in step with the store's, both ways, as
    /// SwiftUINavigation's `bind(_:to:)` (which TCA re-exports) does: the store's value when the
    /// view appears and whenever the store changes it, the view's whenever the user changes it.
    ///
    /// ```swift
    /// @Bindable var store: StoreOf<SyncUpForm>
    /// @FocusState var focus: SyncUpForm.State.Field?
    ///
    /// var body: some View {
    ///   Form { … }
    ///     .bind($store.focus, to: $focus)
    /// }
    /// ```
    ///
    /// A write that gives a side the value it already has is skipped, so the two never echo.
    public func bind<ModelValue: _Bindable, ViewValue: _Bindable>(
      _ modelValue: ModelValue, to viewValue: ViewValue
    ) -> some View where ModelValue.Value == ViewValue.Value, ModelValue.Value: Equatable {
      modifier(BindModifier(modelValue: modelValue, viewValue: viewValue))
    }
  }

  private struct BindModifier<ModelValue: _Bindable, ViewValue: _Bindable>: ViewModifier
  where ModelValue.Value == ViewValue.Value, ModelValue.Value: Equatable {
    let modelValue: ModelValue
    let viewValue: ViewValue

    func body(content: Content) -> some View {
      content
        .onAppear { copy(modelValue, to: viewValue) }
        .onChange(of: modelValue.wrappedValue) { copy(modelValue, to: viewValue) }
        .onChange(of: viewValue.wrappedValue) { copy(viewValue, to: modelValue) }
    }

    private func copy<Source: _Bindable, Target: _Bindable>(_ source: Source, to target: Target)
    where Source.Value == Target.Value, Source.Value: Equatable {
      let value = source.wrappedValue
      if target.wrappedValue != value { target.wrappedValue = value }
    }
  }
#endif
