import SwiftSyntax

/// What every linted file declares and does, gathered in the same single parse, so a rule can
/// look past one file: type declarations and their conformances, stored properties and
/// wrappers; the writes; reducer action handlers by case; which properties each view hands to
/// which child view.
///
/// `init(files:)` and `add(_:)` gather the declarations. The rest comes from linting: each
/// file linted alone, or every file of ``Linter/lint(files:)``, adds its own.
///
/// Rules use it only to stay silent when they cannot be sure: a model type that is not in the
/// index, or is declared twice with different shapes, is treated as unknown.
public struct ProjectIndex: Sendable, Codable {
  /// The declarations of a type, by simple name. Nested `Feature.State` is under `State`.
  var types: [String: [TypeSummary]] = [:]
  /// How many extensions with members each type has, by simple name (one that only declares
  /// nested types cannot use the type's members).
  var extensionCounts: [String: Int] = [:]
  /// Computed properties declared in extensions, by the extended type's simple name.
  var extensionComputedProperties: [String: Set<String>] = [:]
  /// Protocols and superclasses added by extensions, by the extended type's simple name.
  var extensionConformances: [String: Set<String>] = [:]
  /// Types with an extension that mentions `objectWillChange`, so may publish changes.
  var extensionsPublishing: Set<String> = []
  /// Names the linted code assigns or mutates outside initializers (`x.count = …`,
  /// `xs.append(…)`): the last name of each target, with the types whose property it may be
  /// (``WriteOwner``). Meaningful only when `mutationsKnown`.
  var writes: [String: Set<String>] = [:]
  /// Whether `writes` covers every linted file, so a name missing from it is never
  /// written after it is made.
  var mutationsKnown = false
  /// Collections a reducer runs element reducers over: `rows` for
  /// `.forEach(\.rows, action: \.rows) { … }`.
  var forEachCollections: Set<String> = []
  /// Reducer action handlers, one list per `switch action`, by the reducer type's simple name
  /// (the type or extension the switch is in).
  var actionHandlers: [String: [[ActionHandler]]] = [:]
  /// Action cases that child reducers handle: `child` for `Scope(state: \.child, action:
  /// \.child)`, `.ifLet(\.$destination, action: \.destination)` or `.forEach(\.path, action:
  /// \.path)`.
  var childActions: Set<String> = []
  /// The case paths a reducer's switch matches inside another case, by the reducer type's
  /// simple name: `["unlockApp"]` for `case .appLock(.unlockApp):` in `AppReducer`, a parent
  /// reacting to its child's action. A child that sends itself such an action may be telling
  /// its parent, as a delegate action does.
  var nestedActionPaths: [String: Set<[String]>] = [:]
  /// The type names in the payloads of enum cases of that name, in any linted file: which
  /// reducer's actions a parent's `case .workoutList(.element(_, .dismiss))` matches.
  var casePayloads: [String: Set<String>] = [:]
  /// Computed properties and methods outside views that build a formatter, coder or regular
  /// expression each time they run, by key (`publishedText`, `text(for:)`).
  var expensiveMembers: [String: ExpensiveMember] = [:]
  /// What each computed property and method outside views that builds nothing expensive
  /// itself reads or calls each time it runs, by key: one set of keys a declaration
  /// (``ExpensiveMembers/reads(functionKeys:places:viewNames:working:privateKeys:)``).
  var memberReads: [String: [Set<String>]] = [:]
  /// Computed properties and methods outside views that filter, sort or group a collection
  /// each time they run, by key (`sortedItems`, `visible(in:)`).
  var collectionWorkMembers: [String: CollectionWorkMember] = [:]
  /// How many computed properties and methods the project declares under each key.
  var memberDeclarations: [String: Int] = [:]
  /// The `@Binding` properties of each view that drive a `Slider` with no step, by view name:
  /// `["VolumeRow": ["level"]]` for `@Binding var level` and `Slider(value: $level)`.
  var sliderBindings: [String: Set<String>] = [:]
  /// The properties each view hands to child views it makes, by view name: `Panel` →
  /// `(level, LevelRow, level, binding)` for `LevelRow(level: $level)` in `Panel`.
  var handoffs: [String: [ViewHandoff]] = [:]

  /// Where the linted code makes each type by calling its name, by type (``ViewSites``).
  var viewSites: [String: Set<String>] = [:]

  /// An empty index.
  public init() {}

