import SwiftUI

struct SizeSection: View {
  @Binding var prefs: Prefs

  var body: some View {
    Section("Size") {
      NumberPicker(title: "Width", value: $prefs.width, range: 0...65535)
      NumberPicker(title: "Height", value: $prefs.height, range: 0...65535)
    }
  }
}
