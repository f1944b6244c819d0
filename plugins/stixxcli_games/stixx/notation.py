"""The short notation of Stixx: what a person types at the prompt and reads back.

Options are `A 12` (take one), `B` (reveal, then two takes), `C 2 red` (challenge
seat 2, or a player named, with a colour named or its first letters); a take is
a stixx id. With `--chance manual` the table types the layout (42 colour letters
in id order) and each player's token. Rulings: docs/games/stixx.md.

Every function takes the state (or what it needs) and returns plain text:
names and colours come from logs and rule files, so nothing here is markup.
"""

from __future__ import annotations

from functools import cache

from .board import Board, board
from .layout import layout_problem

WIDTH = 78  # help lines fit an 80-column terminal with their indent


# Names as people type them ------------------------------------------------------


def colour_named(word: str, colours: list[str]) -> str:
    """A colour from its name or its first letters, as a person types it."""
    low = word.lower()
    for c in colours:
        if c.lower() == low:
            return c
    matches = [c for c in colours if c.lower().startswith(low)] if low else []
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ValueError(f"{word!r} could be {' or '.join(matches)}: type more of the name")
    raise ValueError(f"{word!r} is not a colour: {', '.join(colours)}")


def seat_named(word: str, names: list[str]) -> int:
    """A seat from its number or its player's name."""
    if word.isdigit() and int(word) < len(names):
        return int(word)
    if word in names:
        return names.index(word)
    raise ValueError(f"no player {word!r}: seats 0-{len(names) - 1} or {', '.join(names)}")


@cache  # asked for every revealed colour of every result
def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def initials(colours: list[str]) -> list[str] | None:
    """Each colour's first letter, lower case; None when two colours share one."""
    letters = [c[0].lower() for c in colours]
    return letters if len(set(letters)) == len(letters) else None


# Prompts and parsers of a turn --------------------------------------------------


def take_prompt(legal: list[int], marker: int | None, which: str = "", moved: bool = False) -> str:
    # The prompt says where the marker is: between the two takes of a turn
    # the table on screen still shows it where the turn began.
    head = f"take {which}" if which else "take"
    example = f", e.g. {legal[0]}" if legal else ""
    if marker is None:
        return f"{head}: any stixx{example}"
    at = f"now on {marker}" if moved else f"on {marker}"
    return f"{head}: a stixx touching the marker ({at}){example}"


def option_prompt(options, colours: list[str]) -> str:
    """The option prompt, its examples taken from what is legal now."""
    examples = [f"A {options.takes[0]}" if options.takes else "A 12"]
    if options.reveal:
        examples.append("B")
    if options.targets:
        examples.append(f"C {options.targets[0]} {colours[0]}")
    letters = [e[0] for e in examples]
    which = ", ".join(letters[:-1]) + " or " + letters[-1] if len(letters) > 1 else letters[0]
    return f"option {which}, e.g. {' | '.join(examples)}"


def option_notation(answer: dict) -> str:
    if answer["option"] == "A":
        return f"A {answer['take']}"
    if answer["option"] == "B":
        return "B"
    return f"C {answer['target']} {answer['colour']}"


def why_not(state, stixx: int, legal) -> str:
    """Why a stixx typed in may not be taken now."""
    if not 0 <= stixx < state.board.size:
        return f"there is no stixx {stixx}: ids run from 0 to {state.board.size - 1}"
    if not state.on_board[stixx]:
        return f"stixx {stixx} was already taken: its place is empty"
    return f"stixx {stixx} does not touch the marker; you may take {', '.join(map(str, legal))}"


def take_parser(state, legal: list[int], gone: int | None = None):
    """What a take typed in means: a stixx id (`A 12` is read as 12 too)."""

    def parse(text: str) -> int:
        words = text.split()
        if len(words) == 2 and words[0].upper() == "A":
            words = words[1:]
        if len(words) != 1 or not words[0].isdigit():
            example = legal[0] if legal else 12
            if words and words[0].upper() in ("B", "C") and not state.options_allowed():
                raise ValueError(
                    f"options B and C start at turn {state.options_from_turn} (options_from_turn): "
                    f"take one stixx, e.g. {example}"
                )
            raise ValueError(f"type one stixx id, e.g. {example}")
        stixx = int(words[0])
        if stixx == gone:
            raise ValueError(f"you took stixx {stixx} with your first take: its place is empty")
        if stixx not in legal:
            raise ValueError(why_not(state, stixx, legal))
        return stixx

    return parse


