"""The Sixto score sheet: six rows of numbered boxes, the target area at the
end of each row, the sample sheets A-L, and the points a grid of crosses scores.

A sheet's crosses are a grid: one row per colour, top row first, one bool per
box. The same code scores a game in progress and a paper sheet typed in.
Rulings: docs/games/sixto.md.
"""

from __future__ import annotations

from stixxcli.text import counted

MAX_LETTER = 20  # characters of a sheet letter: a word, printed on the card

# The project's own sample sheets A-L, the default of the `sheets` parameter
# (the publisher's printed numbers are not public): each number 1-6 twice a
# row, the three target boxes all different.
SAMPLE_SHEETS = {
    "A": [
        [2, 5, 6, 4, 6, 2, 1, 3, 5, 1, 4, 3],
        [4, 1, 6, 2, 4, 5, 6, 3, 1, 3, 5, 2],
        [6, 5, 6, 3, 2, 1, 4, 5, 2, 3, 4, 1],
        [3, 1, 3, 2, 6, 1, 4, 5, 2, 4, 6, 5],
        [3, 6, 5, 6, 5, 1, 4, 2, 4, 3, 2, 1],
        [3, 1, 5, 4, 3, 6, 4, 2, 1, 6, 5, 2],
    ],
    "B": [
        [2, 3, 1, 2, 4, 6, 3, 5, 4, 1, 6, 5],
        [1, 2, 5, 3, 4, 6, 4, 3, 6, 2, 5, 1],
        [3, 1, 6, 4, 2, 3, 5, 6, 2, 5, 4, 1],
        [3, 2, 5, 4, 6, 1, 2, 1, 3, 5, 6, 4],
        [5, 6, 2, 4, 1, 3, 4, 1, 6, 2, 5, 3],
        [4, 6, 2, 6, 1, 5, 4, 3, 1, 5, 2, 3],
    ],
    "C": [
        [2, 1, 6, 4, 5, 6, 3, 4, 1, 3, 2, 5],
        [6, 4, 5, 6, 2, 1, 2, 3, 5, 3, 4, 1],
        [1, 2, 4, 1, 4, 6, 3, 5, 2, 5, 6, 3],
        [4, 1, 3, 6, 4, 5, 1, 2, 6, 2, 5, 3],
        [6, 1, 3, 4, 1, 4, 2, 5, 6, 3, 5, 2],
        [5, 6, 2, 1, 4, 1, 5, 4, 3, 6, 2, 3],
    ],
    "D": [
        [4, 2, 5, 4, 3, 5, 2, 6, 1, 6, 1, 3],
        [4, 3, 1, 6, 3, 2, 6, 5, 4, 5, 2, 1],
        [3, 2, 6, 1, 6, 5, 1, 4, 2, 3, 4, 5],
        [5, 4, 1, 2, 3, 2, 1, 6, 4, 3, 5, 6],
        [5, 1, 3, 4, 6, 2, 5, 2, 4, 6, 3, 1],
        [1, 4, 5, 6, 3, 1, 2, 3, 4, 5, 2, 6],
    ],
    "E": [
        [3, 5, 3, 5, 2, 1, 6, 2, 4, 6, 4, 1],
        [2, 4, 5, 2, 5, 1, 6, 4, 3, 1, 6, 3],
        [1, 2, 1, 5, 2, 6, 4, 5, 3, 6, 3, 4],
        [5, 1, 2, 3, 4, 5, 6, 4, 2, 1, 6, 3],
        [1, 6, 4, 3, 2, 5, 6, 3, 1, 4, 5, 2],
        [1, 5, 6, 3, 2, 4, 6, 5, 2, 4, 1, 3],
    ],
    "F": [
        [2, 4, 1, 6, 3, 5, 2, 4, 3, 1, 5, 6],
        [2, 1, 4, 5, 3, 6, 3, 1, 6, 4, 2, 5],
        [1, 3, 5, 3, 2, 6, 2, 5, 4, 6, 1, 4],
        [1, 3, 1, 2, 5, 6, 4, 5, 6, 4, 3, 2],
        [1, 6, 4, 2, 5, 2, 5, 3, 4, 3, 6, 1],
        [3, 2, 6, 4, 1, 2, 6, 5, 1, 4, 5, 3],
    ],
    "G": [
        [5, 1, 3, 1, 4, 6, 2, 5, 3, 2, 4, 6],
        [4, 5, 4, 6, 5, 2, 1, 3, 2, 6, 1, 3],
        [4, 2, 1, 4, 5, 3, 6, 2, 3, 1, 6, 5],
        [6, 2, 6, 3, 4, 1, 5, 3, 1, 5, 2, 4],
        [3, 5, 6, 4, 5, 1, 2, 6, 4, 1, 2, 3],
        [6, 5, 1, 3, 4, 2, 4, 2, 5, 3, 6, 1],
    ],
    "H": [
        [5, 6, 3, 5, 3, 1, 4, 2, 1, 2, 6, 4],
        [1, 5, 4, 2, 6, 3, 1, 4, 2, 5, 6, 3],
        [3, 2, 4, 6, 5, 6, 3, 1, 4, 5, 2, 1],
        [2, 3, 5, 1, 6, 2, 4, 3, 4, 1, 5, 6],
        [5, 1, 2, 3, 2, 6, 3, 1, 4, 6, 5, 4],
        [4, 1, 5, 6, 5, 3, 1, 3, 2, 4, 6, 2],
    ],
    "I": [
        [5, 1, 5, 2, 6, 3, 1, 4, 3, 2, 6, 4],
        [3, 1, 2, 6, 4, 5, 1, 4, 3, 6, 2, 5],
        [5, 2, 1, 2, 4, 6, 5, 3, 1, 3, 4, 6],
        [1, 2, 6, 1, 4, 2, 6, 3, 5, 4, 3, 5],
        [4, 5, 2, 1, 2, 6, 3, 1, 4, 3, 5, 6],
        [5, 1, 2, 6, 1, 2, 4, 3, 6, 3, 4, 5],
    ],
    "J": [
        [2, 6, 3, 4, 1, 4, 2, 5, 1, 6, 5, 3],
        [3, 6, 5, 6, 2, 5, 1, 4, 3, 4, 1, 2],
        [2, 5, 1, 3, 4, 3, 6, 5, 6, 2, 4, 1],
        [1, 2, 5, 2, 6, 3, 6, 4, 3, 5, 4, 1],
        [6, 4, 6, 2, 3, 5, 3, 5, 1, 2, 4, 1],
        [3, 1, 5, 4, 6, 2, 5, 2, 1, 4, 6, 3],
    ],
    "K": [
        [4, 1, 6, 5, 2, 3, 2, 6, 5, 4, 3, 1],
        [1, 3, 2, 6, 2, 5, 4, 3, 5, 1, 4, 6],
        [6, 3, 5, 2, 4, 5, 1, 2, 6, 1, 4, 3],
        [2, 6, 4, 5, 2, 6, 4, 1, 3, 1, 5, 3],
        [3, 4, 1, 5, 2, 4, 2, 5, 6, 1, 6, 3],
        [6, 4, 2, 1, 5, 2, 3, 5, 4, 6, 1, 3],
    ],
    "L": [
        [4, 5, 3, 1, 6, 1, 3, 2, 5, 2, 6, 4],
        [4, 5, 6, 1, 2, 6, 3, 2, 3, 5, 1, 4],
        [5, 4, 6, 4, 3, 5, 1, 2, 6, 2, 1, 3],
        [4, 1, 5, 6, 3, 2, 1, 2, 6, 5, 4, 3],
        [1, 5, 3, 2, 6, 3, 2, 4, 1, 4, 6, 5],
        [1, 4, 5, 3, 6, 4, 6, 2, 3, 2, 1, 5],
    ],
}