  /// Indexes the type declarations in `files`.
  public init(files: [SourceFileSyntax]) {
    for file in files { add(file) }
  }

  /// Adds the type declarations in `file`.
  public mutating func add(_ file: SourceFileSyntax) {
    let recorder = TypeRecorder(source: file.description)
    _ = SyntaxIndex(file, types: recorder)
    add(recorder)
  }

  /// Adds the type declarations `recorder` was shown.
  mutating func add(_ recorder: TypeRecorder) {
    storedPropertyTypesByName = nil
    viewsOnlyInWidgets = nil
    expensiveMembersFollowed = nil
    for summary in recorder.summaries { types[summary.name, default: []].append(summary) }
    for found in recorder.extensions {
      if found.hasMembers { extensionCounts[found.name, default: 0] += 1 }
      extensionComputedProperties[found.name, default: []].formUnion(found.computed)
      extensionConformances[found.name, default: []].formUnion(found.conformances)
      if found.publishes { extensionsPublishing.insert(found.name) }
    }
    forEachCollections.formUnion(recorder.forEachCollections)
    childActions.formUnion(recorder.childActions)
  }

  /// Adds everything in `other`.
  public mutating func merge(_ other: ProjectIndex) {
    storedPropertyTypesByName = nil
    viewsOnlyInWidgets = nil
    expensiveMembersFollowed = nil
    types.merge(other.types) { $0 + $1 }
    extensionCounts.merge(other.extensionCounts) { $0 + $1 }
    extensionComputedProperties.merge(other.extensionComputedProperties) { $0.union($1) }
    forEachCollections.formUnion(other.forEachCollections)
    writes.merge(other.writes) { $0.union($1) }
    extensionConformances.merge(other.extensionConformances) { $0.union($1) }
    extensionsPublishing.formUnion(other.extensionsPublishing)
    actionHandlers.merge(other.actionHandlers) { $0 + $1 }
    nestedActionPaths.merge(other.nestedActionPaths) { $0.union($1) }
    casePayloads.merge(other.casePayloads) { $0.union($1) }
    expensiveMembers.merge(other.expensiveMembers) { first, second in
      var merged = first
      merged.count += second.count
      return merged
    }
    memberReads.merge(other.memberReads) { $0 + $1 }
    collectionWorkMembers.merge(other.collectionWorkMembers) { first, second in
      var merged = first
      merged.count += second.count
      return merged
    }
    memberDeclarations.merge(other.memberDeclarations) { $0 + $1 }
    sliderBindings.merge(other.sliderBindings) { $0.union($1) }
    handoffs.merge(other.handoffs) { $0 + $1 }
    childActions.formUnion(other.childActions)
    viewSites.merge(other.viewSites) { $0.union($1) }
  }

  /// The wrappers of an app's properties that change rarely: with a setting, a choice, the
  /// scene's phase.
  private static let rareAppWrappers: Set<String> = ["AppStorage", "State", "Environment"]

  /// Whether the view `name` is made again only when a window or scene opens, never because
  /// its parent renders again: every place that makes it (previews aside) is the `body` of an
  /// app that observes no object (its plain `let`s, delegate adaptor, `@AppStorage`, `@State`
  /// and `@Environment` change rarely) or of a scene that holds no state, the body or helpers
  /// of a view with no stored property at all (no input, no state, no environment: SwiftUI
  /// never runs its body again for its parent), a method of a type that is not a view that returns nothing or is
  /// `async` (a controller's `openSettings()`), or a stored property's default or initializer
  /// of a class that is not a view (an app delegate's window). Then its stored-property
  /// defaults and initializer run once per window.
  func isMadeOnlyWithItsWindow(_ name: String) -> Bool {
    guard let sites = viewSites[name], !sites.isEmpty else { return false }
    if isOnlyInWidgets(name) { return true }
    return sites.allSatisfy { site in
      if site.hasPrefix("scene:") {
        guard let scene = uniqueType(named: String(site.dropFirst(6))) else { return false }
        // An app's plain `let`s never change, nor does its delegate; its settings
        // (`@AppStorage`), `@State` and environment change with a user's choice or the scene's
        // phase, not with what a window shows. An observed object publishes: not once per
        // window. A scene's inputs change with its app.
        return scene.conformances.contains("App")
          ? scene.storedProperties.allSatisfy { property in
            scene.wrappers[property.name].map {
              $0.hasSuffix("DelegateAdaptor") || Self.rareAppWrappers.contains($0)
            } ?? true
          }
          : scene.storedProperties.isEmpty
      }
      guard let colon = site.firstIndex(of: ":") else { return false }
      let kind = site[..<colon]
      let parent = String(site[site.index(after: colon)...])
      guard ["in", "do", "new"].contains(kind), let type = uniqueType(named: parent) else {
        return false
      }
      let isView = conforms(parent, to: "View") == true
      if kind == "new" { return type.kind == .classType && !isView }
      if kind == "do" && !isView { return true }
      return type.kind == .structure && isView && type.storedProperties.isEmpty
    }
  }

