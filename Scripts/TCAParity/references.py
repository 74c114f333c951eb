#!/usr/bin/env python3
"""Reads `swiftc -dump-ast` output on stdin and prints which of Hush's declarations each file
refers to, as the type checker resolved them: one `FILE<TAB>DECLARATION_FILE:LINE:COLUMN` line
per pair, both paths relative to ROOT (the folder the compiled copies are in); and the
conformances its generic calls rely on: `FILE<TAB>conformance:TYPE:PROTOCOL` when a generic
parameter that requires PROTOCOL is replaced by a TYPE (its outer name: `Store` for
`Store<S, A>`), as in `Set<StoreOf<Feature>>` (`Element : Hashable`).

    swiftc -dump-ast ... | references.py ROOT

`Scripts/apple-compile --references OUT` runs it over the example apps and the tests; the
parity tool (`swift run tca-parity`) reads OUT to tell which overload a compiled use calls.
"""
import re
import sys

ROOT = sys.argv[1].rstrip("/") + "/"
SOURCE_FILE = re.compile(r'^\(source_file "([^"]+)"')
# `decl="Hush.(file).Store extension.scope(state:action:)@/…/Store+Scope.swift:27:15 [with …]"`;
# also `bind=` (a type), `initializer=` (a literal's), `default_args_owner=`.
REFERENCE = re.compile(
    r'="(?:Hush|HushTesting|HushCombine)\.\(file\)\.[^"@]*@([^":\s]+):(\d+):(\d+)'
)


# `generic_signature=<Element where Element : Hashable> Element -> StoreOf<R>`.
SIGNATURE = re.compile(r"generic_signature=<")


def balanced(text, start):
    """The index just past the `>` that closes the `<` before `start`."""
    depth = 1
    index = start
    while index < len(text) and depth > 0:
        if text[index] == "<":
            depth += 1
        elif text[index] == ">" and text[index - 1] != "-":
            depth -= 1
        index += 1
    return index


def conformances(line):
    """(TYPE, PROTOCOL) for each `PARAM : PROTOCOL` requirement of the generic signatures on
    `line` whose parameter is replaced by a named type."""
    found = set()
    for match in SIGNATURE.finditer(line):
        end = balanced(line, match.end())
        signature = line[match.end():end - 1]
        _, _, requirements = signature.partition(" where ")
        rest = line[end:end + 2000]
        for requirement in requirements.split(", "):
            parameter, separator, protocol = requirement.partition(" : ")
            if not separator or not re.fullmatch(r"\w+", parameter):
                continue
            replaced = re.search(r"(?:^|\s)" + parameter + r" -> ([A-Za-z_][\w.]*)", rest)
            # Every type is `Copyable` and `Escapable` unless it says otherwise.
            if not replaced or protocol.strip() in ("Copyable", "Escapable"):
                continue
            name = replaced.group(1).split(".")[-1]
            after = replaced.end()
            if rest[after:after + 1] == "<":
                after = balanced(rest, after + 1)
            # `Feature?` is `Optional<Feature>`.
            if rest[after:after + 1] == "?":
                name = "Optional"
            found.add((name, protocol.strip()))
    return found


def relative(path):
    return path[len(ROOT):] if path.startswith(ROOT) else path


def main():
    pairs = set()
    current = None
    for line in sys.stdin:
        match = SOURCE_FILE.match(line)
        if match:
            current = relative(match.group(1))
            continue
        if current is None:
            continue
        for path, row, column in REFERENCE.findall(line):
            pairs.add(f"{current}\t{relative(path)}:{row}:{column}")
        if "generic_signature=" in line:
            for type_name, protocol in conformances(line):
                pairs.add(f"{current}\tconformance:{type_name}:{protocol}")
    for pair in sorted(pairs):
        print(pair)


if __name__ == "__main__":
    main()
