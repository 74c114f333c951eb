import Hush
import Observation

public struct Fields: Equatable {
  public var f0 = 0, f1 = 1, f2 = 2, f3 = 3, f4 = 4, f5 = 5, f6 = 6, f7 = 7
  public var f8 = 8, f9 = 9, f10 = 10, f11 = 11, f12 = 12, f13 = 13, f14 = 14, f15 = 15
  public init() {}
}

public enum FieldsAction {
  case setF0(Int)
}

@Observable
public final class ObservableFields {
  public var f0 = 0
  public var f1 = 1
  public var f2 = 2
  public var f3 = 3
  public var f4 = 4
  public var f5 = 5
  public var f6 = 6
  public var f7 = 7
  public var f8 = 8
  public var f9 = 9
  public var f10 = 10
  public var f11 = 11
  public var f12 = 12
  public var f13 = 13
  public var f14 = 14
  public var f15 = 15
  public init() {}
}

/// A view body reading the first `k` (1, 4 or 16) fields through the store, as a view would:
/// key path literals through dynamic member lookup.
@MainActor
func readStore(_ store: Store<Fields, FieldsAction>, _ k: Int) -> Int {
  var s = store.f0
  if k == 1 { return s }
  s &+= store.f1 &+ store.f2 &+ store.f3
  if k == 4 { return s }
  s &+= store.f4 &+ store.f5 &+ store.f6 &+ store.f7
  s &+= store.f8 &+ store.f9 &+ store.f10 &+ store.f11
  s &+= store.f12 &+ store.f13 &+ store.f14 &+ store.f15
  return s
}

@MainActor
func readModel(_ model: ObservableFields, _ k: Int) -> Int {
  var s = model.f0
  if k == 1 { return s }
  s &+= model.f1 &+ model.f2 &+ model.f3
  if k == 4 { return s }
  s &+= model.f4 &+ model.f5 &+ model.f6 &+ model.f7
  s &+= model.f8 &+ model.f9 &+ model.f10 &+ model.f11
  s &+= model.f12 &+ model.f13 &+ model.f14 &+ model.f15
  return s
}

/// Scenario 3: one view body reading K paths, evaluated under `withObservationTracking`.
///
/// Each evaluation registers an observation that no change fires during the timed loop;
/// between samples one write fires (and so removes) all of them, outside the timed region.
public let trackedReadScenario = Scenario(
  id: "read",
  title: "3. Tracked read",
  operationDescription:
    "one body evaluation under withObservationTracking reading K paths (time per evaluation)",
  columnTitle: "K paths",
  columns: [1, 4, 16],
  columnLabels: nil,
  implementations: [
    .init(name: "Hush Store (store.fN)") { k in
      let store = Store<Fields, FieldsAction>(initialState: Fields()) { state, action in
        switch action {
        case let .setF0(value): state.f0 = value
        }
        return .none
      }
      let fired = Counter()
      var writes = 0
      return Fixture(
        frame: nil, keepAlive: [store, fired],
        betweenSamples: {
          writes += 1
          store.send(.setF0(writes))
        },
        verify: { _ in fired.value == 0 ? "no evaluation was notified" : nil }
      ) { _ in
        let value = withObservationTracking {
          readStore(store, k)
        } onChange: {
          fired.bump()
        }
        blackHole(value)
      }
    },
    .init(name: "@Observable (model.fN)") { k in
      let model = ObservableFields()
      let fired = Counter()
      var writes = 0
      return Fixture(
        frame: nil, keepAlive: [model, fired],
        betweenSamples: {
          writes += 1
          model.f0 = writes
        },
        verify: { _ in fired.value == 0 ? "no evaluation was notified" : nil }
      ) { _ in
        let value = withObservationTracking {
          readModel(model, k)
        } onChange: {
          fired.bump()
        }
        blackHole(value)
      }
    },
  ],
  reportsRenders: false
)

/// Counts notifications; bumped from `onChange`, on the writer's (main) thread.
final class Counter: @unchecked Sendable {
  var value = 0
  func bump() { value += 1 }
}

@inline(never)
public func blackHole<T>(_ value: T) {}
