#!/usr/bin/env python3
"""The peer `cartelera-bench query` measures the engine against: the shapes of ../shared/BENCHMARKS.md run warm
on the indexed SQLite database of `sqlite_api.py` (FTS5 with accents removed, an index that answers each shape).

Usage: sqlite_query.py DIR < RUNS  (DIR holds jsonl/; the database is built once into DIR/peer/guide.sqlite).

RUNS is JSON on standard input: {"q2": [genre of run 0, ...], "q3": [[channel, day], ...]}, the parameters the
engine's runs use, so both answer the same questions in the same order. Each run fetches the whole answer (every
column of every row, as sqlite_api.py serves them), and is timed alone. Prints JSON: per shape the rows and ids of
the first run and the p50 and p99 in seconds, and the seconds the database took to build when this run built it.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sqlite_api import Q1, connect, longest_programme, open_database, q2_rows, q3_rows, q4_rows, q5_row  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * fraction))] if ordered else 0


def main():
    path, built = open_database(sys.argv[1])
    runs = json.load(sys.stdin)
    db = connect(path)
    longest = longest_programme(db)
    shapes = {
        "q1": lambda i: db.execute(Q1).fetchall(),
        "q2": lambda i: q2_rows(db, runs["q2"][i]),
        "q3": lambda i: q3_rows(db, runs["q3"][i][0], runs["q3"][i][1], longest),
        "q4": lambda i: [r for _, _, r in q4_rows(db)],
        "q5": lambda i: q5_row(db, runs["q2"][i]),
    }
    result = {"build_seconds": built}
    count = len(runs["q2"])
    for name, run in shapes.items():
        run(0)  # warm the cache, as the engine's first run is warm too
        times, first = [], []
        for i in range(count):
            started = time.perf_counter()
            answer = run(i)
            times.append(time.perf_counter() - started)
            if i == 0:
                first = answer
        result[name] = {"rows": len(first), "ids": [str(row[0]) for row in first], "p50": percentile(times, 0.5),
                        "p99": percentile(times, 0.99)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
