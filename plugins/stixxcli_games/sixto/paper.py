"""Paper Sixto sheets typed in after a game at the table: reading, checking and
scoring them, and ranking a table of them.

The text form (docs/games/sixto.md, Paper sheets): six lines of 12 cells, top
row first; `x`/`X` a cross, `.` `-` `o` `_` `/` an empty box; spaces and `|`
ignored; `#` starts a comment; a line may begin with a `NAME:` label, and
labels that give every row its colour, or a colour's name out of its row's
place, place the rows. `0` is refused (a circled cross or an empty box?). The
same sheet may be YAML or JSON: a list of six rows (12 booleans, or a string
of cells), or a mapping with `rows:` and an optional `name:`; aliases, nesting
deeper than MAX_DEPTH and a tag that makes a box or a row something else
(`!!bool maybe`, `!!null`) are refused.
"""

from __future__ import annotations

import os.path
import re

from stixxcli.colours import letters
from stixxcli.errors import StixxError
from stixxcli.game import places
from stixxcli.record import Record
from stixxcli.text import counted

from .board import crossing_problem, score

CROSS, EMPTY = "xX", ".-oO_/"  # `o` an empty box as the rulings say; `/` how stixx draws a lost box
BOX_HINT = "write x for a cross and . for an empty box"
MAX_SHEET = 100_000  # characters; a sheet is a few hundred
MAX_DEPTH = 10  # levels of YAML/JSON nesting; a sheet needs three (name and rows, the rows, a row)
STR_TAG = "tag:yaml.org,2002:str"
_WORD = re.compile(r"\s*([^\W\d_]+)")  # letters where the boxes should begin
_STRUCTURED_START = re.compile(r"""^(\[|\{|(rows|name)\s*:|-\s*[\["'])""")


class PaperSheet(Record):
    def __init__(self, name: str, grid: list[list[bool]], lines: list[int], score: dict):
        self.name = name
        self.grid = grid
        self.lines = lines  # the file line of each row, for messages
        self.score = score


class SheetScores(Record):
    """What `stixx score --sheet` shows: every sheet's points and, for several, the ranking."""

    def __init__(self, sheets: list[PaperSheet], rules: dict):
        self.sheets = sheets
        self.rules = rules

    def ranking(self) -> list[dict]:
        keys = [(s.score["total"], s.score["crosses"]) for s in self.sheets]
        placed = sorted(zip(places(keys), range(len(keys))))
        return [
            {
                "place": place,
                "name": self.sheets[i].name,
                "total": self.sheets[i].score["total"],
                "crosses": self.sheets[i].score["crosses"],
            }
            for place, i in placed
        ]

    def to_json(self) -> dict:
        objects = [{"name": s.name, **s.score} for s in self.sheets]
        if len(objects) == 1:
            return objects[0]
        return {"sheets": objects, "ranking": self.ranking()}

    def render(self):
        from .render import render_paper

        return render_paper(self)


def score_paper_sheets(sheets: list[tuple[str, str]], rules: dict) -> SheetScores:
    if not sheets:
        raise StixxError("no sheet to score")
    read = [read_sheet(name, text, rules) for name, text in sheets]
    return SheetScores(read, rules)


def looks_like_sheet(text: str) -> bool:
    """Whether a text's first row is a sheet's (`red: x . x ...`), a mistake
    in it or further down: a sheet all the same, not a game log."""
    for line in text.splitlines():
        line = line.split("#", 1)[0].rpartition(":")[2]
        cells = [ch for ch in line if not ch.isspace() and ch != "|"]
        if cells:
            return len(cells) >= 6 and all(ch in CROSS or ch in EMPTY or ch == "0" for ch in cells)
    return False


def sheet_name(source: str) -> str:
    if source in ("-", "<stdin>", ""):
        return "stdin"
    # A file's name without its folder and its last suffix (as pathlib's stem, not imported for it).
    name = os.path.basename(os.path.normpath(source))
    return (os.path.splitext(name)[0] if not name.endswith(".") else name) or source


