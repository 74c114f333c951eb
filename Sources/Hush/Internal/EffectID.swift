/// A type-erased cancellation id: any `Hashable & Sendable` value.
///
/// Two ids are equal when their values have the same type and are `==`, like `AnyHashable`.
struct EffectID: Hashable, Sendable {
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = (base as? EffectID)?.base ?? base
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }
}
