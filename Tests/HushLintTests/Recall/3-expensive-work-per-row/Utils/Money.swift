// vultisig's shape: one private method builds the formatter, public overloads on two types
// reach it, and models in other files call them from their own members.
import Foundation

extension Decimal {
  private func fiatText(symbol: Bool, digits: Int) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = symbol ? .currency : .decimal
    formatter.maximumFractionDigits = digits
    return formatter.string(from: self as NSDecimalNumber) ?? ""
  }

  func fiatText(symbol: Bool = true) -> String { fiatText(symbol: symbol, digits: 2) }
}

extension String {
  // The same name on another type, reaching the decimal one.
  func fiatText(symbol: Bool = true) -> String {
    guard let value = Decimal(string: self) else { return self }
    return value.fiatText(symbol: symbol)
  }
}
