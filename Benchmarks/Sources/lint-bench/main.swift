import Foundation
import HushLint
import SwiftParser
import SwiftSyntax

// `swift run -c release lint-bench <folder> [runs]`: how long `hush lint` takes on a real
// app, against the floor of parsing its files with swift-syntax, in one process.
//
// For each phase, the median of `runs` runs (default 5) of wall time and CPU time (user and
// system, all threads):
// - parse floor: read every Swift file and parse it, on as many threads as the linter uses;
// - cold lint: `Linter.lint(files:)` without a cache (read, parse, index, rules, resolve),
//   each run right after a parse-floor run, and the median of the runs' ratios;
// - cached rerun: load the cache, lint with it, write it back, nothing changed;
// - one file changed: the same after an edit of one file (a copy of the folder is edited).

let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first else {
  FileHandle.standardError.write(Data("usage: lint-bench <folder> [runs]\n".utf8))
  exit(2)
}
let runs = arguments.dropFirst().first.flatMap(Int.init) ?? 5
/// `lint-bench <folder> <runs> rules`: also the CPU each rule adds to a lint with no rule.
let perRule = arguments.dropFirst(2).first == "rules"
/// `lint-bench <folder> 1 once`: one cold lint and nothing else, to count its instructions
/// under `valgrind --tool=callgrind` (on a copy stripped of debug info, which valgrind 3.19
/// cannot read); `lint-bench <folder> 1 once-default`: the same with the rules on by default
/// only, as `hush lint` runs without a configuration.
/// The rules measured otherwise: those on by default and those opt-in only until they are
/// right often enough (`RuleDescription.optInReason`), as a team that turns them on runs them.
let measuredRules = Configuration.withProvisionalRules
if arguments.dropFirst(2).first == "once-default" {
  let files = try FileCollector(configuration: Configuration()).collect([folder])
  print("violations:", Linter(configuration: Configuration()).lint(files: files).violations.count)
  exit(0)
}
if arguments.dropFirst(2).first == "once" {
  let files = try FileCollector(configuration: Configuration()).collect([folder])
  print("violations:", Linter(configuration: measuredRules).lint(files: files).violations.count)
  exit(0)
}

/// Wall and CPU seconds of `body`.
func measure(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
  func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }
  let cpuStart = cpuSeconds()
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  return (wall, cpuSeconds() - cpuStart)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Runs `body(i)` for every i below `count` on one thread per core, with the linter's stack
/// size (512 MiB of address space: deep syntax trees recurse).
func onEveryCore(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let lock = NSLock()
  nonisolated(unsafe) var next = 0
  let group = DispatchGroup()
  for _ in 0..<max(1, min(ProcessInfo.processInfo.activeProcessorCount, count)) {
    group.enter()
    let thread = Thread {
      while true {
        let position: Int? = lock.withLock {
          guard next < count else { return nil }
          defer { next += 1 }
          return next
        }
        guard let position else { break }
        body(position)
      }
      group.leave()
    }
    thread.stackSize = 512 << 20
    thread.start()
  }
  group.wait()
}

let files = try FileCollector(configuration: Configuration()).collect([folder])
let lines = files.reduce(0) { count, path in
  count
    + ((try? String(contentsOfFile: path, encoding: .utf8))?.split(
      separator: "\n", omittingEmptySubsequences: false
    ).count ?? 0)
}
print("\(folder): \(files.count) files, \(lines) lines, \(runs) runs, medians")

func report(_ name: String, _ samples: [(wall: Double, cpu: Double)], floor: Double? = nil) {
  let wall = median(samples.map(\.wall))
  let cpu = median(samples.map(\.cpu))
  var line =
    name.padding(toLength: 22, withPad: " ", startingAt: 0)
    + String(format: "wall %7.3f s   cpu %7.3f s", wall, cpu)
  if let floor { line += String(format: "   cpu ×%.2f of parsing", cpu / floor) }
  print(line)
}

// The parse floor and the cold lint, measured in turn (a parse, then a lint, `runs` times), so
// that both see the same load on a shared machine.
let linter = Linter(configuration: measuredRules)
/// `hush lint` as it runs without a configuration: the rules on by default only.
let defaultLinter = Linter(configuration: Configuration())
var violations = 0
var parse: [(wall: Double, cpu: Double)] = []
var cold: [(wall: Double, cpu: Double)] = []
var coldDefault: [(wall: Double, cpu: Double)] = []
for _ in 0..<runs {
  parse.append(
    measure {
      onEveryCore(files.count) { position in
        guard let data = FileManager.default.contents(atPath: files[position]) else { return }
        let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
        withExtendedLifetime(tree) {}
      }
    })
  cold.append(measure { violations = linter.lint(files: files).violations.count })
  coldDefault.append(measure { _ = defaultLinter.lint(files: files) })
}
let floor = median(parse.map(\.cpu))
report("parse floor", parse)

