/// The renders of every built-in scenario under the three models, as `hush demo` prints them.
struct DemoReport {
  struct Line {
    let scenario: String
    let view: String
    let changes: Int
    let objectRenders: Int
    let observableRenders: Int
    let hushRenders: Int
  }

  let lines: [Line]

  @MainActor
  static func run(_ scenarios: [DemoScenario] = DemoScenario.builtIn()) async -> DemoReport {
    var lines: [Line] = []
    for scenario in scenarios {
      let object = await scenario.run { PublishedModel($0) }
      let observable = await scenario.run { ObservationModel($0) }
      let hush = await scenario.run { HushModel($0) }
      for (index, group) in scenario.views.enumerated() {
        lines.append(
          Line(
            scenario: scenario.title, view: group.name, changes: scenario.changes.count,
            objectRenders: object[index], observableRenders: observable[index],
            hushRenders: hush[index]))
      }
    }
    return DemoReport(lines: lines)
  }

  /// The side-by-side table, with the renders Hush avoided.
  func formatted() -> String {
    let header = ["view", "ObservableObject", "@Observable", "Hush"]
    var output = """
      Renders caused by the same changes, one frame per change at 120 frames per second of
      simulated time (lower is better)

      """
    var currentScenario = ""
    let viewWidth = max(34, lines.map(\.view.count).max() ?? 0)
    func row(_ cells: [String]) -> String {
      cells[0].padding(toLength: viewWidth, withPad: " ", startingAt: 0)
        + cells.dropFirst().map { String(repeating: " ", count: max(0, 18 - $0.count)) + $0 }
        .joined()
    }
    for line in lines {
      if line.scenario != currentScenario {
        currentScenario = line.scenario
        output += "\n\(line.scenario) (\(line.changes) changes)\n"
        output += row(header) + "\n"
      }
      output +=
        row([
          "  " + line.view, "\(line.objectRenders)", "\(line.observableRenders)",
          "\(line.hushRenders)",
        ]) + "\n"
    }
    let object = lines.map(\.objectRenders).reduce(0, +)
    let observable = lines.map(\.observableRenders).reduce(0, +)
    let hush = lines.map(\.hushRenders).reduce(0, +)
    output += "\n" + row(["Total renders", "\(object)", "\(observable)", "\(hush)"]) + "\n"
    output +=
      row([
        "Renders Hush avoided", "\(object - hush)", "\(observable - hush)", "",
      ]) + "\n"
    return output
  }
}
