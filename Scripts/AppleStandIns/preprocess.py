#!/usr/bin/env python3
"""Rewrites Swift sources for one Apple platform, for `Scripts/apple-compile` on Linux.

The Linux compiler evaluates `os(...)` for Linux and ignores Apple platforms' `@available`
attributes, so this script makes both explicit for one platform, keeping every line where it
was (diagnostics keep their line numbers):

- In `#if` / `#elseif` lines, `os(iOS)` becomes the flag `HUSH_OS_iOS` (`os(OSX)` and
  `os(xrOS)` the macOS and visionOS flags), `targetEnvironment(macCatalyst)` becomes
  `HUSH_TARGET_ENVIRONMENT_macCatalyst`, and `canImport` of a module no Apple platform has
  (`Glibc`, ...) an undefined flag; `apple-compile` defines `-D HUSH_OS_<platform>` only for
  the platform being checked.
- `--availability` (used for the stand-in modules only): each `@available` attribute that
  names an Apple platform is resolved for the platform being checked and its deployment
  target. Unavailable there, introduced after the deployment target, or obsoleted by it:
  `@available(*, unavailable, message: ...)`. Deprecated by the deployment target:
  `@available(*, deprecated, message: ...)`. Otherwise the attribute is dropped. visionOS
  follows iOS where an attribute names iOS and not visionOS, as Swift does. The deployment
  targets are read from `Package.swift`.
- `--newer-apis` (for the project's sources): reports each use of an Apple-only
  standard-library API newer than the deployment target (`NEWER_APIS`) outside code that
  `#available` or `@available` guarantees it, as `file:line:col: error:`; exits 3 after
  writing every file when there was one.

Usage: preprocess.py [--availability | --newer-apis] PLATFORM OUT_DIR ROOT FILE...
       preprocess.py --self-test
  Writes each FILE (a path under ROOT) to OUT_DIR/<path relative to ROOT>.
"""

import os
import re
import sys

PLATFORMS = ("iOS", "macOS", "tvOS", "watchOS", "visionOS")
PACKAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Package.swift")


def deployment_targets(package_text):
    """The deployment target of each Apple platform, as `Package.swift`'s `platforms:` declares
    it: `.iOS(.v17)`, `.macOS(.v14_4)`, `.visionOS("1.1")`."""
    targets = {}
    block = re.search(r"\bplatforms:\s*\[([^\]]*)\]", package_text)
    for name, enum_case, string in re.findall(
        r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\s*(?:\.v(\d+(?:_\d+)*)|\"(\d+(?:\.\d+)*)\")\s*\)",
        block.group(1) if block else "",
    ):
        targets[name] = version((enum_case or "").replace("_", ".") or string)
    missing = [p for p in PLATFORMS if p not in targets]
    if missing:
        sys.exit(
            "preprocess.py: Package.swift declares no deployment target for %s (in `platforms:`)"
            % ", ".join(missing)
        )
    return targets


DEPLOYMENT_TARGETS = {}
# Names Swift accepts in @available and os() that mean the same platform.
ALIASES = {"OSX": "macOS", "xrOS": "visionOS"}
# Modules that Linux has and no Apple platform does: `canImport` of one is false there, so the
# `canImport(Darwin)` branch beside it is the one compiled.
NON_APPLE_MODULES = ("Glibc", "Musl", "Bionic", "Android", "WASILibc", "WinSDK", "CRT", "ucrt")
APPLE = set(PLATFORMS) | set(ALIASES) | {
    "iOSApplicationExtension",
    "macOSApplicationExtension",
    "macCatalyst",
    "macCatalystApplicationExtension",
    "tvOSApplicationExtension",
    "watchOSApplicationExtension",
    "visionOSApplicationExtension",
}

CONDITION_LINE = re.compile(r"^\s*#\s*(if|elseif)\b")

# Apple-only: the Swift runtime and Foundation ship with the OS there, so an API they added
# after the deployment target needs `if #available` on Apple platforms, while Linux has it
# always. Each entry: a pattern over code (comments and string literals left out), the API's
# name, and the OS versions that introduced it (iOS, macOS, tvOS, watchOS, visionOS).
SWIFT_6_0 = ((18, 0), (15, 0), (18, 0), (11, 0), (2, 0))  # the Swift 6.0 runtime
SWIFT_6_2 = ((26, 0), (26, 0), (26, 0), (26, 0), (26, 0))  # the Swift 6.2 runtime
NEWER_APIS = [
    (r"\bTask\s*\.\s*name\b", "Task.name", SWIFT_6_2),
    (r"\bTask(?:\s*\.\s*detached)?\s*\(\s*name\s*:", "Task(name:)", SWIFT_6_2),
    (r"\bTask\s*\.\s*immediate\b", "Task.immediate", SWIFT_6_2),
    (r"\.\s*add(?:Immediate)?Task(?:UnlessCancelled)?\s*\(\s*name\s*:", "addTask(name:)", SWIFT_6_2),
    (r"\.\s*addImmediateTask\b", "addImmediateTask", SWIFT_6_2),
    (r"\bInlineArray\b", "InlineArray", SWIFT_6_2),
    (r"\bObservations\s*[({<]", "Observations", SWIFT_6_2),
    (r"\bUTF8Span\b", "UTF8Span", SWIFT_6_2),
    (r"\bMutex\s*[(<]", "Mutex", SWIFT_6_0),
    (r"\bAtomic\s*[(<]", "Atomic", SWIFT_6_0),
    (r"\bU?Int128\b", "Int128", SWIFT_6_0),
    (r"\bRangeSet\b", "RangeSet", SWIFT_6_0),
    (r"\bTaskExecutor\b", "TaskExecutor", SWIFT_6_0),
    (r"\bwithTaskExecutorPreference\b", "withTaskExecutorPreference", SWIFT_6_0),
    (r"\bexecutorPreference\s*:", "Task(executorPreference:)", SWIFT_6_0),
    (r"\bString\s*\(\s*validating\s*:", "String(validating:)", SWIFT_6_0),
]


def rewrite_conditions(line):
    if not CONDITION_LINE.match(line):
        return line
    line = re.sub(
        r"\bos\(\s*(\w+)\s*\)", lambda m: "HUSH_OS_" + ALIASES.get(m.group(1), m.group(1)), line
    )
    line = re.sub(
        r"\bcanImport\(\s*(%s)\s*\)" % "|".join(NON_APPLE_MODULES), r"HUSH_NOT_ON_APPLE_\1", line
    )
    return re.sub(r"\btargetEnvironment\(\s*(\w+)\s*\)", r"HUSH_TARGET_ENVIRONMENT_\1", line)


def version(text):
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (2 - len(parts)))


