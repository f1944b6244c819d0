"""How well `stixx score --photo` reads photographed Sixto sheets.

Makes N photos with the test generator (tests/sixto/photo/photogen.py: sheets
marked the way people mark them, photographed with perspective up to 35
degrees, rotation, curl, blur, noise, JPEG, uneven light, shadows, a busy
table; seeds 0..N-1), reads each, and compares with the truth:

- boxes read right (the best guess, doubtful or not);
- sheets scored right: read without a doubt and with the true score;
- sheets flagged: with a doubtful box or a broken crossing rule (asked about);
- sheets wrong but not flagged: a wrong score shown without a question (must be 0);
- seconds per photo (reading only, one core), at the set's size and at 12 MP.

    python bench/photo.py                 # 500 photos of 2 MP, 20 of 12 MP
    python bench/photo.py -n 100 --big 5 --plain 20 --json

Needs the photo extra (pip install '.[photo]').
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "sixto" / "photo"))

TARGETS = {"boxes_right": 0.999, "wrong_unflagged": 0, "flagged": 0.05, "seconds_12mp": 1.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--photos", type=int, default=500, help="photos in the set (default 500)")
    parser.add_argument("--big", type=int, default=20, help="12 MP photos timed (default 20)")
    parser.add_argument("--plain", type=int, default=0, help="photos of sheets printed without markers")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()

    import cv2

    cv2.setNumThreads(1)  # the target is for one core
    from photogen import STANDARD, make_photo
    from stixxcli_games.sixto.board import score
    from stixxcli_games.sixto.photo import read_image

    def run(seeds, **kwargs):
        stats = {"photos": 0, "boxes": 0, "boxes_right": 0, "scored_right": 0, "flagged": 0}
        stats.update({"wrong_unflagged": 0, "not_found": 0, "seconds": 0.0, "wrong_boxes": []})
        for seed in seeds:
            shot = make_photo(seed, **kwargs)
            start = time.process_time()
            try:
                reading = read_image(shot.image, STANDARD)
            except Exception as e:  # noqa: BLE001 (a sheet not found counts, and is flagged)
                stats["seconds"] += time.process_time() - start
                stats["photos"] += 1
                stats["not_found"] += 1
                stats["flagged"] += 1
                stats["boxes"] += 72
                if not args.json:
                    print(f"seed {seed}: {e}", file=sys.stderr)
                continue
            stats["seconds"] += time.process_time() - start
            stats["photos"] += 1
            for r, row in enumerate(shot.grid):
                for b, truth in enumerate(row):
                    stats["boxes"] += 1
                    if reading.grid[r][b] == truth:
                        stats["boxes_right"] += 1
                    else:
                        stats["wrong_boxes"].append([seed, r, b, shot.settings["styles"].get(f"{r},{b}")])
            flagged = bool(reading.doubtful)
            try:
                right = score(reading.grid, STANDARD)["total"] == score(shot.grid, STANDARD)["total"]
            except IndexError:  # more crosses in a row than a game allows: flagged by its rule
                right = False
            stats["flagged"] += flagged
            stats["scored_right"] += right and not flagged
            stats["wrong_unflagged"] += (not right) and not flagged
            if not right and not flagged:
                stats["wrong_boxes"].append(["NOT FLAGGED", seed])
        return stats

    wall = time.time()
    main_set = run(range(args.photos))
    big = run(range(100_000, 100_000 + args.big), size=(4000, 3000))
    plain = run(range(200_000, 200_000 + args.plain), markers=False) if args.plain else None
    n = max(1, main_set["photos"])
    figures = {
        "photos": main_set["photos"],
        "boxes_right": main_set["boxes_right"] / max(1, main_set["boxes"]),
        "scored_right": main_set["scored_right"] / n,
        "flagged": main_set["flagged"] / n,
        "wrong_unflagged": main_set["wrong_unflagged"],
        "not_found": main_set["not_found"],
        "seconds_2mp": main_set["seconds"] / n,
        "seconds_12mp": big["seconds"] / max(1, big["photos"]),
        "big_photos": big["photos"],
        "big_wrong_unflagged": big["wrong_unflagged"],
        "big_boxes_right": big["boxes_right"] / max(1, big["boxes"]),
        "big_flagged": big["flagged"],
        "wrong_boxes": main_set["wrong_boxes"][:50],
        "wall_seconds": round(time.time() - wall, 1),
    }
    if plain:
        p = max(1, plain["photos"])
        figures["plain"] = {
            "photos": plain["photos"],
            "found": (plain["photos"] - plain["not_found"]) / p,
            "scored_right": plain["scored_right"] / p,
            "wrong_unflagged": plain["wrong_unflagged"],
        }
    if args.json:
        print(json.dumps(figures))
        return
    met = lambda ok: "yes" if ok else "NO"  # noqa: E731
    print("| figure | measured | target | met |")
    print("|---|---|---|---|")
    print(
        f"| boxes read right ({main_set['boxes']} boxes) | {figures['boxes_right']:.4%} | >= 99.9% | "
        f"{met(figures['boxes_right'] >= TARGETS['boxes_right'])} |"
    )
    print(f"| sheets scored right, without a question | {figures['scored_right']:.1%} |  |  |")
    print(
        f"| sheets flagged for confirmation | {figures['flagged']:.1%} | <= 5% | "
        f"{met(figures['flagged'] <= TARGETS['flagged'])} |"
    )
    wrong = figures["wrong_unflagged"] + figures["big_wrong_unflagged"]
    print(f"| sheets wrong but not flagged | {wrong} | 0 | {met(wrong == 0)} |")
    print(f"| seconds per photo, 2 MP, one core | {figures['seconds_2mp']:.2f} |  |  |")
    print(
        f"| seconds per photo, 12 MP, one core ({figures['big_photos']} photos) | "
        f"{figures['seconds_12mp']:.2f} | <= 1 | {met(figures['seconds_12mp'] <= TARGETS['seconds_12mp'])} |"
    )
    print(
        f"| 12 MP photos: boxes read right / sheets flagged | {figures['big_boxes_right']:.2%} / "
        f"{figures['big_flagged']} of {figures['big_photos']} |  |  |"
    )
    if plain:
        q = figures["plain"]
        print(
            f"| without markers ({q['photos']} photos): found / scored right / wrong unflagged | "
            f"{q['found']:.0%} / {q['scored_right']:.0%} / {q['wrong_unflagged']} |  |  |"
        )
    print(
        f"\n{figures['photos']} photos, seeds 0-{figures['photos'] - 1}; {figures['wall_seconds']} s in all"
    )
    if figures["wrong_boxes"]:
        print("boxes read wrong (seed, row, box, mark):", figures["wrong_boxes"][:20])


if __name__ == "__main__":
    main()
