import HushTesting
import IdentifiedCollections
import Testing

@testable import Hush

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Random mutations of a nested state against probes on random paths: after every step each
/// probe shows the state's value at its path (never stale) and rendered only if that value
/// changed (never wasted).
@MainActor
@Suite struct StoreRandomizedTests {
  struct Leaf: Hashable {
    var number = 0
    var text = ""
    var flag = false
  }

  struct Branch: Hashable {
    var leaf = Leaf()
    var other = Leaf()
    var values: [Int] = []
    var weight = 0.0
  }

  struct Tree: Equatable {
    var left = Branch()
    var right = Branch()
    var count = 0
    var name = ""
    var items: IdentifiedArrayOf<Item> = IdentifiedArray(
      uniqueElements: (0..<8).map { Item(id: $0) })
    /// An optional child that appears, changes and vanishes.
    var draft: Leaf?
    /// A navigation stack whose screens are pushed, changed and popped.
    var path = StackState<Leaf>()
    /// A shared value, which another store holds too and the test changes outside any store.
    var shared = Shared(value: Leaf())
  }

  /// The other store's state: the same shared value.
  struct Holder: Equatable {
    var leaf: Shared<Leaf>
  }

  struct Item: Hashable, Identifiable {
    let id: Int
    var score = 0
    var label = ""
  }

  @CasePathable
  enum Action {
    case mutate(Int, Int)
    case replace(Tree)
    case item(id: Int, action: ItemAction)
    case branch(BranchAction)
    case draft(BranchAction)
    case path(StackAction<Leaf, BranchAction>)
  }

  enum ItemAction {
    case setScore(Int)
  }

  enum BranchAction {
    case setNumber(Int)
  }

  typealias Path = ModelPath<Tree, Action>

  static func reduce(_ tree: inout Tree, _ action: Action) -> Effect<Action> {
    switch action {
    case let .mutate(kind, value):
      switch kind {
      case 0: tree.count = value
      case 1: tree.count += 0
      case 2: tree.name = value % 2 == 0 ? "even" : "odd"
      case 3: tree.left.leaf.number = value
      case 4: tree.left.leaf.text = String(value % 3)
      case 5: tree.right.leaf.flag = value % 2 == 0
      case 6: tree.right.other.number = value
      case 7: tree.left.values.append(value % 2)
      case 8: if !tree.left.values.isEmpty { tree.left.values[0] = value % 2 }
      case 9: tree.right.weight = Double(value % 4)
      case 10: let left = tree.left; tree.left = left
      case 11: tree.items[id: value % 8]?.label = String(value % 2)
      case 12: tree.items[id: value % 8]?.score += value % 2
      case 13: tree.items.swapAt(0, value % 8)
      case 14: tree.right.values = tree.right.values + [value % 3]
      case 15:
        // Two rows at once, in place (a plain reducer's write).
        tree.items[id: value % 8]?.score += 1
        tree.items[id: (value + 5) % 8]?.label = String(value % 2)
      case 16: tree.draft = value % 3 == 0 ? nil : (tree.draft ?? Leaf())
      case 17: tree.draft?.number = value
      case 18: tree.draft?.text = String(value % 3)
      case 19:
        if tree.path.count < 4 {
          tree.path.append(Leaf(number: value))
        } else {
          tree.path.popLast()
        }
      case 20: tree.path.popLast()
      case 21: if let top = tree.path.ids.last { tree.path[id: top]?.number = value }
      case 22: tree.shared.withLock { $0.number = value }
      case 23: tree.shared.withLock { $0.text = String(value % 3) }
      case 24: tree.shared.withLock { $0.flag = $0.flag }
      default: let name = tree.name; tree.name = name
      }
    case let .replace(newTree):
      tree = newTree
    case let .item(id, .setScore(score)):
      tree.items[id: id]?.score = score
    case let .branch(.setNumber(number)):
      tree.left.other.number = number
    case let .draft(.setNumber(number)):
      tree.draft?.number = number
    case let .path(.element(id, .setNumber(number))):
      tree.path[id: id]?.number = number
    case let .path(.popFrom(id)):
      tree.path.pop(from: id)
    case let .path(.push(id, leaf)):
      tree.path[id: id] = leaf
    }
    return .none
  }

