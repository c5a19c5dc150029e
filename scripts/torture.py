#!/usr/bin/env python3
"""Crash consistency, measured: kills `cartelera run` with SIGKILL at random moments and checks the store.

Each round copies a store holding one day of the sample sources, starts a run that adds the next days
(many shards written), kills it at a random moment, then checks that:
  1. every store file still decodes (`cartelera store check`, read-only);
  2. the next run succeeds (every fourth one leaves out the busiest source, as a failing source would);
  3. after it the manifest agrees with every shard, no journal and no temporary file is left (store and
     HTTP cache), and no item stored before the kill is lost.
Then a disk-full round: a run on a nearly full file system (a small tmpfs, or ENOSPC injected with
LD_PRELOAD where no file system can be mounted) must fail with a clear message and keep the old data.

Usage: scripts/torture.py --binary .build/debug/cartelera [--rounds 200] [--seed N] [--work DIR]
Prints one line per round and a summary; exits 1 on the first broken promise.
"""
import argparse
import glob
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def fail(message):
    print(f"torture: FAILED: {message}", flush=True)
    sys.exit(1)


class Cartelera:
    """Runs the binary against the sample server."""

    def __init__(self, binary, url):
        self.binary = binary
        self.url = url

    def command(self, store, cache, *extra):
        return [self.binary, "run", "--sample-server", self.url, "--store", store, "--cache", cache, "--json", *extra]

    def run(self, store, cache, *extra, env=None):
        return subprocess.run(self.command(store, cache, *extra), capture_output=True, text=True, env=env, timeout=120)

    def check(self, store, heal=False):
        arguments = [self.binary, "store", "check", "--store", store, "--json"] + (["--heal"] if heal else [])
        result = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
        try:
            return json.loads(result.stdout)
        except json.JSONDecodeError:
            fail(f"store check printed no JSON (exit {result.returncode}): {result.stderr.strip()}")


def stored_ids(store):
    """Every item id in the store, read straight from the shard files (independently of Cartelera's reader)."""
    ids = set()
    for path in glob.glob(os.path.join(store, "tv", "**", "*.json"), recursive=True) + \
            glob.glob(os.path.join(store, "nightlife", "**", "*.json"), recursive=True):
        with open(path, encoding="utf-8") as handle:
            shard = json.load(handle)
        kind, items = shard["kind"], shard["items"]
        if kind == "audiences":
            items = items["entries"] + items["shares"]
            ids.update(f"audience:{item['channel']}@{item.get('start', item.get('day'))}" for item in items)
        elif kind == "nights":
            ids.update(f"night:{item['id']}" for item in items["nights"] + items["guestLists"])
        elif kind == "news":
            ids.update(f"news:{item.get('url') or item['title']}" for item in items)
        else:
            ids.update(f"{kind}:{item['id']}" for item in items)
    return ids


def temporary_files(*folders):
    found = []
    for folder in folders:
        for directory, _, names in os.walk(folder):
            found += [os.path.join(directory, name) for name in names if ".tmp" in name and name.startswith(".")]
    return found


