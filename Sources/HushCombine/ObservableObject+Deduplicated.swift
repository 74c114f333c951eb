import CombineSchedulers
import Foundation

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension ObservableObject {
  /// Wraps this object so that its changes are announced only when `snapshot` changes.
  ///
  /// ```swift
  /// struct Header: Equatable { var title: String; var unread: Int }
  ///
  /// let header = appState.deduplicated { Header(title: $0.title, unread: $0.unread) }
  /// appState.lastSync = .now    // header announces nothing
  /// appState.unread += 1        // header announces once, on the next turn
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: Where the snapshot is compared and the announcement is made; it must run
  ///     its work on the main actor. The main queue by default.
  ///   - snapshot: The part of the object that matters to the observer.
  /// - Returns: A ``Deduplicated`` wrapper to observe instead of this object.
  @MainActor
  public func deduplicated<Snapshot: Equatable>(
    scheduler: AnySchedulerOf<DispatchQueue> = .main,
    _ snapshot: @escaping (Self) -> Snapshot
  ) -> Deduplicated<Self, Snapshot> {
    Deduplicated(self, scheduler: scheduler, snapshot: snapshot)
  }
}
