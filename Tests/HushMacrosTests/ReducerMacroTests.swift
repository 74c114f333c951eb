import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct ReducerMacroTests {
  @Test func aStructGetsTheConformanceCasePathsAndItsBodysBuilder() {
    assertExpansion(
      #"""
      @Reducer
      struct Counter {
        @ObservableState
        struct State: Equatable {
          var count = 0
        }
        enum Action {
          case incrementTapped
        }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            state.count += 1
            return .none
          }
        }
      }
      """#,
      expandedSource: #"""
        struct Counter {
          struct State: Equatable {
            var count = 0
          }
          @CasePathable
          enum Action {
            case incrementTapped
          }
          @Hush.ReducerBuilder<Self.State, Self.Action> @MainActor
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.count += 1
              return .none
            }
          }
        }

        extension Counter.State: Hush.ObservableState {
        }

        extension Counter: Hush.Reducer {
        }
        """#)
  }

  @Test func whatTheStructAlreadyHasIsKept() {
    assertExpansion(
      #"""
      @Reducer
      struct Feature: Reducer {
        @CasePathable @dynamicMemberLookup
        enum State {
          case loading
          case loaded(Int)
        }
        @CasePathable
        enum Action {
          case reload
        }
        @ReducerBuilder<State, Action>
        @MainActor
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """#,
      expandedSource: #"""
        struct Feature: Reducer {
          @CasePathable @dynamicMemberLookup
          enum State {
            case loading
            case loaded(Int)
          }
          @CasePathable
          enum Action {
            case reload
          }
          @ReducerBuilder<State, Action>
          @MainActor
          var body: some Reducer<State, Action> {
            EmptyReducer()
          }
        }
        """#,
      declaredConformances: ["Reducer"])
  }

  @Test func anEnumStateGetsCasePathsAndDynamicMembers() {
    assertExpansion(
      #"""
      @Reducer
      public struct App {
        public enum State {
          case loggedIn(Home.State)
          case loggedOut(Login.State)
        }
        public enum Action {
          case loggedIn(Home.Action)
          case loggedOut(Login.Action)
        }
        public var body: some Reducer<State, Action> {
          Scope(state: \.loggedIn, action: \.loggedIn) { Home() }
        }
      }
      """#,
      expandedSource: #"""
        public struct App {
          @CasePathable @dynamicMemberLookup
          public enum State {
            case loggedIn(Home.State)
            case loggedOut(Login.State)
          }
          @CasePathable
          public enum Action {
            case loggedIn(Home.Action)
            case loggedOut(Login.Action)
          }
          @Hush.ReducerBuilder<State, Action> @MainActor
          public var body: some Reducer<State, Action> {
            Scope(state: \.loggedIn, action: \.loggedIn) { Home() }
          }
        }

        extension App: Hush.Reducer {
        }
        """#)
  }

  @Test func aGenericReducerAndOneThatReducesByHand() {
    assertExpansion(
      #"""
      @Reducer
      struct Filtered<Base: Reducer> {
        typealias State = Base.State
        typealias Action = Base.Action
        let base: Base
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          base.reduce(into: &state, action: action)
        }
      }
      """#,
      expandedSource: #"""
        struct Filtered<Base: Reducer> {
          typealias State = Base.State
          typealias Action = Base.Action
          let base: Base
          @MainActor
          func reduce(into state: inout State, action: Action) -> Effect<Action> {
            base.reduce(into: &state, action: action)
          }
        }

        extension Filtered: Hush.Reducer {
        }
        """#)
  }

  @Test func aBodyOfAConcreteDomainNeedsNoNestedTypes() {
    assertExpansion(
      #"""
      @Reducer
      struct Tally {
        var body: some Reducer<Int, Bool> {
          Reduce { state, action in
            state += action ? 1 : -1
            return .none
          }
        }
      }
      """#,
      expandedSource: #"""
        struct Tally {
          @Hush.ReducerBuilder<Int, Bool> @MainActor
          var body: some Reducer<Int, Bool> {
            Reduce { state, action in
              state += action ? 1 : -1
              return .none
            }
          }
        }

        extension Tally: Hush.Reducer {
        }
        """#)
  }
}