  /// Whether the view `name` is shown only in widgets: every place that makes it (previews
  /// aside) is a widget's `body` (`StaticConfiguration(…) { entry in ClockView(entry: entry) }`)
  /// or a view shown only in widgets. WidgetKit renders each timeline entry once, into an
  /// archive: such a view is made and rendered once per entry, never again for a change.
  func isOnlyInWidgets(_ name: String) -> Bool {
    (viewsOnlyInWidgets ?? widgetViews()).contains(name)
  }

  /// Whether the linted code may write `name` after it is made: `true` unless every file's
  /// writes are known and none is to `name`.
  func mayWrite(_ name: String) -> Bool {
    !mutationsKnown || writes[name] != nil
  }

  /// Whether the linted code may write the property `name` of type `type` (a simple name)
  /// after it is made: as ``mayWrite(_:)``, leaving out the writes that go, as far as the code
  /// shows, to another type's property of that name (a server model with the same fields).
  func mayWrite(_ name: String, of type: String) -> Bool {
    guard mutationsKnown else { return true }
    guard let owners = writes[name] else { return false }
    return owners.contains { owner in
      let resolved = writeOwner(owner)
      if resolved == WriteOwner.newValue {
        // A new value being finished: it changes an object, never a stored value.
        let kind = uniqueType(named: type)?.kind
        return kind != .structure && kind != .enumeration
      }
      return resolved == WriteOwner.unknown || resolved == type
    }
  }

  /// The type `owner` (from ``WriteOwner``) names: for `@Owner.property`, the written type of
  /// that stored property of the one type named `Owner`; ``WriteOwner/unknown`` when the
  /// index cannot tell.
  func writeOwner(_ owner: String) -> String {
    guard owner.hasPrefix("@") else { return owner }
    let parts = owner.dropFirst().split(separator: ".", maxSplits: 1).map(String.init)
    guard parts.count == 2, let summary = uniqueType(named: parts[0]),
      let type = summary.storedProperties.first(where: { $0.name == parts[1] })?.type,
      let name = WriteOwner.simpleName(ofStoredType: type)
    else { return WriteOwner.unknown }
    return name == "Self" ? summary.name : name
  }

  /// Whether the binding handed to view `type` as `label` drives a `Slider` with no step, in
  /// that view or in the child views it passes the binding on to.
  func bindingDrivesSlider(_ type: String, label: String) -> Bool {
    var seen: Set<String> = []
    var pending = [(type, label)]
    while let (view, property) = pending.popLast() {
      guard seen.insert(view + "." + property).inserted else { continue }
      if sliderBindings[view]?.contains(property) == true { return true }
      for handoff in handoffs[view] ?? [] where handoff.isBinding && handoff.property == property {
        pending.append((handoff.child, handoff.label))
      }
    }
    return false
  }

  /// The member every declaration of `key` is: one that filters, sorts or groups a collection
  /// each time it runs; `nil` when some declaration of that key does not.
  func collectionWorkMember(_ key: String) -> CollectionWorkMember? {
    guard let member = collectionWorkMembers[key], member.count == memberDeclarations[key]
    else { return nil }
    return member
  }

  /// The member every declaration of `key` is: one that builds an expensive object each time
  /// it runs; `nil` when some declaration of that key does not.
  func expensiveMember(_ key: String) -> ExpensiveMember? {
    (expensiveMembersFollowed ?? followExpensiveMembers())[key]
  }

  /// ``expensiveMember(_:)`` for every key, made by ``prepareForQueries()``; `nil` otherwise.
  private var expensiveMembersFollowed: [String: ExpensiveMember]?

