// The app's views: compiled on Linux only by `Scripts/apple-compile`, so they stay thin. Each
// view's `body` reads only what it shows; `TodosRenderTableTests` pins, with one probe per view
// that reads the same values, how often each one renders over a scripted session.
#if canImport(SwiftUI)
  import Hush
  import SwiftUI

  /// The todo list screen: a filter, the list, and a footer.
  public struct TodosView: View {
    let store: StoreOf<Todos>

    public init(store: StoreOf<Todos>) {
      self.store = store
    }

    public var body: some View {
      NavigationStack {
        VStack(alignment: .leading) {
          FilterPicker(store: store)
          TodoList(store: store)
          Footer(store: store)
        }
        .navigationTitle("Todos")
        .toolbar {
          Button("Add Todo") { store.send(.addButtonTapped, animation: .default) }
        }
      }
    }
  }

  /// Reads `filter`.
  struct FilterPicker: View {
    @Bindable var store: StoreOf<Todos>

    var body: some View {
      Picker("Filter", selection: $store.filter) {
        ForEach(Filter.allCases, id: \.self) { filter in
          Text(filter.rawValue).tag(filter)
        }
      }
      // watchOS has no segmented control: there the picker keeps the platform's own style.
      #if !os(watchOS)
        .pickerStyle(.segmented)
      #endif
      .padding(.horizontal)
    }
  }

  /// Reads `visibleIDs` (computed once per change by the store, never filtered here) and the
  /// todos' ids (the element stores); each row reads its own todo.
  struct TodoList: View {
    let store: StoreOf<Todos>

    var body: some View {
      let todos = store.scope(state: \.todos, action: \.todos)
      List {
        ForEach(store.visibleIDs, id: \.self) { id in
          if let todo = todos[id: id] {
            TodoRow(store: todo)
          }
        }
        .onDelete { store.send(.delete($0)) }
        .onMove { store.send(.move($0, to: $1)) }
      }
    }
  }

  /// Reads `activeCount` and `hasCompleted`.
  struct Footer: View {
    let store: StoreOf<Todos>

    var body: some View {
      HStack {
        Text("\(store.activeCount) left")
        Spacer()
        if store.hasCompleted {
          Button("Clear completed") { store.send(.clearCompletedButtonTapped) }
        }
      }
      .padding(.horizontal)
    }
  }

  /// Reads its todo's `isComplete` and `title`.
  struct TodoRow: View {
    @Bindable var store: StoreOf<Todo>

    var body: some View {
      HStack {
        Button {
          store.isComplete.toggle()
        } label: {
          Image(systemName: store.isComplete ? "checkmark.square" : "square")
        }
        .buttonStyle(.plain)
        TextField("Untitled", text: $store.title)
      }
      .foregroundColor(store.isComplete ? .gray : nil)
    }
  }
#endif
