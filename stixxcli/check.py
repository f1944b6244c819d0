"""Checking game logs: the verdict on one log, for `validate`, `score` and scripts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .engine import apply_moves, game_over, names_of, open_game, player_at
from .errors import LogError, StixxError, plugin_call, plugin_json
from .game import Result
from .gamelog import canonical, same_json
from .text import clip, counted

if TYPE_CHECKING:
    from .sources import Block


class Verdict:
    """What `validate` says of one log, filled in by `check_log` as it goes.
    A plain class, not a dataclass: making one costs a short command more
    than checking its log, and nothing compares or copies verdicts."""

    def __init__(self, where: str, valid: bool):
        self.where, self.valid, self.moves = where, valid, 0
        self.game: str | None = None
        self.finished: bool | None = None
        self.error: str | None = None
        self.index: int | None = None  # the first illegal move, counted from 0
        self.seat: int | None = None
        self.player: str | None = None
        self.move: Any = None
        self.result: dict | None = None
        self.warnings: list[str] = []

    def line(self) -> str:
        return f"{self.where}: {self.said()}"

    def said(self) -> str:
        """The verdict, without the log's name (`replay` names the log itself)."""
        if self.valid:
            state = "finished" if self.finished else "unfinished"
            warned = "".join(f"; warning: {w}" for w in self.warnings) if self.warnings else ""
            return f"valid {self.game} game, {counted(self.moves, 'move')}, {state}{warned}"
        if self.index is not None:
            who = f" by {clip(self.player, 60)} (seat {self.seat})" if self.player is not None else ""
            shown = canonical(self.move).decode()
            if len(shown) > 120:
                shown = shown[:117] + "..."
            return f"move {self.index}{who} is illegal: {clip(self.error)}; move: {shown}"
        return clip(self.error)

    def to_json(self) -> dict:
        out = {
            "source": self.where,
            "valid": self.valid,
            "game": self.game,
            "moves": self.moves,
            "finished": self.finished,
        }
        if not self.valid:
            out["error"] = self.error
            if self.index is not None:
                out.update(index=self.index, seat=self.seat, player=self.player, move=self.move)
        if self.result is not None:
            out["result"] = self.result
        if self.warnings:
            out["warnings"] = self.warnings
        return out


def check_log(log: Any, where: str = "<log>") -> Verdict:
    """Check a log: envelope, rules and digest, setup, every move in order, the
    end and the recorded result. Never raises for bad content."""
    verdict = Verdict(where, False)
    if isinstance(log, dict) and isinstance(log.get("game"), str):
        verdict.game = log["game"]
    try:
        game, state = open_game(log)
        warned = plugin_call(game, "warnings", lambda: getattr(state, "warnings", ()), gives=(list, tuple))
    except StixxError as e:
        verdict.error = str(e)
        return verdict
    verdict.finished = log["finished"]
    if warned:
        verdict.warnings = _told(warned)
    moves = log["moves"]
    refused = apply_moves(game, state, moves)
    if refused is not None:
        index, seat, e = refused
        verdict.moves = index
        try:
            player = player_at(game, state, seat) if seat is not None else None
        except StixxError as fault:  # names that fail: the verdict is the plugin's fault, by no one
            e, seat, player = fault, None, None
        verdict.error, verdict.index, verdict.move = e.message, index, moves[index]
        verdict.seat, verdict.player = seat, player
        return verdict
    verdict.moves = len(moves)
    try:
        over = game_over(game, state)
    except StixxError as e:
        verdict.error = str(e)
        return verdict
    if log["finished"] and not over:
        verdict.error = (
            f"the log says the game is over, but after its {counted(len(moves), 'move')} it is not"
        )
        return verdict
    if over and not log["finished"]:
        verdict.error = (
            f'the game ended at its last move (move {len(moves) - 1}), but the log says "finished": false'
        )
        return verdict
    recorded = log.get("result")
    try:
        computed = plugin_call(game, "result", state.result, gives=Result).to_json()
        # Recorded just as computed, the usual log: nothing of it to tell as recorded.
        if recorded is None or not same_json(recorded, computed):
            # Told as data by validate and score: no NaN of the plugin's (the log's is its own).
            plugin_json(game, "result", computed)
            if recorded is not None:
                computed_then = _as_recorded(recorded, computed)
                if not same_json(recorded, computed_then):
                    difference = _result_difference(recorded, computed_then, names_of(game, state))
                    verdict.error = "the recorded result differs from the game: " + difference
                    return verdict
    except StixxError as e:
        verdict.error = str(e)
        return verdict
    verdict.valid, verdict.result = True, computed
    return verdict


