// apple-compile self-test: watchOS has no segmented picker; using one there must be rejected
// (and the same code passes on iOS: see Clean.swift).
// platform: watchOS
import SwiftUI

struct FilterPicker: View {
  @Binding var selection: Int

  var body: some View {
    Picker("Filter", selection: $selection) {
      Text("All").tag(0)
    }
    .pickerStyle(.segmented)  // expected-error
  }
}
