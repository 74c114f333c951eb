// apple-compile self-test: a misspelled argument label of a SwiftUI initializer must be
// rejected.
// platform: tvOS
import SwiftUI

struct Row: View {
  var body: some View {
    VStack(alignmnet: .leading) {  // expected-error
      Text("Title")
    }
  }
}
