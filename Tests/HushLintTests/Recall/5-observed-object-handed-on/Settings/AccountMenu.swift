// A router used only in the callbacks of the view's own row helper: its pushes re-render the
// menu for nothing. The helper's last parameter is a `() -> Void`, so its trailing closure is
// an action, not content.
import SwiftUI

final class AccountRouter: ObservableObject {
  @Published var path: [String] = []
  func push(_ page: String) { path.append(page) }
}

struct AccountMenu: View {
  @EnvironmentObject var router: AccountRouter  // expect: write-only-observed-object

  var body: some View {
    VStack {
      menuRow("Privacy") {
        router.push("privacy")
      }
      menuRow("Terms") {
        router.push("terms")
      }
    }
  }
}

extension AccountMenu {
  fileprivate func menuRow(_ title: String, onTap: @escaping () -> Void) -> some View {
    Button(action: onTap) {
      Text(title)
    }
  }
}

/// Look-alike: the helper's trailing closure builds the row's content, so what it shows of the
/// router is read while rendering.
struct AccountTrail: View {
  @EnvironmentObject var router: AccountRouter

  var body: some View {
    card("Where you are") {
      Text(router.path.last ?? "Home")
    }
  }

  private func card<Content: View>(_ title: String, @ViewBuilder content: () -> Content)
    -> some View
  {
    VStack {
      Text(title)
      content()
    }
  }
}
