import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct ReducerEnumMacroTests {
  @Test func anEnumOfFeaturesGetsItsStateActionBodyAndCaseScope() {
    assertExpansion(
      #"""
      @Reducer
      enum Destination {
        case edit(EditItem)
        case alert(AlertState<Alert>)
        @ReducerCaseIgnored
        case preview(Item)
        case about(title: String, version: Int)
        case empty
        enum Alert {
          case confirmDeletion
        }
      }
      """#,
      expandedSource: #"""
        enum Destination {
          case edit(EditItem)
          case alert(AlertState<Alert>)
          case preview(Item)
          case about(title: String, version: Int)
          case empty
          enum Alert {
            case confirmDeletion
          }

          @CasePathable @dynamicMemberLookup
          enum State: Hush.CaseReducerState {
            typealias StateReducer = Destination
            case edit(EditItem.State)
            case alert(AlertState<Alert>)
            case preview(Item)
            case about(title: String, version: Int)
            case empty
          }

          @CasePathable
          enum Action {
            case edit(EditItem.Action)
            case alert(Alert)
          }

          @Hush.ReducerBuilder<Self.State, Self.Action>
          static var body: some Hush.Reducer<Self.State, Self.Action> {
            Hush.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
              EditItem()
            }
          }

          @CasePathable @dynamicMemberLookup
          enum CaseScope {
            case edit(Hush.StoreOf<EditItem>)
            case alert(AlertState<Alert>)
            case preview(Item)
            case about(title: String, version: Int)
            case empty
          }

          @MainActor
          static func scope(_ store: Hush.Store<Self.State, Self.Action>) -> CaseScope {
            if let store = store.scope(state: \.edit, action: \.edit) {
              return .edit(store)
            }
            if let value = store[\.alert] {
              return .alert(value)
            }
            if let value = store[\.preview] {
              return .preview(value)
            }
            if let value = store[\.about] {
              return .about(title: value.0, version: value.1)
            }
            if store[\.empty] != nil {
              return .empty
            }
            return Hush._unreachableCase(of: store)
          }
        }

        extension Destination: Hush.Reducer, Hush.CaseReducer {
        }
        """#)
  }

  @Test func aPublicEnumSharesItsAccessAndArgumentsAddConformances() {
    assertExpansion(
      #"""
      @Reducer(state: .equatable, .sendable, action: .equatable)
      public enum Path {
        case detail(Detail)
        @ReducerCaseEphemeral
        case dialog(ConfirmationDialogState<Detail.Dialog>)
      }
      """#,
      expandedSource: #"""
        public enum Path {
          case detail(Detail)
          case dialog(ConfirmationDialogState<Detail.Dialog>)

          @CasePathable @dynamicMemberLookup
          public enum State: Hush.CaseReducerState, Equatable, Sendable {
            public typealias StateReducer = Path
            case detail(Detail.State)
            case dialog(ConfirmationDialogState<Detail.Dialog>)
          }

          @CasePathable
          public enum Action: Equatable {
            case detail(Detail.Action)
            case dialog(Detail.Dialog)
          }

          @Hush.ReducerBuilder<Self.State, Self.Action>
          public static var body: some Hush.Reducer<Self.State, Self.Action> {
            Hush.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
          }

          @CasePathable @dynamicMemberLookup
          public enum CaseScope {
            case detail(Hush.StoreOf<Detail>)
            case dialog(ConfirmationDialogState<Detail.Dialog>)
          }

          @MainActor
          public static func scope(_ store: Hush.Store<Self.State, Self.Action>) -> CaseScope {
            if let store = store.scope(state: \.detail, action: \.detail) {
              return .detail(store)
            }
            if let value = store[\.dialog] {
              return .dialog(value)
            }
            return Hush._unreachableCase(of: store)
          }
        }

        extension Path: Hush.Reducer, Hush.CaseReducer {
        }
        """#)
  }

  @Test func anEnumWithNoFeaturesHasAnEmptyBody() {
    assertExpansion(
      #"""
      @Reducer
      enum Screen {
        case about
        @ReducerCaseIgnored
        case web(URL)
      }
      """#,
      expandedSource: #"""
        enum Screen {
          case about
          case web(URL)

          @CasePathable @dynamicMemberLookup
          enum State: Hush.CaseReducerState {
            typealias StateReducer = Screen
            case about
            case web(URL)
          }

          @CasePathable
          enum Action {

          }

          @Hush.ReducerBuilder<Self.State, Self.Action>
          static var body: some Hush.Reducer<Self.State, Self.Action> {
            Hush.EmptyReducer<Self.State, Self.Action>()
          }

          @CasePathable @dynamicMemberLookup
          enum CaseScope {
            case about
            case web(URL)
          }

          @MainActor
          static func scope(_ store: Hush.Store<Self.State, Self.Action>) -> CaseScope {
            if store[\.about] != nil {
              return .about
            }
            if let value = store[\.web] {
              return .web(value)
            }
            return Hush._unreachableCase(of: store)
          }
        }

        extension Screen: Hush.Reducer, Hush.CaseReducer {
        }
        """#)
  }

  @Test func anEnumThatWritesItsOwnBodyKeepsItWithTheBuilder() {
    assertExpansion(
      #"""
      @Reducer
      enum Screen {
        case login(Login)

        static var body: some ReducerOf<Self> {
          Reduce { state, action in .none }
          Scope(state: \.login, action: \.login) { Login() }
        }
      }
      """#,
      expandedSource: #"""
        enum Screen {
          case login(Login)
          @Hush.ReducerBuilder<Self.State, Self.Action>

          static var body: some ReducerOf<Self> {
            Reduce { state, action in .none }
            Scope(state: \.login, action: \.login) { Login() }
          }

          @CasePathable @dynamicMemberLookup
          enum State: Hush.CaseReducerState {
            typealias StateReducer = Screen
            case login(Login.State)
          }

          @CasePathable
          enum Action {
            case login(Login.Action)
          }

          @CasePathable @dynamicMemberLookup
          enum CaseScope {
            case login(Hush.StoreOf<Login>)
          }

          @MainActor
          static func scope(_ store: Hush.Store<Self.State, Self.Action>) -> CaseScope {
            if let store = store.scope(state: \.login, action: \.login) {
              return .login(store)
            }
            return Hush._unreachableCase(of: store)
          }
        }

        extension Screen: Hush.Reducer, Hush.CaseReducer {
        }
        """#)
  }
}
