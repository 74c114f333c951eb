import Combine
import Foundation

struct Holding: Identifiable {
  let id: String
  let amount: Decimal
  let price: Decimal

  var valueText: String { (amount * price).fiatText() }
  var isEmpty: Bool { amount == 0 }
}

final class WalletModel: ObservableObject {
  @Published var holdings: [Holding] = []
  @Published var hidden = false

  func totalText(for holdings: [Holding]) -> String {
    guard !hidden else { return "••••" }
    return holdings.map(\.amount).reduce(0, +).fiatText()
  }

  // Read before `??`: on every run.
  func totalText(for holding: Holding?) -> String { holding?.valueText ?? "" }

  // convos' shape: kept after the first run, so the encoder runs once.
  private var encodedHoldings: Data?
  var holdingsData: Data {
    if let encodedHoldings { return encodedHoldings }
    let data = (try? JSONEncoder().encode(holdings.map(\.id))) ?? Data()
    encodedHoldings = data
    return data
  }

  // macai's shape: the setter encodes, the getter returns what it kept.
  private var savedHeaders: [String: String] = [:]
  private var encodedHeaders = Data()
  var headers: [String: String] {
    get { savedHeaders }
    set {
      encodedHeaders = (try? JSONEncoder().encode(newValue)) ?? Data()
      savedHeaders = newValue
    }
  }

  // Only for empty holdings: not its cost on every run.
  func note(for holding: Holding) -> String { holding.isEmpty ? holding.valueText : "" }
}
