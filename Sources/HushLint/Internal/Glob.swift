/// A shell-style path pattern: `*` matches within a path component, `**` across components,
/// `?` one character. A pattern also matches everything under a directory it matches.
struct Glob: Sendable {
  private let components: [Substring]

  init(_ pattern: String) {
    var trimmed = Substring(pattern)
    while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    components = trimmed.split(separator: "/")
  }

  /// Whether `path` (relative, `/`-separated) or one of its parent directories matches.
  func matches(_ path: String) -> Bool {
    let parts = path.split(separator: "/")
    return Self.match(components[...], parts[...], allowPrefix: true)
  }

  private static func match(
    _ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>, allowPrefix: Bool
  ) -> Bool {
    guard let first = pattern.first else { return path.isEmpty || allowPrefix }
    if first == "**" {
      let rest = pattern.dropFirst()
      var remaining = path
      while true {
        if match(rest, remaining, allowPrefix: allowPrefix) { return true }
        guard !remaining.isEmpty else { return false }
        remaining = remaining.dropFirst()
      }
    }
    guard let part = path.first, matchComponent(Array(first.utf8)[...], Array(part.utf8)[...])
    else { return false }
    return match(pattern.dropFirst(), path.dropFirst(), allowPrefix: allowPrefix)
  }

  private static func matchComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>)
    -> Bool
  {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case UInt8(ascii: "*"):
      var remaining = text
      while true {
        if matchComponent(pattern.dropFirst(), remaining) { return true }
        guard !remaining.isEmpty else { return false }
        remaining = remaining.dropFirst()
      }
    case UInt8(ascii: "?"):
      return !text.isEmpty && matchComponent(pattern.dropFirst(), text.dropFirst())
    default:
      return text.first == first && matchComponent(pattern.dropFirst(), text.dropFirst())
    }
  }
}
