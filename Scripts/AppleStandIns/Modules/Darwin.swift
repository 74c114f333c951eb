// Darwin, as Swift imports the C declarations Hush reaches (`#if canImport(Darwin)` branches
// of ScopeNode, ValueCell, TestStore, SharedObservation and FileWatcher, and the tests'
// `getenv`), and the part of Dispatch that only Apple's platforms have (a file system object
// source). Declaration only: no body
// runs. Like every C function Swift imports, their results may be discarded.

import Dispatch

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

/// `pthread_key_t` (sys/_pthread/_pthread_key_t.h: `__darwin_pthread_key_t`, an
/// `unsigned long`).
public typealias pthread_key_t = UInt

/// `int pthread_key_create(pthread_key_t *, void (*)(void *))` (pthread.h).
@discardableResult
public func pthread_key_create(
  _ __key: UnsafeMutablePointer<pthread_key_t>!,
  _ __destructor: (@convention(c) (UnsafeMutableRawPointer) -> Void)!
) -> Int32 {
  fatalError()
}

/// `void *pthread_getspecific(pthread_key_t)` (pthread.h).
public func pthread_getspecific(_ __key: pthread_key_t) -> UnsafeMutableRawPointer! {
  fatalError()
}

/// `int pthread_setspecific(pthread_key_t, const void *)` (pthread.h).
@discardableResult
public func pthread_setspecific(_ __key: pthread_key_t, _ __value: UnsafeRawPointer!) -> Int32 {
  fatalError()
}

/// `O_EVTONLY` (sys/fcntl.h): a descriptor for event notifications only.
public var O_EVTONLY: Int32 { 0x8000 }

/// Dispatch's file system object source (Apple's platforms only; Linux's Dispatch declares
/// `DispatchSource.FileSystemEvent`, not the source).
public protocol DispatchSourceFileSystemObject: DispatchSourceProtocol {
  /// The descriptor watched.
  var handle: Int32 { get }
  /// The events that fired.
  var data: DispatchSource.FileSystemEvent { get }
  /// The events watched.
  var mask: DispatchSource.FileSystemEvent { get }
}

extension DispatchSource {
  /// A source that watches the file system object `fileDescriptor` names.
  public class func makeFileSystemObjectSource(
    fileDescriptor: Int32, eventMask: DispatchSource.FileSystemEvent,
    queue: DispatchQueue? = nil
  ) -> any DispatchSourceFileSystemObject {
    fatalError()
  }
}
