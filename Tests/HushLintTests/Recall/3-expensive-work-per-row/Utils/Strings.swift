// element's shape: generated strings reach a language bundle lookup that asks a cache of its
// own first, so it looks the bundle up once per language.
import Foundation

extension Bundle {
  static func languageBundle(for language: String) -> Bundle? {
    if let bundle = cachedBundle(for: language) { return bundle }
    guard let url = Bundle.main.url(forResource: language, withExtension: "lproj") else {
      return nil
    }
    let bundle = Bundle(url: url)
    storeInCache(bundle, for: language)
    return bundle
  }
}

enum Strings {
  static func text(_ key: String) -> String {
    NSLocalizedString(key, bundle: Bundle.languageBundle(for: "en") ?? .main, comment: "")
  }

  static var cancel: String { text("cancel") }
}
