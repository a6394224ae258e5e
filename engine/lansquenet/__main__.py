"""The command line: ``python -m lansquenet replay FILE|-``, ``narrate FILE --lang``,
``bots --players N --deals D --seed S`` (a session of computer players, printed as a
scenario that ``replay`` replays to its end; under other rules with ``--variant NAME``
or ``--packs``, ``--pack``, ``--pair-share``, ``--successor``, VARIANTS.md),
``lessons --check``, ``odds --game court --players N`` (the court game's exact odds,
COURT.md C-15: JSON, fractions as strings, in units of F) and ``simulate --game court
--players N --hands K --seed S`` (K whole hands of the court game played through the
engine's session: ``{"hands", "mean", "sd"}``, the holder's gain per hand in F).

Exit 0 with the state (or the narration), 2 with a refusal (after the steps before it), 1 (one line on stderr) for what is not a
scenario at all (CONFORMANCE.md).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any

from .bots import TEMPERAMENTS, play_session
from .court_odds import odds_json
from .games import COURT, GAME_IDS, PRESET_IDS
from .hands import MOST_HANDS, simulate
from .languages import FALLBACK, LANGUAGES
from .lessons import LessonError, check, lessons
from .limits import MAX_BYTES, safe_whole
from .narration import event_text, refusal_text
from .refusals import NotAScenario, OddsError, Refusal
from .scenario import parse, replay, until_refused
from .variants import KEYS


def _read(path: str) -> str:
    """The text of a file (or of standard input), refused past 16 MB without reading
    the rest (CONFORMANCE.md, "Limits")."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read(MAX_BYTES + 1)
    else:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise NotAScenario(f"larger than {MAX_BYTES // (1024 * 1024)} MB")
    return data.decode("utf-8") if isinstance(data, bytes) else data


def narrate(data: dict[str, Any], lang: str) -> int:
    """Print each step's sentence, then the refusal that stopped the replay (exit 2)."""
    played, stop = until_refused(data)
    if played is not None:
        for index in range(played.count):
            print(event_text(played.event(index).json(), lang))
    if stop is not None:
        print(refusal_text(stop.refusal, lang))
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lansquenet", description="Replay Lansquenet scenarios.")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("replay", help="print the resulting state as JSON")
    run.add_argument("scenario", help="a scenario file, a shipped scenario's name, or - for stdin")
    tell = commands.add_parser("narrate", help="print the narrated steps, one a line")
    tell.add_argument("scenario", help="a scenario file, a shipped scenario's name, or - for stdin")
    tell.add_argument("--lang", choices=LANGUAGES, default=FALLBACK)
    robots = commands.add_parser("bots", help="print a whole session of computer players as a scenario")
    robots.add_argument("--players", type=int, choices=range(2, 11), default=4, metavar="2..10")
    robots.add_argument("--deals", type=int, default=5, help="the session ends after this many deals (R-P4)")
    robots.add_argument("--seed", type=int, default=0)
    robots.add_argument(
        "--temperaments", default=",".join(TEMPERAMENTS), help="comma-separated, round the seats"
    )
    # V-R2, V-R8: the rules the session is played under, checked by the engine (V-R5).
    robots.add_argument("--variant", help="a preset: " + ", ".join(PRESET_IDS[1:]))
    robots.add_argument("--packs", type=int, help="packs shuffled together, 1 to 6 (V-P1)")
    robots.add_argument("--pack", help="cards per pack: 52, 40 or 32 (V-P2)")
    robots.add_argument(
        "--pair-share", dest="pair_share", help="the bank's share on an opening pair: 1 or 1/2 (V-P3)"
    )
    robots.add_argument("--successor", help="where the bank goes after a loss: right or left (V-P4)")
    teach = commands.add_parser("lessons", help="prove every lesson: its expected path, its outcome")
    teach.add_argument("--check", action="store_true", required=True)
    chances = commands.add_parser("odds", help="print a game's exact odds as JSON (fractions of the stake F)")
    games_named = GAME_IDS[1:]  # the games a rules object names (lansquenet.games)
    chances.add_argument(
        "--game", choices=games_named, required=True, help=f"{COURT.id}: COURT.md's game (C-15)"
    )
    chances.add_argument(
        "--players", type=int, required=True, metavar="2..10", help="people at the table (C-1)"
    )
    played = commands.add_parser(
        "simulate",
        help="play whole hands of a game through the engine's session; print their mean and sd as JSON",
    )
    played.add_argument(
        "--game", choices=games_named, required=True, help=f"{COURT.id}: COURT.md's game (C-15)"
    )
    played.add_argument(
        "--players", type=int, required=True, metavar="2..10", help="people at the table (C-1)"
    )
    played.add_argument("--hands", type=int, required=True, help=f"hands to play, 1 to {MOST_HANDS}")
    played.add_argument("--seed", type=int, default=0, help="0 to 2^53 - 1")
    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):  # a name with a lone surrogate: written \udXXX
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    if args.command == "lessons":
        for lesson in lessons():
            try:
                check(lesson)
            except LessonError as error:
                print(f"lansquenet: lesson {error}", file=sys.stderr)
                return 1
        print(f"{len(lessons())} lessons checked")
        return 0
    if args.command == "odds":
        try:
            odds = odds_json(args.players)
        except OddsError:  # C-1: 2 to 10 people; exit 2 as any refusal
            refusal_json = {
                "code": "invalid_players",
                "message": refusal_text(Refusal("invalid_players"), FALLBACK),
            }
            print(json.dumps({"error": refusal_json}, ensure_ascii=False, indent=2))
            return 2
        print(json.dumps(odds, ensure_ascii=False, indent=2))
        return 0
    if args.command == "simulate":
        if not 1 <= args.hands <= MOST_HANDS or not safe_whole(args.seed):
            parser.error(f"--hands: 1 to {MOST_HANDS}; --seed: 0 to 2^53 - 1")
        try:
            result = simulate(args.players, args.hands, args.seed)
        except Refusal as refusal:  # C-1: 2 to 10 people; exit 2 as any refusal
            failed = {"code": refusal.code, "message": refusal_text(refusal, FALLBACK)}
            print(json.dumps({"error": failed}, ensure_ascii=False, indent=2))
            return 2
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    if args.command == "bots":
        chosen = args.temperaments.split(",")
        unknown = [t for t in chosen if t not in TEMPERAMENTS]
        if unknown or not safe_whole(args.deals, least=1) or not safe_whole(args.seed):
            parser.error(
                f"--temperaments: one of {', '.join(TEMPERAMENTS)}; --deals: 1 to 2^53 - 1; --seed: 0 to 2^53 - 1"
            )
        rules = {key: getattr(args, key) for key in KEYS if getattr(args, key) is not None}
        try:
            scenario = play_session(args.players, args.deals, args.seed, chosen, rules=rules or None)
        except Refusal as refusal:  # V-R6: refused rules, exit 2 as any refusal
            refused = {"code": refusal.code, "message": refusal_text(refusal, FALLBACK), "action": None}
            print(json.dumps({"error": refused, "state": None}, ensure_ascii=False, indent=2))
            return 2
        print(json.dumps(scenario, ensure_ascii=False, indent=2))
        return 0
    try:
        try:
            data = parse(_read(args.scenario))
        except FileNotFoundError:
            data = parse(args.scenario)  # the name of a shipped scenario
        if args.command == "narrate":
            return narrate(data, args.lang)
        result = replay(data)
    except (NotAScenario, OSError, UnicodeDecodeError) as error:
        print(f"lansquenet: {args.scenario}: not a scenario: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 2 if "error" in result else 0


if __name__ == "__main__":
    sys.exit(main())
