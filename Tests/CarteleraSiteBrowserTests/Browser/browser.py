#!/usr/bin/env python3
"""Drives Debian's headless Chromium over the DevTools protocol on a pipe (Python standard library only).

Chromium is started with --remote-debugging-pipe: it reads commands on fd 3 and writes answers and events
on fd 4, each a JSON object ended by a NUL byte. The pages of a run share one tab (a new one after a failure)
in a fresh temporary profile; the browser only reaches 127.0.0.1 (every other host name fails to resolve)
and is always killed at the end.

Subcommands (each prints one JSON document on standard output):

  browser.py visit URL [--no-js] [--width N] [--eval JS]... [--wait-for JS] [--settle MS]
      Opens URL and reports JS dialogs, console messages, uncaught exceptions and each --eval's value.
  browser.py screenshot URL OUT.png [--width N] [--no-js]
      Saves a full-page PNG at that viewport width.
  browser.py batch PLAN.json|-
      Runs a plan in one browser: {"timeout": s, "serve": folder, "pages": [page, ...]} where "serve" (optional)
      serves a folder as plain static files on 127.0.0.1 for the plan, its address replacing {server} in URLs
      (no security headers, so what is checked is the pages' own escaping), and a page is
      {"url": u, "javascript": true, "width": 1280, "settle": ms, "actions": [action, ...]} and an action is one of
      {"eval": js}, {"waitFor": js, "timeout": s}, {"click": css}, {"type": {"selector": css, "text": t}},
      {"screenshot": path}. The answer lists, per page, the dialogs, console messages,
      exceptions, load error, and each action's result.

Exit status: 0 when the browser ran the plan (whatever the pages did), 2 on bad usage, 3 when Chromium is
missing, 4 when the browser failed or a time limit ran out.
"""

import argparse
import base64
import fcntl
import functools
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
DEFAULT_TIMEOUT = 60.0
COMMAND_TIMEOUT = 15.0
LOAD_TIMEOUT = 15.0
MAX_SCREENSHOT_HEIGHT = 16000


class BrowserError(Exception):
    """The browser failed, answered with an error, or did not answer in time."""


