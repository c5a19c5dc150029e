#!/usr/bin/env python3
"""The baseline `cartelera-bench serve` measures the HTTP API against: a small Python API over SQLite.

It is what a careful user would write in an afternoon: the JSON Lines of data set G (written by
`cartelera-bench generate`) loaded once into SQLite with FTS5 (accents removed by its tokenizer) and, for each
shape, the index that lets SQLite read only what the answer needs; each connection maps the database into memory.
It is served by the standard library's threading HTTP server, one SQLite connection per thread. Endpoints answer
the shapes of ../shared/BENCHMARKS.md with rows as JSON:

  /q1                      programmes whose title has the word "accion", by (start, id)
  /q2?genre=Acción         films of a genre, 1990-2005, starting in the week from NOW, by (start, id)
  /q3?channel=ch001&day=D  a channel overlapping 20:00-24:00 UTC of day D (epoch seconds of its midnight)
  /q4                      venues within 2 km of Puerta del Sol, by (distance, id)
  /q5?genre=Acción         one uniformly random pick among q2's matches

Usage: sqlite_api.py DIR PORT  (DIR holds jsonl/; the database is built once into DIR/peer/guide.sqlite).
Prints "listening on PORT" when ready.
"""
import json
import math
import os
import random
import signal
import sqlite3
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

NOW = 1795629600
WEEK = 7 * 86400
# The layout below; a database of another version is built again.
SCHEMA_VERSION = 2


def build(jsonl, path):
    temporary = path + ".tmp"
    if os.path.exists(temporary):
        os.remove(temporary)
    db = sqlite3.connect(temporary)
    db.executescript(f"""
        PRAGMA user_version = {SCHEMA_VERSION};
        CREATE TABLE programme (id INTEGER PRIMARY KEY, channel TEXT, start INTEGER, stop INTEGER, title TEXT, type TEXT,
                                genres TEXT, year INTEGER, rating REAL);
        -- A programme's genres, each with the columns q2 filters and orders on, so its index answers q2 alone.
        CREATE TABLE programme_genre (id INTEGER, genre TEXT, type TEXT, start INTEGER, year INTEGER);
        CREATE VIRTUAL TABLE title_search USING fts5(title, content='programme', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
        CREATE TABLE venue (id INTEGER PRIMARY KEY, name TEXT, lat REAL, lon REAL, music TEXT, free_entry INTEGER, rating REAL);
        -- The longest programme in seconds: q3 looks for starts no earlier than that before its window.
        CREATE TABLE programme_span (longest INTEGER);
    """)
    with open(os.path.join(jsonl, "programmes.jsonl"), encoding="utf-8") as lines:
        rows, genres = [], []
        for line in lines:
            p = json.loads(line)
            rows.append((p["id"], p["channel"], p["start"], p["stop"], p["title"], p["type"], json.dumps(p["genres"], ensure_ascii=False),
                         p["year"], p["rating"]))
            genres.extend((p["id"], g, p["type"], p["start"], p["year"]) for g in p["genres"])
        db.executemany("INSERT INTO programme VALUES (?,?,?,?,?,?,?,?,?)", rows)
        db.executemany("INSERT INTO programme_genre VALUES (?,?,?,?,?)", genres)
    with open(os.path.join(jsonl, "venues.jsonl"), encoding="utf-8") as lines:
        db.executemany("INSERT INTO venue VALUES (?,?,?,?,?,?,?)",
                       [(v["id"], v["name"], v["lat"], v["lon"], json.dumps(v["music"], ensure_ascii=False), int(v["free_entry"]), v["rating"])
                        for v in map(json.loads, lines)])
    db.executescript("""
        INSERT INTO title_search(title_search) VALUES ('rebuild');
        INSERT INTO programme_span SELECT max(stop - start) FROM programme;
        CREATE INDEX programme_channel_start ON programme(channel, start);
        CREATE INDEX programme_genre_shape ON programme_genre(genre, type, start, id, year);
        CREATE INDEX venue_lat_lon ON venue(lat, lon);
        ANALYZE;
    """)
    db.commit()
    db.close()
    os.replace(temporary, path)


