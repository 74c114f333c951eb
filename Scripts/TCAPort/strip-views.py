#!/usr/bin/env python3
"""Prepares TCA example files for a Linux build against Hush, in place (see README.md).

    python3 Scripts/TCAPort/strip-views.py FILE…

- `import ComposableArchitecture` becomes `import Hush` (and `import HushTesting` in a file
  whose name holds "Tests"), `import SwiftUINavigation` becomes `import Hush`; `import SwiftUI`,
  `import UIKit`, `import XCTest`, `import Speech` and `@testable import …` lines go.
- Top-level declarations that are views go: a type conforming to `View`, `ViewModifier`, a
  `…Representable` or a view style or shape (`LabelStyle`, `ButtonStyle`,
  `ProgressViewStyle`, `Shape`), an `extension View` (or of those styles), a `#Preview`, a
  `PreviewProvider`, an `@main` app.
"""

import os
import re
import sys

VIEWISH = re.compile(
    r"(:\s*[\w.]*View\b|,\s*View\b|\bView\s*\{|^#Preview|extension\s+View\b|Representable\b"
    r"|:\s*ViewModifier|:\s*PreviewProvider|^@main"
    r"|:\s*(LabelStyle|ButtonStyle|ProgressViewStyle|Shape)\b"
    r"|extension\s+(LabelStyle|ButtonStyle|ProgressViewStyle|Shape)\b)",
    re.M,
)


def top_level_declarations(source):
    """(start, end) of each top-level declaration with a body: from the start of its first
    line to its closing brace. Braces inside strings and comments are skipped."""
    spans, depth, start, i, n = [], 0, None, 0, len(source)
    while i < n:
        if source.startswith('"""', i):
            end = source.find('"""', i + 3)
            i = end + 3 if end >= 0 else n
            continue
        if source[i] == '"':
            j = i + 1
            while j < n and source[j] not in '"\n':
                j += 2 if source[j] == "\\" else 1
            i = j + 1
            continue
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = end if end >= 0 else n
            continue
        if source.startswith("/*", i):
            i = source.find("*/", i) + 2
            continue
        char = source[i]
        if depth == 0 and start is None and not char.isspace():
            start = source.rfind("\n", 0, i) + 1
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0 and start is not None:
                spans.append((start, i + 1))
                start = None
        elif char == "\n" and depth == 0 and start is not None:
            # A one-line declaration with no body (`let x = 1`) ends here; an attribute line
            # or a line that continues (`=`, `,`, `(`) belongs to the next one.
            line = source[start:i]
            if "{" not in line and not line.rstrip().endswith(("=", ",", "(")) \
                    and not line.lstrip().startswith("@"):
                start = None
        i += 1
    return spans


def without_views(source):
    result = source
    for start, end in reversed(top_level_declarations(source)):
        if VIEWISH.search(source[start:end].split("{", 1)[0]):
            result = result[:start] + result[end:]
    return result


def port(path):
    with open(path) as file:
        source = file.read()
    is_test = "Tests" in os.path.basename(path)
    source = source.replace(
        "import ComposableArchitecture",
        "import Hush\nimport HushTesting" if is_test else "import Hush")
    # SwiftUINavigation is part of what `import Hush` gives.
    source = re.sub(r"^import SwiftUINavigation\n", "import Hush\n", source, flags=re.M)
    source = re.sub(
        r"^(@preconcurrency )?import (SwiftUI|UIKit|XCTest|Speech)\n", "", source, flags=re.M)
    source = re.sub(r"^@testable import \w+\n", "", source, flags=re.M)
    with open(path, "w") as file:
        file.write(without_views(source))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for argument in sys.argv[1:]:
        port(argument)