  /// The keys every declaration of which builds an expensive object each time it runs, or
  /// reads (``memberReads``) such a key each time it runs: `balanceText(for:)`, which calls
  /// `formatToFiat(includeCurrencySymbol:)` in another file, which builds a `NumberFormatter`.
  /// A declaration may read its own key (`String.formatToFiat()` calling `Decimal`'s): it
  /// counts when another declaration of the key does the work. Each found key carries the
  /// work it reaches, and where that is done.
  private func followExpensiveMembers() -> [String: ExpensiveMember] {
    var found = expensiveMembers.filter { $0.value.count == memberDeclarations[$0.key] }
    // The keys each declaration of which does the work or reads something, and the keys
    // that read each key.
    var readers: [String: [String]] = [:]
    var working: [String] = []
    for (key, reads) in memberReads where found[key] == nil {
      let count = expensiveMembers[key]?.count ?? 0
      guard count + reads.count == memberDeclarations[key] else { continue }
      if count > 0 { working.append(key) }
      // Only a key some declaration reaches work through can be found (most reads are of the
      // standard library's members).
      for read in reads.joined()
      where read != key && (memberReads[read] != nil || expensiveMembers[read] != nil) {
        readers[read, default: []].append(key)
      }
    }
    // In a fixed order, so that each key reaches the same work in every lint.
    working.sort()
    for read in readers.keys { readers[read]?.sort() }
    // A key is found when each of its declarations that does no work reads a found key (or
    // its own): checked again each time one of the keys it reads is found.
    var queue = found.keys.sorted(by: >)
    func check(_ key: String, reaching work: ExpensiveMember?) {
      guard found[key] == nil, let reads = memberReads[key],
        let work = expensiveMembers[key] ?? work,
        reads.allSatisfy({ $0.contains(key) || $0.contains { found[$0] != nil } })
      else { return }
      found[key] = ExpensiveMember(
        work: work.work, place: work.place, count: memberDeclarations[key] ?? 1)
      queue.append(key)
    }
    for key in working { check(key, reaching: nil) }
    while let key = queue.popLast() {
      for reader in readers[key] ?? [] { check(reader, reaching: found[key]) }
    }
    return found
  }

  /// The written types of the stored properties named `name`, across the project's types
  /// (`nil` for a property declared without a type).
  func storedPropertyTypes(named name: String) -> Set<String?> {
    if let byName = storedPropertyTypesByName { return byName[name] ?? [] }
    return Set(
      types.values.joined().flatMap { summary in
        summary.storedProperties.filter { $0.name == name }.map(\.type)
      })
  }

  /// Whether the project declares the instance property `name`, and every declaration of it,
  /// stored or computed, is a `Set` (by its written type, or a `Set<T>()` default).
  func declaresOnlySets(named name: String) -> Bool {
    let stored = storedPropertyTypes(named: name)
    guard stored.allSatisfy({ $0?.hasPrefix("Set<") ?? false }) else { return false }
    var computed = false
    for summary in types.values.joined() where summary.computedProperties.contains(name) {
      guard summary.computedSets.contains(name) else { return false }
      computed = true
    }
    return computed || !stored.isEmpty
  }

  /// ``storedPropertyTypes(named:)`` for every name, made by ``prepareForQueries()`` once a
  /// lint has merged every file's index (each finding decided then asks for some, and each
  /// search went through every type); `nil` otherwise, and never stored in a cache.
  private var storedPropertyTypesByName: [String: Set<String?>]?

  /// Makes the lookups that findings decided against the whole project ask for, once all
  /// files are merged in. Adding or merging more afterwards undoes it.
  mutating func prepareForQueries() {
    var byName: [String: Set<String?>] = [:]
    for summary in types.values.joined() {
      for property in summary.storedProperties {
        byName[property.name, default: []].insert(property.type)
      }
    }
    storedPropertyTypesByName = byName
    viewsOnlyInWidgets = widgetViews()
    expensiveMembersFollowed = followExpensiveMembers()
  }

  /// ``isOnlyInWidgets(_:)`` for every view, made by ``prepareForQueries()`` (before, each
  /// question works it out anew); `nil` otherwise, and never stored in a cache.
  private var viewsOnlyInWidgets: Set<String>?

