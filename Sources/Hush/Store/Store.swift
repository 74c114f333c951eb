import ConcurrencyExtras
import IdentifiedCollections
import IssueReporting
import Observation

/// The single source of truth of a feature: state, a reducer that evolves it, and readers
/// that re-render only when a value they read really changed.
///
/// Read through the store and SwiftUI re-renders the view exactly when that value changes:
///
/// ```swift
/// let store = Store<Search, SearchAction>(initialState: Search()) { state, action in
///   switch action {
///   case let .queryChanged(query):
///     state.query = query
///     return .none
///   }
/// }
/// store.query                 // tracked read of \.query
/// store[\.filter.minPrice]    // tracked read of exactly one nested path
/// store.slider = 0.5          // direct write ($store.slider under @Bindable)
/// store.send(.queryChanged("cat"))
/// print(store.query)          // "cat"
/// ```
///
/// ## The observation contract
///
/// A reader (a SwiftUI `body`, a `RenderProbe`, anything evaluated under
/// `withObservationTracking`) that read key path `p` and saw value `v` is invalidated by a
/// change only when the value at `p` is now different from `v`: `==` for `Equatable` values,
/// `===` for class references, different bits otherwise. This holds however the change was
/// made: a reducer's in-place mutation, a whole-state replacement, a write through the store,
/// a child store. Nested paths are independent: a reader of `store[\.settings.theme]` is not
/// invalidated when `settings.fontSize` changes.
///
/// - Complexity: A send costs the reducer plus one comparison per key path that live readers
///   read (a few nanoseconds for paths made of stored properties). A path no live reader reads
///   costs nothing.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  /// The observers of the store's host. `nonisolated(unsafe)`: a constant, which ``id``
  /// reads through its host.
  nonisolated(unsafe) let observers: ObserverSet<State>
  /// The host the store reads through (its state root or its scope), which the store keeps
  /// alive; reached through `observers`, which holds it unowned with its protocol witnesses,
  /// so that a store (one per row of a long list) holds one word for it rather than two.
  let hostObject: AnyObject
  /// The value the store reads and writes: its state root, or its scope in its parent's state.
  /// A constant; read from any thread (``id`` does).
  nonisolated var host: any ObservationHost<State> {
    // Set by the host's initializer, before the store exists.
    observers.host!
  }
  /// Where the store sends its actions: a root store's ``Root``, which runs the reducer, or a
  /// scoped store's parent (the parent store, or the element stores of a collection), which
  /// it keeps alive while the child is (see ``StoreParent``). Not optional: a send calls it in
  /// place, without retaining it.
  private let parent: StoreParent<State, Action>
  /// The child stores this store made (see ``ChildStores``), from its first scope on: kept by
  /// its host (each host has one store at a time; see `ObserverSet.childStores`), so that the
  /// element store of a row, which rarely scopes, has no field for them.
  var childStores: ChildStores? {
    @inline(__always) get { observers.childStores }
  }
  /// The child stores, made at the first use.
  var children: ChildStores { observers.makeChildStores() }
  /// The id of the state when it is `Identifiable` (always an `AnyHashable` of `State.ID`
  /// then: every initializer takes it from the state's own `id`, which `id` relies on), as
  /// the store was created with: kept by the store's parent, or answered by its host (the
  /// element store of a row whose collection is keyed by the element's own id takes it from
  /// its scope, so that nothing is stored for it per row of a long list).
  nonisolated var identity: AnyHashable? {
    parent.identity ?? host.storeIdentity
  }
  /// The effects this store runs; `package` so that `TestStore` can see what is in flight.
  /// Only a root store runs any (a scoped store sends to its parent), and only a root store
  /// has a runtime: an element store of each row of a list would otherwise make one (with
  /// its lock) for nothing.
  nonisolated package var effects: EffectRuntime<Action> {
    guard let root = parent as? Root else {
      preconditionFailure("a scoped store runs no effects: its root does")
    }
    return root.effects
  }

  /// What only a root store has, as its parent: it runs the reducer. Its parts are constants
  /// (a send reads them without copying them).
  private final class Root: StoreParent<State, Action> {
    let state: StateRoot<State>
    let reducer: @MainActor (inout State, Action) -> Effect<Action>
    /// The dependencies every action is reduced with (and the effects it starts run with);
    /// a test changes them between steps through `TestStore.dependencies`.
    var dependencies: DependencyValues
    /// The effects the store runs; cancelled when the store goes away (it alone holds this).
    nonisolated let effects = EffectRuntime<Action>()

    init(
      state: StateRoot<State>,
      reducer: @escaping @MainActor (inout State, Action) -> Effect<Action>,
      dependencies: DependencyValues,
      identity: AnyHashable?
    ) {
      self.state = state
      self.reducer = reducer
      self.dependencies = dependencies
      super.init(identity: identity)
    }

    deinit {
      effects.cancelAll()
    }

    /// Runs the reducer on the action sent to the root store `store`, then the effect it
    /// returns.
    override func forward(_ action: Action, from store: Store<State, Action>) -> StoreTask {
      guard !state.isReducing else {
        reportIssue(
          """
          An action was sent to a store while its reducer was running: \(action). The action \
          was dropped.

          A reducer changes the state it is given and returns effects; a store it reaches \
          (through a dependency) is the same state, in the middle of that change. Return \
          `.send(action)` from the reducer instead, or run the other action's logic there.
          """)
        return StoreTask(nil)
      }
      // Written by the closures rather than returned through them: the generic functions in
      // between then return `Void`, and an effect (whose layout does not depend on `Action`)
      // needs no metadata lookup on the way.
      var effect = Effect<Action>.none
      let dependencies = self.dependencies
      state.mutate(cause: .send(String(describing: action))) { state in
        // The store's dependencies are usually the ones in force already (a store made
        // outside `withDependencies` holds the default values): the same storage, bit for
        // bit, so the reducer and the effects it makes see the same values without a
        // task-local binding (a push and a pop, with an allocation, per send).
        if hasSameBits(DependencyValues._current, dependencies) {
          effect = reducer(&state, action)
          return
        }
        // One task-local binding; the effects the reducer makes capture it (see `Effect.run`).
        DependencyValues.$_current.withValue(dependencies) {
          effect = reducer(&state, action)
        }
      }
      // Most actions start no effect: nothing to interpret.
      if effect.isNone { return StoreTask(nil) }
      return store.run(effect)
    }
  }

  /// Creates a store of a feature, as in TCA.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State()) { Counter() }
  /// let preview = Store(initialState: Search.State()) {
  ///   Search()
  /// } withDependencies: {
  ///   $0.continuousClock = ImmediateClock()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer (a ``ReducerBuilder`` block: several reducers run in
  ///     order).
  ///   - prepareDependencies: Overrides dependencies for every action the store reduces and
  ///     every effect those actions start, on top of the dependencies in force where the
  ///     store is created. The state and the reducer are made with them too.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    let (state, reducer, dependencies) = Dependencies.withDependencies {
      prepareDependencies?(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues._current)
    }
    self.init(initialState: state, dependencies: dependencies) {
      reducer.reduce(into: &$0, action: $1)
    }
  }

  /// Creates a store from a reducer.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that handles every action sent to the store.
  @inlinable
  public convenience init<R: Reducer>(initialState: State, reducer: R)
  where R.State == State, R.Action == Action {
    self.init(initialState: initialState) { reducer.reduce(into: &$0, action: $1) }
  }

  /// Creates a store from a closure that reduces each action.
  ///
  /// ```swift
  /// let store = Store<Int, CounterAction>(initialState: 0) { count, action in
  ///   count += 1
  ///   return .none
  /// }
  /// ```
  ///
  /// Actions are reduced with the dependencies in force where the store is created.
  public convenience init(
    initialState: State,
    reducer: @escaping @MainActor (_ state: inout State, _ action: Action) -> Effect<Action>
  ) {
    self.init(initialState: initialState, dependencies: DependencyValues._current, reducer: reducer)
  }

  /// A root store that reduces every action with `dependencies`.
  @usableFromInline
  package init(
    initialState: State,
    dependencies: DependencyValues,
    reducer: @escaping @MainActor (_ state: inout State, _ action: Action) -> Effect<Action>
  ) {
    let stateRoot = StateRoot(state: initialState)
    self.hostObject = stateRoot
    self.observers = stateRoot.observers
    self.parent = Root(
      state: stateRoot, reducer: reducer, dependencies: dependencies,
      identity: identityOf(initialState))
  }

  /// A store that reads through `host` and sends to `parent` (a scoped store), which keeps its
  /// state's id unless `host` answers it.
  init(host: some ObservationHost<State>, parent: StoreParent<State, Action>) {
    self.hostObject = host
    self.observers = host.observers
    self.parent = parent
  }

  // MARK: Reading and writing

  /// The whole state, tracked as one value: a reader renders when any part of it changes.
  ///
  /// Prefer reading the paths a view shows (`store.title`), so that it renders only when they
  /// change.
  public var state: State {
    self[\State.self]
  }

  /// Reads the value at `keyPath`, tracking exactly that path.
  ///
  /// ```swift
  /// Text(store[\.settings.theme].name)   // renders only when settings.theme changes
  /// ```
  ///
  /// - Complexity: O(1): a dictionary lookup of the path among those live readers read.
  public subscript<Value>(keyPath: KeyPath<State, Value>) -> Value {
    observers.cell(for: keyPath).trackedValue()
  }

  /// Reads or writes the value at `keyPath`, tracking exactly that path.
  ///
  /// A write notifies only the readers whose value really changed, like any other change. On
  /// a store whose action is a ``BindableAction``, a write goes through the reducer as a
  /// binding action instead (see ``BindingReducer``).
  public subscript<Value>(keyPath: WritableKeyPath<State, Value>) -> Value {
    get {
      observers.cell(for: keyPath).trackedValue()
    }
    set {
      write(newValue, to: keyPath)
    }
  }

  /// Reads the property `keyPath` of the state, tracking exactly that path.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    self[keyPath]
  }

  /// Reads or writes the property `keyPath` of the state, tracking exactly that path.
  ///
  /// This is what `$store.title` uses under `@Bindable var store`. The write is direct (the
  /// reducer does not see it) unless the store's action is a ``BindableAction``: then it
  /// sends `.binding(.set(\.title, newValue))` for the reducer to apply.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
    get { self[keyPath] }
    set { self[keyPath] = newValue }
  }

  func write<Value>(_ value: Value, to keyPath: WritableKeyPath<State, Value>) {
    if sendWriteAsBinding(value, to: keyPath) { return }
    host.mutateValue(cause: .write(joinPath(host.pathDescription, describePath(keyPath)))) {
      $0[keyPath: keyPath] = value
    }
  }

  /// Receives an entry for every send and write from now on, or `nil` to stop; a scoped
  /// store sets its root's log.
  ///
  /// ```swift
  /// store.changeLog = { print($0) }
  /// store.send(.increment)   // prints "send increment: count 0 → 1 (1 read)"
  /// ```
  ///
  /// Off by default, and free when off.
  public var changeLog: ((ChangeLogEntry) -> Void)? {
    get { host.changeLog }
    set { host.changeLog = newValue }
  }

  // MARK: Sending

  /// Sends an action: the reducer runs, readers of what changed are notified, and the effect
  /// the reducer returned starts.
  ///
  /// - Returns: A task for the effects the action started; await `finish()` for them to end.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    parent.forward(action, from: self)
  }

  /// The dependencies a root store reduces with: a test changes them between steps through
  /// `TestStore.dependencies`. A scoped store has none of its own (it sends through its root).
  package var dependencies: DependencyValues {
    get { (parent as? Root)?.dependencies ?? DependencyValues._current }
    set { (parent as? Root)?.dependencies = newValue }
  }
}

