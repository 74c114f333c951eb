// SwiftUI glue for presentation: never compiled on Linux, where CI runs, so each declaration
// stays a few lines over the platform-free core that the tests drive
// (`Store.presentationAccessors(state:action:)`, `AlertState`, `ConfirmationDialogState`).
#if canImport(SwiftUI)
  import SwiftUI

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension SwiftUI.Bindable {
    /// A binding to a presented child's store, for `.sheet(item:)`, `.popover(item:)`,
    /// `.navigationDestination(item:)`, `.alert(_:)` and `.confirmationDialog(_:)`: `nil`
    /// while nothing is presented; SwiftUI's dismissal sends `.dismiss`.
    ///
    /// ```swift
    /// .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) {
    ///   EditView(store: $0)
    /// }
    /// ```
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> Binding<Store<ChildState, ChildAction>?>
    where Value == Store<State, Action>, Action: CasePathable {
      let accessors = wrappedValue.presentationAccessors(state: state, action: action)
      return Binding(get: accessors.get, set: { accessors.set($0) })
    }
  }

  extension Text {
    /// Shows text kept in state: localized unless it was made `verbatim`.
    public init(_ state: TextState) {
      if state.isVerbatim {
        self.init(verbatim: state.content)
      } else {
        self.init(LocalizedStringKey(state.content))
      }
    }
  }

  extension ButtonStateRole {
    var buttonRole: ButtonRole {
      switch self {
      case .cancel: .cancel
      case .destructive: .destructive
      }
    }
  }

  extension View {
    /// Shows the alert of a store made by `$store.scope(state: \.alert, action: \.alert)`: a
    /// button sends its action to the store (which dismisses the alert).
    public func alert<Action>(_ item: Binding<Store<AlertState<Action>, Action>?>) -> some View {
      let store = item.wrappedValue
      let alert = store?.state
      return self.alert(
        alert.map { Text($0.title) } ?? Text(verbatim: ""),
        isPresented: item.isPresent(),
        presenting: alert,
        actions: { alert in buttons(alert.buttons, sendingTo: store) },
        message: { alert in alert.message.map { Text($0) } })
    }

    /// Shows the confirmation dialog of a store made by `$store.scope(state: \.dialog,
    /// action: \.dialog)`: a button sends its action to the store (which dismisses the dialog).
    public func confirmationDialog<Action>(
      _ item: Binding<Store<ConfirmationDialogState<Action>, Action>?>
    ) -> some View {
      let store = item.wrappedValue
      let dialog = store?.state
      let visibility: Visibility =
        switch dialog?.titleVisibility ?? .automatic {
        case .automatic: .automatic
        case .visible: .visible
        case .hidden: .hidden
        }
      return self.confirmationDialog(
        dialog.map { Text($0.title) } ?? Text(verbatim: ""),
        isPresented: item.isPresent(),
        titleVisibility: visibility,
        presenting: dialog,
        actions: { dialog in buttons(dialog.buttons, sendingTo: store) },
        message: { dialog in dialog.message.map { Text($0) } })
    }
  }

  /// The buttons of an alert or a dialog, each sending its action (if any) to `store`.
  @MainActor
  private func buttons<State, Action>(
    _ buttons: [ButtonState<Action>], sendingTo store: Store<State, Action>?
  ) -> some View {
    ForEach(buttons) { button in
      Button(role: button.role?.buttonRole) {
        if let action = button.action { store?.send(action) }
      } label: {
        Text(button.label)
      }
    }
  }

  extension Binding {
    /// Whether the optional is there; writing `false` clears it (SwiftUI closing an alert).
    fileprivate func isPresent<Wrapped>() -> Binding<Bool> where Value == Wrapped? {
      Binding<Bool>(get: { wrappedValue != nil }, set: { if !$0 { wrappedValue = nil } })
    }
  }
#endif