  /// The views shown only in widgets (see ``isOnlyInWidgets(_:)``): those a widget's `body`
  /// makes, then, until none is added, those made only there or by views already found.
  private func widgetViews() -> Set<String> {
    var found: Set<String> = []
    var candidates = viewSites.filter { _, sites in
      !sites.isEmpty && sites.allSatisfy { $0.hasPrefix("widget:") || $0.hasPrefix("in:") }
    }
    var added = true
    while added {
      added = false
      for (name, sites) in candidates
      where sites.allSatisfy({ site in
        site.hasPrefix("widget:") || found.contains(String(site.dropFirst(3)))
      }) {
        found.insert(name)
        candidates[name] = nil
        added = true
      }
    }
    return found
  }

  /// Whether the project declares `member` only as a computed property of enums, in their
  /// declarations or extensions: what it returns depends on the enum's case alone.
  func isOnlyEnumComputedProperty(_ member: String) -> Bool {
    var found = false
    for summaries in types.values {
      for summary in summaries {
        if summary.storedProperties.contains(where: { $0.name == member }) { return false }
        if summary.computedProperties.contains(member) {
          guard summary.kind == .enumeration else { return false }
          found = true
        }
      }
    }
    for (type, computed) in extensionComputedProperties where computed.contains(member) {
      guard uniqueType(named: type)?.kind == .enumeration else { return false }
      found = true
    }
    return found
  }

  /// Whether `type` conforms to `conformance` in its declaration or an extension; `nil` when
  /// the project does not declare `type` exactly once.
  func conforms(_ type: String, to conformance: String) -> Bool? {
    guard let summary = uniqueType(qualified: type) else { return nil }
    return summary.conformances.contains(conformance)
      || extensionConformances[summary.name, default: []].contains(conformance)
  }

  /// Whether the `ObservableObject` class or actor `type` can never announce a change: it is
  /// declared once, inherits only from protocols we know (or `NSObject`), has no property
  /// wrapper on a stored property (`@Published` or a custom one that publishes; `@MainActor`
  /// is not one), and neither it nor an extension mentions `objectWillChange`. Observing
  /// such an object never re-renders a view.
  func neverPublishes(_ type: String) -> Bool {
    // An observed object is a class or an actor: a struct or enum of the same name elsewhere
    // (`UserSettings.WindowManager`) is not the one observed.
    let isObject: (TypeSummary) -> Bool = { $0.kind == .classType || $0.kind == .actor }
    let summary =
      uniqueType(qualified: type)
      ?? (type.contains(".")
        ? nil
        : types[type].flatMap { found in
          let objects = found.filter(isObject)
          return objects.count == 1 ? objects[0] : nil
        })
    guard let summary, isObject(summary) else { return false }
    return !summary.mayPublish && !extensionsPublishing.contains(summary.name)
  }

  /// Whether an object of class `type` that nothing holds but the view that made it can
  /// never announce a change: making it starts no work (see `TypeSummary.mayStartWork`), and
  /// it inherits no initializer that might (only protocols we know, or `NSObject`).
  func staysQuietUnheld(_ type: String) -> Bool {
    guard let summary = uniqueType(qualified: type), summary.kind == .classType else {
      return false
    }
    return !summary.mayStartWork && summary.conformances.isSubset(of: TypeRecorder.quietInheritance)
  }

  /// Element type name of a collection type: `Item` for `[Item]`, `Array<Item>`,
  /// `IdentifiedArrayOf<Item>`.
  static func elementType(of collectionType: String) -> String? {
    var text = collectionType
    if text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
    if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") {
      return String(text.dropFirst().dropLast())
    }
    for prefix in ["Array<", "ContiguousArray<", "IdentifiedArrayOf<", "Set<"]
    where text.hasPrefix(prefix) && text.hasSuffix(">") {
      return String(text.dropFirst(prefix.count).dropLast())
    }
    return nil
  }

  /// The one declaration that `name` (`State`, `Feature.State`, `App.Feature.State`) names,
  /// matching the innermost enclosing type when `name` is qualified; `nil` when there is none
  /// or more than one.
  func uniqueType(qualified name: String) -> TypeSummary? {
    let parts = name.split(separator: ".").map(String.init)
    guard let last = parts.last else { return nil }
    guard parts.count > 1 else { return uniqueType(named: last) }
    let parent = parts[parts.count - 2]
    let found = (types[last] ?? []).filter { $0.parent == parent }
    return found.count == 1 ? found[0] : nil
  }

  /// The one declaration named `name`, or `nil` when there is none or more than one.
  func uniqueType(named name: String) -> TypeSummary? {
    guard let found = types[name], found.count == 1 else { return nil }
    return found[0]
  }
}

