"""The message catalogs (docs/i18n.md): find every message the code says and merge them
into each domain's template and each language's catalog, or check that they are whole.

    python tools/catalogs.py --write   # templates made again, new messages added to every .po
    python tools/catalogs.py --check   # exit 1 where a catalog is behind or incomplete
    python tools/catalogs.py --write --domain combat   # one domain only (a game's name)

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
    parser.add_argument("--domain", help="only this domain: a game's name, or wartable")
    args = parser.parse_args(argv)
    domains = [d for d in keep.domains() if args.domain in (None, d.name)]
    if not domains:
        parser.error(f"no domain {args.domain!r}: " + ", ".join(d.name for d in keep.domains()))
    if args.write:
        for domain in domains:
            for path in keep.write(domain):
                print(f"wrote {path}")
        return 0
    found = [p for domain in domains for p in keep.problems(domain)]
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