def visionos_version(ios):
    """The visionOS version that an iOS version means where a declaration names iOS and not
    visionOS, as Swift derives it (the SDK's iOS-to-visionOS version map): visionOS 1.0 for
    iOS 17 and earlier, then visionOS 2.x for iOS 18.x; from 26 on, the versions are the same."""
    if ios >= (26, 0):
        return ios
    if ios >= (18, 0):
        return (ios[0] - 16,) + ios[1:]
    return (1, 0)


def shown(v):
    return ".".join(str(part) for part in v)


def unquoted(text, start=0):
    """Yields (index, character) for each character of `text` from `start` that is outside a
    string literal."""
    in_string, escaped = False, False
    for index in range(start, len(text)):
        char = text[index]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        else:
            yield index, char


def split_arguments(text):
    """Splits an attribute's arguments at top-level commas (not inside strings)."""
    arguments, begin = [], 0
    for index, char in unquoted(text):
        if char == ",":
            arguments.append(text[begin:index].strip())
            begin = index + 1
    if text[begin:].strip():
        arguments.append(text[begin:].strip())
    return arguments


def find_attribute_end(text, start):
    """The index just past the `)` closing the attribute whose `(` is at `start`."""
    depth = 0
    for index, char in unquoted(text, start):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index + 1
    raise ValueError("unterminated @available attribute")


def platform_names(arguments):
    return {ALIASES.get(a.split()[0], a.split()[0]) for a in arguments if a.split()}