/// The child stores of a store. Not nested in the generic `Store`, so that its layout is known
/// statically.
final class ChildStores {
  /// Scoped stores, one per state path and action type, held weakly: a child holds its
  /// parent, and a child no view holds can go.
  var cache = WeakCache<ScopeID>()
  /// The child stores `scope(state:action:)` returned lately, by key path object and action
  /// type: a parent view's body scopes with the same key path literal on every render, and
  /// comparing objects costs far less than hashing the `ScopeID` and casting what `cache`
  /// holds. Only `scope(state:action:)` writes entries, each with the store it returned for
  /// that key path and action type (so of the types they name); the stores are held weakly,
  /// as in `cache`, and the key paths strongly, so their addresses are not reused.
  /// No dynamic exclusivity checks: main actor only, and never touched during an access to it.
  @exclusivity(unchecked) var recent = RecentEntries<RecentChild>()
}

/// A child store `scope(state:action:)` returned lately (see `ChildStores.recent`); not
/// nested in the generic `Store`, so that its layout is known statically instead of looked up
/// at run time on every scope.
struct RecentChild {
  let path: AnyKeyPath
  let actionType: ObjectIdentifier
  weak var store: AnyObject?
}

extension Store: Observable {}

extension Store: Identifiable {
  /// The store's identity, as `ForEach`, `.sheet(item:)` and
  /// `.navigationDestination(item:)` use it: the id of its state when the state is
  /// `Identifiable` (element stores of a collection are identified by their element's id, so
  /// `ForEach` can take them directly, and a removed row's store keeps its id), the store
  /// object's otherwise (a presented child's store is another store when another child is
  /// presented), as in TCA. (Disfavored: where the state is `Identifiable`, `store.id` is the
  /// state's id itself.)
  @_disfavoredOverload
  public nonisolated var id: StoreID {
    StoreID(identity ?? AnyHashable(ObjectIdentifier(self)))
  }
}