def open_database(directory):
    """The database of DIR/jsonl, built into DIR/peer/guide.sqlite when missing or of another version; the seconds
    building it took (None when it was there)."""
    path = os.path.join(directory, "peer", "guide.sqlite")
    if os.path.exists(path):
        db = sqlite3.connect(path)
        version = db.execute("PRAGMA user_version").fetchone()[0]
        db.close()
        if version == SCHEMA_VERSION:
            return path, None
        os.remove(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    started = time.perf_counter()
    build(os.path.join(directory, "jsonl"), path)
    return path, time.perf_counter() - started


def connect(path, **options):
    """A connection that reads the database through a memory map, as the engine reads its index."""
    db = sqlite3.connect(path, **options)
    db.execute("PRAGMA mmap_size = 1073741824")
    db.execute("PRAGMA cache_size = -262144")
    return db


COLUMNS = "id, channel, start, stop, title, type, genres, year, rating"
PROGRAMME_COLUMNS = ", ".join("p." + column for column in COLUMNS.split(", "))

# q1: the FTS5 index's rows, then each programme by its rowid.
Q1 = (f"SELECT {PROGRAMME_COLUMNS} FROM title_search JOIN programme p ON p.id = title_search.rowid "
      "WHERE title_search MATCH 'accion' ORDER BY p.start, p.id")
# q2: one range of programme_genre_shape (genre, type, start) read in (start, id) order, years tested in the index, then
# each match's row by id.
Q2_MATCHES = ("FROM programme_genre g WHERE g.genre = ? AND g.type = 'film' AND g.start >= ? AND g.start < ? "
              "AND g.year BETWEEN 1990 AND 2005")
Q2 = f"SELECT {PROGRAMME_COLUMNS} {Q2_MATCHES.replace('FROM programme_genre g', 'FROM programme_genre g JOIN programme p ON p.id = g.id')} ORDER BY g.start, g.id"
# q5: q2's matching ids from the index alone, then the one row picked.
Q5_IDS = f"SELECT g.id {Q2_MATCHES}"
Q5_ROW = f"SELECT {COLUMNS} FROM programme WHERE id = ?"
# q3: both bounds on programme_channel_start: starts from the longest programme before the window to its end.
Q3 = f"SELECT {COLUMNS} FROM programme WHERE channel = ? AND start >= ? AND start < ? AND stop > ? ORDER BY start"
# q4: both coordinates bounded on venue_lat_lon, then the exact distance.
Q4 = "SELECT id, name, lat, lon, music, free_entry, rating FROM venue WHERE lat BETWEEN ? AND ? AND lon BETWEEN ? AND ?"
EARTH_RADIUS_KM = 6371.0088


def longest_programme(db):
    return db.execute("SELECT longest FROM programme_span").fetchone()[0]


def q2_rows(db, genre):
    return db.execute(Q2, (genre, NOW, NOW + WEEK)).fetchall()


def q3_rows(db, channel, day, longest):
    return db.execute(Q3, (channel, day + 20 * 3600 - longest, day + 24 * 3600, day + 20 * 3600)).fetchall()


def q4_rows(db, lat=40.4168, lon=-3.7038, radius=2.0):
    """(distance, id, row) of each venue within `radius` km, nearest first; the box holds every point that near on the sphere."""
    angle = radius / EARTH_RADIUS_KM
    span_lat = math.degrees(angle)
    span_lon = math.degrees(math.asin(min(1.0, math.sin(angle) / math.cos(math.radians(abs(lat) + span_lat)))))
    rows = []
    for r in db.execute(Q4, (lat - span_lat, lat + span_lat, lon - span_lon, lon + span_lon)):
        p1, p2 = math.radians(lat), math.radians(r[2])
        a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(r[3] - lon) / 2) ** 2
        distance = 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(a))
        if distance <= radius:
            rows.append((distance, r[0], r))
    rows.sort()
    return rows


def q5_row(db, genre):
    ids = db.execute(Q5_IDS, (genre, NOW, NOW + WEEK)).fetchall()
    return db.execute(Q5_ROW, (random.choice(ids)[0],)).fetchall() if ids else []


def programme_rows(cursor):
    return [{"id": r[0], "channel": r[1], "start": r[2], "stop": r[3], "title": r[4], "type": r[5], "genres": json.loads(r[6]),
             "year": r[7], "rating": r[8]} for r in cursor]


def answer(db, path, query, longest):
    if path == "/q1":
        rows = programme_rows(db.execute(Q1))
    elif path == "/q2":
        rows = programme_rows(q2_rows(db, query.get("genre", ["Acción"])[0]))
    elif path == "/q3":
        rows = programme_rows(q3_rows(db, query["channel"][0], int(query["day"][0]), longest))
    elif path == "/q4":
        rows = [{"id": r[0], "name": r[1], "lat": r[2], "lon": r[3], "music": json.loads(r[4]), "free_entry": bool(r[5]), "rating": r[6],
                 "distance_km": distance} for distance, _, r in q4_rows(db)]
    elif path == "/q5":
        rows = programme_rows(q5_row(db, query.get("genre", ["Acción"])[0]))
    else:
        return None
    return {"total": len(rows), "rows": rows}


def main():
    directory, port = sys.argv[1], int(sys.argv[2])
    path, _ = open_database(directory)
    setup = connect(path)
    longest = longest_programme(setup)
    setup.close()
    local = threading.local()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            if not hasattr(local, "db"):
                local.db = connect(path, check_same_thread=False)
            url = urlparse(self.path)
            body = answer(local.db, url.path, parse_qs(url.query), longest)
            data = json.dumps(body if body is not None else {"error": "not found"}, ensure_ascii=False).encode()
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *arguments):
            pass

    class Server(ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            # A load generator hangs up mid-answer when its time is over: not an error of the server.
            if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
                super().handle_error(request, client_address)

    # A parent that blocks SIGTERM in its threads passes the mask on: stop when told to.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    server = Server(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    print(f"listening on {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
