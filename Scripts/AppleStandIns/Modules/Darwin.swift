// Darwin, as Swift imports the C declarations Hush reaches (`#if canImport(Darwin)` branches
// of ScopeNode, ValueCell and TestStore, and the tests' `getenv`). Declaration only: no body
// runs. Like every C function Swift imports, their results may be discarded.

/// `int memcmp(const void *, const void *, size_t)` (string.h).
@discardableResult
public func memcmp(_ __s1: UnsafeRawPointer!, _ __s2: UnsafeRawPointer!, _ __n: Int) -> Int32 {
  fatalError()
}

/// `void *memcpy(void *, const void *, size_t)` (string.h).
@discardableResult
public func memcpy(_ __dst: UnsafeMutableRawPointer!, _ __src: UnsafeRawPointer!, _ __n: Int)
  -> UnsafeMutableRawPointer!
{
  fatalError()
}

/// `int sched_yield(void)` (sched.h).
@discardableResult
public func sched_yield() -> Int32 { fatalError() }

/// `char *getenv(const char *)` (stdlib.h).
@discardableResult
public func getenv(_ __name: UnsafePointer<CChar>!) -> UnsafeMutablePointer<CChar>! {
  fatalError()
}
