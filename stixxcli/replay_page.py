"""The replay page: one self-contained HTML file that steps through a whole
game in any browser, offline. Every step's drawing is SVG, kept as pieces
that the steps share (a move changes a few pieces of the picture); a small
script puts a step's drawing together and shows it (first/previous/next/last
buttons, a slider, the arrow keys, Home and End), highlights the move in the
move list and fills the standing.

Made from the player's view when `viewer` is given: the drawings come from
`State.draw_svg(viewer)`, the moves from `move_view`, the scores from
`standing(viewer)`, so nothing that player could not know is in the file.
A Content-Security-Policy forbids the page any fetch at all.
"""

from __future__ import annotations

import json
import re

from .engine import game_over
from .errors import StixxError, plugin_call, plugin_json
from .game import Result
from .pictures import draw, inline
from .replays import replay
from .svg import esc
from .text import clip, counted, plain, plain_json, plain_lines

# A name longer than this is shown clipped: the page repeats names at every step.
NAME_WIDTH = 100

# Cut before every opening tag: a piece is one element's start, its text and the
# ends after it (a box, a stick, a line of text), the same at every step it is in.
_PIECE = re.compile(r"(?=<[^/])")

STYLE = """
body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;margin:0;background:#f4f1e8;color:#1c1c1c}
header{padding:10px 18px;background:#1c1c1c;color:#fbf8f0}
header h1{font-size:20px;margin:0}
header p{margin:4px 0 0;font-size:13px;color:#d8d2c4}
main{display:flex;flex-wrap:wrap;gap:16px;padding:14px}
#board{flex:1 1 720px;min-width:320px}
#board svg{width:100%;height:auto;border:1px solid #ccc;border-radius:8px;background:#fbf8f0}
aside{flex:0 1 380px;min-width:280px}
.controls{display:flex;gap:6px;align-items:center;margin-bottom:6px}
.controls button{font-size:16px;min-width:42px;padding:4px 8px;cursor:pointer}
#slider{width:100%}
#counter{font-weight:bold;margin:6px 0}
#said{font-size:13px;color:#444;min-height:1.2em}
table{border-collapse:collapse;width:100%;margin:8px 0 12px}
th,td{border-bottom:1px solid #ccc;padding:3px 6px;text-align:left;font-size:14px}
td.num{text-align:right}
tr.first td{font-weight:bold}
#moves{max-height:52vh;overflow:auto;margin:0;padding-left:3.2em;font-size:13px;background:#fff;border:1px solid #ccc;border-radius:6px}
#moves li{padding:2px 4px;cursor:pointer}
#moves li.now{background:#ffe79a;font-weight:bold}
.keys{font-size:12px;color:#555}
"""

