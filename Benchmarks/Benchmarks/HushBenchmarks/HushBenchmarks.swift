import Benchmark
import HushBenchScenarios

// `swift package benchmark` runs every scenario of HushBenchScenarios, each implementation at
// each size, with wall-clock time and malloc counts per operation, and the re-renders each
// operation caused as a custom metric. The fixture (readers, stores) is made once per
// benchmark, outside the measured region, and kept alive across all its iterations.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .throughput],
    warmupIterations: 3,
    maxDuration: .milliseconds(700),
    maxIterations: 10_000
  )
  let renders = BenchmarkMetric.custom("renders per operation", polarity: .prefersSmaller)

  for scenario in allScenarios {
    for (index, column) in scenario.columns.enumerated() {
      for implementation in scenario.implementations {
        let name = "\(scenario.title): \(implementation.name), \(scenario.label(ofColumn: index))"
        let state = FixtureBox()
        Benchmark(
          name,
          configuration: .init(
            metrics: Benchmark.defaultConfiguration.metrics
              + (scenario.reportsRenders ? [renders] : []))
        ) { (benchmark: Benchmark) async in
          await iterate(benchmark, state: state, renders: renders) { implementation.make(column) }
        }
      }
    }
  }
}

/// One iteration: makes the fixture on the first, then measures one operation.
@MainActor
func iterate(
  _ benchmark: Benchmark, state: FixtureBox, renders: BenchmarkMetric,
  make: @MainActor () -> Fixture?
) {
  if state.fixture == nil {
    guard let fixture = make() else { return }
    state.fixture = fixture
  }
  guard let fixture = state.fixture else { return }
  let rendersBefore = fixture.frame?.renders ?? 0
  benchmark.startMeasurement()
  fixture.withLiveReaders {
    fixture.operation(state.iteration)
  }
  benchmark.stopMeasurement()
  state.iteration += 1
  if let frame = fixture.frame {
    benchmark.measurement(renders, frame.renders - rendersBefore)
  }
  fixture.betweenSamples?()
  if let problem = fixture.verify(state.iteration) {
    benchmark.error(problem)
  }
}

/// The fixture of one benchmark, made on its first iteration.
final class FixtureBox: @unchecked Sendable {
  @MainActor var fixture: Fixture?
  @MainActor var iteration = 0
}
