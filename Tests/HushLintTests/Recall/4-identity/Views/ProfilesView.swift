import SwiftUI

struct ProfilesView: View {
  @State private var profiles: [Profile] = []

  var body: some View {
    List {
      ForEach($profiles, id: \.self) { $profile in  // expect: unstable-identity
        NavigationLink("Edit") { ProfileEditor(profile: $profile) }
      }
    }
  }
}

struct ProfileEditor: View {
  @Binding var profile: Profile
  var body: some View { Text("\(profile.audio.count) audio codecs") }
}

struct AccountsSheet: View {
  let store: StoreOf<AccountsFeature>

  var body: some View {
    ForEach(store.walletAccounts, id: \.self) { account in  // expect: unstable-identity
      Text(account.address ?? account.name)
    }
  }
}
