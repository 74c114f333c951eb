import HushTesting
import IdentifiedCollections
import Observation
import Testing

@testable import Hush

/// Random sends against probes, with `forEach` in every shape the store must handle: two
/// `forEach` over one collection in one send (same or different rows), one over a nested
/// path, one inside a child store's reducer, one inside an element reducer; a parent that
/// changes another row after the element reducer or replaces the whole state; an outer
/// reducer that changes a row before it; reorders; the change log switched on and off;
/// probes recreated (element scopes reused); and, in the re-entrant runs, a reader that sends
/// three times when notified. After every step each probe shows the current value (never
/// stale) and rendered once if its value changed, never otherwise (never wasted; in the
/// re-entrant runs, at most once).
@MainActor
@Suite struct ForEachStressTests {
  struct Sub: Hashable, Identifiable { let id: Int; var n = 0 }
  struct R: Hashable, Identifiable {
    let id: Int
    var value = 0
    var title = ""
    var subs: IdentifiedArrayOf<Sub> = IdentifiedArray(uniqueElements: (0..<3).map { Sub(id: $0) })
  }
  nonisolated static func rows() -> IdentifiedArrayOf<R> {
    IdentifiedArray(uniqueElements: (0..<6).map { R(id: $0) })
  }
  struct F: Hashable { var title = ""; var rows = ForEachStressTests.rows() }
  struct S: Hashable { var count = 0; var feature = F(); var rows = ForEachStressTests.rows() }

  enum SubA { case setN(Int) }
  enum RA { case setValue(Int); case setTitle(String); case sub(id: Int, action: SubA) }
  enum FA { case row(id: Int, action: RA); case setTitle(String) }
  enum PlainRows { case noop }
  enum A {
    case row(id: Int, action: RA)
    case pair(Int, Int, RA)
    case frow(id: Int, action: RA)
    case feature(FA)
    case replace(S)
    case mutate(Int, Int)
  }

  static var rowReducer: some Reducer<R, RA> {
    Reduce<R, RA> { row, action in
      switch action {
      case let .setValue(v): row.value = v
      case let .setTitle(t): row.title = t
      case .sub: break
      }
      return .none
    }
    .forEach(
      \.subs, action: RA.sub,
      extract: { a in
        guard case let .sub(id, s) = a else { return nil }
        return (id, s)
      }
    ) {
      Reduce<Sub, SubA> { sub, a in
        switch a {
        case let .setN(n): sub.n = n
        }
        return .none
      }
    }
  }

  static func makeReducer() -> some Reducer<S, A> {
    let feature = Reduce<F, FA> { f, a in
      if case let .setTitle(t) = a { f.title = t }
      return .none
    }
    .forEach(
      \.rows, action: FA.row,
      extract: { a in
        guard case let .row(id, r) = a else { return nil }
        return (id, r)
      }
    ) { rowReducer }
    let parent = Reduce<S, A> { s, a in
      switch a {
      case let .row(id, .setValue(7)): s.rows[id: (id + 1) % 6]?.title = "p\(id)"
      case .row(_, .setValue(8)): s = S(count: s.count + 1, feature: s.feature, rows: s.rows)
      case .row(_, .setValue(9)): var copy = s; copy.count += 0; s = copy
      case let .feature(fa): return feature.reduce(into: &s.feature, action: fa).map(A.feature)
      case let .replace(new): s = new
      case let .mutate(kind, v):
        switch kind {
        case 0: s.count = v
        case 1: s.rows.swapAt(0, v % 6)
        case 2: s.feature.rows[id: v % 6]?.value = v
        case 3: s.rows[id: v % 6]?.subs[id: v % 3]?.n = v
        case 4: s.feature.title = "t\(v % 3)"
        default: let r = s.rows; s.rows = r
        }
      default: break
      }
      return .none
    }
    let inner =
      parent
      .forEach(
        \.rows, action: A.row,
        extract: { a in
          if case let .row(id, r) = a { return (id, r) }
          if case let .pair(i, _, r) = a { return (i, r) }
          return nil
        }
      ) { rowReducer }
      .forEach(
        \.rows, action: A.row,
        extract: { a in
          if case let .pair(_, j, r) = a { return (j, r) }
          if case let .row(id, .setTitle("both")) = a { return (id, .setValue(42)) }
          return nil
        }
      ) { rowReducer }
      .forEach(
        \.feature.rows, action: A.frow,
        extract: { a in
          guard case let .frow(id, r) = a else { return nil }
          return (id, r)
        }
      ) { rowReducer }
    return Reduce<S, A> { s, a in
      if case let .row(id, .setValue(0)) = a { s.rows[id: (id + 2) % 6]?.value += 1 }
      return inner.reduce(into: &s, action: a)
    }
  }