extension Store where State: Identifiable {
  /// The id of the state, as the store was created with (also a removed row's store's).
  public nonisolated var id: State.ID {
    identity?.base as! State.ID
  }
}

extension Store: Equatable {
  /// Whether two stores are the same store, as in TCA.
  public nonisolated static func == (lhs: Store, rhs: Store) -> Bool {
    lhs === rhs
  }
}

extension Store: Hashable {
  /// Hashes the store's identity as an object, as in TCA.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// Where a store sends its actions (see `Store.parent`): a root store's reducer, or a scoped
/// store's parent. A class rather than a closure: one word in the store instead of two, and
/// the element stores of a collection (``ElementStores``) are their stores' parent
/// themselves, so that making one allocates nothing for it. Also where a store's state's id
/// is kept, when its host does not answer it.
@MainActor
class StoreParent<State, Action> {
  /// The id of the state of the store this parent was made for (see `Store.identity`), or
  /// `nil`. `nonisolated(unsafe)`: a constant, read from any thread.
  nonisolated(unsafe) let identity: AnyHashable?

  init(identity: AnyHashable?) {
    self.identity = identity
  }

  /// Sends `action`, sent to the store `store`, on.
  func forward(_ action: Action, from store: Store<State, Action>) -> StoreTask {
    preconditionFailure("StoreParent is abstract")
  }
}

/// The parent of a child store of one part of its state (`Store.scope(state:action:)`).
final class ScopedStoreParent<ParentState, ParentAction, State, Action>:
  StoreParent<State, Action>
{
  /// Kept alive while the child is.
  private let store: Store<ParentState, ParentAction>
  private let embed: (Action) -> ParentAction

  /// The parent of a child whose state's id is `identity`.
  init(
    store: Store<ParentState, ParentAction>, embed: @escaping (Action) -> ParentAction,
    identity: AnyHashable?
  ) {
    self.store = store
    self.embed = embed
    super.init(identity: identity)
  }

  override func forward(_ action: Action, from _: Store<State, Action>) -> StoreTask {
    store.send(embed(action))
  }
}

/// The identity of a ``Store`` (``Store/id``): its state's id when the state is
/// `Identifiable`, the store object's otherwise.
public struct StoreID: Hashable {
  let base: AnyHashable

