import SwiftSyntax

/// A `Slider` or drag gesture that sends a store action on every movement.
struct HighFrequencySendRule: Rule {
  static let description = RuleDescription(
    id: "high-frequency-send",
    name: "High-Frequency Send",
    summary: "A Slider or drag gesture bound straight to a store with no step or local state",
    rationale: """
      A Slider bound to a store binding ($store.x, .sending(…), viewStore.binding, a \
      Binding(get:set:) whose setter sends, or a local let holding one of those), or a \
      DragGesture whose onChanged sends a store action, sends an action for every tiny \
      movement; so does a store binding handed to a child view whose @Binding drives such a \
      Slider: dozens a second, each running the \
      reducer, comparing state and notifying observing views. Keep the in-flight value in \
      local @State and send once when editing ends (Slider's onEditingChanged, the gesture's \
      onEnded), or give the Slider a step so it sends only meaningful changes.
      """,
    requiresComposableArchitecture: true,
    triggeringExamples: [
      .tca("↓Slider(value: $store.volume, in: 0...1)"),
      .tca("↓Slider(value: viewStore.$brightness)"),
      .tca(
        """
        ↓Slider(
          value: viewStore.binding(get: \\.progress, send: { .progressChanged($0) }),
          in: 0...100
        )
        """),
      .tca(
        """
        Circle()
          .gesture(
            DragGesture().↓onChanged { value in store.send(.dragged(value.translation)) }
          )
        """),
      .tca(
        """
        Rectangle().gesture(
          DragGesture(minimumDistance: 0)
            .↓onChanged { viewStore.send(.moved($0.location)) }
            .onEnded { _ in viewStore.send(.dragEnded) }
        )
        """),
      .tca("↓Slider(value: $store.zoom.sending(\\.zoomChanged), in: 1...5)"),
      .tca(
        """
        struct MixerView: View {
          let store: StoreOf<Mixer>
          var body: some View {
            let gain = Binding(get: { store.gain }, set: { store.send(.gainChanged($0)) })
            ↓Slider(value: gain, in: 0...1)
            let pan = $store.pan
            ↓Slider(value: pan, in: -1...1)
            ↓Slider(value: Binding(get: { store.balance }, set: { store.send(.balance($0)) }))
          }
        }
        """),
      .tca(
        """
        struct LevelRow: View {
          @Binding var level: Double
          var body: some View { Slider(value: $level, in: 0...1) }
        }
        struct ChannelStrip: View {
          @Binding var gain: Double
          var body: some View { LevelRow(level: $gain) }
        }
        struct MixerView: View {
          @Bindable var store: StoreOf<Mixer>
          var body: some View {
            LevelRow(level: ↓$store.level)
            ChannelStrip(gain: ↓$store.gain)
          }
        }
        """),
    ],
    nonTriggeringExamples: [
      .tca("Slider(value: $store.volume, in: 0...1, step: 0.1)"),
      .tca(
        """
        Slider(value: $localVolume, in: 0...1) { editing in
          if !editing { store.send(.volumeChanged(localVolume)) }
        }
        """),
      .tca(
        """
        DragGesture()
          .onChanged { offset = $0.translation }
          .onEnded { store.send(.dropped($0.location)) }
        """),
      .tca(
        """
        DragGesture().onChanged { value in
          guard abs(value.translation.width - lastSent) > 20 else { return }
          lastSent = value.translation.width
          store.send(.dragged(value.translation))
        }
        """),
      Example("Slider(value: $store.volume, in: 0...1)"),
      .tca("Slider(value: $model.volume)"),
      .tca(
        """
        struct MixerView: View {
          let store: StoreOf<Mixer>
          @State private var gain = 0.5
          var body: some View {
            let draft = Binding(get: { gain }, set: { gain = $0 })
            Slider(value: draft, in: 0...1) { editing in
              if !editing { store.send(.gainChanged(gain)) }
            }
          }
        }
        """),
      .tca(
        """
        struct LevelRow: View {
          @Binding var level: Double
          @Binding var isMuted: Bool
          var body: some View {
            Slider(value: $level, in: 0...1, step: 0.05)
            Toggle("Mute", isOn: $isMuted)
          }
        }
        struct MixerView: View {
          @Bindable var store: StoreOf<Mixer>
          var body: some View { LevelRow(level: $store.level, isMuted: $store.isMuted) }
        }
        """),
    ]
  )

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    for call in file.calls {
      if call.isType("Slider"), call.argument("step") == nil,
        let value = call.argument("value"), Self.sendsToStore(value)
      {
        result.append(
          Finding(
            at: call,
            message: "this Slider sends a store action for every movement; keep the value in "
              + "local @State and send when editing ends, or add a step"))
      }
      if call.calleeName == "onChanged", let base = call.calleeBase,
        Self.isDragGesture(memberCalls(of: base).last?.calleeBase ?? base),
        let closure = call.trailingClosure
          ?? call.firstUnlabeledArgument?.as(ClosureExprSyntax.self),
        Self.onlySendsToStore(closure),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self)
      {
        result.append(
          Finding(
            at: member.declName,
            message: "this drag gesture sends a store action for every movement; track the "
              + "drag in local @State and send in onEnded"))
      }
    }
    for call in file.calls {
      guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        type.first?.isUppercase == true
      else { continue }
      for argument in call.arguments {
        guard let label = argument.label?.text, Self.sendsToStore(argument.expression) else {
          continue
        }
        result.append(
          Finding(at: argument.expression) { index in
            guard index.types[type]?.count == 1,
              index.bindingDrivesSlider(type, label: label)
            else { return nil }
            return "\(type) drives a Slider with this binding, so every movement sends a store "
              + "action; keep the value in local @State there and send when editing ends, or "
              + "give the Slider a step"
          })
      }
    }
    return result
  }

  /// Where the `@Binding` properties of `views` go: those that drive a `Slider` with no step,
  /// and those handed on to child views, by view name.
  static func bindingUses(
    in views: [ViewType]
  ) -> (sliders: [String: Set<String>], forwards: [String: [BindingForward]]) {
    var sliders: [String: Set<String>] = [:]
    var forwards: [String: [BindingForward]] = [:]
    for view in views {
      /// The `@Binding` property that `expression` (`$level`) projects.
      func binding(_ expression: ExprSyntax?) -> String? {
        guard let name = expression?.as(DeclReferenceExprSyntax.self)?.baseName.text,
          name.hasPrefix("$"), let property = view.property(named: String(name.dropFirst())),
          property.wrapper == "Binding"
        else { return nil }
        return property.name
      }
      for member in view.members {
        for call in descendants(FunctionCallExprSyntax.self, of: member) {
          if call.isType("Slider") {
            if call.argument("step") == nil, let property = binding(call.argument("value")) {
              sliders[view.name, default: []].insert(property)
            }
            continue
          }
          guard let child = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            child.first?.isUppercase == true
          else { continue }
          for argument in call.arguments {
            guard let label = argument.label?.text, let property = binding(argument.expression)
            else { continue }
            forwards[view.name, default: []].append(
              BindingForward(property: property, child: child, label: label))
          }
        }
      }
    }
    return (sliders, forwards)
  }

  private static func isDragGesture(_ expression: ExprSyntax) -> Bool {
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
    return call.isType("DragGesture")
  }

  private static func isStoreName(_ name: String) -> Bool {
    let bare = name.hasPrefix("$") ? String(name.dropFirst()) : name
    return bare == "store" || bare == "viewStore" || bare.hasSuffix("Store")
  }

  private static func isStoreBinding(_ value: ExprSyntax) -> Bool {
    guard let root = rootName(of: value), isStoreName(root) else { return false }
    let text = value.trimmedDescription
    return root.hasPrefix("$") || text.contains(".$") || text.contains(".binding(")
  }

  /// Whether writing `binding` sends to a store: a store binding, a
  /// `Binding(get:set:)` whose setter sends, or a local `let` holding one of those.
  private static func sendsToStore(_ binding: ExprSyntax, depth: Int = 0) -> Bool {
    if isStoreBinding(binding) { return true }
    if let call = binding.as(FunctionCallExprSyntax.self), call.isType("Binding"),
      let setter = call.argument("set")?.as(ClosureExprSyntax.self)
    {
      return descendants(FunctionCallExprSyntax.self, of: setter).contains { send in
        guard send.calleeName == "send", let base = send.calleeBase,
          let root = rootName(of: base)
        else { return false }
        return isStoreName(root)
      }
    }
    if depth < 3, let reference = binding.as(DeclReferenceExprSyntax.self),
      let local = LocalBinding.find(reference.baseName.text, before: reference),
      local.isConstant, let value = local.value
    {
      return sendsToStore(value, depth: depth + 1)
    }
    return false
  }

  private static func onlySendsToStore(_ closure: ClosureExprSyntax) -> Bool {
    let expressions = statementExpressions(closure.statements)
    guard !expressions.isEmpty, expressions.count == closure.statements.count else {
      return false
    }
    return expressions.allSatisfy { expression in
      if let call = expression.as(FunctionCallExprSyntax.self), call.calleeName == "send",
        let base = call.calleeBase, let root = rootName(of: base)
      {
        return isStoreName(root)
      }
      if let sequence = expression.as(SequenceExprSyntax.self),
        sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
        let target = sequence.elements.first, let root = rootName(of: target)
      {
        return isStoreName(root)
      }
      return false
    }
  }
}
