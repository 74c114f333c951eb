// tca-parity: writes Docs/TCA-PARITY.md, the table of TCA's public API and its Hush spelling.
//
//   swift run tca-parity TCA_CHECKOUT [--version 1.25.5] [--output Docs/TCA-PARITY.md]
//     [--references FILE]
//
// TCA_CHECKOUT is a checkout of pointfreeco/swift-composable-architecture (a 1.x tag). Every
// public declaration of its `Sources/ComposableArchitecture`, overload by overload, is looked
// up in Hush's public API (`Sources/Hush`, `Sources/HushTesting`, `Sources/HushCombine`): one
// that a call written for TCA also compiles against (labels and outer parameter types) is
// "same spelling", checked by a compiled use of that overload (FILE, from
// `Scripts/apple-compile --references FILE`, which it runs when FILE is not given); the
// decisions in
// `Scripts/TCAParity/decisions.tsv` say which others are "renamed" or "not needed", and why;
// TCA's deprecated, unavailable and (by Hush's minimum OS versions) obsoleted API is "not
// needed"; the rest is "missing".
import Foundation

struct Failure: Error, CustomStringConvertible {
  var description: String
}

enum Status: String, CaseIterable {
  case same = "same spelling"
  case renamed
  case notNeeded = "not needed"
  case missing
}

struct Row {
  var declaration: APIDeclaration
  var area: String
  var status: Status
  var note: String
  /// For a "same spelling" row, Hush's declarations that TCA's calls compile against.
  var spellings: [APIDeclaration] = []
  /// For a "same spelling" row, the test files that write it.
  var tests: [String] = []
}

/// `key<TAB>status<TAB>note` lines; `#` starts a comment. A key is a declaration's signature
/// by labels (`Store.scope(state:action:)`: every overload), one overload as the table shows
/// it (`Store.scope(state: KeyPath, action: CaseKeyPath)`), or a name with `*` at its end for
/// every declaration that starts with it (`ViewStore*`); `[Module] ` before it limits it to a
/// module TCA re-exports (`[UIKitNavigation] *`). "same spelling" is for what Hush has without
/// declaring it (a protocol's extension gives it), which the note names.
struct Decisions {
  var entries: [(key: String, status: Status, note: String, line: Int)] = []

  init(contentsOf path: String) throws {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw Failure(description: "\(path): cannot read the decisions: \(error)")
    }
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3, let status = Status(rawValue: fields[1]), !fields[2].isEmpty
      else {
        throw Failure(
          description: """
            \(path):\(index + 1): expected "key<TAB>status<TAB>note" with a status of \
            \(Status.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")) and a \
            note, got "\(line)"
            """)
      }
      entries.append((fields[0], status, fields[2], index + 1))
    }
  }

  func decision(for declaration: APIDeclaration) -> (Status, String, Int)? {
    for entry in entries {
      var key = Substring(entry.key)
      // `[Sharing] *`: only the declarations of that re-exported module.
      if key.hasPrefix("["), let close = key.firstIndex(of: "]") {
        guard declaration.module == String(key[key.index(after: key.startIndex)..<close]) else {
          continue
        }
        key = key[key.index(after: close)...].drop { $0 == " " }
      }
      let matches =
        key.hasSuffix("*")
        ? declaration.signature.hasPrefix(key.dropLast())
        : declaration.signature == key || declaration.typedSignature == key
          || declaration.name == key
      if matches { return (entry.status, entry.note, entry.line) }
    }
    return nil
  }
}

/// The table's areas, in the order it shows them.
let areas = [
  "Reducer and operators", "Effect", "Store", "TestStore", "Dependencies", "Bindings",
  "Navigation", "SwiftUI helpers", "UIKit helpers", "Shared state",
]