  init(_ base: AnyHashable) {
    self.base = base
  }
}

/// The id of `value` when it is `Identifiable`.
func identityOf<Value>(_ value: Value) -> AnyHashable? {
  guard let identifiable = Value.self as? any Identifiable.Type else { return nil }
  return id(of: value, as: identifiable)
}

/// How to read the id of a `Value` as an `AnyHashable`, or `nil` when `Value` is not
/// `Identifiable`: found once per type by whoever makes many stores of it (the element stores
/// of a collection), rather than by casting each value (a conformance lookup, and a box for a
/// value too large to sit in an existential inline).
func identityFunction<Value>(for type: Value.Type) -> ((Value) -> AnyHashable)? {
  guard let identifiable = type as? any Identifiable.Type else { return nil }
  return { id(of: $0, as: identifiable) }
}

/// The id of `value`, whose type is `type` (found by casting `Value.self`), read in place.
private func id<Value>(of value: Value, as type: any Identifiable.Type) -> AnyHashable {
  func read<Element: Identifiable>(_: Element.Type) -> AnyHashable {
    withUnsafePointer(to: value) {
      AnyHashable(UnsafeRawPointer($0).assumingMemoryBound(to: Element.self).pointee.id)
    }
  }
  return read(type)
}

/// A store of the state and actions of the feature `R`: `let store: StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
