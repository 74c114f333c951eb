// Combine, for `#if canImport(Combine)` code, as Apple's SDK declares it for what Hush uses.
//
// OpenCombine transcribes Combine's public API (`Publisher`, `ObservableObject`, `@Published`,
// `AnyCancellable`, the subjects, the `Scheduler` conformances of `DispatchQueue`, `RunLoop`
// and `OperationQueue`), and the Linux build of combine-schedulers is written against it:
// re-exporting it makes `import Combine` see the same declarations, and lets HushCombine use
// CombineSchedulers as it does on Apple platforms.
//
// Isolation and `Sendable`, declaration by declaration (Scripts/AppleStandIns/README.md,
// "Combine"): Apple's Combine is a Swift 5 module that is not audited for concurrency. Its
// only `Sendable` types are `Subscribers.Completion` and `Subscribers.Demand`, as in
// OpenCombine; no closure parameter is `@Sendable` or `sending` (`sink`, `AnyCancellable.init`,
// `Deferred.init`, `Scheduler.schedule` take plain `@escaping` closures), nothing is
// `@MainActor`, and nothing is explicitly non-`Sendable`. This module is compiled in Swift 5
// mode for the same reason: a client's plain `import Combine` then gets Swift 6's errors for
// non-`Sendable` Combine values, and `@preconcurrency import Combine` silences them, as
// against the SDK. The one difference is below.
import Dispatch

@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation

// Apple's Dispatch module (which conforms `DispatchQueue` to `Scheduler`) declares the queue's
// scheduler time and options `Sendable`; OpenCombineDispatch does not. Its `Stride` is not
// `Sendable` on Apple platforms either, and is left so.
extension DispatchQueue.OCombine.SchedulerTimeType: @retroactive @unchecked Sendable {}
extension DispatchQueue.OCombine.SchedulerOptions: @retroactive @unchecked Sendable {}
