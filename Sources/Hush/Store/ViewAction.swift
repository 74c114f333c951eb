/// An action with a case that holds a view's actions, as TCA's `ViewAction`: a view that
/// conforms to ``ViewActionSending`` sends those with `send(.saveTapped)`.
///
/// ```swift
/// enum Action: ViewAction {
///   case view(View)
///   case saved
///   enum View { case saveTapped }
/// }
/// ```
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction

  /// Embeds a view's action.
  static func view(_ action: ViewAction) -> Self
}

/// A view that sends its store's view actions directly: `send(.saveTapped)` sends
/// `.view(.saveTapped)`. TCA's `@ViewAction(for: Feature.self)` macro adds this conformance; in
/// Hush the view declares it, and keeps its `store` property:
///
/// ```swift
/// struct FeatureView: View, ViewActionSending {
///   let store: StoreOf<Feature>
///   var body: some View {
///     Button("Save") { send(.saveTapped) }
///   }
/// }
/// ```
@MainActor
public protocol ViewActionSending<StoreState, StoreAction> {
  associatedtype StoreState
  associatedtype StoreAction: ViewAction
  /// The store the view's actions go to.
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action to the store: `send(.saveTapped)` sends `.view(.saveTapped)`.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }
}
