import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#endif

/// Calls a closure when a file may have changed outside the app, for as long as it lives:
/// what `FileStorage.fileSystem` watches a `.fileStorage` key's file with.
///
/// On Apple's platforms it watches the file's directory, so that a file replaced by a rename
/// (as an atomic write does, the app's own included) or created later is seen, and the file
/// itself, for a change written in place. Elsewhere it watches nothing (an inotify watcher was
/// tried on Linux; LeakSanitizer reported the bytes its handler read at exit, so it is not
/// shipped): `load()` reads the file again. The closure may be called for a change that is
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
  #else
    init?(url: URL, didChange: @escaping @Sendable () -> Void) {
      nil
    }
  #endif
}
