// Rows indexed over a list that body narrows from a model's: when a peer drops out of the
// middle, every later row takes the next peer's index (a mesh chat's peer list).
import SwiftUI

final class PeerDirectory: ObservableObject {
  @Published var rows: [PeerRow] = []
}

struct PeerRow: Identifiable {
  let id: String
  var name: String
  var isReachable: Bool
}

struct NearbyPeers: View {
  @EnvironmentObject private var directory: PeerDirectory

  var body: some View {
    let ids = directory.rows.map(\.id)
    let shown: [PeerRow] = ids.compactMap { id in  // expect: collection-work-in-body
      directory.rows.first { $0.id == id && $0.isReachable }
    }
    VStack {
      ForEach(0..<shown.count, id: \.self) { index in  // expect: unstable-identity
        Text(shown[index].name)
      }
    }
  }
}

/// Look-alike: the narrowed list comes from fixed data, the same on every render.
struct PeerLegend: View {
  var body: some View {
    let kinds = ["radio", "relay", "nostr", ""].filter { !$0.isEmpty }
    VStack {
      ForEach(0..<kinds.count, id: \.self) { index in
        Text(kinds[index])
      }
    }
  }
}
