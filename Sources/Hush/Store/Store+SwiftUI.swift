#if canImport(SwiftUI)
  import SwiftUI

  extension Store where Action: CasePathable {
    /// A binding to a value of the state that sends a named action when written:
    ///
    /// ```swift
    /// TextField("Search", text: store.binding(\.query, send: \.queryChanged))
    /// ```
    public func binding<Value>(
      _ keyPath: KeyPath<State, Value>, send action: CaseKeyPath<Action, Value>
    ) -> Binding<Value> {
      // Through a key path, as `Bindable` binds to any property: no closure crosses into
      // SwiftUI's `@Sendable` `Binding(get:set:)`.
      Bindable(self)[dynamicMember: \.[sending: keyPath, action: action]]
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension SwiftUI.Bindable {
    /// `$store.query` when it is followed by ``StoreBindable/sending(_:)``:
    /// `TextField("Search", text: $store.query.sending(\.queryChanged))`.
    @_disfavoredOverload
    public subscript<State, Action, Member>(
      dynamicMember keyPath: KeyPath<State, Member>
    ) -> StoreBindable<State, Action, Member> where Value == Store<State, Action> {
      StoreBindable(store: wrappedValue, keyPath: keyPath)
    }
  }

  /// A value of a store's state, to bind with an action: `$store.query.sending(\.queryChanged)`.
  public struct StoreBindable<State, Action, Value> {
    let store: Store<State, Action>
    let keyPath: KeyPath<State, Value>

    /// A binding that reads the value and sends `action` with each new value.
    @MainActor
    public func sending(_ action: CaseKeyPath<Action, Value>) -> Binding<Value>
    where Action: CasePathable {
      store.binding(keyPath, send: action)
    }
  }
#endif
