"""The `companion` command: `companion score FILE` and `companion serve`."""

from __future__ import annotations

import argparse
import json
import sys


def _score(args: argparse.Namespace) -> int:
    from companion.rules.document import InvalidInput
    from companion.rules.schema import load_json
    from companion.rules.scoring import score_document

    try:
        text = sys.stdin.read() if args.file == "-" else _read_file(args.file)
    except OSError as exc:
        print(f"{args.file}: cannot read ({exc.strerror})", file=sys.stderr)
        return 2
    try:
        result = score_document(load_json(text))
    except InvalidInput as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def _read_file(path: str) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _serve(args: argparse.Namespace) -> int:
    from companion.web.server import run

    return run(host=args.host, port=args.port, instance=args.instance, dev=args.dev)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Architects of the West Kingdom companion")
    sub = parser.add_subparsers(dest="command", required=True)

    score = sub.add_parser("score", help="score a finished game: JSON in, JSON out")
    score.add_argument("file", help="a JSON game document, or - for standard input")
    score.set_defaults(func=_score)

    serve = sub.add_parser("serve", help="serve the web app")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--instance", default=None, help="instance folder (database, local config)")
    serve.add_argument("--dev", action="store_true", help="Flask's debug server with reloading")
    serve.set_defaults(func=_serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