/// The area of a declaration of TCA's: by the type it belongs to, then by its file.
func area(of declaration: APIDeclaration) -> String {
  let type = declaration.name.split(separator: ".").first.map(String.init) ?? declaration.name
  let file = declaration.file
  let byType: [String: String] = [
    "TestStore": "TestStore", "TestStoreOf": "TestStore", "TestStoreTask": "TestStore",
    "Exhaustivity": "TestStore", "Effect": "Effect", "EffectOf": "Effect", "Send": "Effect",
    "TaskResult": "Effect", "Store": "Store", "StoreOf": "Store", "StoreTask": "Store",
    "ViewStore": "Store", "ViewStoreOf": "Store", "ObservableState": "Store",
    "@ObservableState": "Store", "ViewAction": "Store", "@ViewAction": "Store",
    "Reducer": "Reducer and operators", "@Reducer": "Reducer and operators",
    "DependencyValues": "Dependencies", "DismissEffect": "Dependencies",
    "BindableAction": "Bindings", "BindingAction": "Bindings", "BindingState": "Bindings",
    "BindingReducer": "Bindings", "BindingViewState": "Bindings", "BindingViewStore": "Bindings",
    "PresentationAction": "Navigation", "PresentationState": "Navigation",
    "@Presents": "Navigation",
    "StackState": "Navigation", "StackAction": "Navigation", "StackActionOf": "Navigation",
    "StackElementID": "Navigation", "NavigationStack": "Navigation",
    "NavigationLink": "Navigation", "AlertState": "Navigation",
    "ConfirmationDialogState": "Navigation", "Binding": "Bindings",
  ]
  if let area = byType[type] { return area }
  let byFile: [(String, String)] = [
    ("TestStore", "TestStore"), ("Sharing/", "Shared state"), ("Dependencies/", "Dependencies"),
    ("UIKit/", "UIKit helpers"), ("Binding", "Bindings"), ("Presentation", "Navigation"),
    ("Stack", "Navigation"), ("Alert", "Navigation"), ("NavigationStack", "Navigation"),
    ("Effect", "Effect"), ("Store", "Store"), ("Core", "Store"), ("Observation/", "Store"),
    ("SwiftUI/", "SwiftUI helpers"), ("Reducer", "Reducer and operators"),
    ("CaseReducer", "Reducer and operators"), ("Macros", "Reducer and operators"),
  ]
  for (fragment, area) in byFile where file.contains(fragment) { return area }
  return "Reducer and operators"
}

func swiftFiles(under root: String, excluding excluded: [String] = []) throws -> [String] {
  guard
    let enumerator = FileManager.default.enumerator(atPath: root)
  else { throw Failure(description: "\(root): not a readable folder") }
  var files: [String] = []
  while let path = enumerator.nextObject() as? String {
    if excluded.contains(where: { path.contains($0) }) { continue }
    if path.hasSuffix(".swift") { files.append(path) }
  }
  return files.sorted()
}

/// The text of the Swift file at `path`, or an error that names it.
func source(at path: String) throws -> String {
  do {
    return try String(contentsOfFile: path, encoding: .utf8)
  } catch {
    throw Failure(description: "\(path): cannot read it: \(error)")
  }
}

/// The public declarations of the Swift files under `root` (with `locationPrefix`, each with
/// its location: references name Hush's by location), and their type aliases.
func declarations(
  under root: String, excluding excluded: [String] = [], locationPrefix: String? = nil
) throws -> (declarations: [APIDeclaration], aliases: [String: String]) {
  let sources = try swiftFiles(under: root, excluding: excluded).map { path in
    (path: path, source: try source(at: "\(root)/\(path)"))
  }
  return APICollector.declarations(in: sources, locationPrefix: locationPrefix)
}

/// Runs `Scripts/apple-compile --references` into a temporary file; returns its path.
func writeReferences() throws -> String {
  let written = NSTemporaryDirectory() + "tca-parity-references-\(getpid()).tsv"
  FileHandle.standardError.write(
    Data("tca-parity: running Scripts/apple-compile --references \(written)\n".utf8))
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "Scripts/apple-compile")
  process.arguments = ["--references", written]
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw Failure(
      description: "Scripts/apple-compile --references failed (exit \(process.terminationStatus))")
  }
  return written
}

/// What compiled code refers to, as the type checker resolved it.
struct References {
  /// The files that refer to each of Hush's declarations, by its location.
  var files: [String: Set<String>] = [:]
  /// The files whose generic calls rely on a conformance, by type and protocol.
  var conformances: [String: [String: Set<String>]] = [:]