MOST_WARNINGS = 100  # a verdict says this many of a game's warnings on a log, then how many more


def _told(warnings) -> list[str]:
    """A game's warnings on a log as a verdict says them: each cut to a line as
    an error is (a line shows them plain), the rest after MOST_WARNINGS counted."""
    told = [clip(str(warning)) for warning in warnings[:MOST_WARNINGS]]
    if len(warnings) > MOST_WARNINGS:
        told.append(f"and {counted(len(warnings) - MOST_WARNINGS, 'more warning')}")
    return told


def check_texts(items: list[tuple], full: bool = True, digests: bool = False) -> list[tuple]:
    """Verdicts, as JSON and as a line, for (where, text) pairs of raw logs (text
    as str, or UTF-8 bytes); a (where, message, False) item is a log that could
    not even be read. With full=False the JSON holds only "valid": less to send
    back from a worker when nobody reads the rest. With digests=True each
    verdict comes with (where, log_digest) for a valid log, None for others:
    to find a game handed in twice."""
    from .gamelog import log_digest, parse_json
    from .sources import decoded

    out, games = [], {}
    for where, text, *unreadable in items:
        if not unreadable and isinstance(text, bytes):
            text = decoded(text, where)
            if isinstance(text, StixxError):
                text, unreadable = text.message, [True]
        if unreadable:
            out.append(_unread(where, text, f"{where}: {text}"))
            continue
        try:
            log = parse_json(text, where)
        except LogError as e:
            out.append(_unread(where, e.message, str(e)))
            continue
        try:
            verdict = check_log(log, where)
            if digests and verdict.valid:
                games[len(out)] = (where, log_digest(log, text))
            out.append((verdict.to_json() if full else {"valid": verdict.valid}, verdict.line()))
        except Exception as e:  # a fault of ours or a plugin's: this log's verdict, and the corpus goes on
            error = f"internal error while checking this log: {type(e).__name__}: {clip(str(e))}"
            out.append(({"source": where, "valid": False, "error": error}, f"{where}: {error}"))
    return [(*item, games.get(i)) for i, item in enumerate(out)] if digests else out


def _unread(where: str, error: str, line: str) -> tuple[dict, str]:
    """The verdict on a log that could not be read: in JSON, the keys of every
    other verdict (a script reads .game or .moves of each line), and the
    error without the source, which "source" says."""
    verdict = Verdict(where, False)
    verdict.error = error
    return verdict.to_json(), line


def scored(log: dict, result: dict, source: str | None = None) -> dict:
    """What `score` reports of a log: where it was read (FILE, or FILE:N for a
    corpus's line N, as `validate` names it), the game, its players and the result."""
    return {
        **({"source": source} if source is not None else {}),
        "game": log["game"],
        "variant": log["variant"],
        "finished": log["finished"],
        "moves": len(log["moves"]),
        "players": [p["name"] for p in log["players"]],
        **result,
    }


def _as_recorded(recorded, computed: dict) -> dict:
    """The computed result told as a log recorded it: a breakdown explains a
    score, and a game may come to explain more (a new key per player); an
    older log is checked on the keys it holds. Scores, places and winners
    always count whole."""
    said = recorded.get("breakdown") if isinstance(recorded, dict) else None
    found = computed.get("breakdown")
    if not (isinstance(said, list) and isinstance(found, list) and len(said) == len(found)):
        return computed
    if not all(isinstance(s, dict) and isinstance(f, dict) for s, f in zip(said, found)):
        return computed
    if all(s.keys() == f.keys() for s, f in zip(said, found)):
        return computed  # told on the very keys it was computed with: the usual log
    told = [{key: f[key] for key in s if key in f} for s, f in zip(said, found)]
    return {**computed, "breakdown": told}


def _result_difference(recorded: dict, computed: dict, names: list) -> str:
    for key in ("scores", "places", "winners", "breakdown"):
        said, found = canonical(recorded.get(key)).decode(), canonical(computed.get(key)).decode()
        if said != found:
            if key == "breakdown":
                part = _breakdown_difference(recorded.get(key), computed.get(key), names)
                if part:
                    return part
            return f"{key} recorded {said[:80]}, computed {found[:80]}"
    extra = sorted(set(recorded) - set(computed))
    return f"unknown key {extra[0]!r} in result" if extra else "they differ"