def read_sheet(source: str, text: str, rules: dict) -> PaperSheet:
    """One sheet from a file's text; StixxError with `where` = file:line on a
    malformed sheet or a broken crossing rule."""
    if len(text) > MAX_SHEET:
        raise StixxError(f"larger than {MAX_SHEET} characters: not a Sixto sheet", where=source)
    name = sheet_name(source)
    if _looks_structured(source, text):
        name, rows, lines = _read_structured(source, text, rules, name)
    else:
        rows, lines = _read_text(source, text, rules)
    colours = rules["colours"]
    for row, (cells, line) in enumerate(zip(rows, lines)):
        problem = crossing_problem(cells, rules)
        if problem:
            box, reason = problem
            raise StixxError(
                f"row {row + 1} ({colours[row]}), box {box + 1}: {reason}", where=f"{source}:{line}"
            )
    return PaperSheet(name, rows, lines, score(rows, rules))


def _looks_structured(source: str, text: str) -> bool:
    if source.lower().endswith((".yaml", ".yml", ".json")):
        return True
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            return bool(_STRUCTURED_START.match(line)) or line == "---"
    return False


def _cells(text: str, boxes: int) -> tuple[list[str] | None, str | None]:
    """A row's cells from a string (still characters), or a reason it is not one."""
    cells = [ch for ch in text if not ch.isspace() and ch != "|"]
    for box, ch in enumerate(cells, start=1):
        if ch == "0":
            return None, f"box {box}: '0' could be a circled cross or an empty box: {BOX_HINT}"
        if ch not in CROSS and ch not in EMPTY:
            return None, f"{ch!r} is not a box: x or X is a cross; . - o _ or / an empty box"
    if len(cells) != boxes:
        return None, f"{counted(len(cells), 'box', 'boxes')}, but a row has {boxes} (boxes_per_row)"
    return cells, None


def _marks(rows: list[list[str]]) -> list[list[bool]]:
    """The crosses of a sheet's rows of cells."""
    return [[ch in CROSS for ch in cells] for cells in rows]


def _read_text(source: str, text: str, rules: dict):
    boxes, colours = rules["boxes_per_row"], rules["colours"]
    wanted = len(colours)
    # A label names a colour, or its letter as the boards show it (r, y, g...).
    by_name = {letter.lower(): row for row, letter in enumerate(letters(colours))}
    by_name.update((colour.lower(), row) for row, colour in enumerate(colours))
    read = []  # (file line, label or None, cells)
    last = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        last = number
        label, written = None, line.strip()
        if ":" in line:
            label, line = line.split(":", 1)  # the row's label: a colour name or anything
            label = label.strip()
        if len(read) == wanted:
            raise StixxError(
                f"a sheet has {wanted} rows, and this is row {wanted + 1}", where=f"{source}:{number}"
            )
        cells, problem = _cells(line, boxes)
        if problem:
            problem = _not_a_row(written, label, line, len(read) + 1) or f"row {len(read) + 1}: {problem}"
            raise StixxError(problem, where=f"{source}:{number}")
        read.append((number, label, cells))
    if _labels_place_rows(read, colours, by_name):
        read = _placed_by_colour(read, colours, by_name, source)
    elif len(read) != wanted:
        where = f"{source}:{last}" if last else source
        missing = colours[len(read) :]
        raise StixxError(
            f"{len(read)} {'row' if len(read) == 1 else 'rows'}, but a sheet has {wanted} "
            f"(one per colour, top row first): no row for {', '.join(missing)}",
            where=where,
        )
    lines = [number for number, _, _ in read]
    return _marks([cells for _, _, cells in read]), lines


def _not_a_row(written: str, label: str | None, line: str, row: int) -> str | None:
    """What a line that starts with a word rather than boxes most likely is, said
    as such: a name line (`Name: Ann`, `Ann`), or a label without its colon
    (`red x . x ...`). None when it is a row with a wrong box (`x.xy..`)."""
    word = _WORD.match(line)
    others = sum(ch not in CROSS + EMPTY for ch in word.group(1)) if word else 0
    if others < 2 or others * 2 <= len(word.group(1)):  # `xxyy`: boxes mistyped, not a word
        return None
    rest = [ch for ch in line[word.end() :] if not ch.isspace() and ch != "|"]
    if label is None and rest and all(ch in CROSS + EMPTY for ch in rest):
        return f"row {row}: {word.group(1)!r} is not a box: a row's label ends with ':' ({word.group(1)}: x . x ...)"
    shown = written if len(written) <= 40 else written[:37] + "..."
    return f"{shown!r} is not a row of boxes: a sheet's name goes after # (# {shown}) or in its file's name"


