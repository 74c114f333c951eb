/// A feature that keeps the slice of a large shared model it shows as local state, and
/// refreshes it from the model when told to.
///
/// Apps with one large model (a document, a canvas) re-render every view that reads it on every
/// change. With `Refreshable`, each feature holds the values it shows in its own ``state``,
/// pulls them from the model in ``refreshSelf()``, and assigns only what changed, so a
/// refresh that finds nothing new renders nothing. A parent decides what to refresh: during a
/// drag only the branch that shows the dragged value; after a paste, an undo or a reset,
/// everything.
///
/// ```swift
/// @MainActor @Observable
/// final class InspectorFeature: Refreshable {
///   struct State: Equatable { var opacity = 1.0; var name = "" }
///   var state = State()
///   let store: Store<Document, DocumentAction>
///   let swatches: SwatchesFeature
///
///   var refreshableChildren: [any Refreshable] { [swatches] }
///
///   func refreshSelf() {
///     let layer = store.state.selectedLayer
///     removeDuplicates { state in
///       state.opacity = layer.opacity
///       state.name = layer.name
///     }
///   }
/// }
///
/// inspector.refresh()   // swatches first, then the inspector; unchanged values render nothing
/// ```
@MainActor
public protocol Refreshable: AnyObject {
  /// The values the feature shows.
  associatedtype State: Equatable

  /// The feature's local state; an `@Observable` property, so views that read it render when
  /// a refresh changes it.
  var state: State { get set }

  /// The features inside this one, refreshed before it by ``refresh()``.
  var refreshableChildren: [any Refreshable] { get }

  /// Pulls the feature's own values from the shared model, with ``removeDuplicates(_:)`` or
  /// ``removeDuplicates(_:_:)`` so that equal values are not assigned.
  func refreshSelf()
}

extension Refreshable {
  /// No children.
  public var refreshableChildren: [any Refreshable] { [] }

  /// Refreshes the children (each child's children first), then this feature.
  public func refresh() {
    refreshChildren()
    refreshSelf()
  }

  /// Refreshes the children, each with its own children first.
  public func refreshChildren() {
    for child in refreshableChildren {
      child.refresh()
    }
  }

  /// Refreshes only the children `shouldRefresh` selects (with their children), then this
  /// feature: a parent skips the siblings of a control being dragged.
  ///
  /// ```swift
  /// canvas.refresh(where: { $0 === canvas.inspector })   // during an opacity drag
  /// ```
  public func refresh(where shouldRefresh: (any Refreshable) -> Bool) {
    for child in refreshableChildren where shouldRefresh(child) {
      child.refresh()
    }
    refreshSelf()
  }

  /// Sets the value at `keyPath` of ``state`` to `value`, unless it is already equal.
  ///
  /// ```swift
  /// removeDuplicates(\.opacity, layer.opacity)
  /// ```
  ///
  /// - Returns: Whether the value changed.
  @discardableResult
  public func removeDuplicates<Value: Equatable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Bool {
    guard state[keyPath: keyPath] != value else { return false }
    state[keyPath: keyPath] = value
    return true
  }

  /// Applies `update` to a copy of ``state`` and assigns it back only if it changed.
  ///
  /// ```swift
  /// removeDuplicates { state in
  ///   state.opacity = layer.opacity
  ///   state.name = layer.name
  /// }
  /// ```
  ///
  /// - Returns: Whether the state changed.
  @discardableResult
  public func removeDuplicates(_ update: (inout State) -> Void) -> Bool {
    var copy = state
    update(&copy)
    guard copy != state else { return false }
    state = copy
    return true
  }
}