def _breakdown_difference(said, found, names: list) -> str | None:
    """The first player and key where two breakdowns differ, with both values:
    the whole breakdowns cut to 80 characters look alike (a renamed player
    in a Stixx reveal text differs far into the first player's part)."""
    if not (isinstance(said, list) and isinstance(found, list) and len(said) == len(found) == len(names)):
        return None
    for seat, (mine, theirs) in enumerate(zip(said, found)):
        if not (isinstance(mine, dict) and isinstance(theirs, dict)) or same_json(mine, theirs):
            continue
        for key in [*mine, *(k for k in theirs if k not in mine)]:
            if key in mine and key in theirs and same_json(mine[key], theirs[key]):
                continue
            said_text, found_text = (
                canonical(p[key]).decode()[:80] if key in p else "nothing" for p in (mine, theirs)
            )
            who = f"{clip(str(names[seat]), 60)} (seat {seat})"
            return f"breakdown recorded for {who}: {clip(str(key), 40)} {said_text}, computed {found_text}"
    return None


class Copies:
    """The games read so far, by log_digest: a game handed in twice (the same
    log in two files, or twice in a corpus) stays valid, and is named with
    the copy read first. Memory: about 200 bytes a valid log."""

    def __init__(self):
        self.first: dict[bytes, str] = {}

    def first_of(self, where: str, digest: bytes) -> str | None:
        """Where this game was read before, or None for a game not seen yet."""
        first = self.first.get(digest)
        if first is None:
            self.first[digest] = where
        return first


def check_sources(
    sources,
    *,
    full: bool,
    jobs: int,
    executor: str = "local",
    scheduler=None,
    digests: bool = False,
    sizes=None,
):
    """Verdicts on every log of every source, in input order: lists of
    (verdict as JSON, verdict as a line), one list per piece of work (a
    block of a corpus's lines, or up to 32 logs), checked by `jobs`
    processes, this one among them (or on a Dask cluster); with digests,
    each with its (where, digest) as check_texts gives it. `sizes`, a deque:
    the bytes of each piece is appended to it as the piece is read, for a
    progress bar to take off as its verdicts come."""
    from functools import partial

    from .fastjson import at_once
    from .parallel import ordered_map

    yield from ordered_map(
        partial(check_work, full=full, digests=digests),
        _work(sources) if sizes is None else _measured(_work(sources), sizes),
        jobs=jobs,
        executor=executor,
        scheduler=scheduler,
        start=at_once,  # a worker only reads logs: msgspec's import pays off within its first chunks
    )


BLOCK_BYTES = 1 << 18  # of JSON Lines a worker gets at once: about 40 to 100 logs


def _work(sources) -> Iterator[Block | list[tuple]]:
    """The work of check_sources, in input order: a Block of a corpus's lines,
    or a list of up to 32 logs (where, text); one that could not even be read
    is (where, message, False)."""
    from itertools import groupby

    from .parallel import chunked
    from .sources import Block, raw_logs

    read = (item for source in sources for item in raw_logs(source, decode=False, blocks=BLOCK_BYTES))
    for blocks, run in groupby(read, key=lambda item: isinstance(item[1], Block)):
        if blocks:
            yield from (block for _, block in run)
        else:
            logs = ((w, t) if isinstance(t, (str, bytes)) else (w, t.message, False) for w, t in run)
            yield from chunked(logs, 32)


def _measured(work, sizes):
    for piece in work:
        sizes.append(sum(len(item[1]) for item in piece) if isinstance(piece, list) else len(piece.data))
        yield piece


def check_work(work, full: bool = True, digests: bool = False) -> list[tuple]:
    """check_texts on a piece of _work."""
    return check_texts(work if isinstance(work, list) else work.raw_logs(), full, digests)


def scored_logs(source):
    """(scored summary, None, log_digest) for each valid log of a file or
    corpus, (None, error line, None) for the others."""
    from .gamelog import load_logs, log_digest

    for where, data in load_logs(source):
        verdict = data if isinstance(data, StixxError) else check_log(data, where)
        if isinstance(data, StixxError) or not verdict.valid:
            yield None, clip(str(data) if isinstance(data, StixxError) else verdict.line()), None
        else:
            yield scored(data, verdict.result, where), None, log_digest(data)
