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

  extension Store {
    /// Sends `action` with `animation`: the views its state changes render animate, as TCA's
    /// `send(_:animation:)`. (What its effects send later is not animated.)
    ///
    /// ```swift
    /// Button("Add") { store.send(.addTapped, animation: .default) }
    /// ```
    @discardableResult
    public func send(_ action: Action, animation: Animation?) -> StoreTask {
      send(action, transaction: Transaction(animation: animation))
    }

    /// Sends `action` in `transaction`, as TCA's `send(_:transaction:)`.
    @discardableResult
    public func send(_ action: Action, transaction: Transaction) -> StoreTask {
      withTransaction(transaction) { send(action) }
    }
  }

  extension Send {
    /// Sends `action` from an effect with `animation`, as TCA's `send(_:animation:)`:
    /// `await send(.loaded(items), animation: .default)`.
    @MainActor
    public func callAsFunction(_ action: Action, animation: Animation?) {
      callAsFunction(action, transaction: Transaction(animation: animation))
    }

    /// Sends `action` from an effect in `transaction`, as TCA's `send(_:transaction:)`.
    @MainActor
    public func callAsFunction(_ action: Action, transaction: Transaction) {
      withTransaction(transaction) { callAsFunction(action) }
    }
  }

  extension ViewActionSending {
    /// Sends a view action with `animation`: `send(.addTapped, animation: .default)`.
    @discardableResult
    public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
      store.send(.view(action), animation: animation)
    }

    /// Sends a view action in `transaction`.
    @discardableResult
    public func send(_ action: StoreAction.ViewAction, transaction: Transaction) -> StoreTask {
      store.send(.view(action), transaction: transaction)
    }
  }

  extension Binding {
    /// `$store.query` for a store held in a `@Binding`, when it is followed by
    /// ``StoreBindable/sending(_:)``, as for a `@Bindable` one.
    @_disfavoredOverload
    public subscript<State, Action, Member>(
      dynamicMember keyPath: KeyPath<State, Member>
    ) -> StoreBindable<State, Action, Member> where Value == Store<State, Action> {
      StoreBindable(store: wrappedValue, keyPath: keyPath)
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