/// A view's property handed to a child view: `LevelRow(level: $volume)` hands a binding to
/// `volume` to `LevelRow` as `level`; `Row(model: model)` hands `model` as `model`.
struct ViewHandoff: Sendable, Hashable, Codable {
  var property: String
  var child: String
  var label: String
  /// Whether a binding (`$volume`) is handed, not the value.
  var isBinding: Bool
}

/// The shape of one type declaration.
struct TypeSummary: Sendable {
  enum Kind: String, Sendable, Codable { case structure, classType, enumeration, actor }

  var name: String
  var kind: Kind
  /// The simple name of the type or extension it is nested in: `Feature` for
  /// `Feature.State`; `nil` at file scope.
  var parent: String?
  /// Stored instance properties, with their written type when annotated.
  var storedProperties: [(name: String, type: String?)]
  /// Computed instance properties.
  var computedProperties: Set<String>
  /// The computed instance properties whose written type is a `Set` (`var shown: Set<Tag>`).
  var computedSets: Set<String> = []
  /// The computed instance properties that only read a path of properties
  /// (`get { presentation.addRoutine }`; see `PatternBindingSyntax.forwardsStoredPath`).
  var forwardingProperties: Set<String> = []
  /// Stored instance properties declared with `var`.
  var variableProperties: Set<String> = []
  /// The property wrapper of each wrapped stored property: `["model": "ObservedObject"]`.
  var wrappers: [String: String] = [:]
  /// Whether the type declares its own `==` or `hash(into:)`, so equality may ignore fields.
  var hasCustomEquality = false
  /// The names in its inheritance clause, last components: `Identifiable`, `ObservableObject`.
  var conformances: Set<String> = []
  /// For a class: whether it may announce changes (see `ProjectIndex.neverPublishes`).
  var mayPublish = true
  /// For a class: whether making it may start work that goes on with nobody holding it (a
  /// task, a timer, a subscription): its initializers or stored property values call anything
  /// but a type's initializer, hold a closure, or hand `self` on.
  var mayStartWork = true
}

/// For the lint cache: stored properties are written as two arrays (a tuple is not `Codable`).
extension TypeSummary: Codable {
  private enum CodingKeys: String, CodingKey {
    case name, kind, parent, storedNames, storedTypes, computedProperties, computedSets
    case forwardingProperties, variableProperties
    case wrappers, hasCustomEquality, conformances, mayPublish, mayStartWork
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    kind = try container.decode(Kind.self, forKey: .kind)
    parent = try container.decodeIfPresent(String.self, forKey: .parent)
    let names = try container.decode([String].self, forKey: .storedNames)
    let types = try container.decode([String?].self, forKey: .storedTypes)
    guard names.count == types.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .storedTypes, in: container,
        debugDescription: "as many stored property types as names")
    }
    storedProperties = zip(names, types).map { (name: $0, type: $1) }
    computedProperties = try container.decode(Set<String>.self, forKey: .computedProperties)
    computedSets = try container.decode(Set<String>.self, forKey: .computedSets)
    forwardingProperties = try container.decode(
      Set<String>.self, forKey: .forwardingProperties)
    variableProperties = try container.decode(Set<String>.self, forKey: .variableProperties)
    wrappers = try container.decode([String: String].self, forKey: .wrappers)
    hasCustomEquality = try container.decode(Bool.self, forKey: .hasCustomEquality)
    conformances = try container.decode(Set<String>.self, forKey: .conformances)
    mayPublish = try container.decode(Bool.self, forKey: .mayPublish)
    mayStartWork = try container.decode(Bool.self, forKey: .mayStartWork)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(kind, forKey: .kind)
    try container.encodeIfPresent(parent, forKey: .parent)
    try container.encode(storedProperties.map(\.name), forKey: .storedNames)
    try container.encode(storedProperties.map(\.type), forKey: .storedTypes)
    try container.encode(computedProperties, forKey: .computedProperties)
    try container.encode(computedSets, forKey: .computedSets)
    try container.encode(forwardingProperties, forKey: .forwardingProperties)
    try container.encode(variableProperties, forKey: .variableProperties)
    try container.encode(wrappers, forKey: .wrappers)
    try container.encode(hasCustomEquality, forKey: .hasCustomEquality)
    try container.encode(conformances, forKey: .conformances)
    try container.encode(mayPublish, forKey: .mayPublish)
    try container.encode(mayStartWork, forKey: .mayStartWork)
  }
}

