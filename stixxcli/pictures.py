"""A picture of one state: the game's own SVG drawing (`State.draw_svg`), or,
for a game whose plugin draws nothing, its terminal picture as text in an
SVG. Imported only by `replay --svg/--html`."""

from __future__ import annotations

import re

from .errors import plugin_call
from .svg import text_picture
from .text import picture

_PROLOG = re.compile(r"^\s*<\?xml[^>]*\?>\s*")


def text_lines(renderable, width: int = 110) -> list[str]:
    """What the terminal would show, as plain lines (no colour, no escapes)."""
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, no_color=True, highlight=False, emoji=False).print(
        renderable
    )
    return [line.rstrip() for line in out.getvalue().splitlines()]


def draw(game, state, viewer: int | None, title: str) -> str:
    """The state as `viewer` sees it, as a self-contained SVG document.
    `game` names the plugin in an error (None: a plugin of unknown name)."""
    if game is None:
        from types import SimpleNamespace

        game = SimpleNamespace(name=type(state).__module__.split(".")[0], title="")
    svg = plugin_call(game, "draw_svg", state.draw_svg, viewer)
    if svg is None:
        rendered = plugin_call(game, "render", state.render, viewer)
        return text_picture(text_lines(picture(rendered)), title)
    if not isinstance(svg, str) or "<svg" not in svg:
        from .errors import PluginError

        raise PluginError(f"the {game.name} plugin's draw_svg gave no SVG document")
    return svg


def inline(svg: str) -> str:
    """An SVG document as an element to put inside HTML (the XML prolog left out)."""
    return _PROLOG.sub("", svg, count=1)
