#!/usr/bin/env python3
"""Fails when a source file of the project runs over 600 lines without saying why at its
top ("Long on purpose: ..." within its first 30 lines). A long file is fine when its parts
belong together; one that grew by accident is split before it lands.

    python3 scripts/check-file-lengths.py
"""
import subprocess
import sys

LIMIT = 600
HEAD = 30
REASON = "Long on purpose:"
SOURCES = ("*.rs", "*.ts", "*.tsx", "*.py", "*.mjs", "*.sh")
# Written by tools, not by people (make api-types).
GENERATED = {"web/src/types/api.gen.ts"}


def main() -> int:
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", *SOURCES],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    unexplained = []
    for path in files:
        if path in GENERATED:
            continue
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
        except FileNotFoundError:  # deleted in the work tree, not yet in the index
            continue
        if len(lines) > LIMIT and not any(REASON in line for line in lines[:HEAD]):
            unexplained.append(f"{path}: {len(lines)} lines")
    for line in unexplained:
        print(f"over {LIMIT} lines with no '{REASON}' at its top: {line}", file=sys.stderr)
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