def first_target_box(rules: dict) -> int:
    """The index (from 0) of the first box of the target area."""
    return rules["boxes_per_row"] - rules["target_boxes"]


def score(grid: list[list[bool]], rules: dict) -> dict:
    """Points of every row and every scored column, and the totals.

    Rows score the table value of all their crosses, target boxes included;
    the target columns are not scored, and a column without a cross scores 0
    (the rulebook: "columns without crosses ... are skipped").
    """
    columns = [sum(column) for column in list(zip(*grid))[: first_target_box(rules)]]
    return score_counts([sum(row) for row in grid], columns, rules)


def score_counts(row_counts: list[int], column_counts: list[int], rules: dict) -> dict:
    """`score` from the number of crosses in each row and each scored column
    (a game keeps these up to date as it crosses boxes)."""
    table = rules["score_table"]
    rows = [table[n] for n in row_counts]
    columns = [table[n] if n else 0 for n in column_counts]
    rows_total, columns_total = sum(rows), sum(columns)
    return {
        "rows": rows,
        "columns": columns,
        "rows_total": rows_total,
        "columns_total": columns_total,
        "total": rows_total + columns_total,
        "crosses": sum(row_counts),
    }


def crossing_problem(row: list[bool], rules: dict) -> tuple[int, str] | None:
    """The first box (index from 0) of a row that the crossing rules forbid,
    with the reason, or None when the row could have come from a game.

    Only what a paper sheet shows can be checked: a target box needs
    `target_min_crosses` crosses to its left, and a row closes once it holds
    `close_after_target` target crosses, so it never holds more.
    """
    first_target = first_target_box(rules)
    needed, closing = rules["target_min_crosses"], rules["close_after_target"]
    left = targets = 0
    for box, crossed in enumerate(row):
        if not crossed:
            continue
        if box >= first_target:
            if left < needed:
                return box, (
                    f"box {box + 1} is in the target area, but only {counted(left, 'cross', 'crosses')} "
                    f"{'lies' if left == 1 else 'lie'} to its left "
                    f"({needed} needed: target_min_crosses)"
                )
            targets += 1
            if targets > closing:
                return box, (
                    f"box {box + 1} is target cross number {targets}, but the colour "
                    f"closes at {counted(closing, 'target cross', 'target crosses')} (close_after_target)"
                )
        left += 1
    return None