def option_parser(state, options):
    """What an option typed in means: `A 12`, `B` or `C seat colour`."""

    def parse(text: str) -> dict:
        words = text.split()
        if not words or words[0].upper() not in ("A", "B", "C"):
            raise ValueError("start with A, B or C, e.g. A 12 | B | C 2 red")
        letter = words[0].upper()
        if letter == "A":
            if len(words) != 2 or not words[1].isdigit():
                raise ValueError("A takes one stixx: A and its id, e.g. A 12")
            stixx = int(words[1])
            answer = {"option": "A", "take": stixx}
            if answer not in options:
                raise ValueError(why_not(state, stixx, options.takes))
            return answer
        if letter == "B":
            if len(words) != 1:
                raise ValueError("B is typed alone; the two takes are asked next")
            if {"option": "B"} not in options:
                raise ValueError("your colour is already revealed: B only once (reveal_once)")
            return {"option": "B"}
        if len(words) != 3:
            raise ValueError("C names a player (seat or name) and a colour, e.g. C 2 red")
        target = seat_named(words[1], state.names)
        answer = {"option": "C", "target": target, "colour": colour_named(words[2], state.colours)}
        if answer not in options:
            reason = (
                "that is you"
                if target == options.seat
                else "their colour is already revealed (challenge_revealed)"
            )
            raise ValueError(f"you may not challenge {state.names[target]}: {reason}")
        return answer

    return parse


# Help ------------------------------------------------------------------------------


def _wrapped(head: str, items: list[str], indent: int = 5, sep: str = " ") -> list[str]:
    """`head` then the items, packed into lines of WIDTH; an item is never split."""
    lines, line = [], head.rstrip() if not items else head
    for n, item in enumerate(items):
        piece = item if n == 0 else sep + item
        if n and len(line) + len(piece) > WIDTH:
            lines.append(line.rstrip())
            line = " " * indent + item
        else:
            line += piece
    lines.append(line)
    return lines


def help_text(state, choice, all: bool = False) -> str:
    """The notation explained with examples, then the legal choices grouped:
    takes, reveal, challenges (each opponent, and the colours to name); `all`
    lists every challenge as typed. Lines fit 80 columns."""
    if choice.name == "take":
        legal = list(choice.options)
        example = legal[0] if legal else 12
        lines = [f"Type the id of a stixx to take, as numbered on the board, e.g. {example}."]
        gone = choice.context.get("first take")
        if gone is not None:
            lines.append(f"Second take: it touches the marker, now on {gone} where your first take was.")
        elif state.marker is None:
            lines.append("The first take of the game may be any stixx.")
        else:
            lines.append(f"A take touches the marker (on {state.marker}).")
        lines += _wrapped("You may take: ", [str(s) for s in legal], 4)
        return "\n".join(lines)
    options = choice.options
    take = options.takes[0] if options.takes else 12
    target = options.targets[0] if options.targets else 2
    lines = [
        f"A id           take one stixx touching the marker          e.g. A {take}",
        "B              reveal your colour, then take two           e.g. B",
        "C seat colour  challenge a player (seat or name) to be a colour: if right,",
        "               their colour is revealed and you take two; if wrong, the",
        f"               turn passes to them                         e.g. C {target} {state.colours[0]}",
        "Your choices now:",
    ]
    lines += _wrapped("  A  take one of: ", [str(s) for s in options.takes])
    lines.append("  B  yes" if options.reveal else "  B  no: your colour is already revealed (B only once)")
    if not options.targets:
        lines.append("  C  no one: every opponent's colour is revealed")
    elif all:
        challenges = [option_notation(o) for o in options[len(options.takes) + options.reveal :]]
        lines += _wrapped("  C  ", challenges, sep=" | ")
    else:
        who = " or ".join(f"{t} ({state.names[t]})" for t in options.targets)
        lines += _wrapped("  C  ", f"challenge {who}, naming one of: {' '.join(state.colours)}".split())
        lines.append("Type 'help all' to list every choice as typed.")
    return "\n".join(lines)


# What the table hears -----------------------------------------------------------


def announce(state, move: dict) -> str:
    """A move just applied, in plain words: public facts only (a revealed
    colour is public from that moment)."""
    name = state.names[move["seat"]]
    took = ", ".join(f"{t} ({state.colours[state.layout[t]]})" for t in move.get("takes") or [])
    if move["option"] == "B":
        news = f"{name} reveals {state.colours[state.secret[move['seat']]]} and takes {took}"
    elif move["option"] == "C":
        target = state.names[move["target"]]
        news = f"{name} challenges {target} with {move['colour']}: "
        news += f"right, and takes {took}" if move["correct"] else f"wrong; {target} plays next"
    else:
        news = f"{name} takes {took}"
    return f"{news}. The game is over: {state.end}." if state.over else f"{news}."