def start_server(binary, scrapers):
    server = subprocess.Popen([binary, "demo", "--serve", "--scrapers", scrapers], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    url = next((word for word in line.split() if word.startswith("http://127.0.0.1:")), None)
    if url is None:
        server.kill()
        fail(f"demo --serve printed no address: {line!r}")
    return server, url


def probe_run(cartelera, work, base_store):
    """How long a full run on a copy of the base store takes."""
    probe = os.path.join(work, "probe")
    shutil.rmtree(probe, ignore_errors=True)
    shutil.copytree(base_store, os.path.join(probe, "store"))
    started = time.monotonic()
    cartelera.run(os.path.join(probe, "store"), os.path.join(probe, "cache"))
    window = time.monotonic() - started
    shutil.rmtree(probe)
    return window


def crash_rounds(cartelera, work, rounds, rng):
    base_store, base_cache = os.path.join(work, "base", "store"), os.path.join(work, "base", "cache")
    seeded = cartelera.run(base_store, base_cache, "--days", "1")
    if seeded.returncode != 0:
        fail(f"seeding the base store failed: {seeded.stderr.strip()}")
    base_ids = stored_ids(base_store)

    # How long a full run takes, and when it commits (the manifest changes), so kills land anywhere and often mid-commit.
    window = probe_run(cartelera, work, base_store)

    counts = {"killed": 0, "killed in a commit": 0, "finished first": 0, "interrupted commits healed": 0, "temporary files removed": 0, "partial next runs": 0}
    for number in range(1, rounds + 1):
        round_dir = os.path.join(work, "round")
        shutil.rmtree(round_dir, ignore_errors=True)
        store, cache = os.path.join(round_dir, "store"), os.path.join(round_dir, "cache")
        shutil.copytree(base_store, store)
        process = subprocess.Popen(cartelera.command(store, cache), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started = time.monotonic()
        # Half the kills land anywhere in the run; the others wait for a commit to start (its journal appears) and strike inside it.
        in_commit = rng.random() < 0.5
        if in_commit:
            journal = os.path.join(store, "journal.json")
            while process.poll() is None and not os.path.exists(journal) and time.monotonic() - started < 2 * window:
                time.sleep(0.0005)
            time.sleep(rng.uniform(0, 0.03))
        else:
            time.sleep(rng.uniform(0, window))
        delay = time.monotonic() - started
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            counts["killed"] += 1
            counts["killed in a commit"] += in_commit
        else:
            counts["finished first"] += 1
        process.wait()

        after_kill = cartelera.check(store)
        if after_kill["undecodable"]:
            fail(f"round {number}: files do not decode after the kill: {after_kill['undecodable']}")
        ids_at_kill = stored_ids(store)

        partial = number % 4 == 0
        extra = [argument for source in ("audiencias.example", "club-malasana.example", "madrid-noche.example", "sala-sol.example", "xmltv.example")
                 for argument in ("--source", source)] if partial else []
        counts["partial next runs"] += partial
        next_run = cartelera.run(store, cache, *extra)
        if next_run.returncode != 0:
            fail(f"round {number}: the run after the kill exited {next_run.returncode}: {next_run.stderr.strip()[-500:]}")
        report = json.loads(next_run.stdout)
        recovery = report.get("recovery") or {}
        counts["interrupted commits healed"] += bool(recovery.get("interruptedCommit"))
        counts["temporary files removed"] += recovery.get("temporaryFilesRemoved", 0)

        healthy = cartelera.check(store)
        if not (not healthy["undecodable"] and not healthy["manifestMismatches"] and not healthy["temporaryFiles"] and not healthy["interruptedCommit"]):
            fail(f"round {number}: the store is not healthy after the next run: {json.dumps(healthy)[:800]}")
        leftovers = temporary_files(store, cache)
        if leftovers:
            fail(f"round {number}: temporary files left: {leftovers}")
        lost = (base_ids | ids_at_kill) - stored_ids(store)
        if lost:
            fail(f"round {number}: items lost: {sorted(lost)[:10]}")
        print(f"round {number:3}: kill at {delay:5.3f} s{' in a commit' if in_commit else ''}, {len(ids_at_kill)} items at the kill, "
              f"next run healed {'a commit' if recovery.get('interruptedCommit') else 'nothing'}"
              f"{', ' + str(recovery.get('temporaryFilesRemoved')) + ' temp files' if recovery.get('temporaryFilesRemoved') else ''}", flush=True)
    return counts, base_store


def disk_full_round(cartelera, work, base_store, allow_mount=True):
    """A run that runs out of space fails clearly and keeps the old data."""
    full = os.path.join(work, "full")
    os.makedirs(full, exist_ok=True)
    # Mount roomy, copy the store in, then shrink the file system to what is used plus a little: the run's new days do not fit.
    mounted = allow_mount and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", full], capture_output=True, text=True).returncode == 0
    store = os.path.join(full, "store")
    shutil.copytree(base_store, store)
    if mounted:
        stats = os.statvfs(full)
        used = (stats.f_blocks - stats.f_bfree) * stats.f_frsize
        if subprocess.run(["mount", "-o", f"remount,size={used + 48 * 1024}", full], capture_output=True).returncode != 0:
            subprocess.run(["umount", full])
            fail("could not shrink the tmpfs for the disk-full round")
    env = dict(os.environ)
    if not mounted:
        shim = os.path.join(work, "enospc.so")
        built = subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", shim, os.path.join(HERE, "enospc.c"), "-ldl"],
                               capture_output=True, text=True)
        if built.returncode != 0:
            fail(f"no tmpfs and no gcc for the ENOSPC shim: {built.stderr.strip()}")
        env.update(LD_PRELOAD=shim, CARTELERA_ENOSPC_PATH=os.path.realpath(full), CARTELERA_ENOSPC_BUDGET=str(48 * 1024))
    try:
        cache = os.path.join(work, "full-cache")
        before = stored_ids(store)
        result = cartelera.run(store, cache, env=env)
        if result.returncode != 1:
            fail(f"disk full: expected exit 1, got {result.returncode}: {result.stderr.strip()[-500:]}")
        if "No space left on device" not in result.stdout:
            fail(f"disk full: no clear message: {result.stderr.strip()[-500:]}")
        check = cartelera.check(store)
        if check["undecodable"]:
            fail(f"disk full: files do not decode: {check['undecodable']}")
        lost = before - stored_ids(store)
        if lost:
            fail(f"disk full: items lost: {sorted(lost)[:10]}")
        print(f"disk full ({'tmpfs' if mounted else 'LD_PRELOAD ENOSPC'}): exit 1, every file decodes, {len(before)} items kept; it said:")
        # Room again (the store moved to a roomy disk): the next run heals what the failed commits left and succeeds.
        roomy = os.path.join(work, "roomy-store")
        shutil.copytree(store, roomy)
        recovered = cartelera.run(roomy, cache)
        healthy = cartelera.check(roomy)
        if recovered.returncode != 0 or healthy["manifestMismatches"] or healthy["undecodable"] or healthy["interruptedCommit"]:
            fail(f"disk full: the run after it did not recover (exit {recovered.returncode}): {json.dumps(healthy)[:600]}")
        if before - stored_ids(roomy):
            fail("disk full: items lost after recovery")
        report = json.loads(result.stdout)
        said = [f"{source['source']} {source['status']}: {error}" for source in report["sources"] for error in source["errors"]] + report["problems"]
        for line in said[:6]:
            print(f"    {line[:220]}")
    finally:
        if mounted:
            subprocess.run(["umount", full])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "cartelera"))
    parser.add_argument("--scrapers", default=os.path.join(ROOT, "Scrapers"))
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--no-mount", action="store_true", help="fill the disk with the LD_PRELOAD ENOSPC shim even where tmpfs can be mounted")
    parser.add_argument("--work", default=None, help="a folder to work in (default: a new temporary one, removed at the end)")
    arguments = parser.parse_args()
    seed = arguments.seed if arguments.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    work = arguments.work or tempfile.mkdtemp(prefix="cartelera-torture-")
    server, url = start_server(os.path.abspath(arguments.binary), arguments.scrapers)
    started = time.monotonic()
    try:
        cartelera = Cartelera(os.path.abspath(arguments.binary), url)
        counts, base_store = crash_rounds(cartelera, work, arguments.rounds, rng)
        disk_full_round(cartelera, work, base_store, allow_mount=not arguments.no_mount)
    finally:
        server.terminate()
        server.wait()
        if arguments.work is None:
            shutil.rmtree(work, ignore_errors=True)
    summary = ", ".join(f"{value} {name}" for name, value in counts.items())
    print(f"torture: {arguments.rounds} rounds (seed {seed}) in {time.monotonic() - started:.0f} s: {summary}; every check held")


if __name__ == "__main__":
    main()