def find_chromium():
    """The path of the Chromium executable, or None."""
    explicit = os.environ.get("CARTELERA_CHROMIUM")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium process, spoken to over its DevTools pipe."""

    def __init__(self, executable, deadline):
        self.deadline = deadline
        self.profile = tempfile.mkdtemp(prefix="cartelera-chromium-")
        self.next_id = 0
        self.lock = threading.Condition()
        self.answers = {}
        self.events = []
        self.closed = False
        self.killed = False
        self.stderr_tail = []
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        arguments = [
            executable, "--headless", "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
            "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-dev-shm-usage", "--mute-audio", "--hide-scrollbars",
            "--deny-permission-prompts",
            # Loopback only: any other host name fails, so a page can never reach the network.
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
            "--proxy-server=direct://", "--proxy-bypass-list=*",
            "about:blank",
        ]
        if os.geteuid() == 0:
            # Chromium's sandbox refuses to run as root; only then is it switched off.
            arguments.insert(1, "--no-sandbox")

        def place_pipes():
            # fd 3 is what the browser reads, fd 4 what it writes; dup2 clears close-on-exec.
            read_copy = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
            write_copy = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
            os.dup2(read_copy, 3)
            os.dup2(write_copy, 4)

        try:
            self.process = subprocess.Popen(
                arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                preexec_fn=place_pipes, pass_fds=(3, 4), start_new_session=True)
        finally:
            os.close(to_browser_read)
            os.close(from_browser_write)
        threading.Thread(target=self._read_messages, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stderr(self):
        for line in self.process.stderr:
            self.stderr_tail = (self.stderr_tail + [line.decode("utf-8", "replace").rstrip()])[-20:]

    def _read_messages(self):
        buffer = b""
        while True:
            try:
                chunk = os.read(self.from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                try:
                    message = json.loads(raw.decode("utf-8", "replace"))
                except ValueError:
                    continue
                with self.lock:
                    if "id" in message:
                        self.answers[message["id"]] = message
                    else:
                        self.events.append(message)
                    self.lock.notify_all()
        with self.lock:
            self.closed = True
            self.lock.notify_all()

    def remaining(self, limit):
        """Seconds left for a wait of at most `limit`, never past the run's deadline."""
        left = min(limit, self.deadline - time.monotonic())
        if left <= 0:
            raise BrowserError("the run's time limit ran out")
        return left

    def send(self, method, params=None, session=None, timeout=COMMAND_TIMEOUT):
        """Sends a command and waits for its answer; raises BrowserError on an error answer or a timeout."""
        with self.lock:
            self.next_id += 1
            identifier = self.next_id
        message = {"id": identifier, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode("utf-8") + b"\0"
        try:
            while data:
                data = data[os.write(self.to_browser, data):]
        except OSError as error:
            raise BrowserError("the browser closed its pipe: %s" % error)
        limit = self.remaining(timeout)
        end = time.monotonic() + limit
        with self.lock:
            while identifier not in self.answers:
                if self.closed:
                    raise BrowserError("the browser exited (%s)" % " | ".join(self.stderr_tail[-3:]))
                left = end - time.monotonic()
                if left <= 0:
                    raise BrowserError("no answer to %s within %.1f s" % (method, limit))
                self.lock.wait(left)
            answer = self.answers.pop(identifier)
        if "error" in answer:
            raise BrowserError("%s: %s" % (method, answer["error"].get("message", answer["error"])))
        return answer.get("result", {})

    def take_events(self, session):
        """Removes and returns the events received so far for a session."""
        with self.lock:
            mine = [event for event in self.events if event.get("sessionId") == session]
            self.events = [event for event in self.events if event.get("sessionId") != session]
        return mine

    def wait_event(self, session, method, timeout, seen):
        """Waits for an event of `method` (None: none, the whole time) for `session`, handing every event to `seen`."""
        end = time.monotonic() + self.remaining(timeout)
        while True:
            for event in self.take_events(session):
                seen(event)
                if method is not None and event.get("method") == method:
                    return event
            with self.lock:
                if self.closed:
                    raise BrowserError("the browser exited")
                left = end - time.monotonic()
                if left <= 0:
                    return None
                if not any(event.get("sessionId") == session for event in self.events):
                    self.lock.wait(min(left, 0.2))

    def close(self):
        """Kills the browser and everything it started, and removes the profile (once, from whichever thread)."""
        with self.lock:
            if self.killed:
                return
            self.killed = True
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        # The renderers are the group's too: wait until the whole group is gone.
        end = time.monotonic() + 5
        while time.monotonic() < end:
            try:
                os.killpg(self.process.pid, 0)
            except (ProcessLookupError, PermissionError):
                break
            time.sleep(0.05)
        for descriptor in (self.to_browser, self.from_browser):
            try:
                os.close(descriptor)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    """A tab, reused from page to page: it records the dialogs, console messages and exceptions of the page open."""

    def __init__(self, browser):
        self.browser = browser
        self.dialogs = []
        self.console = []
        self.exceptions = []
        self.target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        for method in ("Page.enable", "Runtime.enable"):
            self.send(method)

    def prepare(self, javascript, width):
        """Sets JavaScript on or off and the viewport for the next page, and forgets what the last one did."""
        self.drain()
        self.dialogs, self.console, self.exceptions = [], [], []
        height = 800 if width >= 600 else 740
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        self.send("Emulation.setScriptExecutionDisabled", {"value": not javascript})

    def send(self, method, params=None, timeout=COMMAND_TIMEOUT):
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def seen(self, event):
        """Records what a page did; a JS dialog is answered at once so the page goes on."""
        method = event.get("method")
        params = event.get("params", {})
        if method == "Page.javascriptDialogOpening":
            self.dialogs.append({"type": params.get("type"), "message": params.get("message"), "url": params.get("url")})
            threading.Thread(target=self._dismiss, daemon=True).start()
        elif method == "Runtime.consoleAPICalled":
            text = " ".join(str(argument.get("value", argument.get("description", ""))) for argument in params.get("args", []))
            self.console.append({"type": params.get("type"), "text": text})
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            description = details.get("exception", {}).get("description") or details.get("text", "")
            self.exceptions.append({"text": description, "url": details.get("url"), "line": details.get("lineNumber")})

    def _dismiss(self):
        try:
            self.send("Page.handleJavaScriptDialog", {"accept": True, "promptText": ""}, timeout=5)
        except BrowserError:
            pass

    def drain(self):
        for event in self.browser.take_events(self.session):
            self.seen(event)

    def navigate(self, url, settle_ms):
        """Opens `url` and waits for its load event; returns the load error, if any."""
        answer = self.send("Page.navigate", {"url": url}, timeout=LOAD_TIMEOUT)
        if answer.get("errorText"):
            return answer["errorText"]
        if self.browser.wait_event(self.session, "Page.loadEventFired", LOAD_TIMEOUT, self.seen) is None:
            return "no load event within %.0f s" % LOAD_TIMEOUT
        self.pause(settle_ms)
        return None

    def pause(self, milliseconds):
        """Lets the page run for a while, recording what it does."""
        if milliseconds > 0:
            self.browser.wait_event(self.session, None, milliseconds / 1000.0, self.seen)

    def evaluate(self, expression, timeout=COMMAND_TIMEOUT):
        """The JSON value of a JS expression (promises awaited), run by DevTools even when the page's scripts are off."""
        answer = self.send("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True, "userGesture": True,
            "timeout": int(timeout * 1000)}, timeout=timeout + 1)
        self.drain()
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            raise BrowserError("evaluation failed: %s" % (details.get("exception", {}).get("description") or details.get("text")))
        return answer.get("result", {}).get("value")

    def wait_for(self, expression, timeout):
        """Waits until a JS expression is truthy; returns whether it became so."""
        end = time.monotonic() + timeout
        while True:
            if self.evaluate("Boolean(%s)" % expression):
                return True
            if time.monotonic() >= end:
                return False
            self.pause(100)

    def click(self, selector):
        """A real mouse click in the middle of the first element matching `selector`."""
        box = self.evaluate("""(() => {
            const element = document.querySelector(%s);
            if (!element) return null;
            element.scrollIntoView({block: "center", inline: "center"});
            const r = element.getBoundingClientRect();
            return {x: r.left + r.width / 2, y: r.top + r.height / 2};
        })()""" % json.dumps(selector))
        if box is None:
            raise BrowserError("nothing matches %s" % selector)
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            event = {"type": kind, "x": box["x"], "y": box["y"]}
            if kind != "mouseMoved":
                event.update({"button": "left", "clickCount": 1})
            self.send("Input.dispatchMouseEvent", event)
        return True

    def type_text(self, selector, text):
        """Focuses the element matching `selector`, clears it and types `text` as keyboard input."""
        found = self.evaluate("""(() => {
            const element = document.querySelector(%s);
            if (!element) return false;
            element.focus();
            if ("value" in element) element.value = "";
            return true;
        })()""" % json.dumps(selector))
        if not found:
            raise BrowserError("nothing matches %s" % selector)
        self.send("Input.insertText", {"text": text})
        return True

    def screenshot(self, path):
        """Saves a PNG of the whole page at the tab's width."""
        metrics = self.send("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics.get("contentSize") or {}
        viewport = metrics.get("cssLayoutViewport") or {}
        width = max(1, int(viewport.get("clientWidth") or size.get("width") or 1))
        height = max(1, min(MAX_SCREENSHOT_HEIGHT, int(size.get("height") or 1)))
        answer = self.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}, timeout=30)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as file:
            file.write(base64.b64decode(answer["data"]))
        return {"path": path, "width": width, "height": height}

    def close(self):
        try:
            self.browser.send("Target.closeTarget", {"targetId": self.target}, timeout=5)
        except BrowserError:
            pass


