#!/usr/bin/env python3
"""Rewrites Swift sources for one Apple platform, for `Scripts/apple-compile` on Linux.

The Linux compiler evaluates `os(...)` for Linux and ignores Apple platforms' `@available`
attributes, so this script makes both explicit for one platform, keeping every line where it
was (diagnostics keep their line numbers):

- In `#if` / `#elseif` lines, `os(iOS)` becomes the flag `HUSH_OS_iOS` and
  `targetEnvironment(macCatalyst)` becomes `HUSH_TARGET_ENVIRONMENT_macCatalyst`; the script
  defines `-D HUSH_OS_<platform>` only for the platform being checked.
- `--availability` (used for the stand-in modules only): each `@available` attribute that
  names an Apple platform is resolved for the platform being checked and its deployment
  target. Unavailable there, introduced after the deployment target, or obsoleted by it:
  `@available(*, unavailable, message: ...)`. Deprecated by the deployment target:
  `@available(*, deprecated, message: ...)`. Otherwise the attribute is dropped. visionOS
  follows iOS where an attribute names iOS and not visionOS, as Swift does.

Usage: preprocess.py [--availability] PLATFORM OUT_DIR ROOT FILE...
  Writes each FILE (a path under ROOT) to OUT_DIR/<path relative to ROOT>.
"""

import os
import re
import sys

DEPLOYMENT_TARGETS = {
    "iOS": (17, 0),
    "macOS": (14, 0),
    "tvOS": (17, 0),
    "watchOS": (10, 0),
    "visionOS": (1, 0),
}
# Names Swift accepts in @available that mean the same platform.
ALIASES = {"OSX": "macOS", "xrOS": "visionOS"}
APPLE = set(DEPLOYMENT_TARGETS) | set(ALIASES) | {
    "iOSApplicationExtension",
    "macOSApplicationExtension",
    "macCatalyst",
    "macCatalystApplicationExtension",
    "tvOSApplicationExtension",
    "watchOSApplicationExtension",
    "visionOSApplicationExtension",
}

CONDITION_LINE = re.compile(r"^\s*#\s*(if|elseif)\b")


def rewrite_conditions(line):
    if not CONDITION_LINE.match(line):
        return line
    line = re.sub(r"\bos\(\s*(\w+)\s*\)", r"HUSH_OS_\1", line)
    return re.sub(r"\btargetEnvironment\(\s*(\w+)\s*\)", r"HUSH_TARGET_ENVIRONMENT_\1", line)


def version(text):
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (2 - len(parts)))


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
                    # visionOS 1 shipped with the iOS 17 SDK.
                    introduced = (introduced[0] - 16, 0) if introduced >= (18, 0) else (1, 0)
                if introduced > target:
                    return (
                        '@available(*, unavailable, message: "introduced in %s %s, after the '
                        'deployment target %s %d.%d")'
                        % (platform, words[1], platform, target[0], target[1])
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
    if applies_as == "iOS" and platform == "visionOS":
        return "@available(*, unavailable, message: \"unavailable in visionOS\")" if (
            "unavailable" in labels
        ) else None
    if "introduced" in labels and version(labels["introduced"]) > target:
        return '@available(*, unavailable, message: "introduced in %s %s")' % (
            platform,
            labels["introduced"],
        )
    if "obsoleted" in labels and version(labels["obsoleted"]) <= target:
        return '@available(*, unavailable, message: "obsoleted in %s %s")' % (
            platform,
            labels["obsoleted"],
        )
    if "deprecated" in labels and labels["deprecated"] and version(labels["deprecated"]) <= target:
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


def main(argv):
    availability = False
    if argv and argv[0] == "--availability":
        availability = True
        argv = argv[1:]
    if len(argv) < 3 or argv[0] not in DEPLOYMENT_TARGETS:
        sys.exit("usage: preprocess.py [--availability] PLATFORM OUT_DIR ROOT FILE...")
    platform, out_dir, root, files = argv[0], argv[1], argv[2], argv[3:]
    for path in files:
        with open(path, encoding="utf-8") as source:
            text = source.read()
        text = "".join(rewrite_conditions(line) for line in text.splitlines(keepends=True))
        if availability:
            text = rewrite_availability(text, platform)
        destination = os.path.join(out_dir, os.path.relpath(path, root))
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        with open(destination, "w", encoding="utf-8") as output:
            output.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