def resolve(arguments, platform, group_names):
    """What an @available attribute means on `platform`: None (available, drop it), or the
    replacement attribute. `group_names` are the platforms that the declaration's attributes
    name, all together: visionOS follows iOS only where none of them names visionOS."""
    target = DEPLOYMENT_TARGETS[platform]
    first = arguments[0].split()
    if first[0] == "*" or first[0] not in APPLE:
        return "keep"
    names = platform_names(arguments)
    applies_as = platform
    if platform not in names:
        if platform == "visionOS" and "iOS" in names and "visionOS" not in group_names:
            applies_as = "iOS"
        else:
            return None
    if len(first) == 2:  # shorthand: @available(iOS 17.0, macOS 14.0, *)
        for argument in arguments:
            words = argument.split()
            if len(words) == 2 and ALIASES.get(words[0], words[0]) == applies_as:
                introduced = version(words[1])
                if applies_as == "iOS" and platform == "visionOS":
                    introduced = visionos_version(introduced)
                if introduced > target:
                    return (
                        '@available(*, unavailable, message: "introduced in %s %s, after the '
                        'deployment target %s %s")'
                        % (platform, shown(introduced), platform, shown(target))
                    )
                return None
        return None
    # Long form: @available(watchOS, unavailable) / @available(iOS, introduced: 13, ...)
    if ALIASES.get(first[0], first[0]) != applies_as:
        return None
    labels = {}
    for argument in arguments[1:]:
        if ":" in argument:
            key, value = argument.split(":", 1)
            labels[key.strip()] = value.strip()
        else:
            labels[argument.strip()] = ""
    message = labels.get("message") or labels.get("renamed") or '""'
    if "unavailable" in labels:
        return '@available(*, unavailable, message: "unavailable in %s")' % platform

    def on_platform(label):
        v = version(labels[label])
        return visionos_version(v) if applies_as == "iOS" and platform == "visionOS" else v

    if "introduced" in labels and on_platform("introduced") > target:
        return '@available(*, unavailable, message: "introduced in %s %s")' % (
            platform,
            shown(on_platform("introduced")),
        )
    if "obsoleted" in labels and on_platform("obsoleted") <= target:
        return '@available(*, unavailable, message: "obsoleted in %s %s")' % (
            platform,
            shown(on_platform("obsoleted")),
        )
    if "deprecated" in labels and labels["deprecated"] and on_platform("deprecated") <= target:
        return "@available(*, deprecated, message: %s)" % message
    return None


def rewrite_availability(text, platform):
    attributes = []  # (start, end, arguments)
    for match in re.finditer(r"@available\s*\(", text):
        if attributes and match.start() < attributes[-1][1]:
            continue
        end = find_attribute_end(text, match.end() - 1)
        attributes.append((match.start(), end, split_arguments(text[match.end() : end - 1])))
    # A declaration's attributes: a run with only white space between them.
    groups, group = [], 0
    for index, (start, _, _) in enumerate(attributes):
        if index and text[attributes[index - 1][1] : start].strip():
            group += 1
        groups.append(group)
    names_of = {}
    for group, (_, _, arguments) in zip(groups, attributes):
        names_of.setdefault(group, set()).update(platform_names(arguments))
    output, position = [], 0
    for (start, end, arguments), group in zip(attributes, groups):
        replacement = resolve(arguments, platform, names_of[group])
        output.append(text[position:start])
        original = text[start:end]
        if replacement == "keep":
            output.append(original)
        else:
            # Keep the line count: pad with the original's newlines.
            output.append((replacement or "") + "\n" * original.count("\n"))
        position = end
    output.append(text[position:])
    return "".join(output)


def blank_comments_and_strings(text):
    """`text` with every comment and string literal replaced by spaces (line breaks kept), so
    that positions and line numbers stay where they were."""
    out = list(text)
    index, length = 0, len(text)

    def blank(begin, end):
        for position in range(begin, min(end, length)):
            if out[position] != "\n":
                out[position] = " "

    while index < length:
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            blank(index, end)
            index = end
        elif text.startswith("/*", index):
            depth, position = 1, index + 2
            while position < length and depth:
                if text.startswith("/*", position):
                    depth, position = depth + 1, position + 2
                elif text.startswith("*/", position):
                    depth, position = depth - 1, position + 2
                else:
                    position += 1
            blank(index, position)
            index = position
        elif text[index] == '"' or (text[index] == "#" and re.match(r'#+"', text[index:])):
            hashes = len(re.match(r"#*", text[index:]).group(0))
            start = index + hashes
            quote = '"""' if text.startswith('"""', start) else '"'
            closing = quote + "#" * hashes
            position = start + len(quote)
            while position < length and not text.startswith(closing, position):
                if text[position] == "\\" and hashes == 0:
                    position += 1
                elif text[position] == "\n" and quote == '"':
                    break
                position += 1
            end = min(position + len(closing), length)
            blank(index, end)
            index = end
        else:
            index += 1
    return "".join(out)


AVAILABILITY_CHECK = re.compile(r"[#@]available\s*\(([^)]*)\)")


