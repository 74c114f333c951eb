/// A type-erased cancellation id: any `Hashable & Sendable` value.
///
/// Two ids are equal when their values have the same type and are `==`, like `AnyHashable`.
/// The hash is computed once, when the id is made: the store looks ids up on every
/// cancellable, debounced or throttled send.
struct EffectID: Hashable, Sendable {
  let base: any Hashable & Sendable
  private let hash: Int

  init(_ base: some Hashable & Sendable) {
    let base: any Hashable & Sendable = (base as? EffectID)?.base ?? base
    self.base = base
    self.hash = AnyHashable(base).hashValue
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}
