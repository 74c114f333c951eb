import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct MacroDiagnosticTests {
  @Test func reducerOnAClass() {
    assertExpansion(
      #"""
      @Reducer
      class Feature {
      }
      """#,
      expandedSource: #"""
        class Feature {
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Reducer' applies to a struct or an enum, and 'Feature' is a class; a reducer is a value: declare it as a struct",
          line: 1, column: 1)
      ])
  }

  @Test func reducerWithoutStateOrAction() {
    assertExpansion(
      #"""
      @Reducer
      struct Feature {
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """#,
      expandedSource: #"""
        struct Feature {
          @Hush.ReducerBuilder<Self.State, Self.Action> @MainActor
          var body: some ReducerOf<Self> {
            EmptyReducer()
          }
        }

        extension Feature: Hush.Reducer {
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Reducer' struct 'Feature' has no 'State': declare the state it evolves inside it ('struct State { … }', or 'typealias State = …')",
          line: 1, column: 1),
        DiagnosticSpec(
          message:
            "'@Reducer' struct 'Feature' has no 'Action': declare the actions it handles inside it ('enum Action { … }', or 'typealias Action = …')",
          line: 1, column: 1),
      ])
  }

  @Test func reducerArgumentsOnAStruct() {
    assertExpansion(
      #"""
      @Reducer(state: .equatable)
      struct Feature {
        struct State {}
        enum Action {}
      }
      """#,
      expandedSource: #"""
        struct Feature {
          struct State {}
          @CasePathable
          enum Action {}
        }

        extension Feature: Hush.Reducer {
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Reducer(state:action:)' adds conformances to the State and Action an enum reducer's cases make; a struct declares its own: write 'struct State: Equatable' (or an extension) instead",
          line: 1, column: 10,
          fixIts: [FixItSpec(message: "Remove the arguments")])
      ])
  }

  @Test func ephemeralMarkOnAFeatureCase() {
    assertExpansion(
      #"""
      @Reducer
      enum Destination {
        @ReducerCaseEphemeral
        case edit(EditItem)
      }
      """#,
      expandedSource: #"""
        enum Destination {
          case edit(EditItem)
        }

        extension Destination: Hush.Reducer, Hush.CaseReducer {
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@ReducerCaseEphemeral' marks a case that holds an 'AlertState<Action>' or a 'ConfirmationDialogState<Action>'; 'EditItem' is neither",
          line: 4, column: 13)
      ])
  }

  @Test func reducerCaseMarkOffACase() {
    assertExpansion(
      #"""
      @ReducerCaseIgnored
      struct Item {
      }
      """#,
      expandedSource: #"""
        struct Item {
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message: "'@ReducerCaseIgnored' marks a case of a '@Reducer' enum, not a struct", line: 1,
          column: 1)
      ])
  }

  @Test func presentsOnALet() {
    assertExpansion(
      #"""
      struct State {
        @Presents let sheet: Sheet.State?
      }
      """#,
      expandedSource: #"""
        struct State {
          let sheet: Sheet.State?
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Presents' needs a 'var': a presented feature comes and goes ('var sheet')",
          line: 2, column: 3)
      ])
  }

  @Test func presentsOnANonOptional() {
    assertExpansion(
      #"""
      struct State {
        @Presents var edit: Edit.State
      }
      """#,
      expandedSource: #"""
        struct State {
          var edit: Edit.State
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@Presents' holds a presented feature's optional state: write its type ('@Presents var edit: Destination.State?')",
          line: 2, column: 3)
      ])
  }

  @Test func presentsOnAComputedProperty() {
    assertExpansion(
      #"""
      struct State {
        @Presents var computed: Int? { nil }
      }
      """#,
      expandedSource: #"""
        struct State {
          var computed: Int? { nil }
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Presents' applies to a stored property; 'computed' is computed", line: 2,
          column: 3)
      ])
  }

  @Test func observableStateOnAClass() {
    assertExpansion(
      #"""
      @ObservableState
      final class Model {
      }
      """#,
      expandedSource: #"""
        final class Model {
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@ObservableState' applies to a struct or an enum (a feature's state), and 'Model' is a class",
          line: 1, column: 1)
      ])
  }

  @Test func viewActionWithoutAStore() {
    assertExpansion(
      #"""
      @ViewAction(for: Feature.self)
      struct FeatureView {
        let title: String
      }
      """#,
      expandedSource: #"""
        struct FeatureView {
          let title: String
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@ViewAction(for:)' sends to the view's 'store': declare it ('let store: StoreOf<Feature>', or '@Bindable var store: StoreOf<Feature>')",
          line: 1, column: 1)
      ])
  }
}
