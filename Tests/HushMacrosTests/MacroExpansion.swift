import HushMacrosCore
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

// The macros as the plugin provides them (`Sources/HushMacros/Plugin.swift`).
enum ReducerMacro: ReducerMacroImplementation {}
enum ReducerCaseIgnoredMacro: ReducerCaseIgnoredMacroImplementation {}
enum ReducerCaseEphemeralMacro: ReducerCaseEphemeralMacroImplementation {}
enum ObservableStateMacro: ObservableStateMacroImplementation {}
enum ObservationStateIgnoredMacro: ObservationStateIgnoredMacroImplementation {}
enum PresentsMacro: PresentsMacroImplementation {}
enum ViewActionMacro: ViewActionMacroImplementation {}

/// Every macro under the name `import Hush` gives it. An extension macro gets the
/// conformances its declaration names, less those the type declares itself (the compiler
/// asks only for the missing ones).
func hushMacros(declaring declared: [String]) -> [String: MacroSpec] {
  func conformances(_ names: [String]) -> [TypeSyntax] {
    names.filter { !declared.contains($0) }.map { TypeSyntax(stringLiteral: $0) }
  }
  return [
    "Reducer": MacroSpec(
      type: ReducerMacro.self, conformances: conformances(["Reducer", "CaseReducer"])),
    "ReducerCaseIgnored": MacroSpec(type: ReducerCaseIgnoredMacro.self),
    "ReducerCaseEphemeral": MacroSpec(type: ReducerCaseEphemeralMacro.self),
    "ObservableState": MacroSpec(
      type: ObservableStateMacro.self, conformances: conformances(["ObservableState"])),
    "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self),
    "Presents": MacroSpec(type: PresentsMacro.self),
    "ViewAction": MacroSpec(
      type: ViewActionMacro.self, conformances: conformances(["ViewActionSending"])),
  ]
}

/// Checks that `source` expands to `expanded` with `diagnostics`, failing the current test
/// (at the caller) otherwise. `declaredConformances` are those the source's type declares
/// itself, which the compiler does not ask an extension macro for.
func assertExpansion(
  _ source: String, expandedSource expanded: String, diagnostics: [DiagnosticSpec] = [],
  declaredConformances: [String] = [],
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  assertMacroExpansion(
    source, expandedSource: expanded, diagnostics: diagnostics,
    macroSpecs: hushMacros(declaring: declaredConformances),
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(
        Comment(rawValue: failure.message),
        sourceLocation: Testing.SourceLocation(
          fileID: failure.location.fileID, filePath: failure.location.filePath,
          line: failure.location.line, column: failure.location.column))
    },
    fileID: fileID, filePath: filePath, line: line, column: column)
}
