import Foundation
import HushLint

// `hush-lint`: `hush lint` alone, without the rest of the `hush` command (and so without the
// Hush runtime): what the package's plugins build and run.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
  print(
    """
    OVERVIEW: Find patterns that make SwiftUI do needless work.

    USAGE: hush-lint [<path-or-option> ...]

    \(LintCommandLine.discussion)
    """)
  exit(0)
}
exit(LintCommandLine.run(arguments, commandName: "hush-lint"))
