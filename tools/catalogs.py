"""The message catalogs (docs/i18n.md): find every message the code says and merge them
into each domain's template and each language's catalog, or check that they are whole.

    python tools/catalogs.py --write   # templates made again, new messages added to every .po
    python tools/catalogs.py --check   # exit 1 where a catalog is behind or incomplete

tests/i18n runs the check: a message added to the code fails the tests until every language
says it.
"""

from __future__ import annotations

import argparse
import sys

from wartable.i18n import keep


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="update the templates and catalogs")
    mode.add_argument("--check", action="store_true", help="list what is missing; exit 1 if any")
    args = parser.parse_args(argv)
    if args.write:
        for domain in keep.domains():
            for path in keep.write(domain):
                print(f"wrote {path}")
        return 0
    found = [p for domain in keep.domains() for p in keep.problems(domain)]
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