def _labels_place_rows(read: list, colours: list[str], by_name: dict) -> bool:
    """Whether the labels, not the order, give the rows' colours: every row is
    labelled with a colour (name or letter), or a colour's name labels another
    colour's row. Else the rows read top to bottom whatever their labels say,
    as the rulings allow any label (`Ann:`, `a:` ... `f:`, one `red:`)."""
    labels = [(label or "").lower() for _, label, _ in read]
    if labels and all(label in by_name for label in labels):
        return True
    names = {colour.lower(): row for row, colour in enumerate(colours)}
    return any(names.get(label, position) != position for position, label in enumerate(labels))


def _placed_by_colour(read: list, colours: list[str], by_name: dict, source: str) -> list:
    """The rows in colour order when their labels name the colours: a sheet
    copied in another order still reads right, and a label that is not one of
    the colours is refused rather than guessed."""
    named = {by_name[label.lower()] for _, label, _ in read if label and label.lower() in by_name}
    unnamed = [colour for row, colour in enumerate(colours) if row not in named]
    placed: dict[int, tuple] = {}
    for position, (number, label, cells) in enumerate(read):
        row = by_name.get((label or "").lower())
        if row is None:
            said = f"is labelled {label!r}" if label else "has no label"
            hint = (
                f"label it {unnamed[0]}"
                if len(unnamed) == 1
                else f"label it with a colour no other row has: {', '.join(unnamed)}"
                if unnamed
                else "every colour has a row already"
            )
            raise StixxError(
                f"row {position + 1} {said}, but {_why_labels_place(read, colours, position)}: "
                f"{hint} (the colours: {', '.join(colours)})",
                where=f"{source}:{number}",
            )
        if row in placed:
            raise StixxError(
                f"a second {colours[row]} row (the first is on line {placed[row][0]})",
                where=f"{source}:{number}",
            )
        placed[row] = (number, label, cells)
    missing = [colour for row, colour in enumerate(colours) if row not in placed]
    if missing:
        raise StixxError(
            f"no row for {', '.join(missing)}: a sheet has {len(colours)} rows, one per colour",
            where=f"{source}:{read[-1][0]}",
        )
    return [placed[row] for row in range(len(colours))]


def _why_labels_place(read: list, colours: list[str], refused: int) -> str:
    """Why the labels place the rows, said of the sheet at hand: every other row
    has a colour label, or one colour's name labels another colour's row."""
    known = {name.lower() for name in [*colours, *letters(colours)]}
    if all((label or "").lower() in known for at, (_, label, _) in enumerate(read) if at != refused):
        return "the other rows are labelled with colours"
    names = [colour.lower() for colour in colours]
    for at, (_, label, _) in enumerate(read):
        name = (label or "").lower()
        if name in names and names.index(name) != at and at < len(colours):
            return (
                f"row {at + 1} is labelled {label!r} in {colours[at]}'s place, so the labels place the rows"
            )
    return "the labels place the rows"


