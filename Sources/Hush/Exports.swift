// What a feature file needs besides Hush, as TCA re-exports them: a ported feature imports
// only Hush. `@CasePathable` for action enums (and `@CasePathable @dynamicMemberLookup` for
// enum states), identified collections for rows, clocks for time, and `@Dependency` for what a
// feature needs from outside, with `@DependencyClient` for its clients.
@_exported import CasePaths
@_exported import Clocks
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
