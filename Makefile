# dlock: the only commands a user needs.
#   make run     build app.wasm and serve the demo on http://localhost:8000/
#   make check   the quick loop: gofmt, vet (native and js/wasm), every package's
#                short tests, the workflows' lint; a minute or two (what it needs:
#                see "What make check needs" below)
#   make test    every test: vet, core (./core/...) and web natively, core under
#                Node, the go-app fork against go-app's own tests, the lab, browser tests
#   make mutants apply each mutant in mutants/ to a copy and fail if the fast tests
#                still pass
#   make pages   static site in dist/ for https://owner.github.io/$(PREFIX)/ (PREFIX= for a root site);
#                URL=https://owner.github.io/dlock/ names the site's address for links shared
#                (og:url, og:image), which are left out without it
#   make prove   every row searched to closure: for each, a proof for runs of any length
#                (two clients, the search's actions, at most two messages held up at once)
#                or the shortest run that corrupts, a script make lab SCRIPT= replays;
#                CLIENTS=3 for three clients, HELD=1 (or 3) for another bound,
#                FAILOVER=1 with syncs of the replica and failovers too
#   make scorm   the course as a SCORM 1.2 package for a learning management system, in
#                dlock-scorm.zip; MASTERY=80 (the pass mark in percent, 0 for none) and
#                COURSE_LANG=ja (or en)
#   make bench   sizes, load time, step latency, Replay ns/op
#   make fuzz    every fuzz target for FUZZTIME (1,000,000 executions each)
#   make lab     replay the scenarios on real Redis, etcd, ZooKeeper and PostgreSQL (lab/);
#                one cell with make lab SCENARIO=gc-pause STRATEGY=lease; a free-play run
#                with make lab SCRIPT='A:acquire,…' [STRATEGY=lease]; random runs with
#                make lab RANDOM=100 [SEED=1] [STRATEGY=lease]; SERVICE=zookeeper (or etcd,
#                redislock, …) replays on that lock service only, DATABASE=postgres-serializable
#                (or postgres, postgres-idle-timeout) with the resource on that database only
#   make clean   remove what the build wrote

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
PREFIX   ?= dlock
# The site's public address, from the command line only (an URL in the
# environment is not taken for it).
URL      :=
WASM     := static/web/app.wasm
# The picture encoder, a wasm of its own that the page loads only when a
# reader asks for a run as a picture or as slides: it draws the run with the
# page's own code and encodes it (wasm/picture, web/picture).
PICTURE  := static/web/picture.wasm
WASMEXEC := static/web/wasm_exec.js
SOURCES  := go.mod go.sum $(shell find core web wasm third_party -name '*.go' ! -name '*_test.go')
# actionlint, at the version the project checks its workflows with,
# installed once into .tools/ (go run pkg@version would ask the module proxy
# for the module's deprecation every time, so the loop would need the network).
ACTIONLINT_VERSION := v1.7.7
ACTIONLINT := .tools/actionlint-$(ACTIONLINT_VERSION)/actionlint
NODEEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec

.PHONY: build run check test vet workflows mutants pages scorm bench fuzz clean lab prove

build: $(WASM) $(PICTURE) $(WASMEXEC)

# The flags, one a line, are in wasm/buildflags, which the benchmarks and
# browser tests build with too. -s -w drop the symbol table and DWARF (Go's
# own tracebacks keep their names); -l stops inlining everywhere but in the
# runtime (with its maps), which every allocation and map goes through:
# inlined copies compress badly. What each saves and costs is written once,
# in docs/performance.md ("What was tried for size").
WASMFLAGS := $(shell sed "s/.*/'&'/" wasm/buildflags | tr '\n' ' ')
$(WASM): $(SOURCES) wasm/buildflags
	@echo "building $@ (about a minute the first time)..."
	GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) -o $@ ./wasm

$(PICTURE): $(SOURCES) wasm/buildflags
	GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) -o $@ ./wasm/picture

# wasm_exec.js must come from the toolchain that built app.wasm.
$(WASMEXEC): $(GOROOT)/lib/wasm/wasm_exec.js
	cp $< $@

run: build
	@echo "building and starting the server; it prints the address to open once it listens..."
	$(GO) run . $(ARGS)

pages: build
	rm -rf dist
	$(GO) run . -pages dist -prefix "$(PREFIX)" $(if $(URL),-url "$(URL)")

# The course for Moodle, Canvas or Blackboard (docs/embedding.md says how
# to upload it): the static site, built to work under any path, with its
# manifest and launch page.
MASTERY     ?= 80
COURSE_LANG ?= ja
scorm: build
	rm -f dlock-scorm.zip
	$(GO) run . -scorm dlock-scorm.zip -mastery "$(MASTERY)" -scorm-lang "$(COURSE_LANG)"

vet:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt wants to change: $$out"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...
	cd lab && $(GO) vet ./...

