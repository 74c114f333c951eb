import IdentifiedCollections

/// A sequence of changes and the views that watch them, run against each model.
struct DemoScenario {
  /// A group of identical views, reported as one line.
  struct ViewGroup {
    let name: String
    let reads: [DemoRead]
  }

  let title: String
  let initialState: DemoState
  let views: [ViewGroup]
  /// One change per frame.
  let changes: [DemoChange]
  /// The simulated time between two frames: 120 frames per second.
  static let frameDuration = Duration.seconds(1) / 120

  /// Renders per view group.
  @MainActor
  func run(on makeModel: (DemoState) -> any DemoModel) async -> [Int] {
    let model = makeModel(initialState)
    let readers = views.map { group in group.reads.map(model.makeReader) }
    var renders = Array(repeating: 0, count: views.count)
    func endFrame() {
      for (group, groupReaders) in readers.enumerated() {
        for reader in groupReaders where reader.endFrame() {
          renders[group] += 1
        }
      }
    }
    for change in changes {
      model.apply(change)
      await model.advance(by: Self.frameDuration)
      endFrame()
    }
    // A quiet second after the last change: late deliveries (a throttle's trailing edge) land.
    await model.advance(by: .seconds(1))
    endFrame()
    return withExtendedLifetime(model) { renders }
  }
}

extension DemoScenario {
  /// The scenarios `hush demo` runs, built in.
  static func builtIn(rowCount: Int = 10_000) -> [DemoScenario] {
    let rows = IdentifiedArrayOf<DemoRow>(uniqueElements: (0..<rowCount).map { DemoRow(id: $0) })
    let kittens = (0..<1_000).map {
      DemoKitten(id: $0, name: "Kitten \($0)", isWhite: $0.isMultiple(of: 3))
    }
    return [
      DemoScenario(
        title: "Counter: 10 increments",
        initialState: DemoState(),
        views: [
          ViewGroup(name: "UpdatingView (only sends)", reads: [.nothing]),
          ViewGroup(name: "DisplayingView (shows count)", reads: [.count]),
        ],
        changes: Array(repeating: .increment, count: 10)
      ),
      DemoScenario(
        title: "Cat: 5 renames, 5 birthdays, 5 increments",
        initialState: DemoState(),
        views: [ViewGroup(name: "CatImage (shows cat.image)", reads: [.catImage])],
        changes: (1...5).map { .renameCat("Cat \($0)") } + (4...8).map { .setCatAge($0) }
          + Array(repeating: .increment, count: 5)
      ),
      DemoScenario(
        title: "No-op writes: 10x count += 0, 10x same title, 10x equal state",
        initialState: DemoState(),
        views: [
          ViewGroup(name: "count view", reads: [.count]),
          ViewGroup(name: "title view", reads: [.title]),
        ],
        changes: Array(repeating: .addZero, count: 10)
          + Array(repeating: .setTitle("Hello"), count: 10)
          + Array(repeating: .replaceWithEqualState, count: 10)
      ),
      DemoScenario(
        title: "List: \(rowCount) rows, row 42 edited 10x, then 1 append",
        initialState: DemoState(rows: rows),
        views: [
          ViewGroup(name: "list (reads the ids)", reads: [.rowIDs]),
          ViewGroup(name: "\(rowCount) row views", reads: (0..<rowCount).map(DemoRead.row)),
        ],
        changes: (1...10).map { .setRowValue(id: 42, Double($0)) } + [.appendRow(id: rowCount)]
      ),
      DemoScenario(
        title: "Filtered list: 1000 kittens, 10 renames, 10 increments, 1 white paint",
        initialState: DemoState(kittens: kittens),
        views: [ViewGroup(name: "white-kittens list (filter)", reads: [.whiteKittens])],
        changes: (1...10).map { .renameKitten(id: 1, "Shadow \($0)") }
          + Array(repeating: .increment, count: 10) + [.paintKitten(id: 1, isWhite: true)]
      ),
      DemoScenario(
        title: "Slider: 120 writes in 1 s, heavy preview throttled to 15/s",
        initialState: DemoState(),
        views: [
          ViewGroup(name: "slider value view", reads: [.slider]),
          ViewGroup(name: "heavy preview", reads: [.sliderPreview]),
          ViewGroup(
            name: "4 sibling views", reads: [.count, .title, .catName, .settingsTheme]),
        ],
        changes: (1...120).map { .setSlider(Double($0) / 120) }
      ),
    ]
  }
}
