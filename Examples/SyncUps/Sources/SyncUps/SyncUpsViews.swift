// The app's views: compiled on Linux only by `Scripts/apple-compile`, so they stay thin; the
// features they show are tested platform-free (`Tests/SyncUpsTests`).
#if canImport(SwiftUI)
  import Hush
  import SwiftUI

  public struct AppView: View {
    @Bindable var store: StoreOf<AppFeature>

    public init(store: StoreOf<AppFeature>) {
      self.store = store
    }

    public var body: some View {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        SyncUpsListView(store: store.scope(state: \.syncUpsList, action: \.syncUpsList))
      } destination: { screen in
        if let detail = screen.scope(state: \.detail, action: \.detail) {
          SyncUpDetailView(store: detail)
        } else if let record = screen.scope(state: \.record, action: \.record) {
          RecordMeetingView(store: record)
        } else if let meeting = screen.state.meeting {
          MeetingView(meeting: meeting.0, syncUp: meeting.syncUp)
        }
      }
    }
  }

  struct SyncUpsListView: View {
    @Bindable var store: StoreOf<SyncUpsList>

    var body: some View {
      List {
        // The list reads the ids only; each row reads what it shows of its sync-up.
        ForEach(store[\.syncUps.ids], id: \.self) { id in
          SyncUpRow(store: store, id: id)
        }
        .onDelete { store.send(.delete(atOffsets: $0)) }
      }
      .toolbar {
        Button("Add") { store.send(.addSyncUpButtonTapped) }
      }
      .navigationTitle("Daily Sync-ups")
      .sheet(item: $store.scope(state: \.destination?.add, action: \.destination.add)) { form in
        NavigationStack {
          SyncUpFormView(store: form)
            .toolbar {
              ToolbarItem(placement: .cancellationAction) {
                Button("Discard") { store.send(.discardAddSyncUpButtonTapped) }
              }
              ToolbarItem(placement: .confirmationAction) {
                Button("Add") { store.send(.confirmAddSyncUpButtonTapped) }
              }
            }
        }
      }
      .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
    }
  }

  /// Reads its sync-up's title and number of attendees: a meeting saved to it, or another
  /// sync-up's change, renders nothing here.
  struct SyncUpRow: View {
    let store: StoreOf<SyncUpsList>
    let id: SyncUp.ID

    var body: some View {
      Button {
        store.send(.syncUpTapped(id))
      } label: {
        VStack(alignment: .leading) {
          Text(store[\.syncUps[id: id]?.title] ?? "")
          Text("\(store[\.syncUps[id: id]?.attendees.count] ?? 0) attendees")
        }
      }
    }
  }

  struct SyncUpFormView: View {
    @Bindable var store: StoreOf<SyncUpForm>

    var body: some View {
      Form {
        TextField("Title", text: $store.syncUp.title)
        Section("Attendees") {
          ForEach($store.syncUp.attendees) { $attendee in
            TextField("Name", text: $attendee.name)
          }
          .onDelete { store.send(.deleteAttendees(atOffsets: $0)) }
          Button("New attendee") { store.send(.addAttendeeButtonTapped) }
        }
      }
    }
  }

  struct SyncUpDetailView: View {
    @Bindable var store: StoreOf<SyncUpDetail>

    var body: some View {
      List {
        Button("Start Meeting") { store.send(.startMeetingButtonTapped) }
        Section("Past meetings") {
          ForEach(store.syncUp.meetings) { meeting in
            NavigationLink(
              state: AppFeature.Path.State.meeting(meeting, syncUp: store.syncUp)
            ) {
              Text(meeting.date, style: .date)
            }
          }
          .onDelete { store.send(.deleteMeetings(atOffsets: $0)) }
        }
        Button("Delete", role: .destructive) { store.send(.deleteButtonTapped) }
      }
      .navigationTitle(store.syncUp.title)
      .toolbar { Button("Edit") { store.send(.editButtonTapped) } }
      .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
      .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) { form in
        NavigationStack {
          SyncUpFormView(store: form)
            .toolbar {
              ToolbarItem(placement: .cancellationAction) {
                Button("Cancel") { store.send(.cancelEditButtonTapped) }
              }
              ToolbarItem(placement: .confirmationAction) {
                Button("Done") { store.send(.doneEditingButtonTapped) }
              }
            }
        }
      }
    }
  }

  /// Reads the elapsed time, the speaker and the alert; the transcript is not shown live.
  struct RecordMeetingView: View {
    @Bindable var store: StoreOf<RecordMeeting>

    var body: some View {
      VStack {
        ProgressView(
          value: Double(store.secondsElapsed),
          total: Double(store.syncUp.duration.components.seconds))
        Text("Speaker \(store.speakerIndex + 1) of \(store.syncUp.attendees.count)")
        Button("Next") { store.send(.nextButtonTapped) }
      }
      .padding()
      .toolbar {
        Button("End meeting") { store.send(.endMeetingButtonTapped) }
      }
      .navigationBarBackButtonHidden(true)
      .alert($store.scope(state: \.alert, action: \.alert))
      .task { await store.send(.onTask).finish() }
    }
  }

  struct MeetingView: View {
    let meeting: Meeting
    let syncUp: SyncUp

    var body: some View {
      ScrollView {
        Text(meeting.transcript).padding()
      }
      .navigationTitle(Text(meeting.date, style: .date))
    }
  }
#endif