def run_action(tab, action):
    """Runs one action of a plan and returns its result."""
    if "eval" in action:
        return tab.evaluate(action["eval"])
    if "waitFor" in action:
        return tab.wait_for(action["waitFor"], float(action.get("timeout", 5)))
    if "click" in action:
        return tab.click(action["click"])
    if "type" in action:
        return tab.type_text(action["type"]["selector"], action["type"]["text"])
    if "screenshot" in action:
        return tab.screenshot(action["screenshot"])
    raise BrowserError("unknown action %s" % json.dumps(action))


def run_page(tab, page):
    """Opens one page of a plan and runs its actions, stopping at the first that fails.

    Returns the page's result and whether the tab can be used again (not after the browser failed or timed out)."""
    result = {"url": page["url"], "javascript": page.get("javascript", True), "loadError": None, "actions": [], "error": None}
    healthy = True
    try:
        tab.prepare(page.get("javascript", True), int(page.get("width", 1280)))
        result["loadError"] = tab.navigate(page["url"], float(page.get("settle", 200)))
        if result["loadError"] is None:
            for action in page.get("actions", []):
                result["actions"].append(run_action(tab, action))
        tab.drain()
    except BrowserError as error:
        result["error"] = str(error)
        healthy = False
    result.update({"dialogs": tab.dialogs, "console": tab.console, "exceptions": tab.exceptions})
    return result, healthy


