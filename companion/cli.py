"""The `companion` command: `companion score FILE`, `companion serve` and `companion db upgrade`."""

from __future__ import annotations

import argparse
import json
import os
import sys

from companion import i18n

APP_FACTORY = "companion.web:create_app"   # what `companion serve` serves, and each process it starts makes again


def _score(args: argparse.Namespace) -> int:
    from contextlib import nullcontext

    from companion import games   # dispatches on the document's "game"
    from companion.problems import InvalidInput, load_json

    try:
        text = sys.stdin.read() if args.file == "-" else _read_file(args.file)
    except OSError as exc:
        print(f"{args.file}: cannot read ({exc.strerror})", file=sys.stderr)
        return 2
    try:
        doc = load_json(text)
    except InvalidInput as exc:
        _print_problems(exc.problems, args.lang)
        return 2
    keeper = games.with_card_library()
    facts = {}
    if args.library:
        facts = _read_library(args.library, keeper)
        if facts is None:
            return 2
    try:
        with keeper.card_library.using(facts) if keeper else nullcontext():
            result = games.score_document(doc)
    except InvalidInput as exc:
        _print_problems(exc.problems, args.lang)
        return 2
    if args.lang != i18n.SOURCE_LANGUAGE:   # the contract's reasons are English; --lang says them in another
        from companion.i18n.reasons import render_result
        result = render_result(result, args.lang)
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def _print_problems(problems, lang: str) -> None:
    """One line per problem on stderr, ``path: what is wrong``, in the language asked for."""
    from companion.i18n.reasons import render_reason

    for problem in problems:
        print(f"{problem.path}: {render_reason(problem.message, lang)}", file=sys.stderr)


def _read_library(path: str, keeper) -> dict | None:
    """A card library file's facts (of ``keeper``, the game that keeps one), or None after
    printing one line per problem (with its path)."""
    try:
        data = json.loads(_read_file(path))
    except OSError as exc:
        print(f"{path}: cannot read ({exc.strerror})", file=sys.stderr)
        return None
    except json.JSONDecodeError as exc:
        print(f"library (file): not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", file=sys.stderr)
        return None
    if keeper is None:
        print("library: no game here keeps a card library", file=sys.stderr)
        return None
    facts, problems = keeper.card_library.parse(data)
    for problem in problems:
        print(f"library {problem}", file=sys.stderr)
    return None if problems else facts


def _read_file(path: str) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _serve(args: argparse.Namespace) -> int:
    from companion.web.serving.server import run

    return run(APP_FACTORY, host=args.host, port=args.port, instance=args.instance, dev=args.dev, https=args.https,
               workers=args.workers)


def _db_upgrade(args: argparse.Namespace) -> int:
    from companion.web import create_app
    from companion.web.storage import migrations

    app = create_app(instance_path=args.instance)   # opening the app upgrades its database
    with app.extensions["store"].engine.connect() as conn:
        print(f"The database is at revision {migrations.current(conn)}, the newest.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Architects of the West Kingdom companion")
    sub = parser.add_subparsers(dest="command", required=True)

    score = sub.add_parser("score", help="score a finished game: JSON in, JSON out")
    score.add_argument("file", help="a JSON game document, or - for standard input")
    score.add_argument("--lang", choices=i18n.LANGUAGES, default=i18n.SOURCE_LANGUAGE,
                       help="language of the reasons, the tie-break and the problems (default en, the contract's)")
    score.add_argument("--library", metavar="FILE", default=None,
                       help="a card library file (exported from the Card library page): facts the rulebooks "
                            "leave out, used where the input does not give them")
    score.set_defaults(func=_score)

    serve = sub.add_parser("serve", help="serve the web app")
    serve.add_argument("--host", default=None,
                       help="address to listen on (default: the local network, 0.0.0.0; 127.0.0.1 keeps it "
                            "to this machine; --dev defaults to 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--instance", default=None, help="instance folder (database, local config)")
    serve.add_argument("--dev", action="store_true", help="Flask's debug server with reloading (pages poll, no streams)")
    serve.add_argument("--https", action="store_true",
                       help="secure mode: a self-signed certificate made and kept in the instance folder")
    serve.add_argument("--workers", type=int, default=1, metavar="N",
                       help="server processes on the one port (a busy host: 2 on two cores); 1 by default")
    serve.set_defaults(func=_serve)

    db = sub.add_parser("db", help="the database").add_subparsers(dest="db_command", required=True)
    upgrade = db.add_parser("upgrade", help="bring the database to the newest schema (the server does it at start too)")
    upgrade.add_argument("--instance", default=None, help="instance folder (database, local config)")
    upgrade.set_defaults(func=_db_upgrade)
    return parser


CLOSED_PIPE = 141   # how a shell sees a program its reader stopped reading (128 + SIGPIPE)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = args.func(args)
        sys.stdout.flush()   # here, not at exit, where a closed pipe can only print a traceback
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped reading (``companion score game.json | head -1``): stop quietly. What is
        # still buffered goes nowhere, so the interpreter's last flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return CLOSED_PIPE


if __name__ == "__main__":
    sys.exit(main())