  /// The same app with items reduced by an element reducer through `forEach`; the parent
  /// answers some item actions by changing another item, and an outer reducer sometimes
  /// changes an item before the element reducer runs.
  @MainActor
  static func forEachReducer() -> some Reducer<Tree, Action> {
    let inner = Reduce<Tree, Action> { tree, action in
      if case .path(.element) = action { return .none }  // the screens reduce themselves
      if case .path(.popFrom) = action { return .none }  // the stack pops
      guard case let .item(id, .setScore(score)) = action else { return reduce(&tree, action) }
      if score == 2 { tree.items[id: (id + 1) % 8]?.label = String(id % 2) }
      return .none
    }
    .forEach(
      \.items, action: Action.item,
      extract: { action in
        guard case let .item(id, itemAction) = action else { return nil }
        return (id, itemAction)
      }
    ) {
      Reduce<Item, ItemAction> { item, action in
        switch action {
        case let .setScore(score): item.score = score
        }
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Reduce<Leaf, BranchAction> { leaf, action in
        switch action {
        case let .setNumber(number): leaf.number = number
        }
        return .none
      }
    }
    return Reduce<Tree, Action> { tree, action in
      if case let .item(id, .setScore(0)) = action { tree.items[id: (id + 3) % 8]?.score += 1 }
      return inner.reduce(into: &tree, action: action)
    }
  }

  /// Steps per seed: 3,000 in `swift test` (12,000 in all), more with `HUSH_MODEL_STEPS`
  /// (`HUSH_MODEL_STEPS=25000 swift test --filter StoreRandomizedTests`: 100,000 in all).
  static let steps = configuredSteps ?? 3_000

  /// The steps per seed `HUSH_MODEL_STEPS` asks the model tests for, if it is set.
  static let configuredSteps: Int? = getenv("HUSH_MODEL_STEPS").flatMap { Int(String(cString: $0)) }

  /// With `.idsOnly`, the items' shadow holds their ids alone after a plain reducer's write
  /// (as with a screen's worth of rows observed in a long collection); otherwise it copies
  /// them once one is observed.
  @Test(
    arguments: [
      (1, false, .byDensity), (2, false, .byDensity), (1, true, .byDensity), (2, true, .byDensity),
      (3, false, .idsOnly), (4, true, .idsOnly),
    ] as [(UInt64, Bool, ShadowComparison)])
  func probesAreNeverStaleAndNeverWasted(
    seed: UInt64, forEach: Bool, shadow: ShadowComparison
  ) async {
    await ShadowComparison.$current.withValue(shadow) {
      await checkProbes(seed: seed, forEach: forEach)
    }
  }

  func checkProbes(seed: UInt64, forEach: Bool) async {
    var random = SplitMix64(seed: seed)
    let store =
      forEach
      ? Store<Tree, Action>(initialState: Tree(), reducer: Self.forEachReducer())
      : Store<Tree, Action>(initialState: Tree(), reducer: Self.reduce)
    let left = store.scope(state: \.left, action: Action.branch)
    let items = store.scope(state: \.items, action: Action.item)
    // Another store holding the shared value: its reducer changes it too.
    let shared = store.state.shared
    let other = Store<Holder, Int>(initialState: Holder(leaf: shared)) { holder, value in
      holder.leaf.withLock { $0.number = value }
      return .none
    }

    var paths: [Path] = [
      Path.stored(\.count), Path.stored(\.name), Path.stored(\.left.leaf.number),
      Path.stored(\.left.leaf.text), Path.stored(\.left.leaf.flag), Path.stored(\.right.leaf.flag),
      Path.stored(\.right.other.number), Path.stored(\.left.values), Path.stored(\.right.weight),
      Path.stored(\.right.values),
      // Reading `store.left` observes the whole branch, whatever part of it the body uses.
      Path(
        name: "left (dynamic member)", read: { AnyHashable($0.left.leaf.number) },
        expected: { AnyHashable($0.left.leaf.number) }, observed: { AnyHashable($0.left) }),
      Path(
        name: "scoped left.other.number", read: { _ in AnyHashable(left.other.number) },
        expected: { AnyHashable($0.left.other.number) }),
      Path(
        name: "scoped left.values", read: { _ in AnyHashable(left[\.values]) },
        expected: { AnyHashable($0.left.values) }),
      Path(
        name: "items.ids", read: { $0.scope(state: \.items, action: Action.item).ids },
        expected: { AnyHashable($0.items.ids) }),
      // An optional child's store: its presence, and a value read through it.
      Path(
        name: "draft presence",
        read: { AnyHashable($0.scope(state: \.draft, action: Action.draft) != nil) },
        expected: { AnyHashable($0.draft != nil) }),
      Path(
        name: "draft number",
        read: { AnyHashable($0.scope(state: \.draft, action: Action.draft)?.number) },
        expected: { AnyHashable($0.draft?.number) }),
      // The screens of a stack: their ids, and values read through the screens' stores.
      Path(
        name: "path ids", read: { $0.scope(state: \.path, action: \.path).ids },
        expected: { AnyHashable($0.path.ids) }),
      Path(
        name: "top screen number",
        read: { AnyHashable($0.scope(state: \.path, action: \.path).last?.number) },
        expected: { AnyHashable($0.path.last?.number) },
        observed: { AnyHashable([AnyHashable($0.path.ids), AnyHashable($0.path.last?.number)]) }),
      Path(
        name: "bottom screen number",
        read: { AnyHashable($0.scope(state: \.path, action: \.path).first?.number) },
        expected: { AnyHashable($0.path.first?.number) },
        observed: { AnyHashable([AnyHashable($0.path.ids), AnyHashable($0.path.first?.number)]) }),
    ]
    // Derived values: recomputed when their input changed, announced when their result did.
    let positiveItems = store.derived(\.items) { $0.filter { $0.score > 0 }.map(\.id) }
    let leftSum = store.derived(\.left.values) { $0.reduce(0, +) }
    paths += [
      Path(
        name: "derived positive items", read: { _ in AnyHashable(positiveItems.value) },
        expected: { AnyHashable($0.items.filter { $0.score > 0 }.map(\.id)) }),
      Path(
        name: "derived left sum", read: { _ in AnyHashable(leftSum.value) },
        expected: { AnyHashable($0.left.values.reduce(0, +)) }),
    ]
    // Paths through a subscript, an optional chain or a computed property after stored
    // properties: compared only when the value at the stored prefix changed.
    paths += [
      Path.stored(\.draft?.number), Path.stored(\.left.values.count),
      Path(
        name: "left.values.first", read: { AnyHashable($0[\.left.values.first]) },
        expected: { AnyHashable($0.left.values.first) }),
      Path(
        name: "right.values.last", read: { AnyHashable($0[\.right.values.last]) },
        expected: { AnyHashable($0.right.values.last) }),
      Path(
        name: "items.ids", read: { AnyHashable($0[\.items.ids]) },
        expected: { AnyHashable($0.items.ids) }),
      Path(
        name: "scoped left.values.first", read: { _ in AnyHashable(left[\.values.first]) },
        expected: { AnyHashable($0.left.values.first) }),
    ]
    // A shared value, read through either store and outside any store (where Observation
    // tracks it as one value).
    paths += [
      Path.stored(\.shared.wrappedValue.number), Path.stored(\.shared.wrappedValue.text),
      Path.stored(\.shared.wrappedValue.flag), Path.stored(\.shared.wrappedValue),
      Path(
        name: "other store's shared number", read: { _ in other[\.leaf.wrappedValue.number] },
        expected: { AnyHashable($0.shared.wrappedValue.number) }),
      Path(
        name: "other store's shared text", read: { _ in other[\.leaf.wrappedValue.text] },
        expected: { AnyHashable($0.shared.wrappedValue.text) }),
      Path(
        name: "shared text outside any store", read: { _ in AnyHashable(shared.wrappedValue.text) },
        expected: { AnyHashable($0.shared.wrappedValue.text) },
        observed: { AnyHashable($0.shared.wrappedValue) }),
    ]
    // The dot path: a row by id, and the ids.
    paths.append(
      Path(
        name: "items.ids (dot path)", read: { AnyHashable($0.items.ids) },
        expected: { AnyHashable($0.items.ids) }))
    for id in 0..<8 {
      paths.append(
        Path(
          name: "item \(id) (dot path)", read: { AnyHashable($0.items[id: id]) },
          expected: { AnyHashable($0.items[id: id]) }))
      // By position: depends on the ids (which item is there) and on that item.
      let position = id
      paths.append(
        Path(
          name: "item at \(position) (dot path)", read: { AnyHashable($0.items[position]) },
          expected: { AnyHashable($0.items[position]) },
          observed: { AnyHashable([AnyHashable($0.items.ids), AnyHashable($0.items[position])]) }
        ))
      paths.append(Path.stored(\.items[id: id]?.score))
      paths.append(Path.stored(\.items[id: id]?.label))
      paths.append(
        Path(
          name: "item \(id) score", read: { _ in AnyHashable(items[id: id]!.score) },
          expected: { AnyHashable($0.items[id: id]!.score) }))
      paths.append(
        Path(
          name: "item \(id) label", read: { _ in AnyHashable(items[id: id]!.label) },
          expected: { AnyHashable($0.items[id: id]!.label) }))
    }

    struct Expectation {
      let path: Path
      let probe: RenderProbe<AnyHashable>
      var renders = 0
      /// What the probe depends on, when it last rendered.
      var seen: AnyHashable
      /// Whether the value at the path differed from `seen` after some step since.
      var invalidated = false
    }
    var probes: [Expectation] = (0..<300).map { _ in
      let path = paths[Int(random.next() % UInt64(paths.count))]
      let probe = RenderProbe { path.read(store) }
      return Expectation(path: path, probe: probe, seen: path.dependency(store.state))
    }

    for step in 0..<Self.steps {
      // Let the main actor's other work (the tests running beside this one) take turns.
      if step % 50 == 0 { await Task.yield() }
      let value = Int(random.next() % 5)
      switch random.next() % 12 {
      case 0:
        var tree = store.state
        tree.count = value
        tree.right.leaf.text = String(value)
        store.send(.replace(random.next() % 2 == 0 ? tree : store.state))
      case 1:
        left.leaf.number = value
      case 2:
        store[\.right.other.number] = value
      case 3:
        let score = Int(random.next() % 3)
        if random.next() % 2 == 0 {
          store.send(.item(id: value, action: .setScore(score)))
        } else {
          items[id: value]!.send(.setScore(score))
        }
      case 4:
        left.send(.setNumber(value))
      case 5:
        store.scope(state: \.draft, action: Action.draft)?.send(.setNumber(value))
      case 6:
        let screens = store.scope(state: \.path, action: \.path)
        if random.next() % 3 == 0, let id = screens.ids.randomElement(using: &random) {
          store.send(.path(.popFrom(id: id)))
        } else {
          screens.last?.send(.setNumber(value))
        }
      case 7:
        other.send(value)
      case 8:
        // Outside any store; sometimes an equal write.
        shared.withLock { $0.text = random.next() % 3 == 0 ? $0.text : String(value % 3) }
      default:
        store.send(.mutate(Int(random.next() % 25), value))
      }
      // The identity caches in front of the cell tables hold only cells the tables hold.
      #expect(store.observers.recentCellsMatchCells, "stale recent cell at step \(step)")
      #expect(left.observers.recentCellsMatchCells, "stale recent cell at step \(step)")
      // Read without tracking, so that no reader of the whole state holds a copy of it.
      var current: Tree?
      store.observers.host.withCurrentValue { current = $0.pointee }
      let tree = current!
      for index in probes.indices where probes[index].path.dependency(tree) != probes[index].seen {
        probes[index].invalidated = true
      }
      // Only some frames render: a probe read later must catch up in one render.
      guard step % 3 == 0 || random.next() % 2 == 0 else { continue }
      for index in probes.indices {
        let expected = probes[index].path.expected(tree)
        let invalidated = probes[index].invalidated
        let probe = probes[index].probe
        #expect(probe.value == expected, "stale \(probes[index].path.name) at step \(step)")
        #expect(
          probe.renders == probes[index].renders + (invalidated ? 1 : 0),
          """
          \(invalidated ? "missed" : "wasted") render of \(probes[index].path.name) \
          at step \(step)
          """)
        probes[index].renders = probe.renders
        probes[index].seen = probes[index].path.dependency(tree)
        probes[index].invalidated = false
      }
    }
    #expect(probes.contains { $0.renders > 0 })
  }
}

/// A value a model test's probe reads through a store, what the reference (the state read
/// without tracking) says it is, and what the reader depends on when that is more than what it
/// shows (a row by position depends on the ids too).
struct ModelPath<State, Action> {
  let name: String
  let read: @MainActor (Store<State, Action>) -> AnyHashable
  let expected: (State) -> AnyHashable
  /// What the reader depends on, when more than what it shows.
  var observed: ((State) -> AnyHashable)?

  func dependency(_ state: State) -> AnyHashable {
    (observed ?? expected)(state)
  }

  /// `keyPath`, read through the store's subscript (`store[\.count]`).
  @MainActor static func stored<Value: Hashable>(_ keyPath: KeyPath<State, Value>) -> Self {
    Self(
      name: "\(keyPath)", read: { AnyHashable($0[keyPath]) },
      expected: { AnyHashable($0[keyPath: keyPath]) })
  }
}

/// A small deterministic random number generator, so a failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