# The workflows, checked by actionlint (their syntax, expressions, the
# actions' inputs and the jobs' needs).
workflows: $(ACTIONLINT)
	$(ACTIONLINT) .github/workflows/*.yml

$(ACTIONLINT):
	GOBIN="$(CURDIR)/$(@D)" $(GO) install github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION)

# The quick loop. Long tests honour testing.Short(): the browser tests run
# a few walks through the page, the lab replays no cell on real software.
#
# What make check needs (bash .ci/run installs all of it on Debian):
#   Go, at go.mod's version;
#   Chromium (or CHROME_PATH naming another), for the browser tests' walks;
#   Node.js with npm, for axe-core, the accessibility checker they inject;
#   redis-server, ZooKeeper (Debian's zookeeper package, with a JRE) and
#   PostgreSQL's binaries: the lab's lock tests start their own servers even
#   under -short (etcd is embedded in the lab, nothing to install);
#   the network once: the Go module proxy (the modules, actionlint, go-app as
#   published for third_party's test) and the npm registry (axe-core).
# Once those are in Go's module cache, .tools/ and npm's cache, it runs
# without the network: npm ci prefers its cache, go mod download and go test
# find every module in the module cache (go.sum is complete, so no
# -mod=mod), and actionlint is the binary installed in .tools/.
check: vet workflows build e2e/node_modules/axe-core/axe.min.js
	$(GO) mod download github.com/maxence-charriere/go-app/v10@v10.1.11
	$(GO) test -short ./...
	cd lab && $(GO) test -short ./...

# Each mutant is a diff and the rule it breaks (mutants/README.md); the
# fast tests must fail on every one.
mutants:
	bash mutants/run

e2e/node_modules/axe-core/axe.min.js: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --prefer-offline --no-audit --no-fund
	touch $@

# The documentation generators the embed snippets are built with in the
# browser tests (VitePress, MDX), pinned by e2e/docs/package-lock.json.
DOCS := e2e/docs/node_modules/.package-lock.json
$(DOCS): e2e/docs/package.json e2e/docs/package-lock.json
	cd e2e/docs && npm ci --prefer-offline --no-audit --no-fund
	touch $@

# third_party's tests compare the go-app fork with go-app as published,
# which go mod download puts in the module cache, and run go-app's own
# tests, with the fork's, over a copy of the fork, natively
# (third_party/upstream_test.go names the tests that fail on the fork's
# changes, each with its reason); compiling those tests, the first time or
# after the fork changes, can take minutes on a busy machine, hence
# test-native's timeout.
# The lab's tests mostly wait in real time (leases running out), so they
# run beside the browser tests rather than after them.
# The native tests and those under Node (one process each, mostly) run side
# by side, then the lab beside the browser tests.
test: vet workflows build e2e/node_modules/axe-core/axe.min.js $(DOCS)
	$(GO) mod download github.com/maxence-charriere/go-app/v10@v10.1.11
	$(MAKE) -j2 --output-sync=target test-native test-node
	$(MAKE) -j2 --output-sync=target test-lab test-e2e

.PHONY: test-native test-node test-lab test-e2e
test-native:
	$(GO) test -timeout 20m ./core/... ./web/... ./prove ./third_party ./e2e/bookpage .
# Under Node, the fork's tests of Web Crypto (AESGCM): its engine's test,
# like go-app's, needs a DOM, which Node lacks, and runs natively with
# go-app's own (test-native, ./third_party).
test-node:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(NODEEXEC)" ./core/...
	cd third_party/goapp && GOOS=js GOARCH=wasm $(GO) test -exec="$(NODEEXEC)" -run AESGCM ./pkg/app
test-lab:
	cd lab && $(GO) test -count=1 -timeout 20m ./...
test-e2e:
	$(GO) test -count=1 -timeout 30m -parallel 3 ./e2e

# The browser figures are medians of 5 fresh profiles; they are also written
# to bench/latest.json. Core's Replay runs 5 times: compare medians.
bench: build e2e/node_modules/axe-core/axe.min.js
	$(GO) test -count=1 -run '^$$' -bench . -benchtime 1x ./e2e
	$(GO) test -run '^$$' -bench Replay -benchtime 0.2s -count 5 ./core
	$(GO) test -run '^$$' -bench Search -benchtime 3x -count 3 ./core

# Every row of the table searched to closure (prove/, core's Search): one
# line per row.
prove:
	$(GO) run ./prove $(if $(CLIENTS),-clients $(CLIENTS)) $(if $(HELD),-held $(HELD)) $(if $(FAILOVER),-failover)

# Each target in turn; what they find that is new stays in Go's cache, and a
# failing input is written to testdata/fuzz, which make test replays.
FUZZTIME ?= 1000000x
FUZZ     := core:FuzzLockService core:FuzzReplay core:FuzzParseScript web/ui:FuzzParseSettings
fuzz:
	@for t in $(FUZZ); do \
	  pkg=$${t%%:*}; name=$${t#*:}; echo "== $$name ($$pkg), $(FUZZTIME)"; \
	  $(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) ./$$pkg || exit 1; \
	done

# The lab is a module of its own (lab/go.mod), so neither app.wasm nor the
# server links Redis, etcd, ZooKeeper or PostgreSQL. Every cell on each of its
# row's services, with a summary, each written to static/web/lab for the
# page (committed), and the picture of each rows' history that is not
# linearizable to docs/lab (committed); or one cell, its trace printed.
LAB := lab/lab
$(LAB): lab/go.mod lab/go.sum $(shell find lab core -name '*.go' ! -name '*_test.go')
	cd lab && $(GO) build -o lab .

SEED ?= 1
LABFLAGS = $(if $(STRATEGY),-strategy $(STRATEGY)) $(if $(SERVICE),-service $(SERVICE)) $(if $(DATABASE),-database $(DATABASE))
lab: $(LAB)
ifneq ($(SCRIPT),)
	cd lab && ./lab -script '$(SCRIPT)' $(LABFLAGS)
else ifneq ($(RANDOM),)
	cd lab && ./lab -random $(RANDOM) -seed $(SEED) $(LABFLAGS)
else ifeq ($(SCENARIO)$(STRATEGY)$(SERVICE)$(DATABASE),)
	cd lab && ./lab -out ../static/web/lab -histories ../docs/lab
else
	cd lab && ./lab $(if $(SCENARIO),-scenario $(SCENARIO)) $(LABFLAGS)
endif

clean:
	rm -rf dist dlock-scorm.zip $(WASM) $(PICTURE) $(WASMEXEC) e2e/node_modules e2e/docs/node_modules $(LAB) .tools