def availability_in(header, platform):
    """The version of `platform` that the `#available` / `@available` conditions in `header`
    guarantee, or None. An iOS version counts for visionOS where visionOS is not named."""
    best = None
    for match in AVAILABILITY_CHECK.finditer(header):
        named = {}
        for argument in split_arguments(match.group(1)):
            words = argument.split()
            if len(words) == 2 and re.match(r"^\d+(\.\d+)*$", words[1]):
                named[ALIASES.get(words[0], words[0])] = version(words[1])
        if platform in named:
            guaranteed = named[platform]
        elif platform == "visionOS" and "iOS" in named:
            guaranteed = visionos_version(named["iOS"])
        else:
            continue
        best = guaranteed if best is None or guaranteed > best else best
    return best


def newer_api_uses(text, platform, shown_path):
    """Diagnostics for the uses in `text` of an API in NEWER_APIS that `platform` has only
    after its deployment target, outside `if #available` / `guard #available` / `@available`
    code that guarantees it."""
    code = blank_comments_and_strings(text)
    column = PLATFORMS.index(platform)
    target = DEPLOYMENT_TARGETS[platform]
    uses = []
    for pattern, name, introduced in NEWER_APIS:
        if introduced[column] <= target:
            continue
        for match in re.finditer(pattern, code):
            uses.append((match.start(), name, introduced[column]))
    if not uses:
        return []
    uses.sort()
    diagnostics = []
    # One frame a brace: the version of `platform` that its code is guaranteed.
    frames = [None]
    last_boundary, next_use = 0, 0
    for index, char in enumerate(code):
        while next_use < len(uses) and uses[next_use][0] == index:
            _, name, needed = uses[next_use]
            next_use += 1
            # A declaration's own `@available` covers its header too (a conformance, a
            # property's type): the attribute comes before the use, in the same header.
            attributes = re.sub(r"#available\s*\([^)]*\)", "", code[last_boundary:index])
            known = [v for v in (frames[-1], availability_in(attributes, platform)) if v]
            if not known or max(known) < needed:
                line = code.count("\n", 0, index) + 1
                col = index - (code.rfind("\n", 0, index) + 1) + 1
                diagnostics.append(
                    "%s:%d:%d: error: '%s' is only available in %s %s or newer; the deployment "
                    "target is %s %s: use it under `if #available(%s %s, *)`"
                    % (shown_path, line, col, name, platform, shown(needed), platform,
                       shown(target), platform, shown(needed))
                )
        if char == "{":
            header = code[last_boundary:index]
            guaranteed = availability_in(header, platform)
            inherited = frames[-1]
            if guaranteed is not None and re.search(r"\bguard\b", header):
                # `guard #available(...) else {`: the else block is the unavailable path; the
                # rest of the enclosing block is guaranteed.
                frames.append(inherited)
                if frames[-2] is None or frames[-2] < guaranteed:
                    frames[-2] = guaranteed
            elif guaranteed is not None and (inherited is None or guaranteed > inherited):
                frames.append(guaranteed)
            else:
                frames.append(inherited)
            last_boundary = index + 1
        elif char == "}":
            if len(frames) > 1:
                frames.pop()
            last_boundary = index + 1
        elif char == ";":
            last_boundary = index + 1
    return diagnostics


