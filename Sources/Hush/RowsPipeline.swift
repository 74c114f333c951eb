import ConcurrencyExtras
import IdentifiedCollections
import Observation

/// The rows of an identified collection, filtered, mapped or sorted one element at a time:
/// what `store.derived(\.rows) { … }` keeps up to date from the rows that changed instead of recomputing it.
///
/// You do not name this type: it is what `$0` is in a derived value's transform over an
/// `IdentifiedArray`, and its methods are spelled as the collection's own:
///
/// ```swift
/// let whiteCats = store.derived(\.cats) { $0.filter(\.isWhite) }              // IdentifiedArrayOf<Cat>
/// let names = store.derived(\.cats) { $0.filter(\.isWhite).map(\.name) }      // [String]
/// let byAge = store.derived(\.cats) { $0.sorted { $0.age < $1.age } }         // [Cat]
/// ```
///
/// Each result has the type the same transform has on the collection itself. A transform that
/// uses anything else (`$0.count`, `$0.elements.filter`, `$0.prefix(10)`) takes the collection
/// and is recomputed from scratch, as before.
///
/// `Output` is what one row becomes; `Result` is the value derived: an `IdentifiedArray` of the
/// rows while the pipeline only filters, an array once it maps.
public struct RowsPipeline<ID: Hashable, Element, Output, Result> {
  let plan: RowsPlan<ID, Element, Output, Result>

  /// The rows whose output satisfies `isIncluded`, in their order.
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Self {
    let step = plan.step
    return Self(
      plan: RowsPlan(
        step: { element in step(element).flatMap { isIncluded($0) ? $0 : nil } },
        result: plan.result))
  }

  /// Each row's output transformed by `transform`.
  public func map<T>(_ transform: @escaping (Output) -> T) -> RowsPipeline<ID, Element, T, [T]> {
    let step = plan.step
    return .init(plan: RowsPlan(step: { step($0).map(transform) }, result: .array))
  }

  /// Each row's output transformed by `transform`, without the rows it returns `nil` for.
  public func compactMap<T>(
    _ transform: @escaping (Output) -> T?
  ) -> RowsPipeline<ID, Element, T, [T]> {
    let step = plan.step
    return .init(plan: RowsPlan(step: { step($0).flatMap(transform) }, result: .array))
  }

  /// The outputs sorted by `areInIncreasingOrder` (a strict weak ordering), rows that are in
  /// no order keeping the collection's order (as the standard library's stable sort does).
  ///
  /// Sorting comes last: a pipeline that goes on after it is recomputed from scratch.
  public func sorted(
    by areInIncreasingOrder: @escaping (Output, Output) -> Bool
  ) -> SortedRowsPipeline<ID, Element, Output> {
    SortedRowsPipeline(
      plan: RowsPlan(step: plan.step, result: .array, order: areInIncreasingOrder))
  }
}

extension RowsPipeline where Output: Comparable {
  /// The outputs in increasing order (see ``sorted(by:)``).
  public func sorted() -> SortedRowsPipeline<ID, Element, Output> {
    sorted(by: <)
  }
}

/// The rows of an identified collection, filtered or mapped, then sorted: see
/// ``RowsPipeline/sorted(by:)``.
public struct SortedRowsPipeline<ID: Hashable, Element, Output> {
  let plan: RowsPlan<ID, Element, Output, [Output]>
}

/// What a pipeline does to each row, how its result is built and edited, and its order.
struct RowsPlan<ID: Hashable, Element, Output, Result> {
  /// A row's output, or `nil` when the row is left out.
  let step: (Element) -> Output?
  let result: RowsResult<ID, Element, Output, Result>
  /// The order of the outputs, or `nil` for the collection's.
  var order: ((Output, Output) -> Bool)?

  /// The result for `rows`, computed from scratch, and the position in `rows` of each of its
  /// entries.
  func evaluate(_ rows: IdentifiedArray<ID, Element>) -> (result: Result, sources: [Int]) {
    var outputs: [Output] = []
    var sources: [Int] = []
    for (index, element) in rows.elements.enumerated() {
      if let output = step(element) {
        outputs.append(output)
        sources.append(index)
      }
    }
    if let order {
      // The standard library's sort is stable: rows in no order keep the collection's order.
      let permutation = outputs.indices.sorted { order(outputs[$0], outputs[$1]) }
      outputs = permutation.map { outputs[$0] }
      sources = permutation.map { sources[$0] }
    }
    return (result.make(outputs, rows), sources)
  }
}

/// How a pipeline's result is built from its outputs, and edited in place.
struct RowsResult<ID: Hashable, Element, Output, Result> {
  let make: (_ outputs: [Output], _ rows: IdentifiedArray<ID, Element>) -> Result
  let element: (_ result: Result, _ position: Int) -> Output
  let insert: (_ result: inout Result, _ output: Output, _ position: Int) -> Void
  let remove: (_ result: inout Result, _ position: Int) -> Void
  let replace: (_ result: inout Result, _ output: Output, _ position: Int) -> Void
}

