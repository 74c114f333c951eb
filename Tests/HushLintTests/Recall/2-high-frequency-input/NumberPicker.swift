import SwiftUI

struct NumberPicker: View {
  let title: String
  @Binding var value: Float
  let range: ClosedRange<Float>

  var body: some View {
    LabeledContent(title) {
      Slider(value: $value, in: range)
    }
  }
}

// Local state while dragging, written back when editing ends: silent.
struct VolumeRow: View {
  @Binding var volume: Double
  @State private var dragged = 0.0

  var body: some View {
    Slider(
      value: $dragged, in: 0...1,
      onEditingChanged: { editing in
        if !editing { volume = dragged }
      })
  }
}
