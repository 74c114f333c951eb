import CombineSchedulers
import Foundation

// `@preconcurrency`: `ObservableObjectPublisher` locks its own state and is safe to send from
// any thread, but neither Combine nor OpenCombine marks it `Sendable`; `objectWillChange` must be
// `nonisolated` to satisfy `ObservableObject` from a `@MainActor` class.
#if canImport(Combine)
  @preconcurrency import Combine
#else
  @preconcurrency import OpenCombineShim
#endif

/// An observable object that re-announces another object's changes at most once per quiet
/// period.
///
/// Wrap a model that changes often (autosave state, a download's progress, a sensor) and let the
/// views observe the wrapper: however many changes the model announces in a burst, the wrapper's
/// `objectWillChange` fires once, ``delay`` after the last of them, when the model has settled.
/// Reads and writes still go straight to the model, so a read always sees its latest values.
///
/// Use it in three ways:
///
/// ```swift
/// final class SaveData: ObservableObject { @Published var bytesWritten = 0 }
///
/// // 1. As a plain object.
/// let save = DebouncedObservedObject(wrappedValue: SaveData(), for: .milliseconds(500))
/// save.wrappedValue.bytesWritten += 512
///
/// // 2. Through dynamic member lookup: reads and writes reach the model.
/// save.bytesWritten += 512
/// print(save.bytesWritten)    // Prints "1024"
///
/// // 3. As a property wrapper, also nested under `@StateObject` in a view.
/// struct SaveView: View {
///   @StateObject @DebouncedObservedObject var saveData = SaveData()
///   var body: some View { Text("\(saveData.bytesWritten) bytes") }
/// }
/// ```
///
/// Releasing the wrapper cancels any pending announcement; it never keeps the model alive.
@MainActor
@propertyWrapper
@dynamicMemberLookup
public final class DebouncedObservedObject<Wrapped: ObservableObject>: ObservableObject {
  /// Fires once per quiet period of the wrapped object, after its last change in a burst.
  public nonisolated let objectWillChange = ObservableObjectPublisher()

  /// The wrapped object. Reads see its latest values at any time.
  public let wrappedValue: Wrapped

  /// How long the wrapped object must stay quiet before its changes are announced.
  public let delay: AnySchedulerOf<DispatchQueue>.SchedulerTimeType.Stride

  private var subscription: AnyCancellable?

  /// Wraps an observable object.
  ///
  /// ```swift
  /// @DebouncedObservedObject(for: .seconds(1)) var progress = DownloadProgress()
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The object whose changes to debounce.
  ///   - delay: How long the object must stay quiet before its changes are announced.
  ///     300 milliseconds by default.
  ///   - scheduler: Where the quiet period is timed and the announcement is made. It must run
  ///     its work on the main actor: the main queue (the default), or a `TestScheduler`
  ///     advanced from the main actor in tests. The wrapped object may change on any thread.
  public init(
    wrappedValue: Wrapped,
    for delay: AnySchedulerOf<DispatchQueue>.SchedulerTimeType.Stride = .milliseconds(300),
    scheduler: AnySchedulerOf<DispatchQueue> = .main
  ) {
    self.wrappedValue = wrappedValue
    self.delay = delay
    let announce = objectWillChange
    // `@Sendable`: the wrapped object may announce on any thread. Only the debounced
    // delivery, on the scheduler, touches the wrapper.
    subscription = wrappedValue.objectWillChange
      .debounce(for: delay, scheduler: scheduler)
      .sink { @Sendable [weak self] _ in
        MainActor.assumeIsolated {
          // Only a live wrapper announces: a release cancels the pipeline, and a delivery
          // that raced with the release finds `self` gone.
          guard self != nil else { return }
          announce.send()
        }
      }
  }

  /// The wrapper itself, so that `$saveData` reaches it from a property wrapper.
  ///
  /// ```swift
  /// @DebouncedObservedObject var saveData = SaveData()
  /// let cancellable = $saveData.objectWillChange.sink { print("settled") }
  /// ```
  public var projectedValue: DebouncedObservedObject<Wrapped> { self }

  /// Reads a property of the wrapped object.
  ///
  /// ```swift
  /// print(save.bytesWritten)    // same as save.wrappedValue.bytesWritten
  /// ```
  public subscript<Value>(dynamicMember keyPath: KeyPath<Wrapped, Value>) -> Value {
    wrappedValue[keyPath: keyPath]
  }

  /// Reads or writes a property of the wrapped object.
  ///
  /// A write reaches the wrapped object at once; its announcement waits for the quiet period.
  ///
  /// ```swift
  /// save.bytesWritten = 0       // same as save.wrappedValue.bytesWritten = 0
  /// ```
  public subscript<Value>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Wrapped, Value>
  ) -> Value {
    get { wrappedValue[keyPath: keyPath] }
    set { wrappedValue[keyPath: keyPath] = newValue }
  }
}
