import Testing

@testable import hush

@MainActor
@Suite struct DemoReportTests {
  @Test func countsRendersOfEachModel() async {
    let report = await DemoReport.run(DemoScenario.builtIn(rowCount: 100))
    let counts = report.lines.map {
      [$0.view: [$0.objectRenders, $0.observableRenders, $0.hushRenders]]
    }
    #expect(
      counts == [
        ["UpdatingView (only sends)": [10, 0, 0]],
        ["DisplayingView (shows count)": [10, 10, 10]],
        ["CatImage (shows cat.image)": [15, 10, 0]],
        ["count view": [30, 10, 0]],
        ["title view": [30, 0, 0]],
        ["list (reads the ids)": [11, 11, 1]],
        ["100 row views": [1_100, 1_100, 10]],
        ["white-kittens list (filter)": [21, 11, 1]],
        ["slider value view": [120, 120, 120]],
        ["heavy preview": [120, 120, 16]],
        ["4 sibling views": [480, 0, 0]],
      ])
  }

  @Test func tableShowsTotalsAndWorkAvoided() async {
    let text = await DemoReport.run(DemoScenario.builtIn(rowCount: 100)).formatted()
    #expect(text.contains("List: 100 rows, row 42 edited 10x, then 1 append (11 changes)"))
    let totals = text.split(separator: "\n").first { $0.hasPrefix("Total renders") }
    #expect(totals?.split(separator: " ").suffix(3) == ["1947", "1392", "158"])
    let avoided = text.split(separator: "\n").first { $0.hasPrefix("Renders Hush avoided") }
    #expect(avoided?.split(separator: " ").suffix(2) == ["1789", "1234"])
  }
}
