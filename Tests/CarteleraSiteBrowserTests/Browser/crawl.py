#!/usr/bin/env python3
"""Checks every link of a generated site folder without a browser (Python standard library only).

  crawl.py FOLDER

Reads every .html page (and the url(...) references of every .css file) under FOLDER and checks each
href, src, srcset, action, formaction and poster:
- a relative link must name a file inside FOLDER (a folder means its index.html), and its #fragment an
  id (or <a name>) on the target page (a form's action names the server's API, so only its scheme is checked);
- an absolute link must be http(s), mailto: or tel: (javascript:, data:, vbscript:, file: and any other
  scheme are forbidden);
- a link starting with / or // is reported too: the folder must work from any path and as plain files
  (one starting with a single / is still checked, as if the folder were served at the server's root).
Style sheets may inline images as data: URLs; their other url(...) references are checked as links.

Prints one JSON document: {"pages", "links", "broken", "forbidden", "rootRelative"}, each problem with the
page (relative to FOLDER), the element, the attribute and the link. Exit status 0 when there is no
problem, 1 when there is one, 2 on bad usage.
"""

import html.parser
import json
import os
import posixpath
import re
import sys
import urllib.parse

LINK_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "srcset"}
ALLOWED_SCHEMES = {"http", "https", "mailto", "tel"}
SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
CSS_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)")
# Browsers drop these anywhere in a URL before reading it, so "java\tscript:" is still javascript:.
URL_NOISE = re.compile(r"[\t\n\r]")


class Page(html.parser.HTMLParser):
    """The ids and links of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []
        self.base = None

    def handle_starttag(self, tag, attributes):
        for name, value in attributes:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.ids.add(value)
            if tag == "base" and name == "href":
                self.base = value
            if name not in LINK_ATTRIBUTES or (tag == "base" and name == "href"):
                continue
            if name == "srcset":
                for candidate in value.split(","):
                    words = candidate.split()
                    if words:
                        self.links.append((tag, name, words[0]))
            elif not (tag == "link" and name == "href" and self.is_external_relation(attributes)):
                self.links.append((tag, name, value))

    handle_startendtag = handle_starttag

    @staticmethod
    def is_external_relation(attributes):
        """A <link rel=preconnect/dns-prefetch> names a host, not a document."""
        rel = dict(attributes).get("rel") or ""
        return bool({"preconnect", "dns-prefetch"} & set(rel.lower().split()))


def classify(link):
    """'relative', 'root' (starts with / or //), 'allowed' (an allowed scheme) or 'forbidden'."""
    cleaned = URL_NOISE.sub("", link).strip(" \f\v\x00")
    match = SCHEME.match(cleaned)
    if match:
        return "allowed" if match.group(1).lower() in ALLOWED_SCHEMES else "forbidden"
    if cleaned.startswith("/") or cleaned.startswith("\\"):
        return "root"
    return "relative"


class Site:
    """A generated site folder and what its pages link to."""

    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.pages = {}

    def page(self, relative):
        """The parsed page at a path relative to the root (parsed once)."""
        if relative not in self.pages:
            parser = Page()
            with open(os.path.join(self.root, relative), encoding="utf-8", errors="replace") as file:
                parser.feed(file.read())
            parser.close()
            self.pages[relative] = parser
        return self.pages[relative]

    def target(self, page, link, base=None):
        """The file a relative link names (relative to the root) and its fragment, or (None, reason)."""
        cleaned = URL_NOISE.sub("", link).strip(" \f\v\x00")
        parts = urllib.parse.urlsplit(cleaned)
        fragment = urllib.parse.unquote(parts.fragment)
        if not parts.path:
            return page, fragment
        directory = posixpath.dirname(page)
        if base is not None and classify(base) == "relative":
            # A <base href> moves relative links to the folder it names ("sub/", "sub/x.html", "../").
            directory = posixpath.join(directory, posixpath.dirname(urllib.parse.urlsplit(base).path))
        joined = posixpath.normpath(posixpath.join(directory, urllib.parse.unquote(parts.path)))
        if joined == ".." or joined.startswith("../"):
            return None, "leaves the site folder"
        full = os.path.join(self.root, joined)
        if parts.path.endswith("/") or os.path.isdir(full):
            joined = posixpath.join(joined, "index.html") if joined != "." else "index.html"
            full = os.path.join(self.root, joined)
        if not os.path.isfile(full):
            return None, "no such file: %s" % joined
        return joined, fragment

    def check(self):
        """Every page's links: counts and problems."""
        report = {"pages": 0, "links": 0, "broken": [], "forbidden": [], "rootRelative": []}
        html_files, css_files = [], []
        for directory, folders, files in os.walk(self.root):
            folders.sort()
            for name in sorted(files):
                relative = os.path.relpath(os.path.join(directory, name), self.root).replace(os.sep, "/")
                if name.endswith(".html"):
                    html_files.append(relative)
                elif name.endswith(".css"):
                    css_files.append(relative)
        links = []
        for relative in html_files:
            page = self.page(relative)
            report["pages"] += 1
            links += [(relative, tag, attribute, value, page.base) for tag, attribute, value in page.links]
        for relative in css_files:
            with open(os.path.join(self.root, relative), encoding="utf-8", errors="replace") as file:
                links += [(relative, "css", "url", match.group(2), None) for match in CSS_URL.finditer(file.read())]
        for relative, tag, attribute, value, base in links:
            report["links"] += 1
            problem = {"page": relative, "element": tag, "attribute": attribute, "link": value}
            kind = classify(value)
            if tag == "css" and kind == "forbidden" and value.lower().startswith("data:"):
                continue  # an icon inlined in a style sheet is not a link a reader follows
            if kind == "forbidden":
                report["forbidden"].append(problem)
            elif kind == "root" and value.lstrip().startswith(("//", "\\")):
                report["rootRelative"].append(problem)
            elif attribute in ("action", "formaction"):
                continue  # a form posts to the server's API, which is no file of the folder
            elif kind in ("root", "relative"):
                page, link = relative, value
                if kind == "root":
                    # Reported, and still checked as if the folder were served at the server's root.
                    report["rootRelative"].append(problem)
                    page, link = "index.html", "." + value.lstrip()
                target, detail = self.target(page, link, base if kind == "relative" else None)
                if target is None:
                    report["broken"].append(dict(problem, reason=detail))
                elif detail and detail != "top" and target.endswith(".html") and detail not in self.page(target).ids:
                    report["broken"].append(dict(problem, reason="no id %r in %s" % (detail, target)))
        return report


def main(argv):
    if len(argv) != 1 or not os.path.isdir(argv[0]):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    report = Site(argv[0]).check()
    print(json.dumps(report, ensure_ascii=False, indent=1))
    return 1 if report["broken"] or report["forbidden"] or report["rootRelative"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
