/// Text for an alert or a confirmation dialog, kept in state: platform-free, equatable for
/// tests, shown as `Text` by SwiftUI.
///
/// ```swift
/// let title = TextState("Delete “Standup”?")
/// print(title)   // Delete “Standup”?
/// ```
///
/// Text made with ``init(_:)`` is looked up as a localized string key when SwiftUI shows it,
/// as `Text("…")` is; text made with ``init(verbatim:)`` is shown as it is.
public struct TextState: Hashable, Sendable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// The text (or the localized string key).
  public let content: String
  /// Whether ``content`` is shown as it is, without localization.
  public let isVerbatim: Bool

  /// Text that SwiftUI localizes, as `Text("…")`.
  public init(_ content: some StringProtocol) {
    self.content = String(content)
    self.isVerbatim = false
  }

  /// Text shown as it is, as `Text(verbatim:)`.
  public init(verbatim content: String) {
    self.content = content
    self.isVerbatim = true
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public var description: String { content }
}