extension RowsResult where Output == Element, Result == IdentifiedArray<ID, Element> {
  /// The rows themselves, in an identified array with the collection's ids.
  static var identified: Self {
    Self(
      make: { IdentifiedArray(uncheckedUniqueElements: $0, id: $1.id) },
      element: { $0[$1] },
      insert: { _ = $0.insert($1, at: $2) },
      remove: { _ = $0.remove(at: $1) },
      replace: { $0.update($1, at: $2) })
  }
}

extension RowsResult where Result == [Output] {
  static var array: Self {
    Self(
      make: { outputs, _ in outputs },
      element: { $0[$1] },
      insert: { $0.insert($1, at: $2) },
      remove: { _ = $0.remove(at: $1) },
      replace: { $0[$2] = $1 })
  }
}

extension Store {
  /// A value derived from the identified collection at `input` by filtering, mapping or
  /// sorting its rows, kept up to date from the rows that changed.
  ///
  /// ```swift
  /// let whiteCats = store.derived(\.cats) { $0.filter(\.isWhite) }
  /// store.send(.cat(id: tom.id, action: .setColor(.white)))   // looks at Tom only
  /// ```
  ///
  /// This is the overload Swift picks when the transform only chains `filter`, `map`,
  /// `compactMap` and a final `sorted(by:)` (see ``RowsPipeline``); any other transform takes
  /// the collection and is recomputed from scratch.
  ///
  /// When rows change in place (an element reducer's `.forEach` action, or a plain write such as
  /// `state.cats[id: id]?.name = name`), only those rows go through the pipeline: a row that
  /// enters, leaves or changes in the result is inserted, removed or replaced there. When the
  /// ids change (a row inserted, removed or moved), or very many rows changed at once, the
  /// result is computed from scratch. Either way the value is the one the transform computes
  /// on the whole collection, and readers are notified only when it changed.
  ///
  /// - Complexity: A change of one row runs the pipeline's closures on that row, finds it in
  ///   the result by binary search (a scan for a sorted result) and edits the result in place:
  ///   O(log n) closure calls plus a move of the result's later entries. A result a reader still
  ///   holds is copied first (copy-on-write).
  public func derived<ID, Element, Output, Result>(
    _ input: KeyPath<State, IdentifiedArray<ID, Element>>,
    _ transform: (RowsPipeline<ID, Element, Element, IdentifiedArray<ID, Element>>) ->
      RowsPipeline<ID, Element, Output, Result>
  ) -> Derived<Result> {
    incrementalDerived(
      input, transform(RowsPipeline(plan: RowsPlan(step: { $0 }, result: .identified))).plan)
  }

  /// A value derived from the identified collection at `input` by filtering or mapping its
  /// rows, then sorting them, kept up to date from the rows that changed, as the overload for
  /// unsorted pipelines is.
  ///
  /// ```swift
  /// let oldestFirst = store.derived(\.cats) { $0.sorted { $0.age > $1.age } }
  /// ```
  public func derived<ID, Element, Output>(
    _ input: KeyPath<State, IdentifiedArray<ID, Element>>,
    _ transform: (RowsPipeline<ID, Element, Element, IdentifiedArray<ID, Element>>) ->
      SortedRowsPipeline<ID, Element, Output>
  ) -> Derived<[Output]> {
    incrementalDerived(
      input, transform(RowsPipeline(plan: RowsPlan(step: { $0 }, result: .identified))).plan)
  }

  private func incrementalDerived<ID, Element, Output, Result>(
    _ input: KeyPath<State, IdentifiedArray<ID, Element>>,
    _ plan: RowsPlan<ID, Element, Output, Result>
  ) -> Derived<Result> {
    guard let listener = observers.rowsListener(at: input) else {
      // Not at an offset (a path through an optional or a computed property): recomputed.
      return Derived(
        RecomputedValue(
          { [self] in self[input] }, transform: { plan.evaluate($0).result },
          comparesInput: false),
        recomputesImmediately: true)
    }
    return Derived(
      IncrementalRows(store: self, host: host, listener: listener, plan: plan),
      recomputesImmediately: true)
  }
}

