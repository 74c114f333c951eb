// apple-compile self-test: a view's `body` is synchronous; calling an async function there
// must be rejected.
// platform: visionOS
import SwiftUI

func loadTitle() async -> String { "Title" }

struct TitleView: View {
  var body: some View {
    Text(loadTitle())  // expected-error
  }
}