def _refuse_aliases_and_depth(source: str, text: str) -> None:
    """Refuse aliases, and nesting deeper than MAX_DEPTH as soon as it is met:
    PyYAML's parser slows with depth (`[[[[...` 10,000 deep takes 20 seconds),
    so a deep text is stopped after its first levels, before it is composed."""
    import yaml

    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.AliasEvent):
            raise StixxError(
                "YAML aliases (*name) are not allowed in a sheet",
                where=f"{source}:{event.start_mark.line + 1}",
            )
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise StixxError(
                    f"YAML nested more than {MAX_DEPTH} levels deep: a sheet is a list of rows",
                    where=f"{source}:{event.start_mark.line + 1}",
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _box(cell) -> bool | None:
    """A box of a row of true/false: True a cross, False empty, None when it is
    neither (a tag such as `!!bool maybe` makes a bool of a word YAML has no
    value for: it is read as what it says, not as an empty box)."""
    import yaml

    if not (isinstance(cell, yaml.ScalarNode) and cell.tag == "tag:yaml.org,2002:bool"):
        return None
    return yaml.constructor.SafeConstructor.bool_values.get(cell.value.lower())


def _read_structured(source: str, text: str, rules: dict, name: str):
    import yaml

    try:
        _refuse_aliases_and_depth(source, text)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"{source}:{mark.line + 1}" if mark else source
        raise StixxError(f"invalid YAML/JSON: {e.problem or e.context}", where=where) from None
    except yaml.YAMLError as e:
        raise StixxError(f"invalid YAML/JSON: {e}", where=source) from None
    if node is None:
        raise StixxError("empty file: no sheet in it", where=source)
    at = lambda n: f"{source}:{n.start_mark.line + 1}"  # noqa: E731
    rows_node = node
    if isinstance(node, yaml.MappingNode):
        rows_node, seen = None, set()
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value in seen:
                # A reader that keeps the first would show other rows than the ones scored (as logs and rule files).
                raise StixxError(f"the key {key.value[:60]!r} appears twice in one mapping", where=at(key))
            seen.add(key.value if isinstance(key, yaml.ScalarNode) else None)
            if key.value == "rows":
                rows_node = value
            elif key.value == "name":
                if not isinstance(value, yaml.ScalarNode) or not value.value.strip():
                    raise StixxError("name: must be text", where=at(value))
                name = value.value
            else:
                shown = repr(key.value) if isinstance(key, yaml.ScalarNode) else "a list or mapping"
                hint = ""
                if isinstance(key, yaml.ScalarNode) and key.value.lower() in map(str.lower, rules["colours"]):
                    # The text form's `red: x . x ...` typed into a file named .yaml.
                    hint = (
                        ": rows: lists the rows top row first; a text sheet labels them "
                        "(red: x . x ...) in a file not named .yaml, .yml or .json"
                    )
                raise StixxError(f"unknown key {shown} in a sheet (keys: rows, name){hint}", where=at(key))
        if rows_node is None:
            raise StixxError("a sheet mapping needs rows: (a list of the six rows)", where=at(node))
    wanted, boxes = len(rules["colours"]), rules["boxes_per_row"]
    if not isinstance(rows_node, yaml.SequenceNode):
        raise StixxError(f"a sheet is a list of {wanted} rows", where=at(rows_node))
    if len(rows_node.value) != wanted:
        where = rows_node.value[wanted] if len(rows_node.value) > wanted else rows_node
        raise StixxError(
            f"{counted(len(rows_node.value), 'row')}, but a sheet has {wanted} (one per colour)",
            where=at(where),
        )
    rows, lines = [], []
    for number, row_node in enumerate(rows_node.value, start=1):
        if isinstance(row_node, yaml.ScalarNode):
            chars, problem = _cells(row_node.value, boxes)
            if problem:
                raise StixxError(f"row {number}: {problem}", where=at(row_node))
            if row_node.tag != STR_TAG:  # `!!null x . x ...`: YAML reads no row there
                tag = row_node.tag.replace("tag:yaml.org,2002:", "!!")
                raise StixxError(
                    f"row {number} must be {boxes} true/false or a string of x and ., not {tag}",
                    where=at(row_node),
                )
            cells = [ch in CROSS for ch in chars]
        elif isinstance(row_node, yaml.SequenceNode):
            cells = []
            for box, cell in enumerate(row_node.value, start=1):
                crossed = _box(cell)
                if crossed is None:
                    shown = cell.value if isinstance(cell, yaml.ScalarNode) else "a list or mapping"
                    # `[x, ., x, ...]`: the text form's cells, which a row reads as one string
                    text_cell = cell.tag == STR_TAG and len(shown) == 1 and shown in CROSS + EMPTY
                    hint = " (or write the row as one string: 'x . x ...')" if text_cell else ""
                    raise StixxError(
                        f"row {number}, box {box}: true (a cross) or false, not {shown!r}{hint}",
                        where=at(cell),
                    )
                cells.append(crossed)
            if len(cells) != boxes:
                raise StixxError(
                    f"row {number}: {counted(len(cells), 'box', 'boxes')}, but a row has {boxes} (boxes_per_row)",
                    where=at(row_node),
                )
        else:
            raise StixxError(
                f"row {number} must be {boxes} true/false or a string of x and .", where=at(row_node)
            )
        rows.append(cells)
        lines.append(row_node.start_mark.line + 1)
    return name, rows, lines
