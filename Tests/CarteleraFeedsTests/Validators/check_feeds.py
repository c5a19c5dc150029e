#!/usr/bin/env python3
"""Reads published feeds with real parsers and prints what they hold as JSON, for the Swift tests to check.

    check_feeds.py FILE...   (.ics through the icalendar package, .json against the JSON Feed 1.1 schema
                              with jsonschema; any error exits 1 naming the file)
"""
import json
import pathlib
import sys

import icalendar
import jsonschema

SCHEMA = json.loads((pathlib.Path(__file__).parent / "jsonfeed-1.1.schema.json").read_text())


def calendar(path):
    raw = path.read_bytes()
    lines = raw.split(b"\r\n")
    if lines[-1] != b"":
        raise ValueError("does not end with CRLF")
    for number, line in enumerate(lines[:-1], 1):
        if len(line) > 75:
            raise ValueError(f"line {number} is {len(line)} octets, over 75")
        if b"\n" in line or b"\r" in line:
            raise ValueError(f"line {number} holds a bare line break")
    parsed = icalendar.Calendar.from_ical(raw)
    if parsed.errors:
        raise ValueError(f"calendar errors: {parsed.errors}")
    events = []
    for event in parsed.walk("VEVENT"):
        if event.errors:
            raise ValueError(f"event errors: {event.errors}")
        for required in ("UID", "DTSTAMP", "DTSTART", "SUMMARY"):
            if required not in event:
                raise ValueError(f"an event lacks {required}")
        alarms = [str(alarm.get("TRIGGER").to_ical(), "ascii") for alarm in event.walk("VALARM")]
        events.append({
            "uid": str(event["UID"]),
            "sequence": int(event.get("SEQUENCE", 0)),
            "status": str(event.get("STATUS", "")),
            "start": event.decoded("DTSTART").isoformat(),
            "summary": str(event["SUMMARY"]),
            "description": str(event.get("DESCRIPTION", "")),
            "location": str(event.get("LOCATION", "")),
            "url": str(event.get("URL", "")),
            "alarms": alarms,
        })
    return {"name": str(parsed.get("X-WR-CALNAME", "")), "events": events}


def feed(path):
    document = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(document, SCHEMA, format_checker=jsonschema.FormatChecker())
    return {key: document[key] for key in ("title", "items", "home_page_url", "feed_url") if key in document}


def main():
    results = {}
    for name in sys.argv[1:]:
        path = pathlib.Path(name)
        try:
            results[name] = calendar(path) if path.suffix == ".ics" else feed(path)
        except Exception as error:  # one line naming the file, whatever the parser raised
            print(f"{name}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}", file=sys.stderr)
            sys.exit(1)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
