// The only SwiftUI code in HushCombine: everything it calls is platform-free and tested on Linux.
#if canImport(SwiftUI)
  import SwiftUI

  extension Binding where Value: Equatable & Sendable {
    /// A binding that also writes each new value into the app state at `keyPath`.
    ///
    /// Bind a control to a view's local state and dispatch its edits to the app state, so the
    /// view never observes the whole app state. Equal values are not written. SwiftUI calls a
    /// binding's closures from any context (they are `@Sendable`), so the value and the key
    /// path are `Sendable`, as a key path literal without captured values is.
    ///
    /// ```swift
    /// Toggle("Settings", isOn: $showsSettings.dispatched(to: appState, \.routing.showsSettings))
    /// ```
    public func dispatched<AppState>(
      to state: StateSubject<AppState>, _ keyPath: WritableKeyPath<AppState, Value> & Sendable
    ) -> Binding<Value> {
      Binding(
        get: { self.wrappedValue },
        set: { newValue, transaction in
          self.transaction(transaction).wrappedValue = newValue
          state.dispatch(newValue, to: keyPath)
        }
      )
    }
  }
#endif
