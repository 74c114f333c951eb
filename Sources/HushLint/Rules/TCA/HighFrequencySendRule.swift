import SwiftSyntax

/// A `Slider`, fine `Stepper` or continuous gesture that sends a store action on every
/// movement, directly, through a child view's `@Binding` or through `onChange(of:)`.
struct HighFrequencySendRule: Rule {
  static let description = RuleDescription(
    id: "high-frequency-send",
    name: "High-Frequency Send",
    summary:
      "A Slider, fine Stepper or gesture bound straight to a store with no step or local state",
    rationale: """
      A Slider bound to a store binding ($store.x, .sending(…), viewStore.binding, a \
      Binding(get:set:) whose setter sends, or a local let holding one of those), or a \
      drag, magnification or rotation gesture whose onChanged sends a store action, sends an \
      action for every tiny movement; so do a store binding handed to a child view whose \
      @Binding drives such a Slider, and an onChange(of:) that sends whenever a value such a \
      Slider or gesture moves changes. That is dozens a second, each running the \
      reducer, comparing state and notifying observing views. Keep the in-flight value in \
      local @State and send once when editing ends (Slider's onEditingChanged, the gesture's \
      onEnded), or give the Slider a step so it sends only meaningful changes. A Stepper held \
      down repeats, so with over 200 steps in its range (0...3600 by 1, 0...5 by 0.01) keep \
      its value local too, or use a coarser step.
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
      .tca(
        """
        struct CropView: View {
          let store: StoreOf<Crop>
          @State private var offset = CGSize.zero
          @State private var zoom = 1.0
          @GestureState private var angle = Angle.zero
          var body: some View {
            Image("photo")
              .gesture(DragGesture().onChanged { offset = $0.translation })
              .↓onChange(of: offset) { store.send(.offsetChanged($0)) }
              .gesture(RotationGesture().updating($angle) { value, state, _ in state = value })
              .↓onChange(of: angle) { _, angle in store.send(.rotated(angle)) }
              .gesture(MagnificationGesture().↓onChanged { store.send(.zoomed($0)) })
            Slider(value: $zoom, in: 1...4)
              .↓onChange(of: self.zoom) { _, zoom in store.send(.zoomChanged(zoom)) }
            ↓Stepper("Seconds", value: $store.seconds, in: 0...3600)
            ↓Stepper(value: $store.exposure, in: -2.5...2.5, step: 0.01) { Text("Exposure") }
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
      .tca(
        """
        struct CropView: View {
          let store: StoreOf<Crop>
          @State private var offset = CGSize.zero
          @State private var isEditing = false
          @State private var zoom = 1.0
          var body: some View {
            Image("photo")
              .gesture(
                DragGesture()
                  .onChanged { offset = $0.translation }
                  .onEnded { _ in store.send(.moved(offset)) })
              .onChange(of: isEditing) { store.send(.editingChanged($0)) }
            Slider(value: $zoom, in: 1...4, step: 0.5)
              .onChange(of: zoom) { store.send(.zoomChanged($0)) }
            Stepper("Guests", value: $store.guests, in: 1...12)
            Stepper("Maximum", value: $store.maximum, in: 0...100)
            Stepper("Volume", value: $store.volume, in: 0...1, step: 0.1)
            Stepper("Count", value: $count, in: 0...1000)
          }
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
      } else if call.isType("Stepper"), let value = call.argument("value"),
        Self.sendsToStore(value), let steps = Self.steps(of: call), steps > 200
      {
        result.append(
          Finding(
            at: call,
            message: "this Stepper has \(steps) steps and, held down, sends a store action for "
              + "each; keep the value in local @State and send when it settles, or use a "
              + "coarser step"))
      } else if call.calleeName == "onChanged", let base = call.calleeBase,
        Self.isContinuousGesture(base),
        let closure = call.trailingClosure
          ?? call.firstUnlabeledArgument?.as(ClosureExprSyntax.self),
        Self.onlySendsToStore(closure),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self)
      {
        result.append(
          Finding(
            at: member.declName,
            message: "this gesture sends a store action for every movement; track it in local "
              + "@State and send in onEnded"))
      } else if let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        type.first?.isUppercase == true
      {
        // A store binding handed to a child view whose `@Binding` drives a Slider.
        for argument in call.arguments {
          guard let label = argument.label?.text, Self.sendsToStore(argument.expression) else {
            continue
          }
          result.append(
            Finding(at: argument.expression) { index in
              guard index.types[type]?.count == 1,
                index.bindingDrivesSlider(type, label: label)
              else { return nil }
              return "\(type) drives a Slider with this binding, so every movement sends a "
                + "store action; keep the value in local @State there and send when editing "
                + "ends, or give the Slider a step"
            })
        }
      }
    }
    for view in file.views {
      result += Self.continuousOnChangeSends(in: view)
    }
    return result
  }

  /// `.onChange(of: x) { store.send(…) }` where a Slider or a gesture changes `x`
  /// continuously in `view`: the store hears every movement through the `onChange`.
  private static func continuousOnChangeSends(in view: ViewType) -> [Finding] {
    var continuous: Set<String> = []
    var onChanges: [(FunctionCallExprSyntax, String)] = []
    for member in view.members {
      for call in descendants(FunctionCallExprSyntax.self, of: member) {
        if call.isType("Slider"), call.argument("step") == nil,
          let name = call.argument("value")?.as(DeclReferenceExprSyntax.self)?.baseName.text,
          name.hasPrefix("$")
        {
          continuous.insert(String(name.dropFirst()))
        } else if call.calleeName == "onChanged", let base = call.calleeBase,
          isContinuousGesture(base)
        {
          for sequence in descendants(SequenceExprSyntax.self, of: call)
          where sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true {
            if let target = sequence.elements.first.flatMap({ rootName(of: $0) }) {
              continuous.insert(target)
            }
          }
        } else if call.calleeName == "onChange", let observed = call.argument("of"),
          let name = rootName(of: observed),
          observed.trimmedText == name
            || observed.trimmedText == "self." + name
        {
          onChanges.append((call, name))
        }
      }
    }
    continuous.formUnion(view.properties.filter { $0.wrapper == "GestureState" }.map(\.name))
    return onChanges.compactMap { call, name in
      guard continuous.contains(name), view.property(named: name) != nil,
        let closure = call.trailingClosure
          ?? call.argument("perform")?.as(ClosureExprSyntax.self),
        onlySendsToStore(closure),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self)
      else { return nil }
      return Finding(
        at: member.declName,
        message: "'\(name)' changes with every movement of a slider or gesture, so this "
          + "onChange sends a store action for each; send when editing or the gesture ends")
    }
  }

  /// How many steps a Stepper's literal range holds: 3,600 for `in: 0...3600`, 10 for
  /// `in: 0...1, step: 0.1`; `nil` unless the range and step are number literals.
  private static func steps(of stepper: FunctionCallExprSyntax) -> Int? {
    guard let range = stepper.argument("in")?.as(SequenceExprSyntax.self),
      range.elements.count == 3,
      range.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text
        == "...",
      let lower = number(range.elements.first), let upper = number(range.elements.last)
    else { return nil }
    let step = stepper.argument("step").map(number) ?? 1
    guard let step, step > 0, upper > lower else { return nil }
    return Int(((upper - lower) / step).rounded())
  }

  private static func number(_ expression: ExprSyntax?) -> Double? {
    guard let expression else { return nil }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return number(prefix.expression).map { -$0 }
    }
    if let integer = expression.as(IntegerLiteralExprSyntax.self) {
      return Double(integer.literal.text.replacingOccurrences(of: "_", with: ""))
    }
    if let float = expression.as(FloatLiteralExprSyntax.self) {
      return Double(float.literal.text.replacingOccurrences(of: "_", with: ""))
    }
    return nil
  }

  /// Whether `base`, the receiver of `.onChanged`, is a gesture that changes with every
  /// movement: a drag, magnification or rotation, perhaps already configured
  /// (`DragGesture().onEnded { … }`).
  private static func isContinuousGesture(_ base: ExprSyntax) -> Bool {
    let root = memberCalls(of: base).last?.calleeBase ?? base
    guard let call = root.as(FunctionCallExprSyntax.self) else { return false }
    return [
      "DragGesture", "MagnificationGesture", "MagnifyGesture", "RotationGesture",
      "RotateGesture",
    ].contains { call.isType($0) }
  }

  private static func isStoreName(_ name: String) -> Bool {
    let bare = name.hasPrefix("$") ? String(name.dropFirst()) : name
    return bare == "store" || bare == "viewStore" || bare.hasSuffix("Store")
  }

  private static func isStoreBinding(_ value: ExprSyntax) -> Bool {
    guard let root = rootName(of: value), isStoreName(root) else { return false }
    let text = value.trimmedText
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
