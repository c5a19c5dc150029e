#!/usr/bin/env python3
"""The peer `cartelera-bench generate` measures G's ingest against: the same data loaded into SQLite again.

Loads DIR/jsonl (the JSON Lines `cartelera-bench generate` reads back from the store) into a new DIR/peer/guide.sqlite
exactly as sqlite_api.py builds it (FTS5 with accents removed, the index of each query shape, ANALYZE), replacing
the one there, and prints JSON: the seconds the load took and the database's size on disk in bytes.

Usage: sqlite_load.py DIR
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sqlite_api import build  # noqa: E402


def main():
    directory = sys.argv[1]
    path = os.path.join(directory, "peer", "guide.sqlite")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    started = time.perf_counter()
    build(os.path.join(directory, "jsonl"), path)
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "bytes": os.stat(path).st_blocks * 512, "apparent_bytes": os.path.getsize(path)}))


if __name__ == "__main__":
    main()
