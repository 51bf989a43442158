#!/usr/bin/env python3
"""Prints the first fenced code block of a language in a Markdown section.

Usage: readme-example.py FILE HEADING LANGUAGE

The section is the first heading whose text contains HEADING; the block is the first
```LANGUAGE fence after it, before the next heading of the same or a higher level. Exits 1,
saying what is missing, when there is no such section or block: a test of an example that
was renamed or removed fails rather than passing on nothing.
"""
import re
import sys


def example(text: str, heading: str, language: str) -> str:
    lines = text.splitlines()
    level = None
    block = None
    for line in lines:
        match = re.match(r"^(#+)\s+(.*)$", line)
        if block is None and match:
            if level is not None and len(match.group(1)) <= level:
                break
            if level is None and heading in match.group(2):
                level = len(match.group(1))
            continue
        if level is None:
            continue
        if block is None:
            if line.strip() == "```" + language:
                block = []
        elif line.strip() == "```":
            return "\n".join(block) + "\n"
        else:
            block.append(line)
    if level is None:
        sys.exit(f"no section whose heading contains {heading!r}")
    sys.exit(f"no ```{language} block in the section {heading!r}")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, heading, language = sys.argv[1:]
    with open(path, encoding="utf-8") as file:
        sys.stdout.write(example(file.read(), heading, language))