SCRIPT = """
(function(){
  var steps = JSON.parse(document.getElementById('steps').textContent);
  var names = JSON.parse(document.getElementById('names').textContent);
  var pieces = JSON.parse(document.getElementById('pieces').textContent);
  var board = document.getElementById('board');
  var slider = document.getElementById('slider');
  var counter = document.getElementById('counter');
  var said = document.getElementById('said');
  var body = document.getElementById('standing');
  var items = document.querySelectorAll('#moves li');
  var now = -1;
  function drawing(step){
    var parts = [], runs = step.drawing;
    for (var k = 0; k < runs.length; k += 2) {
      for (var p = runs[k]; p < runs[k] + runs[k + 1]; p++) { parts.push(pieces[p]); }
    }
    return parts.join('');
  }
  function show(i){
    i = Math.max(0, Math.min(steps.length - 1, i));
    var step = steps[i];
    if (i !== now) { board.innerHTML = drawing(step); }
    now = i;
    document.body.setAttribute('data-step', String(i));
    slider.value = String(i);
    counter.textContent = 'move ' + i + ' of ' + (steps.length - 1) + (step.over ? ' (game over)' : '');
    said.textContent = i === 0 ? 'the start' : (step.player + ': ' + step.text);
    while (body.firstChild) { body.removeChild(body.firstChild); }
    names.forEach(function(name, seat){
      var tr = document.createElement('tr');
      var place = step.places ? step.places[seat] : null;
      if (place === 1) { tr.className = 'first'; }
      [place === null ? '' : String(place), name, step.scores[seat] === null ? '?' : String(step.scores[seat])]
        .forEach(function(text, k){
          var td = document.createElement('td');
          td.textContent = text;
          if (k !== 1) { td.className = 'num'; }
          tr.appendChild(td);
        });
      tr.setAttribute('data-seat', String(seat));
      body.appendChild(tr);
    });
    for (var k = 0; k < items.length; k++) {
      items[k].className = (k === i - 1) ? 'now' : '';
    }
    if (i > 0 && items[i - 1].scrollIntoView) { items[i - 1].scrollIntoView({block: 'nearest'}); }
  }
  document.getElementById('first').onclick = function(){ show(0); };
  document.getElementById('prev').onclick = function(){ show(now - 1); };
  document.getElementById('next').onclick = function(){ show(now + 1); };
  document.getElementById('last').onclick = function(){ show(steps.length - 1); };
  slider.oninput = function(){ show(parseInt(slider.value, 10)); };
  for (var k = 0; k < items.length; k++) {
    (function(k){ items[k].onclick = function(){ show(k + 1); }; })(k);
  }
  document.addEventListener('keydown', function(e){
    if (e.target === slider) { return; }  // the slider moves itself with the arrows
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }  // the browser's own: Alt+Left is Back
    var to = {ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: steps.length - 1}[e.key];
    if (to !== undefined) { show(to); e.preventDefault(); }
  });
  show(parseInt(document.body.getAttribute('data-start'), 10) || 0);
})();
"""


