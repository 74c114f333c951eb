import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Calls a closure when a file may have changed outside the app, for as long as it lives:
/// what `FileStorage.fileSystem` watches a `.fileStorage` key's file with.
///
/// It watches the file's directory, so that a file replaced by a rename (as an atomic write
/// does, the app's own included) or created later is seen; on Apple's platforms, the file
/// itself too, for a change written in place. The closure may be called for a change that is
/// not one (the app's own write, another file's): the key reads the file and compares.
final class FileWatcher: @unchecked Sendable {
  /// Where the events are handled: one serial queue for every watcher.
  private static let queue = DispatchQueue(label: "Hush.FileWatcher")

  #if canImport(Darwin)
    private let directory: any DispatchSourceFileSystemObject
    /// Guarded by `queue`: the source on the file as it is now (re-made after each event).
    private var file: (any DispatchSourceFileSystemObject)?
    private let url: URL
    private let didChange: @Sendable () -> Void

    /// `nil` when the directory cannot be opened (it does not exist yet).
    init?(url: URL, didChange: @escaping @Sendable () -> Void) {
      let descriptor = open(url.deletingLastPathComponent().path, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      self.url = url
      self.didChange = didChange
      directory = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write], queue: Self.queue)
      directory.setCancelHandler { close(descriptor) }
      directory.setEventHandler { [weak self] in self?.changed() }
      Self.queue.async { [weak self] in self?.watchFile() }
      directory.resume()
    }

    deinit {
      directory.cancel()
      file?.cancel()
    }

    /// On `queue`.
    private func changed() {
      watchFile()
      didChange()
    }

    /// On `queue`: watches the file now at the path (a rename replaced the one watched).
    private func watchFile() {
      file?.cancel()
      file = nil
      let descriptor = open(url.path, O_EVTONLY)
      guard descriptor >= 0 else { return }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .extend, .delete, .rename],
        queue: Self.queue)
      source.setCancelHandler { close(descriptor) }
      source.setEventHandler { [weak self] in self?.changed() }
      source.resume()
      file = source
    }
  #elseif canImport(Glibc)
    private let source: any DispatchSourceRead

    /// `nil` when inotify cannot watch the directory (it does not exist yet).
    init?(url: URL, didChange: @escaping @Sendable () -> Void) {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
      guard inotify_add_watch(descriptor, url.deletingLastPathComponent().path, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let name = url.lastPathComponent
      source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: Self.queue)
      source.setEventHandler {
        if Self.readEvents(descriptor).contains(name) { didChange() }
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
    }

    deinit {
      source.cancel()
    }

    /// The names of the files the pending events are about.
    private static func readEvents(_ descriptor: Int32) -> Set<String> {
      var names: Set<String> = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return names }
        buffer.withUnsafeBytes { bytes in
          // `struct inotify_event { int wd; uint32_t mask, cookie, len; char name[]; }`
          let header = MemoryLayout<inotify_event>.size
          var offset = 0
          while offset + header <= count {
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, count)]
            names.insert(String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self))
            offset += header + length
          }
        }
      }
    }
  #else
    init?(url: URL, didChange: @escaping @Sendable () -> Void) {
      nil
    }
  #endif
}
