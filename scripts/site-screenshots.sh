#!/bin/sh
# Screenshots of the main pages of a built site with headless Chromium, at 360 px and 1280 px wide.
#   scripts/site-screenshots.sh [PUBLIC_DIR] [OUT_DIR]      (defaults: demo-output/public, demo-output/screenshots)
# The pages are opened from the disk (file://), as a reader without a server would; look at the PNGs afterwards.
set -eu
public=$(cd "${1:-demo-output/public}" && pwd)
out=${2:-demo-output/screenshots}
mkdir -p "$out"
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "chromium is not installed (apt-get install chromium)" >&2; exit 2; }
pages="index.html tv/index.html listings/index.html audiences/index.html tonight/index.html clubs/index.html search/index.html about/index.html en/index.html"
# One of each page kind that has an id in its path: the first one the build wrote.
for kind in channel programme club night audiences listings/type; do
    first=$(cd "$public" && find "$kind" -mindepth 1 -name index.html 2>/dev/null | sort | sed -n 2p)
    [ -n "$first" ] && pages="$pages $first"
done
for page in $pages; do
    name=$(echo "$page" | sed 's|/index.html||; s|/|-|g; s|\.html||')
    for width in 360 1280; do
        "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$width,2000" \
            --screenshot="$out/$name-$width.png" "file://$public/$page" >/dev/null 2>&1
    done
    echo "$out/$name-{360,1280}.png"
done
