import HushBenchScenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Prints one compact table per scenario: rows are implementations, columns sizes; each cell
// is the median time per operation, the renders per change, and the ratio of the
// alternative's time to Hush's (×4.0: the alternative takes four times as long).
//
//   swift run -c release hush-bench              # every scenario
//   swift run -c release hush-bench fanout send  # some of them (fanout, send, read, scope,
//                                                # input, derived, changelog, subscript)
//   swift run -c release hush-bench --quick      # fewer samples

var arguments = Array(CommandLine.arguments.dropFirst())

// `hush-bench --profile SCENARIO IMPLEMENTATION COLUMN OPERATIONS`: runs one fixture a fixed
// number of times and nothing else, for `valgrind --tool=callgrind`.
if arguments.first == "--profile", arguments.count == 5,
  let scenario = allScenarios.first(where: { $0.id == arguments[1] }),
  let implementation = Int(arguments[2]), let column = Int(arguments[3]),
  let operations = Int(arguments[4]),
  let fixture = scenario.implementations[implementation].make(column)
{
  if operations == 0 {
    let m = measure(fixture)
    print(formatNanoseconds(m.nanosecondsPerUnit), m.operations, m.samples, m.problem ?? "ok")
    exit(0)
  }
  let clock = ContinuousClock()
  let start = clock.now
  fixture.withLiveReaders {
    for iteration in 0..<operations { fixture.operation(iteration) }
  }
  let elapsed = clock.now - start
  print(fixture.verify(operations) ?? "ok: \(operations) operations in \(elapsed)")
  // The peak resident memory of the whole run (setup included), for Benchmarks/instructions.
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  print("maxrss \(usage.ru_maxrss) KiB")
  exit(0)
}
let quick = arguments.contains("--quick")
arguments.removeAll { $0 == "--quick" }
let unknown = arguments.filter { id in !allScenarios.contains { $0.id == id } }
if !unknown.isEmpty {
  print(
    "unknown scenario \(unknown.joined(separator: ", ")); known: "
      + allScenarios.map(\.id).joined(separator: ", "))
  exit(2)
}
let selected = allScenarios.filter { arguments.isEmpty || arguments.contains($0.id) }

#if DEBUG
  print("warning: a debug build; run with -c release for meaningful figures\n")
#endif

var problems: [String] = []
for scenario in selected {
  var cells: [[Measurement?]] = scenario.implementations.map { _ in [] }
  for column in scenario.columns {
    for (row, implementation) in scenario.implementations.enumerated() {
      let measurement: Measurement? = {
        guard let fixture = implementation.make(column) else { return nil }
        return measure(
          fixture, samples: quick ? 5 : 11,
          sampleTarget: quick ? .milliseconds(5) : .milliseconds(20),
          budget: quick ? .seconds(1) : .seconds(3))
      }()
      if let problem = measurement?.problem {
        problems.append(
          "\(scenario.title), \(implementation.name), "
            + "\(scenario.label(ofColumn: cells[row].count)): \(problem)")
      }
      cells[row].append(measurement)
    }
  }
  print("### \(scenario.title)\n")
  print(
    "\(scenario.operationDescription). Cells: median time"
      + (scenario.reportsRenders ? " · renders per change" : "")
      + " · time relative to Hush.\n")
  let header = ["implementation"] + scenario.columns.indices.map(scenario.label(ofColumn:))
  print("| " + header.joined(separator: " | ") + " |")
  print("|" + header.map { _ in "---|" }.joined())
  for (row, implementation) in scenario.implementations.enumerated() {
    var line = ["\(implementation.name)"]
    for (column, cell) in cells[row].enumerated() {
      guard let cell else {
        line.append("n/a")
        continue
      }
      var text = formatNanoseconds(cell.nanosecondsPerUnit)
      if scenario.reportsRenders, let renders = cell.rendersPerOperation {
        text += " · \(formatCount(renders)) r"
      }
      if row > 0, let hush = cells[0][column] {
        text += " · " + formatRatio(cell.nanosecondsPerUnit / hush.nanosecondsPerUnit)
      }
      line.append(text)
    }
    print("| " + line.joined(separator: " | ") + " |")
  }
  print()
}

if !problems.isEmpty {
  print("PROBLEMS (these figures measured nothing or the wrong thing):")
  for problem in problems { print("  " + problem) }
  exit(1)
}
