// Combine, for `#if canImport(Combine)` code. OpenCombine transcribes Combine's public API
// (`Publisher`, `ObservableObject`, `@Published`, `AnyCancellable`, the `Scheduler`
// conformances of `DispatchQueue`, `RunLoop` and `OperationQueue`), and the Linux build of
// combine-schedulers is written against it: re-exporting it makes `import Combine` see the
// same declarations, and lets HushCombine use CombineSchedulers as it does on Apple platforms.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
