import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct StateMacroTests {
  @Test func observableStateAddsOnlyAMarkerConformance() {
    assertExpansion(
      #"""
      @ObservableState
      struct State: Equatable {
        var count = 0
        @ObservationStateIgnored
        var scratch = 0
      }
      @ObservableState
      enum Mode {
        case on, off
      }
      """#,
      expandedSource: #"""
        struct State: Equatable {
          var count = 0
          var scratch = 0
        }
        enum Mode {
          case on, off
        }

        extension State: Hush.ObservableState {
        }

        extension Mode: Hush.ObservableState {
        }
        """#)
  }

  @Test func presentsStoresTheOptionalAsDollarName() {
    assertExpansion(
      #"""
      struct State {
        @Presents var destination: Destination.State?
        @Presents public var alert: AlertState<Alert>? = nil
      }
      """#,
      expandedSource: #"""
        struct State {
          var destination: Destination.State? {
            @storageRestrictions(initializes: $destination)
            init(initialValue) {
              $destination = initialValue
            }
            get {
              $destination
            }
            set {
              $destination = newValue
            }
            _modify {
              yield &$destination
            }
          }

          var $destination: Destination.State? = nil
          public var alert: AlertState<Alert>? {
            @storageRestrictions(initializes: $alert)
            init(initialValue) {
              $alert = initialValue
            }
            get {
              $alert
            }
            set {
              $alert = newValue
            }
            _modify {
              yield &$alert
            }
          }

          public var $alert: AlertState<Alert>? = nil
        }
        """#)
  }

  @Test func viewActionMakesTheViewSendViewActions() {
    assertExpansion(
      #"""
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          Button("Save") { send(.saveTapped) }
        }
      }
      """#,
      expandedSource: #"""
        struct FeatureView: View {
          let store: StoreOf<Feature>
          var body: some View {
            Button("Save") { send(.saveTapped) }
          }
        }

        extension FeatureView: Hush.ViewActionSending {
        }
        """#)
  }
}
