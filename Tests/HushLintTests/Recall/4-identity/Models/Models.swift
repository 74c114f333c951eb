import Foundation

/// Edited in place through a row's binding (Swiftfin's custom device profiles).
struct Profile: Hashable {
  let kind: Int
  var audio: [String]
  var video: [String]
}

/// Identifiable, with fields filled in after loading (zashi-ios' wallet accounts).
struct Account: Identifiable, Hashable {
  let id: String
  var name: String
  var address: String?
}

/// A dependency client with a member of the same name as the state's collection.
struct SyncClient {
  var walletAccounts: () async throws -> [Account]
}

struct AccountsFeature {
  struct State {
    var walletAccounts: [Account] = []

    mutating func addressLoaded(_ address: String, at position: Int) {
      walletAccounts[position].address = address
    }
  }
}

enum SwipeAction: String, CaseIterable {
  case delete, archive, pin
}