/// A pipeline's result over the rows of a store's collection, edited for the rows that changed
/// (see ``RowsPipeline``).
final class IncrementalRows<Base, ID: Hashable, Element, Output, Result>:
  DerivedComputation<Result>
{
  /// Held so that the store's state, and so `host` and the listener's set, outlive this.
  /// Unsafe: touched off the main actor by `deinit` only, which has the last reference.
  nonisolated(unsafe) private let store: AnyObject
  private let host: any ObservationHost<Base>
  nonisolated(unsafe) private let listener: RowsListener<Base, ID, Element>
  private let plan: RowsPlan<ID, Element, Output, Result>
  private let isOutputEqual: ((Output, Output) -> Bool)?
  private let isResultEqual: ((Result, Result) -> Bool)?
  private var result: Result?
  /// The position in the collection of each entry of `result`, valid while the collection's
  /// ids are those it had at the last update (any change of them makes the listener report
  /// everything).
  private var sources: [Int] = []

  init(
    store: AnyObject, host: any ObservationHost<Base>,
    listener: RowsListener<Base, ID, Element>, plan: RowsPlan<ID, Element, Output, Result>
  ) {
    self.store = store
    self.host = host
    self.listener = listener
    self.plan = plan
    self.isOutputEqual = equalityFunction(for: Output.self)
    self.isResultEqual = equalityFunction(for: Result.self)
  }

  deinit {
    // The listener leaves its set on the main actor; until then it only collects ids.
    let parts = UncheckedSendable((store, listener))
    Task { @MainActor in
      withExtendedLifetime(parts.value.0) { parts.value.1.detach() }
    }
  }

  override var value: Result {
    // `Derived` computes it at once.
    result!
  }

  override func update(onChange: @escaping @Sendable () -> Void) -> DerivedUpdate {
    withObservationTracking({ listener.track() }, onChange: onChange)
    let changes = listener.takeChanges()
    var update = DerivedUpdate.inputUnchanged
    host.withCurrentValue { base in
      // The listener's group compares the collection at this offset: `rowsListener(at:)`
      // made it from the path's offset.
      let rows = (UnsafeRawPointer(base) + listener.offset).assumingMemoryBound(
        to: IdentifiedArray<ID, Element>.self)
      if let changes, result != nil, changes.count <= max(8, rows.pointee.count / 8) {
        if changes.isEmpty { return }
        update = .computed(changed: apply(changes, to: rows.pointee))
        return
      }
      let (newResult, newSources) = plan.evaluate(rows.pointee)
      let old = result
      result = newResult
      sources = newSources
      guard let old else {
        update = .computed(changed: false)
        return
      }
      update = .computed(changed: !(isResultEqual?(old, newResult) ?? false))
    }
    return update
  }

  /// Edits the result for the rows `ids` that changed in place; returns whether it changed.
  private func apply(_ ids: ContiguousArray<ID>, to rows: IdentifiedArray<ID, Element>) -> Bool {
    // Edits for several rows may cancel out (two rows swap their outputs): the result before
    // them tells. Held, it makes the first edit copy the result; one row's edit always changes
    // it (an entry in or out, or another output).
    let before = ids.contains { $0 != ids[0] } ? result : nil
    let edited = applyEdits(ids, to: rows)
    guard edited, let before, let isResultEqual else { return edited }
    return !isResultEqual(before, result!)
  }

  /// Edits the result for the rows `ids`; returns whether it edited anything.
  private func applyEdits(
    _ ids: ContiguousArray<ID>, to rows: IdentifiedArray<ID, Element>
  ) -> Bool {
    var changed = false
    for id in ids {
      // The ids did not change (the listener would have reported everything).
      guard let index = rows.index(id: id) else { continue }
      let output = plan.step(rows.elements[index])
      let position = position(ofSource: index)
      switch (position, output) {
      case (nil, nil):
        continue
      case (let position?, nil):
        plan.result.remove(&result!, position)
        sources.remove(at: position)
      case (nil, let output?):
        let position = insertionPosition(of: output, source: index)
        plan.result.insert(&result!, output, position)
        sources.insert(index, at: position)
      case (let position?, let output?):
        if let isOutputEqual, isOutputEqual(plan.result.element(result!, position), output) {
          continue
        }
        if plan.order == nil {
          plan.result.replace(&result!, output, position)
        } else {
          plan.result.remove(&result!, position)
          sources.remove(at: position)
          let newPosition = insertionPosition(of: output, source: index)
          plan.result.insert(&result!, output, newPosition)
          sources.insert(index, at: newPosition)
        }
      }
      changed = true
    }
    return changed
  }

  /// Where the row at `source` is in the result, if it is.
  private func position(ofSource source: Int) -> Int? {
    guard plan.order == nil else { return sources.firstIndex(of: source) }
    // In the collection's order: `sources` is increasing.
    let position = lowerBound { sources[$0] < source }
    return position < sources.count && sources[position] == source ? position : nil
  }

  /// Where a row at `source` whose output is `output` goes in the result.
  private func insertionPosition(of output: Output, source: Int) -> Int {
    guard let order = plan.order else { return lowerBound { sources[$0] < source } }
    let result = result!
    return lowerBound { position in
      let other = plan.result.element(result, position)
      // Before the new row: what is in order before it, or in no order and earlier.
      return order(other, output) || (!order(output, other) && sources[position] < source)
    }
  }

  /// The first position of the result for which `isBefore` is false (it is true for a prefix).
  private func lowerBound(_ isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = sources.count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