/// What a file declares, shown its declarations outside function bodies in source order by the
/// walk that makes the file's ``SyntaxIndex`` (which then needs no walk of its own).
final class TypeRecorder {
  var summaries: [TypeSummary] = []
  /// Whether the file's text has `objectWillChange` anywhere: a type's members are searched
  /// for it only then (most files do not).
  let mentionsObjectWillChange: Bool
  /// Whether the file's text has `action` anywhere: calls are looked at for an `action:`
  /// argument only then.
  let mentionsAction: Bool

  /// A recorder for the declarations of the file whose text is `source`.
  init(source: String) {
    mentionsObjectWillChange = containsBytes(source, "objectWillChange")
    mentionsAction = containsBytes(source, "action")
  }

  /// The types and extensions the walk is inside, innermost last.
  private var enclosing: [String] = []
  var extensions:
    [(
      name: String, computed: Set<String>, conformances: Set<String>, publishes: Bool,
      hasMembers: Bool
    )] = []

  /// Inherited names that never publish anything: protocols and `NSObject`.
  /// Attributes of a stored property that never make it publish: an actor isolation, an
  /// Objective-C spelling.
  static let quietAttributes: Set<String> = ["MainActor", "objc", "nonobjc"]

  static let quietInheritance: Set<String> = [
    "ObservableObject", "Identifiable", "Equatable", "Hashable", "Sendable", "Codable",
    "Decodable", "Encodable", "CustomStringConvertible", "NSObject",
  ]

  static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> Set<String> {
    Set(
      clause?.inheritedTypes.compactMap { $0.type.simpleName } ?? [])
  }
  var forEachCollections: Set<String> = []
  var childActions: Set<String> = []

  /// A call outside function bodies.
  func record(_ node: FunctionCallExprSyntax) {
    // Both facts below need an argument labelled `action`.
    guard mentionsAction else { return }
    if let action = node.argument("action") {
      if let keyPath = action.as(KeyPathExprSyntax.self),
        let last = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
      {
        childActions.insert(last.declName.baseName.text)
      } else if let casePath = action.as(PrefixOperatorExprSyntax.self),
        let member = casePath.expression.as(MemberAccessExprSyntax.self)
      {
        // `/Action.child`, the case paths of older TCA.
        childActions.insert(member.declName.baseName.text)
      }
    }
    if node.calleeName == "forEach", node.calleeBase != nil,
      node.argument("action") != nil,
      let keyPath = node.firstUnlabeledArgument?.as(KeyPathExprSyntax.self),
      let last = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
    {
      forEachCollections.insert(last.declName.baseName.text)
    }
  }