def self_test():
    """Checks the rules above on known cases (`Scripts/apple-compile --self-test` runs it)."""
    failures, checked = [], []

    def expect(what, actual, expected):
        checked.append(what)
        if actual != expected:
            failures.append("%s: got %r, expected %r" % (what, actual, expected))

    targets = deployment_targets(
        'platforms: [.iOS("17.2"), .macOS(.v14_4), .tvOS(.v17), .watchOS(.v10), .visionOS(.v2)]'
    )
    expect("deployment targets", targets,
           {"iOS": (17, 2), "macOS": (14, 4), "tvOS": (17, 0), "watchOS": (10, 0),
            "visionOS": (2, 0)})
    DEPLOYMENT_TARGETS.update(targets)
    # visionOS follows iOS with the minor version: iOS 18.1 is visionOS 2.1, after 2.0.
    expect("visionOS of iOS 18.1", visionos_version((18, 1)), (2, 1))
    expect("visionOS of iOS 26.1", visionos_version((26, 1)), (26, 1))
    expect("visionOS of iOS 17.4", visionos_version((17, 4)), (1, 0))
    for text, expected in [
        ("@available(iOS 18.1, *)\nfunc f() {}", "introduced in visionOS 2.1"),
        ("@available(iOS 18.0, *)\nfunc f() {}", None),
        ("@available(iOS, introduced: 18.1)\nfunc f() {}", "introduced in visionOS 2.1"),
        ("@available(iOS, introduced: 13.0, obsoleted: 18.0)\nfunc f() {}",
         "obsoleted in visionOS 2.0"),
        ("@available(iOS, introduced: 13.0, deprecated: 18.0)\nfunc f() {}", "deprecated"),
        ("@available(iOS, unavailable)\nfunc f() {}", "unavailable in visionOS"),
        ("@available(iOS 18.1, visionOS 2.0, *)\nfunc f() {}", None),
        ("@available(iOS, unavailable)\n@available(visionOS 1.0, *)\nfunc f() {}", None),
        ("@available(xrOS 2.1, *)\nfunc f() {}", "introduced in visionOS 2.1"),
    ]:
        rewritten = rewrite_availability(text, "visionOS")
        expect("visionOS: " + text.split("\n")[0],
               expected in rewritten if expected else "@available" not in rewritten, True)
    expect("os aliases", rewrite_conditions("#if os(OSX) || os(xrOS)\n"),
           "#if HUSH_OS_macOS || HUSH_OS_visionOS\n")
    expect("Linux-only modules", rewrite_conditions("#elseif canImport(Glibc)\n"),
           "#elseif HUSH_NOT_ON_APPLE_Glibc\n")
    code = (
        "// Task.name\nlet s = \"Task.name\"\nfunc a() { _ = Task.name }\n"
        "func b() {\n  if #available(iOS 26, *) { _ = Task.name } else { _ = Task.name }\n"
        "  guard #available(iOS 26.0, *) else { return }\n  _ = Task.name\n}\n"
    )
    expect("Task.name on iOS", [d.split(":")[1] for d in newer_api_uses(code, "iOS", "f")],
           ["3", "5"])
    expect("Task.name on visionOS (iOS 26 is visionOS 26)",
           [d.split(":")[1] for d in newer_api_uses(code, "visionOS", "f")], ["3", "5"])
    expect("Task.name on macOS", len(newer_api_uses(code, "macOS", "f")), 4)
    code = (
        "@available(iOS 18, *)\nextension E: TaskExecutor {}\n"
        "@available(iOS 17, *)\nextension F: TaskExecutor {}\n"
        "func g() {\n  if #available(iOS 18, *), let e = x as? any TaskExecutor { _ = e }\n}\n"
    )
    expect("a declaration's @available covers its header, not an if's #available",
           [d.split(":")[1] for d in newer_api_uses(code, "iOS", "f")], ["4", "6"])
    for failure in failures:
        print("preprocess.py self-test: " + failure, file=sys.stderr)
    if failures:
        sys.exit(1)
    print("preprocess.py self-test: %d cases hold" % len(checked))


def main(argv):
    if argv == ["--self-test"]:
        self_test()
        return
    availability = check_newer_apis = False
    if argv and argv[0] == "--availability":
        availability = True
        argv = argv[1:]
    elif argv and argv[0] == "--newer-apis":
        check_newer_apis = True
        argv = argv[1:]
    if len(argv) < 3 or argv[0] not in PLATFORMS:
        sys.exit(
            "usage: preprocess.py [--availability | --newer-apis] PLATFORM OUT_DIR ROOT FILE..."
        )
    with open(PACKAGE, encoding="utf-8") as package:
        DEPLOYMENT_TARGETS.update(deployment_targets(package.read()))
    platform, out_dir, root, files = argv[0], argv[1], argv[2], argv[3:]
    diagnostics = []
    for path in files:
        with open(path, encoding="utf-8") as source:
            text = source.read()
        text = "".join(rewrite_conditions(line) for line in text.splitlines(keepends=True))
        if availability:
            text = rewrite_availability(text, platform)
        elif check_newer_apis:
            diagnostics += newer_api_uses(text, platform, os.path.relpath(path, root))
        destination = os.path.join(out_dir, os.path.relpath(path, root))
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        with open(destination, "w", encoding="utf-8") as output:
            output.write(text)
    # Every file is written first: the compiler's diagnostics come after these.
    for diagnostic in diagnostics:
        print(diagnostic, file=sys.stderr)
    if diagnostics:
        sys.exit(3)


if __name__ == "__main__":
    main(sys.argv[1:])
