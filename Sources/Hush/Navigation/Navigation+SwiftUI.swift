// SwiftUI glue for presentation: compiled on Linux only by `Scripts/apple-compile`, so each
// declaration stays a few lines over the platform-free core that the tests drive
// (`Store[presented:action:]`, `AlertState`, `ConfirmationDialogState`, `StackStores.path`).
// Bindings go through key paths (`Bindable`'s and `Binding`'s dynamic members), not through
// `Binding(get:set:)`, whose closures must be `@Sendable`: a store is read and written on the
// main actor.
#if canImport(SwiftUI)
  import ConcurrencyExtras
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
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> Binding<Store<ChildState, ChildAction>?>
    where Value == Store<State, Action>, Action: CasePathable {
      self[dynamicMember: \.[presented: state, action: action]]
    }
  }

  extension Binding {
    /// A binding to a presented child's store, for a store held in a `@Binding`: the same as
    /// `$store.scope(state:action:)` on a `@Bindable` one.
    @MainActor
    public func scope<State, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> Binding<Store<ChildState, ChildAction>?>
    where Value == Store<State, Action>, Action: CasePathable {
      self[dynamicMember: \.[presented: state, action: action]]
    }
  }

  extension DismissEffect {
    /// Dismisses the presented feature with `animation`, as TCA's `dismiss(animation:)`.
    public func callAsFunction(
      animation: Animation?, fileID: StaticString = #fileID,
      filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
      await dismiss(
        wrappedIn: { dismissal in withAnimation(animation) { dismissal() } }, fileID: fileID,
        filePath: filePath, line: line, column: column)
    }

    /// Dismisses the presented feature in `transaction`, as TCA's `dismiss(transaction:)`.
    public func callAsFunction(
      transaction: Transaction, fileID: StaticString = #fileID,
      filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
      // A `Transaction` is not `Sendable`: this value is handed over whole, and read only on
      // the main actor where the dismissal is sent; nothing else keeps or reads it.
      let transaction = UncheckedSendable(transaction)
      await dismiss(
        wrappedIn: { dismissal in withTransaction(transaction.value) { dismissal() } },
        fileID: fileID, filePath: filePath, line: line, column: column)
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

  extension ButtonRole {
    /// The SwiftUI role of a button kept in state, as SwiftUINavigation's `ButtonRole(_:)`.
    public init(_ role: ButtonStateRole) {
      switch role {
      case .cancel: self = .cancel
      case .destructive: self = .destructive
      }
    }
  }

  extension Button where Label == Text {
    /// A SwiftUI button for a button kept in state, as SwiftUINavigation's
    /// `Button(_:action:)`: its label and role, and `action` called with its action (`nil` for a
    /// button with none) when tapped, inside `withAnimation` when the button was made with
    /// `.send(_:animation:)`.
    ///
    /// ```swift
    /// ForEach(store.menu.buttons) { button in
    ///   Button(button) { action in
    ///     if let action { store.send(.menu(action)) }
    ///   }
    /// }
    /// ```
    @MainActor
    public init<Action>(_ button: ButtonState<Action>, action: @escaping (Action?) -> Void) {
      self.init(role: button.role.map(ButtonRole.init)) {
        if let animation = button.animation as? Animation {
          withAnimation(animation) { action(button.action) }
        } else {
          action(button.action)
        }
      } label: {
        Text(button.label)
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
        isPresented: item.isPresent,
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
        isPresented: item.isPresent,
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
      Button(button) { action in
        if let action { store?.send(action) }
      }
    }
  }

  extension Optional {
    /// Whether there is a value; setting `false` clears it (SwiftUI closing an alert, through
    /// `item.isPresent`, a `Binding<Bool>`).
    fileprivate var isPresent: Bool {
      get { self != nil }
      set { if !newValue { self = nil } }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension SwiftUI.Bindable {
    /// A binding to the screens of a stack, for `NavigationStack(path:root:destination:)`:
    ///
    /// ```swift
    /// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
    ///   RootView(store: store)
    /// } destination: { screen in
    ///   PathView(store: screen)
    /// }
    /// ```
    @MainActor
    public func scope<State, Action, ScreenState, ScreenAction>(
      state: WritableKeyPath<State, StackState<ScreenState>>,
      action: CaseKeyPath<Action, StackAction<ScreenState, ScreenAction>>
    ) -> Binding<StackStores<ScreenState, ScreenAction>>
    where Value == Store<State, Action>, Action: CasePathable {
      // Read when the view renders (a tracked read of the screens' ids), and written only
      // through `NavigationStack(path:)`, which writes its path (`StackStores.path`).
      .constant(wrappedValue.scope(state: state, action: action))
    }
  }

  @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
  extension NavigationStack {
    /// A navigation stack over a ``StackState``: going back sends `.popFrom`, a
    /// `NavigationLink(state:)` sends `.push`; `destination` shows a screen's store.
    ///
    /// On the main actor, as the stores it binds to are: SDK 26 declares `NavigationStack`
    /// `nonisolated`, so without it this initializer would be nonisolated too.
    @MainActor
    public init<State, Action, Content: View, Destination: View>(
      path: Binding<StackStores<State, Action>>,
      @ViewBuilder root: () -> Content,
      @ViewBuilder destination: @escaping (Store<State, Action>) -> Destination
    )
    where
      Data == [StackPathElement<State>],
      Root == ModifiedContent<Content, StackDestinationModifier<State, Action, Destination>>
    {
      self.init(
        path: path[dynamicMember: \.path],
        root: {
          root().modifier(StackDestinationModifier(stores: path, destination: destination))
        })
    }
  }

  /// Shows the screen of each element of a stack's path (see `NavigationStack(path:root:
  /// destination:)`).
  @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
  public struct StackDestinationModifier<State, Action, Destination: View>: ViewModifier {
    let stores: Binding<StackStores<State, Action>>
    let destination: (Store<State, Action>) -> Destination

    public func body(content: Content) -> some View {
      content.navigationDestination(for: StackPathElement<State>.self) { element in
        if let store = stores.wrappedValue[id: element.id] {
          destination(store)
        }
      }
    }
  }

  extension NavigationLink where Destination == Never {
    /// A link that pushes a screen with `state` on the enclosing stack of a ``StackState``.
    public init<State>(state: State?, @ViewBuilder label: () -> Label) {
      self.init(value: state.map { StackPathElement(pushing: $0) }, label: label)
    }

    /// A link with a text label that pushes a screen with `state`.
    public init<State>(_ titleKey: LocalizedStringKey, state: State?) where Label == Text {
      self.init(titleKey, value: state.map { StackPathElement(pushing: $0) })
    }

    /// A link with a text label that pushes a screen with `state`.
    @_disfavoredOverload
    public init<Title: StringProtocol, State>(_ title: Title, state: State?)
    where Label == Text {
      self.init(title, value: state.map { StackPathElement(pushing: $0) })
    }
  }

  extension ButtonStateAction {
    /// Sends `action` in `animation` (nothing, for `nil`: the button only dismisses).
    public static func send(_ action: Action?, animation: Animation?) -> Self {
      Self(action: action, animation: animation)
    }
  }
#endif
