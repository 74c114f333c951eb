// apple-compile self-test: Combine's types are `Sendable` exactly where Apple declares them.
// `AnyCancellable` is not (so capturing one in a `@Sendable` closure is rejected under a plain
// `import Combine`), while a dispatch queue's scheduler time is (Apple's Dispatch declares it
// so; OpenCombine, which the stand-in re-exports, does not).
// With the error, the compiler suggests `@preconcurrency` on the import (a warning), as it
// does for Apple's Combine, a Swift 5 module.
// platform: iOS
import Combine  // expected-error
import Dispatch

func cancelLater(_ cancellable: AnyCancellable) -> @Sendable () -> Void {
  { cancellable.cancel() }  // expected-error
}

typealias Time = DispatchQueue.SchedulerTimeType

func readLater(_ time: Time) -> @Sendable () -> Time {
  { time }
}
