#!/usr/bin/env python3
"""The baseline `cartelera-bench serve` measures the HTTP API against: a small Python API over SQLite.

It is what a careful user would write in an afternoon: the JSON Lines of data set G (written by
`cartelera-bench generate`) loaded once into SQLite with FTS5 (accents removed by its tokenizer) and the
indexes the query shapes need, served by the standard library's threading HTTP server, one SQLite
connection per thread. Endpoints answer the shapes of ../shared/BENCHMARKS.md with rows as JSON:

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
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

NOW = 1795629600
WEEK = 7 * 86400


def build(jsonl, path):
    temporary = path + ".tmp"
    if os.path.exists(temporary):
        os.remove(temporary)
    db = sqlite3.connect(temporary)
    db.executescript("""
        CREATE TABLE programme (id INTEGER PRIMARY KEY, channel TEXT, start INTEGER, stop INTEGER, title TEXT, type TEXT,
                                genres TEXT, year INTEGER, rating REAL);
        CREATE TABLE programme_genre (id INTEGER, genre TEXT);
        CREATE VIRTUAL TABLE title_search USING fts5(title, content='programme', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
        CREATE TABLE venue (id INTEGER PRIMARY KEY, name TEXT, lat REAL, lon REAL, music TEXT, free_entry INTEGER, rating REAL);
    """)
    with open(os.path.join(jsonl, "programmes.jsonl"), encoding="utf-8") as lines:
        rows, genres = [], []
        for line in lines:
            p = json.loads(line)
            rows.append((p["id"], p["channel"], p["start"], p["stop"], p["title"], p["type"], json.dumps(p["genres"], ensure_ascii=False),
                         p["year"], p["rating"]))
            genres.extend((p["id"], g) for g in p["genres"])
        db.executemany("INSERT INTO programme VALUES (?,?,?,?,?,?,?,?,?)", rows)
        db.executemany("INSERT INTO programme_genre VALUES (?,?)", genres)
    with open(os.path.join(jsonl, "venues.jsonl"), encoding="utf-8") as lines:
        db.executemany("INSERT INTO venue VALUES (?,?,?,?,?,?,?)",
                       [(v["id"], v["name"], v["lat"], v["lon"], json.dumps(v["music"], ensure_ascii=False), int(v["free_entry"]), v["rating"])
                        for v in map(json.loads, lines)])
    db.executescript("""
        INSERT INTO title_search(title_search) VALUES ('rebuild');
        CREATE INDEX programme_type_start ON programme(type, start);
        CREATE INDEX programme_channel_start ON programme(channel, start);
        CREATE INDEX programme_genre_genre ON programme_genre(genre, id);
        CREATE INDEX venue_lat ON venue(lat);
        ANALYZE;
    """)
    db.commit()
    db.close()
    os.replace(temporary, path)


COLUMNS = "id, channel, start, stop, title, type, genres, year, rating"


def programme_rows(cursor):
    return [{"id": r[0], "channel": r[1], "start": r[2], "stop": r[3], "title": r[4], "type": r[5], "genres": json.loads(r[6]),
             "year": r[7], "rating": r[8]} for r in cursor]


def q2_sql():
    return (f"SELECT {COLUMNS} FROM programme WHERE type = 'film' AND start >= ? AND start < ? AND year BETWEEN 1990 AND 2005 "
            "AND id IN (SELECT id FROM programme_genre WHERE genre = ?) ORDER BY start, id")


def answer(db, path, query):
    if path == "/q1":
        rows = programme_rows(db.execute(
            f"SELECT {COLUMNS} FROM programme WHERE id IN (SELECT rowid FROM title_search WHERE title_search MATCH 'accion') ORDER BY start, id"))
    elif path == "/q2":
        rows = programme_rows(db.execute(q2_sql(), (NOW, NOW + WEEK, query.get("genre", ["Acción"])[0])))
    elif path == "/q3":
        day = int(query["day"][0])
        rows = programme_rows(db.execute(f"SELECT {COLUMNS} FROM programme WHERE channel = ? AND start < ? AND stop > ? ORDER BY start",
                                         (query["channel"][0], day + 24 * 3600, day + 20 * 3600)))
    elif path == "/q4":
        lat, lon, radius = 40.4168, -3.7038, 2.0
        span = radius / 111.0
        rows = []
        for r in db.execute("SELECT id, name, lat, lon, music, free_entry, rating FROM venue WHERE lat BETWEEN ? AND ?", (lat - span, lat + span)):
            p1, p2 = math.radians(lat), math.radians(r[2])
            a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(r[3] - lon) / 2) ** 2
            distance = 2 * 6371.0088 * math.asin(math.sqrt(a))
            if distance <= radius:
                rows.append({"id": r[0], "name": r[1], "lat": r[2], "lon": r[3], "music": json.loads(r[4]), "free_entry": bool(r[5]),
                             "rating": r[6], "distance_km": distance})
        rows.sort(key=lambda v: (v["distance_km"], v["id"]))
    elif path == "/q5":
        matches = db.execute(q2_sql(), (NOW, NOW + WEEK, query.get("genre", ["Acción"])[0])).fetchall()
        rows = programme_rows([random.choice(matches)]) if matches else []
    else:
        return None
    return {"total": len(rows), "rows": rows}


def main():
    directory, port = sys.argv[1], int(sys.argv[2])
    path = os.path.join(directory, "peer", "guide.sqlite")
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        build(os.path.join(directory, "jsonl"), path)
    local = threading.local()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            if not hasattr(local, "db"):
                local.db = sqlite3.connect(path, check_same_thread=False)
            url = urlparse(self.path)
            body = answer(local.db, url.path, parse_qs(url.query))
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
