// tca-parity: writes Docs/TCA-PARITY.md, the table of TCA's public API and its Hush spelling.
//
//   swift run tca-parity TCA_CHECKOUT [--version 1.25.5] [--output Docs/TCA-PARITY.md]
//
// TCA_CHECKOUT is a checkout of pointfreeco/swift-composable-architecture (a 1.x tag). Every
// public declaration of its `Sources/ComposableArchitecture` is looked up in Hush's public API
// (`Sources/Hush`, `Sources/HushTesting`, `Sources/HushCombine`): one that a call written for
// TCA also compiles against is "same spelling"; the decisions in
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
  /// For a "same spelling" row, the test files that write it.
  var tests: [String] = []
}

/// `key<TAB>status<TAB>note` lines; `#` starts a comment. A key is a declaration's signature
/// as the table shows it (`Store.scope(state:action:)`), or a name with `*` at its end for every
/// declaration that starts with it (`ViewStore*`). "same spelling" is for what Hush has without
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
      let matches =
        entry.key.hasSuffix("*")
        ? declaration.signature.hasPrefix(entry.key.dropLast())
        : declaration.signature == entry.key || declaration.name == entry.key
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

func declarations(under root: String, excluding excluded: [String] = []) throws
  -> [APIDeclaration]
{
  try swiftFiles(under: root, excluding: excluded).flatMap { path in
    let source: String
    do {
      source = try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8)
    } catch {
      throw Failure(description: "\(root)/\(path): cannot read it: \(error)")
    }
    return APICollector.declarations(in: source, file: path)
  }
}