def run_pages(browser, pages):
    """Runs the pages one after the other in one tab, opening a new one after a page that broke it."""
    results = []
    tab = None
    try:
        for page in pages:
            tab = tab or Tab(browser)
            result, healthy = run_page(tab, page)
            results.append(result)
            if not healthy:
                tab.close()
                tab = None
    finally:
        if tab is not None:
            tab.close()
    return results


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, no directory listings, no log lines on standard error."""

    def list_directory(self, path):
        self.send_error(404)

    def log_message(self, *arguments):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A server that does not print the requests a closing tab cut short."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


def serve(folder):
    """A static file server for `folder` on 127.0.0.1 (any free port), running on a thread of its own."""
    server = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run_plan(plan):
    """Runs a whole plan in one browser, within its time limit; always kills the browser."""
    executable = find_chromium()
    if executable is None:
        return 3, {"error": "chromium is not installed (apt-get install chromium, or set CARTELERA_CHROMIUM)"}
    deadline = time.monotonic() + float(plan.get("timeout", DEFAULT_TIMEOUT))
    server = serve(plan["serve"]) if plan.get("serve") else None
    if server is not None:
        address = "http://127.0.0.1:%d" % server.server_address[1]
        for page in plan.get("pages", []):
            page["url"] = page["url"].replace("{server}", address)
    browser = Browser(executable, deadline)
    # The last line of defence: past the deadline (plus a grace period) the browser is killed whatever happens.
    watchdog = threading.Timer(max(1.0, deadline - time.monotonic() + 5), browser.close)
    watchdog.daemon = True
    watchdog.start()
    try:
        version = browser.send("Browser.getVersion").get("product")
        pages = run_pages(browser, plan.get("pages", []))
        return 0, {"browser": version, "pages": pages}
    except BrowserError as error:
        return 4, {"error": str(error)}
    finally:
        watchdog.cancel()
        browser.close()
        if server is not None:
            server.shutdown()


def main(argv):
    parser = argparse.ArgumentParser(description="Drive headless Chromium over its DevTools pipe.")
    commands = parser.add_subparsers(dest="command", required=True)
    visit = commands.add_parser("visit", help="open a page and report what it did")
    visit.add_argument("url")
    visit.add_argument("--no-js", action="store_true", help="with JavaScript off")
    visit.add_argument("--width", type=int, default=1280)
    visit.add_argument("--eval", action="append", default=[], metavar="JS", help="a JS expression whose value to report")
    visit.add_argument("--wait-for", metavar="JS", help="wait until this JS expression is truthy")
    visit.add_argument("--settle", type=float, default=200, metavar="MS", help="time to let the page run after its load")
    visit.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT)
    shot = commands.add_parser("screenshot", help="save a full-page PNG")
    shot.add_argument("url")
    shot.add_argument("output")
    shot.add_argument("--width", type=int, default=1280)
    shot.add_argument("--no-js", action="store_true")
    shot.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT)
    batch = commands.add_parser("batch", help="run a JSON plan (a file, or - for standard input)")
    batch.add_argument("plan")
    arguments = parser.parse_args(argv)

    if arguments.command == "visit":
        actions = ([{"waitFor": arguments.wait_for}] if arguments.wait_for else []) + [{"eval": e} for e in arguments.eval]
        plan = {"timeout": arguments.timeout, "pages": [{
            "url": arguments.url, "javascript": not arguments.no_js, "width": arguments.width,
            "settle": arguments.settle, "actions": actions}]}
    elif arguments.command == "screenshot":
        plan = {"timeout": arguments.timeout, "pages": [{
            "url": arguments.url, "javascript": not arguments.no_js, "width": arguments.width,
            "settle": 300, "actions": [{"screenshot": arguments.output}]}]}
    else:
        try:
            text = sys.stdin.read() if arguments.plan == "-" else open(arguments.plan, encoding="utf-8").read()
            plan = json.loads(text)
        except (OSError, ValueError) as error:
            print(json.dumps({"error": "cannot read the plan: %s" % error}))
            return 2
    status, answer = run_plan(plan)
    print(json.dumps(answer, ensure_ascii=False, indent=1))
    return status


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(4))
    sys.exit(main(sys.argv[1:]))