def is_sheet_letter(letter) -> bool:
    """Whether a rule file's sheet name can be a sheet letter: a short word of
    printable characters, no spaces or commas. It is typed at the setup,
    printed on the card and on the terminal, and part of `stixx sheet`'s file
    names, so no control character or escape sequence may hide in it."""
    return (
        isinstance(letter, str)
        and 0 < len(letter) <= MAX_LETTER
        and letter.isprintable()
        and "," not in letter
        and " " not in letter
    )


def sheets_variant_text(
    sheets: dict[str, list[list[int]]],
    colours: list[str],
    kept: dict | None = None,
    changed: dict | None = None,
) -> str:
    """A variant file that extends the standard rules with `sheets` (name ->
    rows of numbers): printed sheets typed in once, kept for the next game
    night beside the `kept` sheets (the game's own, so that the same table
    can sit down again), with the `changed` rules of the game they were typed
    in for. Names become sheet letters (see is_sheet_letter)."""
    import json

    letters = dict(kept or {})
    for name, rows in sheets.items():
        # A sheet letter is a word: no spaces, commas or control characters.
        printable = "".join(ch if ch.isprintable() else " " for ch in name)
        word = "-".join(printable.replace(",", " ").split())[:MAX_LETTER] or "sheet"
        letter, count = word, 1
        while letter in letters:  # two names that read as the same word, or a sheet's letter
            count += 1
            letter = f"{word[: MAX_LETTER - len(str(count)) - 1].rstrip('-')}-{count}"
        letters[letter] = rows
    typed = list(letters)[len(kept or {}) :]
    also = f" (and the sheets {', '.join(kept)})" if kept else ""
    lines = [
        "# Printed Sixto sheets typed in at the table, kept for the next game night.",
        "# In your rules folder: stixx play sixto --variant NAME-OF-THIS-FILE --chance manual;",
        "# at the setup, give each player's sheet by its name below instead of typing it in.",
        "extends: standard",
        f"description: {json.dumps('our printed sheets: ' + ', '.join(typed) + also)}",
    ]
    # The rules of the game the sheets were typed in for, as JSON (which YAML reads).
    lines += [f"{name}: {json.dumps(value)}" for name, value in (changed or {}).items()]
    lines.append("sheets:")
    for letter, rows in letters.items():
        lines.append(f"  {json.dumps(letter)}:")
        for colour, row in zip(colours, rows):
            lines.append(f"    - {json.dumps(row)}  # {json.dumps(colour)[1:-1]}")
    return "\n".join(lines) + "\n"


def write_sheets_variant(path, sheets: dict[str, list[list[int]]], colours: list[str]) -> None:
    """Write `sheets_variant_text` to `path` (a new file or one to replace)."""
    from pathlib import Path

    Path(path).write_text(sheets_variant_text(sheets, colours), encoding="utf-8")