  /// The files that refer to a declaration at one of `locations`.
  func files(referringTo locations: some Sequence<String>) -> [String] {
    locations.flatMap { files[$0] ?? [] }
  }
}

/// The references in a file that `Scripts/apple-compile --references` writes
/// (`FILE<TAB>LOCATION` and `FILE<TAB>conformance:TYPE:PROTOCOL` lines); when no file is
/// given, runs it.
func references(from path: String?) throws -> References {
  let path = try path ?? writeReferences()
  let text: String
  do {
    text = try String(contentsOfFile: path, encoding: .utf8)
  } catch {
    throw Failure(description: "\(path): cannot read the references: \(error)")
  }
  var references = References()
  for (index, line) in text.split(separator: "\n").enumerated() {
    let fields = line.split(separator: "\t")
    guard fields.count == 2 else {
      throw Failure(
        description: "\(path):\(index + 1): expected FILE<TAB>LOCATION, got \"\(line)\"")
    }
    let parts = fields[1].split(separator: ":")
    if parts.first == "conformance", parts.count == 3 {
      references.conformances[String(parts[1]), default: [:]][String(parts[2]), default: []]
        .insert(String(fields[0]))
    } else {
      references.files[String(fields[1]), default: []].insert(String(fields[0]))
    }
  }
  return references
}

