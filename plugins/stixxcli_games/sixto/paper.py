"""Paper Sixto sheets typed in after a game at the table: reading, checking and
scoring them, and ranking a table of them.

The text form (docs/games/sixto.md): six lines of 12 cells, top row first;
`x`/`X` a cross, `.` `-` `o` `_` an empty box; spaces and `|` ignored; `#`
starts a comment; a line may begin with a `NAME:` label. The same sheet may be
YAML or JSON: a list of six rows (12 booleans, or a string of cells), or a
mapping with `rows:` and an optional `name:`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath

from stixxcli.errors import StixxError
from stixxcli.game import places

from .board import crossing_problem, score

CROSS, EMPTY = "xX", ".-o_"
MAX_SHEET = 100_000  # characters; a sheet is a few hundred
_STRUCTURED_START = re.compile(r"""^(\[|\{|(rows|name)\s*:|-\s*[\["'])""")


@dataclass
class PaperSheet:
    name: str
    grid: list[list[bool]]
    lines: list[int]  # the file line of each row, for messages
    score: dict


@dataclass
class SheetScores:
    """What `stixx score --sheet` shows: every sheet's points and, for several, the ranking."""

    sheets: list[PaperSheet]
    rules: dict

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


def sheet_name(source: str) -> str:
    if source in ("-", "<stdin>", ""):
        return "stdin"
    return PurePath(source).stem or source


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


def _cells(text: str, boxes: int) -> tuple[list[bool] | None, str | None]:
    """A row from a string of cells, or a reason it is not one."""
    cells = [ch for ch in text if not ch.isspace() and ch != "|"]
    for ch in cells:
        if ch not in CROSS and ch not in EMPTY:
            return None, f"{ch!r} is not a box: x or X is a cross; . - o or _ an empty box"
    if len(cells) != boxes:
        return None, f"{len(cells)} boxes, but a row has {boxes} (boxes_per_row)"
    return [ch in CROSS for ch in cells], None


def _read_text(source: str, text: str, rules: dict):
    boxes, wanted = rules["boxes_per_row"], len(rules["colours"])
    rows, lines = [], []
    last = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        last = number
        if ":" in line:
            line = line.split(":", 1)[1]  # the row's label: a colour name or anything
        if len(rows) == wanted:
            raise StixxError(
                f"a sheet has {wanted} rows, and this is row {wanted + 1}", where=f"{source}:{number}"
            )
        cells, problem = _cells(line, boxes)
        if problem:
            raise StixxError(f"row {len(rows) + 1}: {problem}", where=f"{source}:{number}")
        rows.append(cells)
        lines.append(number)
    if len(rows) != wanted:
        where = f"{source}:{last}" if last else source
        raise StixxError(
            f"{len(rows)} {'row' if len(rows) == 1 else 'rows'}, but a sheet has {wanted} "
            f"(one per colour, top row first)",
            where=where,
        )
    return rows, lines


def _read_structured(source: str, text: str, rules: dict, name: str):
    import yaml

    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                raise StixxError(
                    "YAML aliases (*name) are not allowed in a sheet",
                    where=f"{source}:{event.start_mark.line + 1}",
                )
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"{source}:{mark.line + 1}" if mark else source
        raise StixxError(f"invalid YAML/JSON: {e.problem or e.context}", where=where) from None
    except yaml.YAMLError as e:
        raise StixxError(f"invalid YAML/JSON: {e}", where=source) from None
    except RecursionError:
        raise StixxError("YAML nested too deeply", where=source) from None
    if node is None:
        raise StixxError("empty file: no sheet in it", where=source)
    at = lambda n: f"{source}:{n.start_mark.line + 1}"  # noqa: E731
    rows_node = node
    if isinstance(node, yaml.MappingNode):
        rows_node = None
        for key, value in node.value:
            if key.value == "rows":
                rows_node = value
            elif key.value == "name":
                if not isinstance(value, yaml.ScalarNode) or not value.value.strip():
                    raise StixxError("name: must be text", where=at(value))
                name = value.value
            else:
                raise StixxError(f"unknown key {key.value!r} in a sheet (keys: rows, name)", where=at(key))
        if rows_node is None:
            raise StixxError("a sheet mapping needs rows: (a list of the six rows)", where=at(node))
    wanted, boxes = len(rules["colours"]), rules["boxes_per_row"]
    if not isinstance(rows_node, yaml.SequenceNode):
        raise StixxError(f"a sheet is a list of {wanted} rows", where=at(rows_node))
    if len(rows_node.value) != wanted:
        where = rows_node.value[wanted] if len(rows_node.value) > wanted else rows_node
        raise StixxError(
            f"{len(rows_node.value)} rows, but a sheet has {wanted} (one per colour)", where=at(where)
        )
    rows, lines = [], []
    for number, row_node in enumerate(rows_node.value, start=1):
        if isinstance(row_node, yaml.ScalarNode):
            cells, problem = _cells(row_node.value, boxes)
            if problem:
                raise StixxError(f"row {number}: {problem}", where=at(row_node))
        elif isinstance(row_node, yaml.SequenceNode):
            cells = []
            for box, cell in enumerate(row_node.value, start=1):
                if not (isinstance(cell, yaml.ScalarNode) and cell.tag == "tag:yaml.org,2002:bool"):
                    shown = cell.value if isinstance(cell, yaml.ScalarNode) else "a list or mapping"
                    raise StixxError(
                        f"row {number}, box {box}: true (a cross) or false, not {shown!r}", where=at(cell)
                    )
                cells.append(cell.value.lower() in ("true", "yes", "on"))
            if len(cells) != boxes:
                raise StixxError(
                    f"row {number}: {len(cells)} boxes, but a row has {boxes} (boxes_per_row)",
                    where=at(row_node),
                )
        else:
            raise StixxError(
                f"row {number} must be {boxes} true/false or a string of x and .", where=at(row_node)
            )
        rows.append(cells)
        lines.append(row_node.start_mark.line + 1)
    return name, rows, lines
