# The two commands of the README's Quick start, and what they need.
SWIFT ?= swift
BIN = $(shell $(SWIFT) build --show-bin-path)
NAVFORGE ?= $(BIN)/navforge
DEMO_BUNDLE = build/demo-campus/demo-campus-1.0.0.navbundle
READER_TESTS = build/reader-tests
READER_BUNDLE = $(READER_TESTS)/demo-campus/demo-campus-1.0.0.navbundle
STATION_BUNDLE = $(READER_TESTS)/station/station-1.0.0.navbundle
# The UJIIndoorLoc radio map is compiled from the shared data when it is beside the repository.
UJI_SURVEY = ../shared/data/wifi/ujiindoorloc/trainingData.csv
UJI_BUNDLE = $(READER_TESTS)/uji/ujiindoorloc-1.0.0.navbundle
# The shared query lists (readers/vectors/README.md), one per bundle above.
QUERIES = readers/vectors/demo-campus.queries
STATION_QUERIES = readers/vectors/station.queries
UJI_QUERIES = readers/vectors/uji.queries
# The stored answers to the demo campus's queries, which the readers' own tests compare with.
ANSWERS = readers/vectors/demo-campus.answers
C_ANSWER = $(READER_TESTS)/c/answer
# The Python reader's core, built in place beside readers/python/navbundle.py (python-reader).
PYTHON_CORE = readers/python/_navbundle_core$(shell python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
# The C core compiled once under CFLAGS_STRICT, and linked into each program that tests it: five
# separate compilations of it under the sanitizers took over a minute of `make test`.
C_CORE = $(READER_TESTS)/c/navbundle.o
EXAMPLES = $(READER_TESTS)/examples
# The C reader is built as strictly as a consumer might, and run under the sanitizers.
CFLAGS_STRICT = -std=c99 -Wall -Wextra -pedantic -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all

.PHONY: demo test test-swift test-readers test-conformance test-viewer test-examples test-publishing \
	test-c-reader test-c-warnings test-python-reader test-js-reader test-publishing-publish test-publishing-pull \
	test-fuzz-regressions test-amalgamation python-reader python-package vectors-refresh reader-bundles uji-bundle navforge fuzz-smoke deps test-deps build clean
# Every target names what it reads, so the parts after test-swift run side by side (`make -j`).
# How many at once `test` runs: the parts are mostly single-threaded programs and compilers.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)

deps:
	@scripts/install-system-packages.sh

# The tests also render the HTML validation report and drive the map viewer in a headless
# browser (the viewer's tests take Playwright from PyPI into a virtual environment), run the
# JavaScript reader on Node, run the Android example's JNI shim on a JVM, and check a signed
# version with each signature example (OpenSSL, libsodium, Python's cryptography, Java); the
# publishing tests check signatures with stock openssl and catalogs against their JSON Schema.
test-deps:
	@scripts/install-system-packages.sh chromium python3-venv nodejs default-jdk-headless \
		openssl libssl-dev libsodium-dev python3-cryptography python3-jsonschema python3-yaml python3-setuptools \
		wasi-libc libclang-rt-dev-wasm32

build: deps
	$(SWIFT) build --product navforge

## Builds the demo campus end to end, shows routes across buildings and levels, lists the
## campus tours and routes a person onto the fun run and round it, locates a Wi-Fi scan on the
## bundle's radio map, and writes the map viewer to build/view.
demo: build
	$(NAVFORGE) build pipelines/demo-campus.yml
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from A.2.04 --to B.1.G5
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from A.0.04 --to C.1.H3 --profile wheelchair --language de
	@echo
	$(NAVFORGE) tours $(DEMO_BUNDLE)
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from B.0.ML --tour "Campus Fun Run" --join nearest
	@echo
	$(NAVFORGE) locate $(DEMO_BUNDLE) --scan "00:0b:86:01:09:01:-50,00:0b:86:01:09:02:-70,00:0b:86:01:08:01:-68"
	@echo
	$(NAVFORGE) view $(DEMO_BUNDLE) --out build/view

## Runs every test, in named parts that also run alone, in this order: test-swift (the Swift
## packages), test-readers (the C, Python and JavaScript readers' own tests, the C one under the
## address and undefined-behaviour sanitizers, and their fuzzing regressions), test-conformance
## (the four readers against the stored answers of readers/vectors/ and the damaged-bundle check),
## test-viewer (the map viewer in headless Chromium), test-publishing (publishing, signatures and
## `navforge pull` against misbehaving servers on 127.0.0.1) and test-examples (the embedding
## guide's examples). The parts after test-swift build fresh demo, station and UJIIndoorLoc bundles
## once (reader-bundles, uji-bundle). NAVFORGE=PATH runs them with that navforge instead of building one.
## test-swift keeps the machine to itself (its build and its tests use every core); the parts after
## it run TEST_JOBS at a time, each part's output printed whole when it ends.
TEST_PARTS = test-readers test-conformance test-viewer test-publishing test-examples
test: test-deps
	$(MAKE) --no-print-directory test-swift
	$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target $(TEST_PARTS)
# Each real venue is built once a run: the Swift tests build them into this folder, and the
# viewer's tests open those bundles (scripts/test-viewer.sh). A part run alone builds its own.
test: export NAVFORGE_REAL_VENUES = $(CURDIR)/build/real-venues

## The Swift packages' tests; the viewer's rendering tests among them must find Chromium. The real
## venues' folder, when `test` names one, starts empty: its stage caches are this run's.
test-swift:
	$(SWIFT) build --build-tests
	$(if $(NAVFORGE_REAL_VENUES),rm -rf "$(NAVFORGE_REAL_VENUES)")
	NAVFORGE_REQUIRE_CHROMIUM=1 $(SWIFT) test --skip-build

## navforge built, unless NAVFORGE names one on the command line or in the environment.
navforge:
ifeq ($(origin NAVFORGE),file)
	$(SWIFT) build --product navforge
else
	@echo "Using NAVFORGE=$(NAVFORGE) (not building navforge)"
endif

## The bundles the readers' tests, the conformance check, the viewer's tests and the examples read,
## built fresh: the demo campus and the station of readers/vectors/station/.
reader-bundles: navforge
	$(NAVFORGE) build pipelines/demo-campus.yml --build-dir $(READER_TESTS) --force
	$(NAVFORGE) build readers/vectors/station/station.yml --build-dir $(READER_TESTS) --force

## The UJIIndoorLoc radio map, which only the conformance check reads, built fresh when the shared
## data is beside the repository (else it is removed, saying so, so that no bundle of an older
## build is checked). A target of its own: a debug navforge takes minutes over its 19,937 scans,
## and under `make -j` the parts that do not read it run meanwhile rather than wait.
uji-bundle: navforge
	@if [ -f $(UJI_SURVEY) ]; then \
		$(NAVFORGE) build readers/vectors/uji/uji.yml --build-dir $(READER_TESTS) --force; \
	else \
		rm -f $(UJI_BUNDLE); \
		echo "skipped: the UJIIndoorLoc locate vectors need ../shared/data beside the repository"; \
	fi

## Each reader's own tests on the demo and station bundles (the stored answers of the demo campus's
## queries are theirs to compare with; the JavaScript reader's WebAssembly core is first rebuilt
## from readers/c and compared with the committed one), the installed Python package, and the
## fuzzing regressions.
test-readers: test-c-reader test-c-warnings test-python-reader test-js-reader python-package test-fuzz-regressions

## The C core compiles without a warning at every optimisation level a consumer may choose: GCC's
## may-be-uninitialized warnings depend on what it inlines, so one level does not find them all.
C_OPTIMISATION_LEVELS = -O0 -O1 -O2 -O3 -Os
test-c-warnings:
	@set -e; for level in $(C_OPTIMISATION_LEVELS); do \
		$(CC) -std=c99 -Wall -Wextra -pedantic -Werror $$level -c -o /dev/null readers/c/navbundle.c; \
	done; echo "C core: no warnings at $(C_OPTIMISATION_LEVELS) with $$($(CC) --version | head -1)"

## The C reader's tests, under the sanitizers; the test program includes the core.
C_TEST = $(READER_TESTS)/c/test_navbundle
$(C_TEST): readers/c/test_navbundle.c readers/c/navbundle.c readers/c/navbundle.h
	mkdir -p $(@D)
	$(CC) $(CFLAGS_STRICT) -o $@ readers/c/test_navbundle.c -lm

test-c-reader: reader-bundles $(C_TEST)
	NAVBUNDLE_TEST_ANSWERS=$(ANSWERS) $(C_TEST) $(READER_BUNDLE) $(READER_TESTS)/c $(STATION_BUNDLE)

test-python-reader: reader-bundles $(PYTHON_CORE)
	NAVBUNDLE_TEST_BUNDLE=$(READER_BUNDLE) NAVBUNDLE_TEST_ANSWERS=$(ANSWERS) \
		NAVBUNDLE_TEST_STATION=$(STATION_BUNDLE) \
		python3 -m unittest discover --start-directory readers/python --top-level-directory readers/python

test-js-reader: reader-bundles
	scripts/build-wasm-reader.sh $(READER_TESTS)/navbundle.wasm
	@cmp $(READER_TESTS)/navbundle.wasm readers/js/navbundle.wasm || { echo "readers/js/navbundle.wasm is not \
	what readers/c/navbundle.c compiles to: run scripts/build-wasm-reader.sh and commit it" >&2; exit 1; }
	NAVBUNDLE_TEST_BUNDLE=$(READER_BUNDLE) NAVBUNDLE_TEST_ANSWERS=$(ANSWERS) \
		NAVBUNDLE_TEST_STATION=$(STATION_BUNDLE) NAVBUNDLE_TEST_NAVFORGE=$(NAVFORGE) \
		node --test readers/js/test/

## The Swift, C, Python and JavaScript readers answer every query list of readers/vectors/ exactly
## as stored, and refuse the damaged variants of the demo and station bundles alike
## (scripts/conformance.sh; `scripts/conformance.sh --refresh` rewrites the stored answers); then the
## single-file C reader against readers/c on the same lists and damaged bundles (test-amalgamation).
test-conformance: reader-bundles uji-bundle $(PYTHON_CORE) $(C_ANSWER) $(AMALGAMATION_ANSWER)
	NAVFORGE=$(NAVFORGE) READER_TESTS=$(READER_TESTS) C_ANSWER_PROGRAM=$(C_ANSWER) scripts/conformance.sh all
	@# The damaged bundles are those scripts/conformance.sh has just written.
	$(MAKE) --no-print-directory test-amalgamation

## Rewrites readers/vectors/*.answers from the Swift reader on fresh bundles, printing how many lines
## changed; review them with `git diff readers/vectors` before committing.
vectors-refresh: reader-bundles uji-bundle
	NAVFORGE=$(NAVFORGE) READER_TESTS=$(READER_TESTS) scripts/conformance.sh --refresh

## The map viewer's tests in headless Chromium (scripts/test-viewer.sh).
test-viewer: reader-bundles
	scripts/test-viewer.sh $(NAVFORGE) $(READER_BUNDLE)

## The C answer program the conformance check and the examples use (scripts/conformance.sh run
## alone builds its own), as strictly as the reader's tests build.
$(C_CORE): readers/c/navbundle.c readers/c/navbundle.h
	mkdir -p $(READER_TESTS)/c
	$(CC) $(CFLAGS_STRICT) -c -o $@ readers/c/navbundle.c

$(C_ANSWER): readers/c/answer.c readers/c/navbundle.h $(C_CORE)
	$(CC) $(CFLAGS_STRICT) -o $@ readers/c/answer.c $(C_CORE) -lm

## The readers' fuzzing harnesses on the inputs kept in Tests/Fuzz/regressions/ (each reader
## replays every reader's, since an input is a bundle and an optional tail to all of them), the C
## ones under the sanitizers, and a short seeded mutation loop of the Python reader on the bundles
## `test` builds (the JavaScript reader's loop runs with its tests). Long runs:
## Tests/Fuzz/readers/run.sh (Tests/Fuzz/readers/README.md).
FUZZ_REGRESSIONS = Tests/Fuzz/regressions/c-reader Tests/Fuzz/regressions/python-reader Tests/Fuzz/regressions/js-reader
test-fuzz-regressions: reader-bundles $(PYTHON_CORE) $(C_CORE)
	$(CC) $(CFLAGS_STRICT) -Ireaders/c -o $(READER_TESTS)/c/fuzz-replay Tests/Fuzz/readers/replay.c \
		Tests/Fuzz/readers/fuzz_c_reader.c $(C_CORE) -lm
	$(READER_TESTS)/c/fuzz-replay $(FUZZ_REGRESSIONS)
	$(CC) $(CFLAGS_STRICT) -DREPLAY_INITIALIZE -Ireaders/c -o $(READER_TESTS)/c/fuzz-replay-conditions \
		Tests/Fuzz/readers/replay.c Tests/Fuzz/readers/fuzz_c_conditions.c $(C_CORE) -lm
	NAVBUNDLE_FUZZ_BUNDLES=$(READER_BUNDLE):$(STATION_BUNDLE) $(READER_TESTS)/c/fuzz-replay-conditions \
		Tests/Fuzz/regressions/c-reader/conditions
	python3 Tests/Fuzz/readers/fuzz_python_reader.py replay $(FUZZ_REGRESSIONS)
	python3 Tests/Fuzz/readers/fuzz_python_reader.py mutate --seed 1 --count 300 $(READER_BUNDLE) $(STATION_BUNDLE)

## The single-file C reader that scripts/amalgamate-c-reader.py writes (readers/c/README.md,
## "Amalgamation"): compiled as strictly as the reader, in a folder holding only it, its header and
## readers/c/answer.c, it must answer the demo and station queries (and UJIIndoorLoc's, when that
## bundle is built) byte for byte as the reader built from readers/c does, and refuse the damaged
## bundles (when scripts/make-corrupt-bundles.py has written them) alike. Uses the bundles that
## `test` builds in build/reader-tests.
AMALGAMATION = build/navbundle-amalgamation
AMALGAMATION_TEST = $(READER_TESTS)/amalgamation
AMALGAMATION_ANSWER = $(AMALGAMATION_TEST)/answer
$(AMALGAMATION_ANSWER): $(wildcard readers/c/navbundle*.c readers/c/navbundle*.h) readers/c/answer.c scripts/amalgamate-c-reader.py
	python3 scripts/amalgamate-c-reader.py $(AMALGAMATION)
	rm -rf $(AMALGAMATION_TEST) && mkdir -p $(AMALGAMATION_TEST)
	cp $(AMALGAMATION)/navbundle.c $(AMALGAMATION)/navbundle.h readers/c/answer.c $(AMALGAMATION_TEST)/
	$(CC) $(CFLAGS_STRICT) -o $@ $(AMALGAMATION_TEST)/answer.c $(AMALGAMATION_TEST)/navbundle.c -lm

test-amalgamation: $(C_ANSWER) $(AMALGAMATION_ANSWER)
	@for bundle in $(READER_BUNDLE) $(STATION_BUNDLE); do \
		[ -f $$bundle ] || { echo "test-amalgamation: $$bundle is missing (make test builds it)" >&2; exit 1; }; \
	done
	@set -e; for pair in $(READER_BUNDLE):$(QUERIES) $(STATION_BUNDLE):$(STATION_QUERIES) $(UJI_BUNDLE):$(UJI_QUERIES); do \
		bundle=$${pair%%:*}; queries=$${pair#*:}; name=$$(basename $$queries .queries); \
		if [ ! -f $$bundle ]; then echo "skipped: $$name (no $$bundle)"; continue; fi; \
		$(READER_TESTS)/c/answer $$bundle $$queries > $(AMALGAMATION_TEST)/$$name-c.txt; \
		$(AMALGAMATION_TEST)/answer $$bundle $$queries > $(AMALGAMATION_TEST)/$$name-amalgamation.txt; \
		cmp $(AMALGAMATION_TEST)/$$name-c.txt $(AMALGAMATION_TEST)/$$name-amalgamation.txt; \
		echo "amalgamation: $$(wc -l < $(AMALGAMATION_TEST)/$$name-c.txt) $$name answers as readers/c gives them"; \
	done
	@set -e; for folder in $(READER_TESTS)/corrupt/demo-campus $(READER_TESTS)/corrupt/station; do \
		if [ ! -s $$folder/expected.tsv ]; then echo "skipped: no damaged bundles in $$folder"; continue; fi; \
		files=$$(cut -f1 $$folder/expected.tsv | sed "s#^#$$folder/#"); name=$$(basename $$folder); \
		$(READER_TESTS)/c/answer --check $$files > $(AMALGAMATION_TEST)/$$name-check-c.txt 2>/dev/null; \
		$(AMALGAMATION_TEST)/answer --check $$files > $(AMALGAMATION_TEST)/$$name-check-amalgamation.txt 2>/dev/null; \
		cmp $(AMALGAMATION_TEST)/$$name-check-c.txt $(AMALGAMATION_TEST)/$$name-check-amalgamation.txt; \
		echo "amalgamation: $$(wc -l < $$folder/expected.tsv) damaged $$name bundles refused as readers/c refuses them"; \
	done

## Publishing end to end (docs/publishing.md, docs/ci.md): publish twice, signatures checked by
## openssl, catalogs by their JSON Schema, the regression gate, retention, kill -9 during publish,
## the CI matrix of scripts/ci-local.sh, and pull against servers that truncate and tamper.
## Two halves, which run side by side under `make -j`.
test-publishing: test-publishing-publish test-publishing-pull

test-publishing-publish: navforge
	NAVFORGE=$(NAVFORGE) python3 -m unittest discover --start-directory Tests/Publishing --pattern 'test_publishing.py'

test-publishing-pull: navforge
	NAVFORGE=$(NAVFORGE) python3 -m unittest discover --start-directory Tests/Publishing --pattern 'test_pull.py'
	NAVFORGE=$(NAVFORGE) python3 -m unittest discover --start-directory Tests/Publishing --pattern 'test_ci_matrix.py'

## Runs the embedding guide's examples (readers/README.md) on a fresh demo bundle, checking each one's route, exit and turn-by-turn guidance against the C reader's answer program: the Swift package's
## manifest and program, the Node program (its instructions also against the Swift program's), the
## C server snippet (under the sanitizers), the Android JNI shim on a desktop JVM (skipped, saying
## so, without a JDK), the Python HTTP server, and the signature checks in C (OpenSSL, libsodium),
## Python, Java, Swift and Node on a version published and signed into a temporary root.
test-examples: reader-bundles $(PYTHON_CORE) $(C_ANSWER)
	mkdir -p $(EXAMPLES)
	$(SWIFT) package --package-path readers/examples/swift --scratch-path build/swift-example \
		show-dependencies --format flatlist > /dev/null
	$(SWIFT) build --product navbundle-example
	$(BIN)/navbundle-example $(READER_BUNDLE) A.2.04 B.1.G5 > $(EXAMPLES)/swift.txt
	$(BIN)/navbundle-example $(READER_BUNDLE) A.0.04 C.1.H3 wheelchair > $(EXAMPLES)/swift-wheelchair.txt
	grep -q '^  Take Lift A down' $(EXAMPLES)/swift.txt
	readers/examples/compare-answers.sh $(EXAMPLES)/swift.txt $(READER_BUNDLE) $(C_ANSWER) route instructions
	readers/examples/compare-answers.sh $(EXAMPLES)/swift-wheelchair.txt $(READER_BUNDLE) $(C_ANSWER) route instructions
	node readers/examples/node/route.mjs $(READER_BUNDLE) A.2.04 B.1.G5 > $(EXAMPLES)/node.txt
	node readers/examples/node/route.mjs $(READER_BUNDLE) A.0.04 C.1.H3 wheelchair > $(EXAMPLES)/node-wheelchair.txt
	readers/examples/compare-answers.sh $(EXAMPLES)/node.txt $(READER_BUNDLE) $(C_ANSWER) route instructions
	readers/examples/compare-answers.sh $(EXAMPLES)/node-wheelchair.txt $(READER_BUNDLE) $(C_ANSWER) route instructions
	for route in "" -wheelchair; do \
		sed -n 's/^  \(.*\) ([0-9]* m)$$/\1/p' $(EXAMPLES)/swift$$route.txt > $(EXAMPLES)/swift$$route-steps.txt && \
		sed -n 's/^  //p' $(EXAMPLES)/node$$route.txt > $(EXAMPLES)/node$$route-steps.txt && \
		test -s $(EXAMPLES)/node$$route-steps.txt && \
		cmp $(EXAMPLES)/swift$$route-steps.txt $(EXAMPLES)/node$$route-steps.txt || exit 1; \
	done
	$(CC) $(CFLAGS_STRICT) -pthread -Ireaders/c -o $(EXAMPLES)/route readers/examples/c/route.c $(C_CORE) -lm
	$(EXAMPLES)/route $(READER_BUNDLE) A.2.04 B.1.G5 > $(EXAMPLES)/c.txt
	$(EXAMPLES)/route $(READER_BUNDLE) A.0.04 C.1.H3 wheelchair > $(EXAMPLES)/c-wheelchair.txt
	readers/examples/compare-answers.sh $(EXAMPLES)/c.txt $(READER_BUNDLE) $(C_ANSWER) route exit instructions
	readers/examples/compare-answers.sh $(EXAMPLES)/c-wheelchair.txt $(READER_BUNDLE) $(C_ANSWER) route exit instructions
	readers/examples/android/run-on-jvm.sh $(READER_BUNDLE) $(EXAMPLES)/android $(C_ANSWER)
	NAVBUNDLE_TEST_BUNDLE=$(READER_BUNDLE) \
		python3 -m unittest discover --start-directory readers/examples/python --top-level-directory readers/examples/python
	$(SWIFT) build --product verify-example
	readers/examples/verify/run.sh $(NAVFORGE) $(READER_BUNDLE) $(EXAMPLES)/verify $(BIN)/verify-example

## The Python reader runs the C core through ctypes: python-reader builds it beside navbundle.py,
## where the tests, answer.py, the fuzz loop and the examples import it from readers/python;
## python-package installs the package into a fresh virtual environment as a user would
## (`pip install ./readers/python`, which takes setuptools from PyPI to build it) and has the
## installed module answer the demo queries.
PYTHON_VENV = $(READER_TESTS)/python-venv
python-reader: $(PYTHON_CORE)
$(PYTHON_CORE): readers/c/navbundle.c readers/c/navbundle.h readers/python/setup.py
	cd readers/python && python3 setup.py -q build_ext --inplace

# pip builds in the source tree, so it runs after the in-place build, never beside it.
python-package: reader-bundles $(PYTHON_CORE)
	rm -rf $(PYTHON_VENV)
	python3 -m venv $(PYTHON_VENV)
	$(PYTHON_VENV)/bin/pip install -q ./readers/python
	$(PYTHON_VENV)/bin/python -P readers/python/answer.py $(READER_BUNDLE) $(QUERIES) | cmp - $(ANSWERS)
	@echo "The installed Python package answers as Swift does."

clean:
	rm -rf build

## Every fuzzing target for a few seconds from its seeds (docs/fuzzing.md), as CI runs it after the
## tests: a harness that no longer builds, or an input that crashes at once, fails the build. The
## Swift fuzzing executable is a debug build here: it builds in half the time of the release one
## that long runs use, and in 8 seconds it reaches as much code.
fuzz-smoke:
	FUZZ_CONFIG=debug scripts/fuzz.sh 8
