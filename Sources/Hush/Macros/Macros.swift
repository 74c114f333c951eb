/// Makes a struct a ``Reducer`` as TCA's `@Reducer` does, or builds a reducer out of an enum of
/// features.
///
/// On a struct, it adds the `Reducer` conformance, `@CasePathable` to its `Action` enum (which
/// `action: \.child` paths, ``BindableAction`` and ``ViewAction`` need), `@CasePathable
/// @dynamicMemberLookup` to an enum `State`, and the ``ReducerBuilder`` to its `body`:
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// On an enum, each case with one value is a feature, and the macro writes its `State` and
/// `Action` enums, a body with one ``Scope`` per feature, and the `CaseScope` that
/// `switch store.case { … }` goes over in a view (see ``CaseReducer``):
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case edit(EditItem)                       // a feature
///   case alert(AlertState<Alert>)             // an alert: its actions, no reducer
///   @ReducerCaseIgnored case preview(Item)    // plain data
///   enum Alert { case confirmDeletion }
/// }
/// extension Destination.State: Equatable {}
///
/// // in the parent:
/// @Presents var destination: Destination.State?
/// case destination(PresentationAction<Destination.Action>)
/// Reduce { … }.ifLet(\.$destination, action: \.destination)
/// ```
@attached(
  member, names: named(State), named(Action), named(body), named(CaseScope), named(scope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() = #externalMacro(module: "HushMacros", type: "ReducerMacro")

/// ``Reducer()`` on an enum of features, with conformances for the `State` and `Action` it
/// writes: `@Reducer(state: .equatable, action: .equatable, .sendable)`. (TCA deprecates this
/// spelling for an extension, `extension Destination.State: Equatable {}`, which works too.)
@attached(
  member, names: named(State), named(Action), named(body), named(CaseScope), named(scope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "HushMacros", type: "ReducerMacro")

/// A conformance that ``Reducer(state:action:)`` adds to the `State` or `Action` of an enum of
/// features.
public struct _SynthesizedConformance: Sendable {
  /// `Codable`.
  public static let codable = Self()
  /// `Decodable`.
  public static let decodable = Self()
  /// `Encodable`.
  public static let encodable = Self()
  /// `Equatable`.
  public static let equatable = Self()
  /// `Hashable`.
  public static let hashable = Self()
  /// `Sendable`.
  public static let sendable = Self()
}

/// Marks a case of a `@Reducer` enum as plain data: the `State` has the case, the `Action` and
/// the body do not.
///
/// ```swift
/// @Reducer enum Path {
///   case detail(Detail)
///   @ReducerCaseIgnored case meeting(Meeting.ID)
/// }
/// ```
///
/// A case with no value, or with several, is plain data unmarked.
@attached(peer, names: named(_))
public macro ReducerCaseIgnored() =
  #externalMacro(module: "HushMacros", type: "ReducerCaseIgnoredMacro")

/// Marks a case of a `@Reducer` enum that holds an alert's or a dialog's state: the `Action`
/// has a case for its actions, any of which dismisses it. `@Reducer` recognizes
/// `AlertState<…>` and `ConfirmationDialogState<…>` cases unmarked.
@attached(peer, names: named(_))
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "HushMacros", type: "ReducerCaseEphemeralMacro")

/// Accepted on a feature's state so that TCA code compiles unchanged. Hush observes any state
/// by value, each path a view reads, so a state needs no macro; this one adds only the
/// ``ObservableState`` conformance, and nothing that a read or a write of the state runs.
@attached(extension, conformances: ObservableState)
public macro ObservableState() =
  #externalMacro(module: "HushMacros", type: "ObservableStateMacro")

/// Accepted on a property of an `@ObservableState` state so that TCA code compiles unchanged:
/// Hush compares only the paths views read, so an unread property costs nothing and there is
/// nothing to ignore. It adds nothing.
@attached(peer)
public macro ObservationStateIgnored() =
  #externalMacro(module: "HushMacros", type: "ObservationStateIgnoredMacro")

/// A presented feature's optional state, as TCA spells it: `\.$destination` is the path
/// `ifLet`, `scope` and bindings take.
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Presents var destination: Destination.State?
/// }
/// …
/// Reduce { … }.ifLet(\.$destination, action: \.destination)
/// ```
///
/// The value is a plain optional, stored as `$destination`; `destination` reads and writes it
/// in place. Both are observed by value, as precisely as any optional. (TCA's `$destination`
/// is a `PresentationState`; here it is the optional itself.)
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(`$`))
public macro Presents() = #externalMacro(module: "HushMacros", type: "PresentsMacro")

/// A view that sends its feature's view actions with `send(.saveTapped)`, as TCA spells it:
/// the view conforms to ``ViewActionSending``.
///
/// ```swift
/// @ViewAction(for: Feature.self)
/// struct FeatureView: View {
///   let store: StoreOf<Feature>
///   var body: some View {
///     Button("Save") { send(.saveTapped) }   // sends .view(.saveTapped)
///   }
/// }
/// ```
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "HushMacros", type: "ViewActionMacro")
