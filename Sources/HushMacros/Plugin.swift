import HushMacrosCore
import SwiftCompilerPlugin
import SwiftSyntaxMacros

// The compiler plugin that expands Hush's macros (declared in `Sources/Hush/Macros/`). The
// expansions live in HushMacrosCore, a plain library, so that their tests need not depend on a
// macro target (which would make SwiftPM build every test target a second time, for the host).
// The compiler finds a macro by this module's name and the type's, hence one type per macro.

@main
struct HushMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ReducerMacro.self,
    ReducerCaseIgnoredMacro.self,
    ReducerCaseEphemeralMacro.self,
    ObservableStateMacro.self,
    ObservationStateIgnoredMacro.self,
    PresentsMacro.self,
    ViewActionMacro.self,
  ]
}

/// `@Reducer`.
public enum ReducerMacro: ReducerMacroImplementation {}
/// `@ReducerCaseIgnored`.
public enum ReducerCaseIgnoredMacro: ReducerCaseIgnoredMacroImplementation {}
/// `@ReducerCaseEphemeral`.
public enum ReducerCaseEphemeralMacro: ReducerCaseEphemeralMacroImplementation {}
/// `@ObservableState`.
public enum ObservableStateMacro: ObservableStateMacroImplementation {}
/// `@ObservationStateIgnored`.
public enum ObservationStateIgnoredMacro: ObservationStateIgnoredMacroImplementation {}
/// `@Presents`.
public enum PresentsMacro: PresentsMacroImplementation {}
/// `@ViewAction(for:)`.
public enum ViewActionMacro: ViewActionMacroImplementation {}