def _json_in_html(value) -> str:
    # Inside <script>, only "</" (as in "</script>", which ends it) and "<!" ("<!--", after which
    # "<script" changes where it ends) count: their "<" as \u003c, which JSON reads back as "<".
    # Not every "<", ">" and "&": the drawings are full of them, and each cost six bytes.
    text = plain_json(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
    return text.replace("</", "\\u003c/").replace("<!", "\\u003c!")


def _html(value) -> str:
    """Content as HTML text: controls and bidi marks visibly escaped as on the
    terminal (a page is a file someone may `cat`), then HTML-escaped."""
    return esc(plain(value))


def _shown_names(names: list[str]) -> list[str]:
    """The names as the page shows them: plain, and clipped to NAME_WIDTH with
    the seat beside a clipped one, so two long names that start alike stay two
    players (a replay refuses two players of one name)."""
    shown = []
    for seat, name in enumerate(names):
        text = plain(name)
        shown.append(text if len(text) <= NAME_WIDTH else f"{clip(text, NAME_WIDTH)} (seat {seat})")
    if len(set(shown)) < len(set(names)):  # alike only once escaped or clipped: the seat tells them apart
        shown = [f"{name} (seat {seat})" for seat, name in enumerate(shown)]
    return shown


def _as_shown(log: dict) -> dict:
    """A copy of the log with its names as the page shows them, replayed in its
    place: every drawing and move of the game then holds the short, plain names."""
    players = log.get("players")
    if not isinstance(players, list) or not all(
        isinstance(p, dict) and isinstance(p.get("name"), str) for p in players
    ):
        return log  # the replay refuses it, with its reason
    names = _shown_names([p["name"] for p in players])
    return dict(log, players=[dict(p, name=name) for p, name in zip(players, names)])


def build(log: dict, viewer: int | None = None, start: int = 0) -> str:
    """The page for a whole game, as `viewer` (a seat, or None for everything) saw it."""
    from .plugins import get_game

    if start > len(log.get("moves", [])):
        raise StixxError(f"the log has {counted(len(log['moves']), 'move')}; --to {start} is past its end")
    game = get_game(log["game"])
    log = _as_shown(log)
    names = [p["name"] for p in log["players"]]
    seen = "everything" if viewer is None else f"only what {names[viewer]} could know"
    steps = []
    moves = []
    for at in replay(log):
        state = at.state
        title = f"{game.title or game.name} after {counted(at.index, 'move')}"
        svg = plain_lines(inline(draw(game, state, viewer, title)))  # a drawing escapes only C0
        scores = plugin_call(game, "standing", state.standing, viewer, gives=(list, tuple))
        # Places follow the game's own tie-breaks, which may rest on secrets until the end.
        places, over = None, game_over(game, state)
        if viewer is None or over or not game.hidden_information:
            places = list(plugin_call(game, "result", state.result, gives=Result).places)
        step = {
            "drawing": svg,
            "scores": [_score(s) for s in scores],
            "places": places,
            "over": over,
        }
        # What the page's data would hold as invalid JSON (NaN), or could not hold (a set), first
        plugin_json(game, "standing", step["scores"])
        plugin_json(game, "result", places)
        if at.move is not None:
            move = plugin_call(game, "move_view", state.move_view, at.move, viewer)
            text = plain(clip(str(plugin_call(game, "move_text", state.move_text, move))))
            player = names[at.seat] if at.seat is not None else "the table"
            step.update(player=player, text=text)
            moves.append((player, text))
        steps.append(step)
    pieces = _shared(steps)
    title = f"{game.title or game.name}: {', '.join(names)}"
    variant = clip(plain(log.get("variant", "standard")), NAME_WIDTH)
    items = "\n".join(
        f'<li data-move="{n}"><b>{_html(player)}</b> {_html(text)}</li>'
        for n, (player, text) in enumerate(moves, start=1)
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_html(title)} - stixx replay</title>
<style>{STYLE}</style>
</head>
<body data-start="{start}" data-step="{start}" data-moves="{len(moves)}">
<header>
<h1>{_html(title)}</h1>
<p>{_html(f"variant {variant}; {counted(len(moves), 'move')}; this page shows {seen}")}</p>
</header>
<main>
<section id="board"><noscript>The pictures need JavaScript.</noscript></section>
<aside>
<div class="controls">
<button id="first" title="the start (Home)">|&#x25C0;</button>
<button id="prev" title="previous move (left arrow)">&#x25C0;</button>
<button id="next" title="next move (right arrow)">&#x25B6;</button>
<button id="last" title="the last move (End)">&#x25B6;|</button>
</div>
<input id="slider" type="range" min="0" max="{len(steps) - 1}" value="{start}" aria-label="move">
<div id="counter">move {start} of {len(steps) - 1}</div>
<div id="said"></div>
<table><thead><tr><th>place</th><th>player</th><th>score</th></tr></thead><tbody id="standing"></tbody></table>
<ol id="moves">
{items}
</ol>
<p class="keys">Keys: left and right arrows step, Home and End jump. Click a move to see it.</p>
</aside>
</main>
<script type="application/json" id="names">{_json_in_html(names)}</script>
<script type="application/json" id="pieces">{_json_in_html(pieces)}</script>
<script type="application/json" id="steps">{_json_in_html(steps)}</script>
<script>{SCRIPT}</script>
</body>
</html>
"""


def _shared(steps: list[dict]) -> list[str]:
    """Every piece of the steps' drawings once; each step's drawing becomes
    runs of pieces, [first, count, first, count, ...]. The page held every
    step's whole drawing: 2.9 MB for 16 moves of Sixto, four sheets each time."""
    ids: dict[str, int] = {}
    pieces: list[str] = []
    for step in steps:
        runs: list[int] = []
        for piece in _PIECE.split(step["drawing"]):
            at = ids.setdefault(piece, len(pieces))
            if at == len(pieces):
                pieces.append(piece)
            if runs and runs[-2] + runs[-1] == at:
                runs[-1] += 1
            else:
                runs += [at, 1]
        step["drawing"] = runs
    return pieces


def _score(value):
    # Scores are numbers in every game; anything else is shown as text.
    if value is None or isinstance(value, (int, float)):
        return value
    return plain(value)
