// apple-compile self-test: SDK 26 declares `NavigationStack` `nonisolated`, so an initializer
// in an extension of it is nonisolated too; reaching main-actor state there must be rejected
// (Hush's `NavigationStack(path:root:destination:)` did, on Xcode 26).
// platform: iOS
import SwiftUI

struct Screen: Hashable {}

struct Screens {
  @MainActor var path: [Screen] {
    get { [] }
    set {}
  }
}

extension NavigationStack {
  init(screens: Binding<Screens>, @ViewBuilder root: () -> Root) where Data == [Screen] {
    self.init(path: screens[dynamicMember: \.path], root: root)  // expected-error
  }
}