func run(_ arguments: [String]) throws {
  var positional: [String] = []
  var output = "Docs/TCA-PARITY.md"
  var version = "1.x"
  var referencesPath: String?
  /// Modules TCA re-exports, by the name a feature writes and their source folder.
  var reexports: [(module: String, path: String)] = []
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    switch argument {
    case "--output":
      guard let value = iterator.next() else { throw Failure(description: "--output needs a path") }
      output = value
    case "--reexport":
      // `Perception=/path/to/swift-perception/Sources/PerceptionCore`.
      guard let value = iterator.next(), let equals = value.firstIndex(of: "="),
        equals != value.startIndex
      else {
        throw Failure(description: "--reexport needs MODULE=PATH (the module's source folder)")
      }
      reexports.append((String(value[..<equals]), String(value[value.index(after: equals)...])))
    case "--references":
      guard let value = iterator.next() else {
        throw Failure(description: "--references needs a path")
      }
      referencesPath = value
    case "--version":
      guard let value = iterator.next() else {
        throw Failure(description: "--version needs a version")
      }
      version = value
    default: positional.append(argument)
    }
  }
  guard positional.count == 1 else {
    throw Failure(
      description:
        "usage: swift run tca-parity TCA_CHECKOUT [--version 1.25.5] [--output Docs/TCA-PARITY.md] [--references FILE] [--reexport MODULE=PATH]..."
    )
  }
  let tca = "\(positional[0])/Sources/ComposableArchitecture"
  guard FileManager.default.fileExists(atPath: tca) else {
    throw Failure(description: "\(tca): no such folder (is it a TCA checkout?)")
  }

  let decisions = try Decisions(contentsOf: "Scripts/TCAParity/decisions.tsv")
  // The compiled uses: the package's tests, and the example apps with their tests (their
  // SwiftUI views are typechecked for every Apple platform by `Scripts/apple-compile`).
  var uses = TestUses()
  let examples = try FileManager.default.contentsOfDirectory(atPath: "Examples").sorted()
    .flatMap { ["Examples/\($0)/Sources", "Examples/\($0)/Tests"] }
    .filter { FileManager.default.fileExists(atPath: $0) }
  for root in ["Tests"] + examples {
    for path in try swiftFiles(under: root) {
      uses.add(source: try source(at: "\(root)/\(path)"), file: "\(root)/\(path)")
    }
  }
  // A type alias's parameters take what its type's take (`StoreOf` is `Store`).
  var aliases: [String: String] = [:]
  var hush: [APIDeclaration] = []
  for module in ["Sources/Hush", "Sources/HushTesting", "Sources/HushCombine"] {
    let found = try declarations(
      under: module, excluding: ["Documentation.docc"], locationPrefix: "\(module)/")
    hush += found.declarations
    aliases.merge(found.aliases) { first, _ in first }
  }
  let references = try references(from: referencesPath)
  var hushByName = Dictionary(grouping: hush, by: \.name)
  // An alias's members are its type's: `TestStoreTask.cancel()` is `StoreTask.cancel()`.
  for alias in hush where alias.kind == .typealias {
    guard let target = alias.aliasOf else { continue }
    for member in hush
    where member.name.hasPrefix("\(target).")
      || member.name == target && member.kind == .conformance
    {
      var renamed = member
      renamed.name = alias.name + member.name.dropFirst(target.count)
      hushByName[renamed.name, default: []].append(renamed)
    }
  }
  var (tcaAll, tcaAliases) = try declarations(under: tca, excluding: ["Documentation.docc"])
  aliases.merge(tcaAliases) { first, _ in first }
  // What TCA re-exports and its examples write: the declarations of those modules that the
  // example apps (`Examples/` of the checkout) call or name, by name and labels.
  if !reexports.isEmpty {
    var exampleUses = TestUses()
    let examplesRoot = "\(positional[0])/Examples"
    for path in try swiftFiles(under: examplesRoot) {
      exampleUses.add(source: try source(at: "\(examplesRoot)/\(path)"), file: path)
    }
    for (module, path) in reexports {
      let found = try declarations(under: path, excluding: ["Documentation.docc"])
      aliases.merge(found.aliases) { first, _ in first }
      tcaAll += found.declarations.filter {
        // A type's conformances are the module's business; its API is what examples write.
        $0.kind != .conformance && !exampleUses.files(writingMemberOfItsType: $0).isEmpty
      }.map {
        var declaration = $0
        declaration.module = module
        return declaration
      }
    }
  }
  // One row per overload: the same labels and types declared twice (`#if` branches, a
  // protocol and its extension) are one, retired only when every one of them is.
  var byOverload: [String: APIDeclaration] = [:]
  var order: [String] = []
  for declaration in tcaAll {
    let key = "\(declaration.module ?? "")|\(declaration.kind)|\(declaration.typedSignature)"
    if var first = byOverload[key] {
      if declaration.retirement == nil { first.retirement = nil }
      byOverload[key] = first
    } else {
      byOverload[key] = declaration
      order.append(key)
    }
  }
  let tcaDeclarations = order.compactMap { byOverload[$0] }

  var usedDecisions = Set<Int>()
  let rows = tcaDeclarations.map { declaration -> Row in
    let area = declaration.module.map { "Re-exported: \($0)" } ?? area(of: declaration)
    // A re-exported declaration may be written with its module's name: `Perception.Bindable`.
    let candidates =
      (hushByName[declaration.name] ?? [])
      + (declaration.module.flatMap { hushByName["\($0).\(declaration.name)"] } ?? []).map {
        var qualified = $0
        qualified.name = declaration.name
        return qualified
      }
    let spellings = declaration.spellings(in: candidates, aliases: aliases)
    if !spellings.isEmpty {
      return Row(
        declaration: declaration, area: area, status: .same, note: "", spellings: spellings)
    }
    if let (status, note, line) = decisions.decision(for: declaration) {
      usedDecisions.insert(line)
      // A "same spelling" decision (what Hush spells otherwise in the declaration, but alike
      // at the use site, as its note says): Hush's declarations of that name and kind.
      let spellings =
        status != .same
        ? [] : (hushByName[declaration.name] ?? []).filter { $0.kind == declaration.kind }
      return Row(
        declaration: declaration, area: area, status: status, note: note, spellings: spellings)
    }
    if let retirement = declaration.retirement {
      return Row(
        declaration: declaration, area: area, status: .notNeeded, note: retirement.rawValue)
    }
    return Row(declaration: declaration, area: area, status: .missing, note: "")
  }
  let checkedRows = rows.map { row -> Row in
    guard row.status == .same else { return row }
    var row = row
    // The compiler's resolution: a file that refers to one of the overloads TCA's fits.
    var tests = references.files(referringTo: row.spellings.compactMap(\.location))
    if row.declaration.kind == .conformance, let protocolName = row.declaration.protocolName {
      // A generic call that needs it (`Set<StoreOf<Feature>>`: `Hashable`, or a protocol that
      // gives it), through the type or an alias of it, or a member its extension declares.
      let name = row.declaration.name
      let typeNames =
        [name] + (aliases[name].map { [$0] } ?? [])
        + aliases.filter { $0.value == name }.map(\.key)
      for typeName in typeNames {
        for (needed, files) in references.conformances[typeName] ?? [:]
        where APIDeclaration.implied(by: needed).contains(protocolName) {
          tests += files
        }
      }
      tests += references.files(referringTo: row.spellings.flatMap(\.memberLocations))
      // A literal (`let id: StackElementID = 0`) calls the type's literal initializer.
      if protocolName.hasPrefix("ExpressibleBy") && protocolName.hasSuffix("Literal") {
        let literalInits = (hushByName["\(name).init"] ?? []).filter {
          $0.requiredLabels.first?.hasSuffix("Literal") == true
        }
        tests += references.files(referringTo: literalInits.compactMap(\.location))
      }
    }
    // By syntax, what names alone tell apart or the AST does not name: a type's, an
    // associated type's or a macro's name, a protocol requirement (which a conforming type
    // declares), and what Hush has from a protocol (a decision's "same spelling" with no
    // declaration of Hush's).
    let kind = row.declaration.kind
    if [.type, .typealias, .associatedType, .macro].contains(kind)
      || row.spellings.contains(where: { $0.isRequirement || $0.isRefinement })
      || row.spellings.isEmpty
    {
      tests += uses.files(writing: row.declaration)
    }
    row.tests = tests.uniqueSortedByTestsFirst()
    return row
  }
  let untested = checkedRows.filter { $0.status == .same && $0.tests.isEmpty }
  for row in untested {
    FileHandle.standardError.write(
      Data("same spelling, but no test writes it: \(row.declaration.typedSignature)\n".utf8))
  }
  let modules = Set(reexports.map(\.module))
  for entry in decisions.entries where !usedDecisions.contains(entry.line) {
    // A decision for a re-exported module this run did not read (`[Sharing] *`) is not stale.
    if entry.key.hasPrefix("["),
      !modules.contains(where: { entry.key.hasPrefix("[\($0)]") })
    {
      continue
    }
    let message = """
      Scripts/TCAParity/decisions.tsv:\(entry.line): \(entry.key) matches nothing of TCA's \
      that Hush does not spell the same

      """
    FileHandle.standardError.write(Data(message.utf8))
  }

  let reexportSummary =
    reexports.isEmpty
    ? "The modules TCA re-exports from swift-perception, swift-navigation and swift-sharing "
      + "are not listed in this run (`--reexport`)."
    : "Of the modules TCA re-exports from swift-perception, swift-navigation and swift-sharing "
      + "(\(Set(reexports.map(\.module)).sorted().joined(separator: ", "))), the "
      + "\"Re-exported\" areas list what TCA's example apps write: each declaration of theirs "
      + "that a file of TCA's `Examples/` calls or names, by name and labels, in a file that "
      + "also names its type."
  var text = """
    # TCA parity

    Every public declaration of TCA \(version)'s `ComposableArchitecture` module (SPI and \
    underscored names aside: a feature cannot or should not write them), and how a feature \
    ported to Hush spells it. Generated by `swift run tca-parity TCA_CHECKOUT --version \
    \(version)` (`Scripts/TCAParity`); do not edit by hand: the reasons for "renamed" and \
    "not needed" are in `Scripts/TCAParity/decisions.tsv`.

    One row per overload: each parameter with the outer type it takes (`KeyPath`, `closure`, \
    `builder closure` for a result builder's body, `_` for any type: a generic parameter, \
    `some P`, an associated type), `= …` for a default value; generic arguments are not \
    compared. One row per conformance (`Store: Hashable`, and a protocol's refinement): the \
    same when Hush declares it, or one that gives it (`Hashable` gives `Equatable`); its test \
    is a generic call that needs it (`Set<StoreOf<Feature>>`), as the compiler resolved it, \
    or a use of a member its extension declares.

    - **same spelling**: every call written for TCA's overload (with or without each default \
    argument) compiles against one of Hush's by labels and outer types (a `KeyPath` parameter \
    takes a `WritableKeyPath`, an optional one a value); the "test" column names a file of \
    compiled code that calls one of those overloads of Hush's, as the type checker resolved \
    the call (`Scripts/apple-compile --references`, over `Tests/` and the example apps, their \
    SwiftUI views included); a type's or a macro's name, a protocol requirement (which a \
    conforming type declares) and what Hush has from a standard protocol are found by name.
    - **renamed**: Hush spells it differently; the note gives the mechanical edit (the porting \
    rule: the "Porting a TCA feature" section of the Composing Features article).
    - **not needed**: a ported feature has no use for it (the note says why), or TCA retired it: \
    deprecated, unavailable, or obsoleted by the OS versions Hush requires (a back-port).
    - **missing**: not in Hush yet.

    Modules TCA re-exports: CasePaths, Clocks, Dependencies, DependenciesMacros, \
    IdentifiedCollections and Observation are re-exported by Hush too (same spelling, not \
    listed); ConcurrencyExtras, CustomDump and CombineSchedulers are dependencies a feature \
    imports itself. \(reexportSummary)

    **Shared state.** TCA's `@Shared` comes from swift-sharing. Hush has its own, in the same \
    spelling (`@Shared(.inMemory(…))`, `.fileStorage(…)`, `.appStorage(…)`, keys with a \
    default, `Shared(value:)`, projections, `withLock`, `load()` / `save()`, `@SharedReader`, \
    `@State.Shared`, and `TestStore` assertions of shared changes; the Shared State article), \
    observed per path through a store. The "Re-exported: Sharing" area lists what TCA's \
    examples write of swift-sharing, as for the other re-exported modules.

    ## Summary

    | area | \(Status.allCases.map(\.rawValue).joined(separator: " | ")) |
    |---|\(Status.allCases.map { _ in "---:|" }.joined())

    """
  let reexportAreas = reexports.map { "Re-exported: \($0.module)" }
  for area in areas + reexportAreas {
    let counts = Status.allCases.map { status in
      checkedRows.filter { $0.area == area && $0.status == status }.count
    }
    text += "| \(area) | \(counts.map(String.init).joined(separator: " | ")) |\n"
  }
  let totals = Status.allCases.map { status in checkedRows.filter { $0.status == status }.count }
  text += "| **all** | \(totals.map { "**\($0)**" }.joined(separator: " | ")) |\n"
  text += "\nSame spelling rows that no test writes: \(untested.count).\n"
  for area in areas + reexportAreas {
    let areaRows = checkedRows.filter { $0.area == area }.sorted {
      ($0.status.rawValue, $0.declaration.typedSignature) < (
        $1.status.rawValue, $1.declaration.typedSignature
      )
    }
    guard !areaRows.isEmpty else { continue }
    text +=
      "\n## \(area)\n\n| TCA | kind | status | note | test |\n|---|---|---|---|---|\n"
    for row in areaRows {
      let signature = row.declaration.typedSignature.replacingOccurrences(of: "|", with: "\\|")
      let note = row.note.replacingOccurrences(of: "|", with: "\\|")
      let test =
        row.status != .same ? "" : row.tests.first.map { "`\($0)`" } ?? "**none**"
      text +=
        "| `\(signature)` | \(row.declaration.kind.rawValue) | \(row.status.rawValue) | \(note) "
        + "| \(test) |\n"
    }
  }
  do {
    try text.write(toFile: output, atomically: true, encoding: .utf8)
  } catch {
    throw Failure(description: "\(output): cannot write it: \(error)")
  }
  print(
    "\(output): \(checkedRows.count) declarations; "
      + Status.allCases.map { status in
        "\(status.rawValue): \(checkedRows.filter { $0.status == status }.count)"
      }.joined(separator: ", ") + "; same spelling that no test writes: \(untested.count)")
}

extension Sequence<String> {
  /// Unique, the package's tests first, then the example apps.
  fileprivate func uniqueSortedByTestsFirst() -> [String] {
    Set(self).sorted { ($0.hasPrefix("Tests/") ? 0 : 1, $0) < ($1.hasPrefix("Tests/") ? 0 : 1, $1) }
  }
}

do {
  try run(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("tca-parity: \(error)\n".utf8))
  exit(1)
}