# The setup typed in ------------------------------------------------------------------


def numbering(grid: Board) -> str:
    """The board with every stixx id, as plain text: the same picture as the
    terminal board of a full table (docs/games/stixx.md shows it)."""
    # Made once per radius: keyed on the radius, since hashing a whole Board
    # (every point and stixx) costs more than the look-up saves.
    return _numbering(grid.radius)


@cache
def _numbering(radius: int) -> str:
    grid, columns, rows = board(radius), 4, 3
    width, height = 4 * radius * columns + 3, 2 * radius * rows + 1
    cells = [[" "] * width for _ in range(height)]

    def at(point: int) -> tuple[int, int]:
        q, r = grid.points[point]
        return (r + radius) * rows, (2 * q + r + 2 * radius) * columns + 1

    def put(row: int, col: int, text: str) -> None:
        cells[row][col : col + len(text)] = text

    for stixx, (i, j) in enumerate(grid.stixx):
        (r1, c1), (r2, c2) = at(i), at(j)
        if r1 == r2:
            put(r1, c1 + 1, "━━" + f"{stixx:^3}" + "━━")
        elif c2 > c1:
            put(r1 + 1, c1 + 1, "╲")
            put(r1 + 2, c1 + 2, f"{stixx:>2}")
        else:
            put(r1 + 1, c1 - 1, "╱")
            put(r1 + 2, c1 - 3, f"{stixx:>2}")
    for point in range(len(grid.points)):
        put(*at(point), "•")
    return "\n".join("".join(row).rstrip() for row in cells)


def layout_prompt(grid: Board, colours: list[str]) -> str:
    """What to type for the real board's layout, with the ids to copy from."""
    letters = initials(colours)
    if letters:
        how = [
            f"the real board: one colour letter per stixx, ids 0-{grid.size - 1} in order,",
            f"spaces allowed ({', '.join(f'{c[0].lower()} {c}' for c in colours)}).",
        ]
    else:  # two colours share an initial: names it is
        how = [
            f"the real board: {grid.size} colour names, ids 0-{grid.size - 1} in order ({', '.join(colours)})."
        ]
    return "\n".join([*how, "The ids on the board:", numbering(grid)])


def parse_layout(text: str, colours: list[str], grid: Board, per: int, star: bool) -> list[str]:
    """A layout typed in: one line of colour letters (spaces and commas
    allowed anywhere), or colour names (or their first letters) separated by
    spaces or commas. Wrong colour counts or a centre star missing a colour
    are refused; touching stixx of one colour are only a warning
    (docs/games/stixx.md, Setup), which the table shows once the game starts."""
    words = text.replace(",", " ").split()
    letters = initials(colours)
    packed = "".join(words).lower()
    size = grid.size
    if letters and len(packed) == size and set(packed) <= set(letters):
        layout = [colours[letters.index(ch)] for ch in packed]
    elif len(words) == size:
        layout = [colour_named(w, colours) for w in words]
    elif letters and set(packed) <= set(letters):
        raise ValueError(f"{size} colour letters are needed, one per stixx, not {len(packed)}")
    elif letters and len(packed) == size:
        at = next(i for i, ch in enumerate(packed) if ch not in letters)
        raise ValueError(f"{packed[at]!r} (stixx {at}) is not a colour letter: {' '.join(letters)}")
    else:
        raise ValueError(f"{size} colours are needed, one per stixx, not {len(words)}")
    problem = layout_problem(grid, [colours.index(c) for c in layout], colours, per, star)
    if problem:
        raise ValueError(problem)
    return layout


def token_prompt(name: str, colours: list[str]) -> str:
    # Every colour, not the ones left: those would tell whoever reads the
    # prompt which tokens the players before drew.
    return f"the colour token {name} drew, typed in private ({', '.join(colours)})"


def parse_token(text: str, colours: list[str], left: list[str]) -> str:
    colour = colour_named(text.strip(), colours)
    if colour not in left:
        # Only a mistyped token gets here: a real bag holds one of each. Who
        # drew it is not said: the one typing would learn another's colour.
        raise ValueError(f"the {colour} token cannot be drawn now: check the token you drew")
    return colour
