#!/usr/bin/env python3
"""The site `cartelera-bench build --hugo` has Hugo build beside Cartelera's: ../shared/BENCHMARKS.md's site of data set G.

One page per programme for the first 20,000 programmes of G's programmes.jsonl (written by `cartelera-bench generate`),
with its title, channel, start and stop, type, genres, year and rating in its front matter; Hugo's taxonomies give a page
per channel and per genre listing their programmes by start, and the lists of channels and of genres; the home page
and the programmes' section list besides: 20,280 pages. The theme is Bench/hugo (a layout like the site's programme
page and programme lists, in the guide's zone, Europe/Madrid).

Usage: hugo_site.py DIR SITE  (DIR holds jsonl/; SITE is made, or replaced, with hugo.toml, layouts/ and content/).
"""
import json
import os
import shutil
import sys
from datetime import datetime, timezone

PROGRAMMES = 20_000
THEME = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hugo")


def iso(seconds):
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def front_matter(programme):
    # JSON strings are YAML strings: every title, accents and quotes included, reaches Hugo as it is in G.
    fields = {
        "title": programme["title"],
        "date": iso(programme["start"]),
        "stop": iso(programme["stop"]),
        "type": programme["type"],
        "channels": [programme["channel"]],
        "genres": programme["genres"],
        "rating": programme["rating"],
    }
    if programme["year"] is not None:
        fields["year"] = programme["year"]
    return "---\n" + "".join(f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in fields.items()) + "---\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    directory, site = sys.argv[1:]
    source = os.path.join(directory, "jsonl", "programmes.jsonl")
    if not os.path.exists(source):
        sys.exit(f"{source} is missing: write data set G with `cartelera-bench generate {directory}` (without --skip-check)")
    temporary = site + ".tmp"
    shutil.rmtree(temporary, ignore_errors=True)
    shutil.copytree(THEME, temporary)
    content = os.path.join(temporary, "content", "programmes")
    os.makedirs(content)
    with open(os.path.join(temporary, "content", "programmes", "_index.md"), "w", encoding="utf-8") as section:
        section.write('---\ntitle: "Programas"\n---\n')
    with open(source, encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            if number == PROGRAMMES:
                break
            programme = json.loads(line)
            with open(os.path.join(content, f"{programme['id']}.md"), "w", encoding="utf-8") as page:
                page.write(front_matter(programme))
    shutil.rmtree(site, ignore_errors=True)
    os.rename(temporary, site)


if __name__ == "__main__":
    main()
