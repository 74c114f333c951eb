// Swiftfin lays out a screen's rows as views nested in an extension of the screen. The screen
// observes the model only to hand it to rows that observe it themselves: every change renders
// the whole form again instead of the rows.
import SwiftUI

struct IconPicker: View {
  @ObservedObject var model: IconModel  // expect: unread-observed-object

  var body: some View {
    Form {
      Section("Icons") {
        Row(model: model, name: "Default")
        Row(model: model, name: "Dark")
      }
    }
  }
}

extension IconPicker {
  struct Row: View {
    @ObservedObject var model: IconModel
    let name: String

    var body: some View {
      HStack {
        Text(name)
        if model.current == name { Image(systemName: "checkmark") }
      }
    }
  }
}
