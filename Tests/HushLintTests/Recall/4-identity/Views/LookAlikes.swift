// `id: \.self` over values that are their own identity: strings, an enum's cases, literals.
import SwiftUI

struct TagsHeader: View {
  let tags: [String]
  @State private var order: [SwipeAction] = SwipeAction.allCases

  var body: some View {
    HStack {
      ForEach(tags, id: \.self) { Text("#\($0)") }
      ForEach(order, id: \.self) { Text($0.rawValue) }
      ForEach([5, 10, 15, 30], id: \.self) { Text("\($0) s") }
    }
  }
}
