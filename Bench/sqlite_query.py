#!/usr/bin/env python3
"""The peer `cartelera-bench query` measures the engine against: the shapes of ../shared/BENCHMARKS.md run warm
on the indexed SQLite database of `sqlite_api.py` (FTS5 with accents removed, the indexes the shapes need).

Usage: sqlite_query.py DIR < RUNS  (DIR holds jsonl/; the database is built once into DIR/peer/guide.sqlite).

RUNS is JSON on standard input: {"q2": [genre of run 0, ...], "q3": [[channel, day], ...]}, the parameters the
engine's runs use, so both answer the same questions in the same order. Each run fetches the whole answer (every
column of every row, as sqlite_api.py serves them), and is timed alone. Prints JSON: per shape the rows of the first
run and the p50 and p99 in seconds, and the seconds the database took to build when this run built it.
"""
import json
import math
import os
import random
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sqlite_api import COLUMNS, NOW, WEEK, build, q2_sql  # noqa: E402

Q1 = f"SELECT {COLUMNS} FROM programme WHERE id IN (SELECT rowid FROM title_search WHERE title_search MATCH 'accion') ORDER BY start, id"
Q3 = f"SELECT {COLUMNS} FROM programme WHERE channel = ? AND start < ? AND stop > ? ORDER BY start"
Q4 = "SELECT id, name, lat, lon, music, free_entry, rating FROM venue WHERE lat BETWEEN ? AND ?"


def q4(db):
    lat, lon, radius = 40.4168, -3.7038, 2.0
    span = radius / 111.0
    rows = []
    for r in db.execute(Q4, (lat - span, lat + span)):
        p1, p2 = math.radians(lat), math.radians(r[2])
        a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(r[3] - lon) / 2) ** 2
        distance = 2 * 6371.0088 * math.asin(math.sqrt(a))
        if distance <= radius:
            rows.append((distance, r[0], r))
    rows.sort()
    return rows


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * fraction))] if ordered else 0


def main():
    directory = sys.argv[1]
    path = os.path.join(directory, "peer", "guide.sqlite")
    built = None
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        started = time.perf_counter()
        build(os.path.join(directory, "jsonl"), path)
        built = time.perf_counter() - started
    runs = json.load(sys.stdin)
    db = sqlite3.connect(path)
    shapes = {
        "q1": lambda i: db.execute(Q1).fetchall(),
        "q2": lambda i: db.execute(q2_sql(), (NOW, NOW + WEEK, runs["q2"][i])).fetchall(),
        "q3": lambda i: db.execute(Q3, (runs["q3"][i][0], runs["q3"][i][1] + 24 * 3600, runs["q3"][i][1] + 20 * 3600)).fetchall(),
        "q4": lambda i: q4(db),
        "q5": lambda i: [random.choice(m)] if (m := db.execute(q2_sql(), (NOW, NOW + WEEK, runs["q2"][i])).fetchall()) else [],
    }
    result = {"build_seconds": built}
    count = len(runs["q2"])
    for name, run in shapes.items():
        run(0)  # warm the cache, as the engine's first run is warm too
        times, rows = [], 0
        for i in range(count):
            started = time.perf_counter()
            answer = run(i)
            times.append(time.perf_counter() - started)
            if i == 0:
                rows = len(answer)
        result[name] = {"rows": rows, "p50": percentile(times, 0.5), "p99": percentile(times, 0.99)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
