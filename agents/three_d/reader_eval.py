"""The reader's eval: `python -m agents.three_d.reader_eval [--split held_out]` scores the
generated corpus and prints the accuracy per split and every miss (brief, kind, what was wrong)
as JSON."""

from __future__ import annotations

import argparse
import json

from agents.three_d.corpus import generate, read_for_scoring, score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", choices=["dev", "held_out"], default=None)
    parser.add_argument("--count", type=int, default=280)
    args = parser.parse_args()
    cases = [c for c in generate(args.count) if args.split in (None, c["split"])]
    print(json.dumps(score(cases, read_for_scoring), indent=2))


if __name__ == "__main__":
    main()