/// The runs of `lint`, each divided by the `parse` run just before it: their median and range.
func reportRatios(
  _ name: String, _ lint: [(wall: Double, cpu: Double)], parse: [(wall: Double, cpu: Double)]
) {
  let ratios = zip(lint, parse).map { $0.cpu / $1.cpu }.sorted()
  print(
    String(
      format: "  \(name) ÷ the parse before it, cpu: median ×%.2f (runs ×%.2f … ×%.2f)",
      median(ratios), ratios.first ?? 0, ratios.last ?? 0))
}
report("cold lint", cold, floor: floor)
reportRatios("cold lint", cold, parse: parse)
report("cold lint, default", coldDefault, floor: floor)
reportRatios("default rules", coldDefault, parse: parse)

/// Visits every node and does nothing: what one walk of a tree costs.
final class EmptyWalk: SyntaxVisitor {}

// What any linter built on swift-syntax pays at least: a parse and one walk of every tree.
var walk: [(wall: Double, cpu: Double)] = []
for _ in 0..<runs {
  walk.append(
    measure {
      onEveryCore(files.count) { position in
        guard let data = FileManager.default.contents(atPath: files[position]) else { return }
        let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
        EmptyWalk(viewMode: .sourceAccurate).walk(tree)
      }
    })
}
report("parse + one walk", walk, floor: floor)

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
  "lint-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: scratch) }
let cachePath = scratch.appendingPathComponent("cache.json").path
let fingerprint = LintCache.fingerprint(for: linter, tool: LintCache.toolIdentity())

/// A lint as `hush lint` makes it with a cache: load, lint, write.
func cachedLint(_ files: [String]) throws -> (count: Int, hits: Int) {
  let (cache, note) = LintCache.load(from: cachePath, fingerprint: fingerprint)
  if let note { print(note) }
  let report = linter.lint(files: files, cache: cache)
  try cache.write(to: cachePath)
  return (report.violations.count, cache.hits)
}

_ = try cachedLint(files)
var cached: [(wall: Double, cpu: Double)] = []
var hits = 0
for _ in 0..<runs {
  cached.append(
    try measure {
      let result = try cachedLint(files)
      precondition(result.count == violations, "a cached lint found something else")
      hits = result.hits
    })
}
report("cached rerun", cached, floor: floor)
let cacheSize =
  (try FileManager.default.attributesOfItem(atPath: cachePath)[.size] as? NSNumber)?
  .intValue ?? 0
print("  \(hits) of \(files.count) files from the cache (\(cacheSize / 1024) KiB)")

// One file changed: a copy of the folder's files, one of them edited before each run.
let copy = scratch.appendingPathComponent("copy")
var copied: [String] = []
for (position, path) in files.enumerated() {
  let target = copy.appendingPathComponent("\(position)-" + (path as NSString).lastPathComponent)
  try FileManager.default.createDirectory(
    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
  try FileManager.default.copyItem(atPath: path, toPath: target.path)
  copied.append(target.path)
}
_ = try cachedLint(copied)
var changed: [(wall: Double, cpu: Double)] = []
let edited = copied[copied.count / 2]
for run in 0..<runs {
  let text = try String(contentsOfFile: edited, encoding: .utf8) + "\n// edit \(run)\n"
  try text.write(toFile: edited, atomically: true, encoding: .utf8)
  changed.append(try measure { _ = try cachedLint(copied) })
}
report("one file changed", changed, floor: floor)
print("violations: \(violations)")

if perRule {
  func cpu(of configuration: Configuration) -> Double {
    median(
      (0..<runs).map { _ in
        measure { _ = Linter(configuration: configuration).lint(files: files) }.cpu
      })
  }
  var none = Configuration()
  none.onlyRules = []
  let base = cpu(of: none)
  print(String(format: "no rule (read, parse, index, resolve): cpu %.3f s", base))
  for rule in linter.enabledRules {
    let id = type(of: rule).description.id
    var only = Configuration()
    only.onlyRules = [id]
    print(
      id.padding(toLength: 32, withPad: " ", startingAt: 0)
        + String(format: "+%.3f s", cpu(of: only) - base))
  }
}
