// apple-compile self-test: on Apple platforms `canImport(Glibc)` is false, so the `Darwin`
// branch of a Glibc/Darwin pair is the one compiled, whichever comes first (Linux has Glibc, so
// without the preprocessing the Glibc branch would be checked and this error never seen).
// platform: tvOS
#if canImport(Glibc)
  import Glibc
  func yield() { sched_yield() }
#elseif canImport(Darwin)
  import Darwin
  func yield() -> String { sched_yield() }  // expected-error
#endif
