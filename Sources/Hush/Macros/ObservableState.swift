/// A state marked `@ObservableState`, as TCA's are. Hush observes any state by value, so the
/// conformance promises nothing and requires nothing; it lets TCA code that names the protocol
/// (`where State: ObservableState`) compile.
public protocol ObservableState {}