  struct Probe {
    let name: String
    var probe: RenderProbe<AnyHashable>
    let expected: (S) -> AnyHashable
    var seen: AnyHashable
    var renders: Int
  }

  func current(_ store: Store<S, A>) -> S {
    var s: S?
    store.observers.host.withCurrentValue { s = $0.pointee }
    return s!
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64], [false, true])
  func stress(seed: UInt64, reentrant: Bool) {
    var random = SplitMix64(seed: seed)
    let store = Store<S, A>(initialState: S(), reducer: Self.makeReducer())
    let rootRows = store.scope(state: \.rows, action: A.row)
    let fRows = store.scope(state: \.feature.rows, action: A.frow)
    let child = store.scope(state: \.feature, action: A.feature)
    let childRows = child.scope(state: \.rows, action: FA.row)
    let plain = store.scope(state: \.rows, action: { (_: PlainRows) in A.mutate(99, 0) })

    var makers: [(String, () -> RenderProbe<AnyHashable>, (S) -> AnyHashable)] = [
      ("count", { RenderProbe { AnyHashable(store.count) } }, { AnyHashable($0.count) }),
      ("rows", { RenderProbe { AnyHashable(store.rows) } }, { AnyHashable($0.rows) }),
      (
        "rows.count", { RenderProbe { AnyHashable(store[\.rows.count]) } },
        { AnyHashable($0.rows.count) }
      ),
      (
        "feature.title", { RenderProbe { AnyHashable(store[\.feature.title]) } },
        { AnyHashable($0.feature.title) }
      ),
      ("feature", { RenderProbe { AnyHashable(store.feature) } }, { AnyHashable($0.feature) }),
      (
        "child.title", { RenderProbe { AnyHashable(child.title) } },
        { AnyHashable($0.feature.title) }
      ),
      (
        "ids", { RenderProbe { AnyHashable(store.scope(state: \.rows, action: A.row).ids) } },
        { AnyHashable($0.rows.ids) }
      ),
      (
        "fids", { RenderProbe { AnyHashable(child.scope(state: \.rows, action: FA.row).ids) } },
        { AnyHashable($0.feature.rows.ids) }
      ),
      (
        "plain[id:2]", { RenderProbe { AnyHashable(plain[\.[id: 2]]) } },
        { AnyHashable($0.rows[id: 2]) }
      ),
    ]
    for k in 0..<6 {
      makers.append(
        (
          "row\(k).value", { RenderProbe { AnyHashable(rootRows[id: k]!.value) } },
          { AnyHashable($0.rows[id: k]!.value) }
        ))
      makers.append(
        (
          "row\(k).title",
          {
            let r = rootRows[id: k]!; return RenderProbe { AnyHashable(r.title) }
          }, { AnyHashable($0.rows[id: k]!.title) }
        ))
      makers.append(
        (
          "row\(k).state",
          {
            let r = rootRows[id: k]!; return RenderProbe { AnyHashable(r.state) }
          }, { AnyHashable($0.rows[id: k]!) }
        ))
      makers.append(
        (
          "row\(k).sub1",
          {
            RenderProbe {
              AnyHashable(rootRows[id: k]!.scope(state: \.subs, action: RA.sub)[id: 1]!.n)
            }
          }, { AnyHashable($0.rows[id: k]!.subs[id: 1]!.n) }
        ))
      makers.append(
        (
          "frow\(k).value", { RenderProbe { AnyHashable(fRows[id: k]!.value) } },
          { AnyHashable($0.feature.rows[id: k]!.value) }
        ))
      makers.append(
        (
          "crow\(k).value",
          {
            let r = childRows[id: k]!; return RenderProbe { AnyHashable(r.value) }
          }, { AnyHashable($0.feature.rows[id: k]!.value) }
        ))
      makers.append(
        (
          "crow\(k).title",
          { RenderProbe { AnyHashable(child.scope(state: \.rows, action: FA.row)[id: k]!.title) } },
          { AnyHashable($0.feature.rows[id: k]!.title) }
        ))
    }
    var probes = makers.map { m in
      let p = m.1()
      return Probe(name: m.0, probe: p, expected: m.2, seen: p.value, renders: 0)
    }
    var failures = 0
    var log: [String] = []
    for step in 0..<1500 {
      let v = Int(random.next() % 10)
      let id = Int(random.next() % 6)
      let ra: RA
      switch random.next() % 4 {
      case 0: ra = .setValue(v)
      case 1: ra = .setTitle(["a", "b", "both"][v % 3])
      default: ra = .sub(id: v % 3, action: .setN(v % 4))
      }
      if random.next() % 10 == 0 {
        store.changeLog = store.changeLog == nil ? { _ in } : nil
      }
      let description: String
      switch random.next() % 10 {
      case 0:
        store.send(.pair(id, (id + v) % 6, ra)); description = "pair \(id) \((id + v) % 6) \(ra)"
      case 1: store.send(.frow(id: id, action: ra)); description = "frow \(id) \(ra)"
      case 2: childRows[id: id]!.send(ra); description = "childRow \(id) \(ra)"
      case 3: store.send(.mutate(Int(random.next() % 6), v)); description = "mutate"
      case 4:
        if random.next() % 4 == 0 {
          var s = current(store); s.rows[id: id]?.value = v; store.send(.replace(s));
          description = "replace"
        } else {
          child.send(.setTitle("t\(v % 3)")); description = "child title"
        }
      case 5:
        // Recreate a probe: its stores may be released, scopes reused.
        let index = Int(random.next() % UInt64(probes.count))
        let p = makers[index].1()
        probes[index] = Probe(
          name: makers[index].0, probe: p, expected: makers[index].2, seen: p.value, renders: 0)
        description = "recreate \(makers[index].0)"
      case 6: store.send(.row(id: id, action: ra)); description = "root row \(id) \(ra)"
      default: rootRows[id: id]!.send(ra); description = "row \(id) \(ra)"
      }
      log.append(description)
      if reentrant {
        // A reader that sends (twice) when notified, during the next propagation.
        let first = A.row(id: Int(random.next() % 6), action: .setValue(Int(random.next() % 10)))
        let second = A.frow(
          id: Int(random.next() % 6), action: .setTitle(["a", "b"][Int(random.next() % 2)]))
        let third = A.mutate(Int(random.next() % 6), Int(random.next() % 10))
        let watch = Int(random.next() % 4)
        withObservationTracking {
          switch watch {
          case 0: _ = store.count
          case 1: _ = rootRows[id: 1]!.value
          case 2: _ = store[\.feature.title]
          default: _ = childRows[id: 2]!.value
          }
        } onChange: { [weak store] in
          // Weakly: a tracking whose value never changes again is never cancelled, and would
          // keep the store (and everything it made) alive through its cell's registrar.
          MainActor.assumeIsolated {
            store?.send(first)
            store?.send(second)
            store?.send(third)
          }
        }
      }
      let state = current(store)
      for index in probes.indices {
        let exp = probes[index].expected(state)
        let changed = exp != probes[index].seen
        let renders = probes[index].probe.renders
        let value = probes[index].probe.value
        let ok =
          value == exp
          && (reentrant
            ? renders - probes[index].renders <= 1
              && (!changed || renders == probes[index].renders + 1)
            : renders == probes[index].renders + (changed ? 1 : 0))
        if !ok, failures < 5 {
          failures += 1
          Issue.record(
            "seed \(seed) step \(step) [\(log.suffix(3).joined(separator: "; "))] probe \(probes[index].name): value \(value) expected \(exp), renders \(renders) was \(probes[index].renders) changed \(changed)"
          )
        }
        probes[index].seen = value
        probes[index].renders = renders
      }
    }
  }
}
