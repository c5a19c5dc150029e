#!/usr/bin/env python3
"""The baseline `cartelera-bench serve` measures the HTTP API against: a small Python API over SQLite.

It is what a careful user would write and deploy with the standard library alone: the JSON Lines of data set G
(written by `cartelera-bench generate`) loaded once into SQLite with FTS5 (accents removed by its tokenizer) and, for
each shape, the index that lets SQLite read only what the answer needs. It runs one worker process per core
(pre-forked, each listening on the same port with SO_REUSEPORT), and each worker is one asyncio event loop with one
SQLite connection that maps the database into memory: no thread per client, so a worker never waits for Python's
global lock, and the number of connections and caches stays fixed however many clients come. Connections are kept
alive, and each answer (head and body) is written in one send with TCP_NODELAY. Endpoints answer the shapes of
../shared/BENCHMARKS.md with rows as JSON:

  /q1                      programmes whose title has the word "accion", by (start, id)
  /q2?genre=Acción         films of a genre, 1990-2005, starting in the week from NOW, by (start, id)
  /q3?channel=ch001&day=D  a channel overlapping 20:00-24:00 UTC of day D (epoch seconds of its midnight)
  /q4                      venues within 2 km of Puerta del Sol, by (distance, id)
  /q5?genre=Acción         one uniformly random pick among q2's matches

Usage: sqlite_api.py DIR PORT [WORKERS]  (DIR holds jsonl/; the database is built once into DIR/peer/guide.sqlite;
PORT 0 picks a free port; WORKERS defaults to the cores this process may run on). Prints "listening on PORT" when
every worker listens, and stops them all on SIGTERM.
"""
import asyncio
import json
import math
import os
import random
import signal
import socket
import sqlite3
import sys
import time
import traceback
from email.utils import formatdate
from http import HTTPStatus
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
# Connections waiting to be accepted, per worker: wrk opens all of its connections at once (the standard library's
# servers queue 5, and the rest retried their SYN after 1, 3 and 7 seconds).
BACKLOG = 1024
MAXIMUM_HEAD = 65536


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


def response(status, body, keep_alive):
    """The whole answer, head and body in one buffer, so that it leaves in one send."""
    data = json.dumps(body, ensure_ascii=False).encode()
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}", f"Date: {formatdate(usegmt=True)}",
            "Content-Type: application/json; charset=utf-8", f"Content-Length: {len(data)}"]
    if not keep_alive:
        head.append("Connection: close")
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + data


class Connection(asyncio.Protocol):
    """One client's keep-alive connection: each request read, answered from the worker's database, and written whole.

    The standard library's HTTP servers take a thread (and here a database connection) per client, which is what
    broke down under many clients; a worker's event loop reads the request head itself instead (GET only, no body).
    """

    def __init__(self, db, longest):
        self.db, self.longest = db, longest
        self.buffer = b""
        self.paused = False
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def data_received(self, data):
        self.buffer += data
        self.answer_requests()

    def pause_writing(self):
        # A client that does not read its answers is not read from until it does.
        self.paused = True
        self.transport.pause_reading()

    def resume_writing(self):
        self.paused = False
        self.transport.resume_reading()
        self.answer_requests()

    def answer_requests(self):
        while not self.paused and not self.transport.is_closing():
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self.buffer) > MAXIMUM_HEAD:
                    self.finish(431, {"error": "request head too large"})
                return
            head, self.buffer = self.buffer[:end].decode("latin-1"), self.buffer[end + 4:]
            lines = head.split("\r\n")
            request = lines[0].split(" ")
            headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
            if len(request) != 3 or not request[2].startswith("HTTP/1."):
                return self.finish(400, {"error": "bad request"})
            if headers.get("content-length", "0") != "0" or "transfer-encoding" in headers:
                return self.finish(400, {"error": "a request with a body"})
            method, target, version = request
            connection = headers.get("connection", "").lower()
            keep_alive = connection == "keep-alive" if version == "HTTP/1.0" else connection != "close"
            if method != "GET":
                status, body = 405, {"error": "method not allowed"}
            else:
                url = urlparse(target)
                try:
                    body = answer(self.db, url.path, parse_qs(url.query), self.longest)
                    status, body = (200, body) if body is not None else (404, {"error": "not found"})
                except (KeyError, ValueError):
                    status, body = 400, {"error": "bad request"}
            self.transport.write(response(status, body, keep_alive))
            if not keep_alive:
                self.transport.close()

    def finish(self, status, body):
        self.transport.write(response(status, body, False))
        self.transport.close()


def serve(path, longest, port, lifeline, ready):
    """A worker: its own database connection and event loop, listening on the shared port until the parent is gone."""
    db = connect(path)
    loop = asyncio.new_event_loop()
    # The parent holds the lifeline's other end: when it exits, the pipe reads as closed and the worker stops too.
    loop.add_reader(lifeline, os._exit, 0)
    loop.run_until_complete(loop.create_server(lambda: Connection(db, longest), "127.0.0.1", port, reuse_port=True, backlog=BACKLOG))
    os.write(ready, b".")
    os.close(ready)
    loop.run_forever()


def main():
    directory, port = sys.argv[1], int(sys.argv[2])
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else len(os.sched_getaffinity(0))
    path, _ = open_database(directory)
    setup = connect(path)
    longest = longest_programme(setup)
    setup.close()
    # The port is held (bound, not listening) so that each worker can listen on it with SO_REUSEPORT, which spreads
    # new connections evenly over the workers' queues.
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    holder.bind(("127.0.0.1", port))
    port = holder.getsockname()[1]
    # A parent that blocks SIGTERM in its threads passes the mask on: stop when told to.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
    lifeline, held = os.pipe()
    ready, told = os.pipe()
    children = []
    for _ in range(workers):
        child = os.fork()
        if child == 0:
            try:
                os.close(held)
                os.close(ready)
                serve(path, longest, port, lifeline, told)
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(1)
        children.append(child)
    os.close(told)
    for _ in children:
        if not os.read(ready, 1):
            sys.exit("a worker stopped before it listened")

    def stop(status):
        for child in children:
            os.kill(child, signal.SIGTERM)
        os._exit(status)

    signal.signal(signal.SIGTERM, lambda *_: stop(0))
    print(f"listening on {port}", flush=True)
    stopped, status = os.wait()
    children.remove(stopped)
    print(f"worker {stopped} stopped (wait status {status}): stopping", file=sys.stderr)
    stop(1)


if __name__ == "__main__":
    main()