  /// Enters an extension; ``exit()`` leaves it.
  func enter(_ node: ExtensionDeclSyntax) {
    let extended = node.extendedType.simpleName
    if let name = extended {
      var computed: Set<String> = []
      for member in node.memberBlock.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic else {
          continue
        }
        for binding in variable.bindings where binding.isComputed {
          if let name = binding.identifierName { computed.insert(name) }
        }
      }
      extensions.append(
        (
          name, computed, Self.inheritedNames(node.inheritanceClause),
          mentionsObjectWillChange
            && containsBytes(node.memberBlock.description, "objectWillChange"),
          declaresMembers(node)
        ))
    }
    enclosing.append(extended ?? "")
  }

  /// Enters a struct; ``exit()`` leaves it.
  func enter(_ node: StructDeclSyntax) {
    record(node.name.text, .structure, node.memberBlock, node.inheritanceClause)
  }

  /// Enters a class; ``exit()`` leaves it.
  func enter(_ node: ClassDeclSyntax) {
    record(node.name.text, .classType, node.memberBlock, node.inheritanceClause)
  }

  /// Enters an enum; ``exit()`` leaves it.
  func enter(_ node: EnumDeclSyntax) {
    record(node.name.text, .enumeration, node.memberBlock, node.inheritanceClause)
  }

  /// Enters an actor; ``exit()`` leaves it.
  func enter(_ node: ActorDeclSyntax) {
    record(node.name.text, .actor, node.memberBlock, node.inheritanceClause)
  }

  /// The type of a stored property whose default makes an empty collection of a named type:
  /// `Set<Module>()`, `[Tag]()`; `nil` for anything else (a property's type is otherwise
  /// known only from its annotation).
  private static func collectionType(madeBy value: ExprSyntax) -> String? {
    guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      call.trailingClosure == nil
    else { return nil }
    let callee = call.calledExpression
    if let generic = callee.as(GenericSpecializationExprSyntax.self),
      generic.expression.trimmedText == "Set"
    {
      return callee.trimmedText
    }
    if callee.is(ArrayExprSyntax.self) { return callee.trimmedText }
    return nil
  }

  /// Whether code run when an object is made may start work that outlives it: a closure, a
  /// call of anything but a type's initializer (`Model()`, `super.init()`), or `self` handed
  /// on (`Registry.add(self)`, `observer = self`).
  private static func mayStartWork(_ node: Syntax) -> Bool {
    if !descendants(ClosureExprSyntax.self, of: node).isEmpty { return true }
    for call in descendants(FunctionCallExprSyntax.self, of: node) {
      let callee = call.calledExpression
      if let reference = callee.as(DeclReferenceExprSyntax.self),
        reference.baseName.text.first?.isUppercase == true
      {
        continue
      }
      if let member = callee.as(MemberAccessExprSyntax.self),
        member.declName.baseName.text == "init",
        let base = member.base?.trimmedText, ["super", "self", "Self"].contains(base)
      {
        continue
      }
      return true
    }
    // `self` as a value, not as the base of `self.x`.
    return descendants(DeclReferenceExprSyntax.self, of: node).contains { reference in
      reference.baseName.tokenKind == .keyword(.self)
        && reference.parent?.as(MemberAccessExprSyntax.self)?.base?.id != reference.id
    }
  }

  /// Leaves the type or extension entered last.
  func exit() { enclosing.removeLast() }

  private func record(
    _ name: String, _ kind: TypeSummary.Kind, _ members: MemberBlockSyntax,
    _ inheritance: InheritanceClauseSyntax?
  ) {
    var summary = TypeSummary(
      name: name, kind: kind, parent: enclosing.last, storedProperties: [],
      computedProperties: [])
    enclosing.append(name)
    summary.conformances = Self.inheritedNames(inheritance)
    if kind == .classType || kind == .actor {
      summary.mayPublish =
        !summary.conformances.isSubset(of: Self.quietInheritance)
        || (mentionsObjectWillChange && containsBytes(members.description, "objectWillChange"))
        || members.members.contains { member in
          guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic
          else { return false }
          return variable.attributes.contains { attribute in
            guard let attribute = attribute.as(AttributeSyntax.self) else { return true }
            return !Self.quietAttributes.contains(attribute.attributeName.trimmedText)
          }
        }
      summary.mayStartWork = members.members.contains { member in
        if let initializer = member.decl.as(InitializerDeclSyntax.self) {
          return initializer.body.map { Self.mayStartWork(Syntax($0)) } ?? false
        }
        guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic,
          !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) })
        else { return false }
        return variable.bindings.contains { binding in
          binding.initializer.map { Self.mayStartWork(Syntax($0.value)) } ?? false
        }
      }
    }
    for member in members.members {
      if let function = member.decl.as(FunctionDeclSyntax.self),
        ["==", "hash"].contains(function.name.text)
      {
        summary.hasCustomEquality = true
      }
      guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic else {
        continue
      }
      for binding in variable.bindings {
        guard let propertyName = binding.identifierName else { continue }
        if binding.isComputed {
          summary.computedProperties.insert(propertyName)
          if binding.typeAnnotation?.type.trimmedText.hasPrefix("Set<") == true {
            summary.computedSets.insert(propertyName)
          }
          if binding.forwardsStoredPath { summary.forwardingProperties.insert(propertyName) }
        } else {
          summary.storedProperties.append(
            (
              propertyName,
              binding.typeAnnotation?.type.trimmedText
                ?? binding.initializer.flatMap { Self.collectionType(madeBy: $0.value) }
            ))
          if let wrapper = variable.attributes.first?.as(AttributeSyntax.self) {
            summary.wrappers[propertyName] = wrapper.attributeName.trimmedText
          }
          if variable.bindingSpecifier.tokenKind == .keyword(.var) {
            summary.variableProperties.insert(propertyName)
          }
        }
      }
    }
    summaries.append(summary)
  }
}
