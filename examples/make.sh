#!/usr/bin/env bash
# Rebuilds every file in examples/ from the shoes here (run from the repository root).
set -euo pipefail
# The shoes here are dealt with today's default shuffle (philox), as README and getting started
# say (tests/project/test_docs.py and tests/game/test_shuffles.py check it).
cd "$(dirname "$0")"
roads simulate --seed 2026 --format jsonl -o eight-decks.jsonl
roads render eight-decks.jsonl -o eight-decks.png --title "8-deck shoe, seed 2026"
roads render eight-decks.jsonl -o eight-decks.svg --title "8-deck shoe, seed 2026"
roads render eight-decks.jsonl -o eight-decks-zh-dark.png --lang zh --theme dark --label total
roads render short.txt -o short.png --title "A short practice shoe"
roads render dragon.txt -o dragon.png --title "A long Banker dragon"
roads render dragon.txt -o dragon-print.png --theme print --scale 2
roads render eight-decks.jsonl -o big-road-last-12.png --road big-road --columns 12
roads animate eight-decks.jsonl -o eight-decks.gif --fps 6
roads report eight-decks.jsonl -o eight-decks-report.html
roads render eight-decks.jsonl -o eight-decks-casino.png --layout casino --title "8-deck shoe, seed 2026"
roads render eight-decks.jsonl -o eight-decks-lobby.png --layout lobby --theme accessible
roads simulate --seed 2026 --shoes 8 --format jsonl -o session.jsonl
roads render session.jsonl --wall -o session-wall.png --title "Eight shoes, seed 2026"
roads study --seed 2026 --shoes 2000 --exact-shoes 5 -o study.html