func run(_ arguments: [String]) throws {
  var positional: [String] = []
  var output = "Docs/TCA-PARITY.md"
  var version = "1.x"
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    switch argument {
    case "--output":
      guard let value = iterator.next() else { throw Failure(description: "--output needs a path") }
      output = value
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
        "usage: swift run tca-parity TCA_CHECKOUT [--version 1.25.5] [--output Docs/TCA-PARITY.md]"
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
      do {
        uses.add(
          source: try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8),
          file: "\(root)/\(path)")
      } catch {
        throw Failure(description: "\(root)/\(path): cannot read it: \(error)")
      }
    }
  }
  let hush = try ["Sources/Hush", "Sources/HushTesting", "Sources/HushCombine"].flatMap {
    try declarations(under: $0, excluding: ["Documentation.docc"])
  }
  var hushByName = Dictionary(grouping: hush, by: \.name)
  // An alias's members are its type's: `TestStoreTask.cancel()` is `StoreTask.cancel()`.
  for alias in hush where alias.kind == .typealias {
    guard let target = alias.aliasOf else { continue }
    for member in hush where member.name.hasPrefix("\(target).") {
      var renamed = member
      renamed.name = alias.name + member.name.dropFirst(target.count)
      hushByName[renamed.name, default: []].append(renamed)
    }
  }
  // One row per signature: overloads that differ only in types are one spelling, retired
  // only when every one of them is.
  var bySignature: [String: APIDeclaration] = [:]
  var order: [String] = []
  for declaration in try declarations(under: tca, excluding: ["Documentation.docc"]) {
    let key = "\(declaration.kind)|\(declaration.signature)"
    if var first = bySignature[key] {
      if declaration.retirement == nil { first.retirement = nil }
      bySignature[key] = first
    } else {
      bySignature[key] = declaration
      order.append(key)
    }
  }
  let tcaDeclarations = order.compactMap { bySignature[$0] }

  var usedDecisions = Set<Int>()
  let rows = tcaDeclarations.map { declaration -> Row in
    let area = area(of: declaration)
    if declaration.isSpelled(likeIn: hushByName[declaration.name] ?? []) {
      return Row(declaration: declaration, area: area, status: .same, note: "")
    }
    if let (status, note, line) = decisions.decision(for: declaration) {
      usedDecisions.insert(line)
      return Row(declaration: declaration, area: area, status: status, note: note)
    }
    if let retirement = declaration.retirement {
      return Row(
        declaration: declaration, area: area, status: .notNeeded, note: retirement.rawValue)
    }
    return Row(declaration: declaration, area: area, status: .missing, note: "")
  }
  for declaration in tcaDeclarations {
    let components = declaration.name.split(separator: ".").map(String.init)
    guard components.count >= 2, let name = components.last else { continue }
    if declaration.kind == .enumCase {
      uses.caseNames[components[components.count - 2], default: []].insert(name)
    }
    // `IdentifiedAction.AllCasePaths.subscript(id:)`: a key path writes `[id: 1]`.
    if components.count >= 3, components[components.count - 2] == "AllCasePaths",
      declaration.kind == .subscriptMember, declaration.requiredLabels != ["dynamicMember"]
    {
      let labels = declaration.requiredLabels.map { "\($0):" }.joined()
      uses.caseNames[components[components.count - 3], default: []].insert("[\(labels)]")
    }
  }
  let checkedRows = rows.map { row -> Row in
    guard row.status == .same else { return row }
    var row = row
    row.tests = uses.files(writing: row.declaration)
    return row
  }
  let untested = checkedRows.filter { $0.status == .same && $0.tests.isEmpty }
  for row in untested {
    FileHandle.standardError.write(
      Data("same spelling, but no test writes it: \(row.declaration.signature)\n".utf8))
  }
  for entry in decisions.entries where !usedDecisions.contains(entry.line) {
    let message = """
      Scripts/TCAParity/decisions.tsv:\(entry.line): \(entry.key) matches nothing of TCA's \
      that Hush does not spell the same

      """
    FileHandle.standardError.write(Data(message.utf8))
  }

  var text = """
    # TCA parity

    Every public declaration of TCA \(version)'s `ComposableArchitecture` module (SPI and \
    underscored names aside: a feature cannot or should not write them), and how a feature \
    ported to Hush spells it. Generated by `swift run tca-parity TCA_CHECKOUT --version \
    \(version)` (`Scripts/TCAParity`); do not edit by hand: the reasons for "renamed" and \
    "not needed" are in `Scripts/TCAParity/decisions.tsv`.

    - **same spelling**: Hush declares it with the same name and argument labels, so code \
    written for TCA compiles; the "test" column names a compiled test that writes it (found \
    by name and argument labels in `Tests/` and the example apps' tests).
    - **renamed**: Hush spells it differently; the note gives the mechanical edit (the porting \
    rule: the "Porting a TCA feature" section of the Composing Features article).
    - **not needed**: a ported feature has no use for it (the note says why), or TCA retired it: \
    deprecated, unavailable, or obsoleted by the OS versions Hush requires (a back-port).
    - **missing**: not in Hush yet.

    Modules TCA re-exports: CasePaths, Clocks, Dependencies, DependenciesMacros, \
    IdentifiedCollections and Observation are re-exported by Hush too (same spelling); \
    ConcurrencyExtras, CustomDump and CombineSchedulers are dependencies a feature imports \
    itself; of Perception, Hush declares what TCA's examples write, `WithPerceptionTracking` and \
    `Perception.Bindable`, as pass-throughs (Hush needs iOS 17, where TCA's are no-ops too), and \
    the table does not list the rest of it yet; Sharing (`@Shared`) and \
    SwiftUINavigation/UIKitNavigation are not re-exported: Hush's own navigation API covers \
    SwiftUI (see "Navigation"), and UIKit navigation is out of its scope.

    **Shared state.** TCA's `@Shared` (with `.inMemory`, `.appStorage` and `.fileStorage`) comes \
    from swift-sharing, which Hush does not re-export, and Hush has no equivalent, on purpose: a \
    shared reference changes a feature's state outside its reducer, while Hush's per-path \
    observation, change log and `TestStore` rely on state changing only in reducers. A ported \
    feature keeps the value in its state and its persistence in a dependency client (`load`, \
    `save`), loads it when it starts and saves it from a debounced `.onChange(of:)` effect; the \
    SyncUps example does this for TCA's `@Shared(.fileStorage(…))`, with tests for a restart, a \
    corrupt file and the save. The "Shared state" section of the Composing Features article \
    gives the edit for each kind of key. The rows of "Shared state" below are only TCA's \
    deprecated `AppStorageKeyPathKey`.

    ## Summary

    | area | \(Status.allCases.map(\.rawValue).joined(separator: " | ")) |
    |---|\(Status.allCases.map { _ in "---:|" }.joined())

    """
  for area in areas {
    let counts = Status.allCases.map { status in
      checkedRows.filter { $0.area == area && $0.status == status }.count
    }
    text += "| \(area) | \(counts.map(String.init).joined(separator: " | ")) |\n"
  }
  let totals = Status.allCases.map { status in checkedRows.filter { $0.status == status }.count }
  text += "| **all** | \(totals.map { "**\($0)**" }.joined(separator: " | ")) |\n"
  text += "\nSame spelling rows that no test writes: \(untested.count).\n"
  for area in areas {
    let areaRows = checkedRows.filter { $0.area == area }.sorted {
      ($0.status.rawValue, $0.declaration.signature) < (
        $1.status.rawValue, $1.declaration.signature
      )
    }
    guard !areaRows.isEmpty else { continue }
    text +=
      "\n## \(area)\n\n| TCA | kind | status | note | test |\n|---|---|---|---|---|\n"
    for row in areaRows {
      let signature = row.declaration.signature.replacingOccurrences(of: "|", with: "\\|")
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

do {
  try run(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("tca-parity: \(error)\n".utf8))
  exit(1)
}
