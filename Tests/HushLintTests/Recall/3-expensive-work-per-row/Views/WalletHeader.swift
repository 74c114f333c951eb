import SwiftUI

struct WalletHeader: View {
  @ObservedObject var model: WalletModel
  let first: Holding

  var body: some View {
    VStack {
      Text(model.totalText(for: model.holdings))  // expect: expensive-view-init
      Text(model.note(for: first))
      Text("\(model.holdingsData.count) bytes")
      Text("\(model.headers.count) headers")
      Toggle("Hide", isOn: $model.hidden)
      Button(Strings.cancel) { model.hidden = false }
    }
  }
}
