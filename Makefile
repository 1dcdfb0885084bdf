# The two commands of the README's Quick start, and what they need.
SWIFT ?= swift
BIN = $(shell $(SWIFT) build --show-bin-path)
NAVFORGE = $(BIN)/navforge
DEMO_BUNDLE = build/demo-campus/demo-campus-1.0.0.navbundle
READER_TESTS = build/reader-tests
READER_BUNDLE = $(READER_TESTS)/demo-campus/demo-campus-1.0.0.navbundle
QUERIES = readers/vectors/demo-campus.queries
STATION_BUNDLE = $(READER_TESTS)/station/station-1.0.0.navbundle
STATION_QUERIES = readers/vectors/station.queries
# The UJIIndoorLoc radio map is compiled from the shared data when it is beside the repository.
UJI_SURVEY = ../shared/data/wifi/ujiindoorloc/trainingData.csv
UJI_BUNDLE = $(READER_TESTS)/uji/ujiindoorloc-1.0.0.navbundle
UJI_QUERIES = readers/vectors/uji.queries
EXAMPLES = $(READER_TESTS)/examples
# The C reader is built as strictly as a consumer might, and run under the sanitizers.
CFLAGS_STRICT = -std=c99 -Wall -Wextra -pedantic -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all

.PHONY: demo test test-examples test-publishing test-fuzz-regressions fuzz-smoke deps test-deps build clean

deps:
	@scripts/install-system-packages.sh

# The tests also render the HTML validation report and drive the map viewer in a headless
# browser (the viewer's tests take Playwright from PyPI into a virtual environment), run the
# JavaScript reader on Node, run the Android example's JNI shim on a JVM, and check a signed
# version with each signature example (OpenSSL, libsodium, Python's cryptography, Java); the
# publishing tests check signatures with stock openssl and catalogs against their JSON Schema.
test-deps:
	@scripts/install-system-packages.sh chromium python3-venv nodejs default-jdk-headless \
		openssl libssl-dev libsodium-dev python3-cryptography python3-jsonschema python3-yaml \
		wasi-libc libclang-rt-dev-wasm32

build: deps
	$(SWIFT) build --product navforge

## Builds the demo campus end to end, shows routes across buildings and levels, locates a
## Wi-Fi scan on the bundle's radio map, and writes the map viewer to build/view.
demo: build
	$(NAVFORGE) build pipelines/demo-campus.yml
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from A.2.04 --to B.1.G5
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from A.0.04 --to C.1.H3 --profile wheelchair
	@echo
	$(NAVFORGE) locate $(DEMO_BUNDLE) --scan "00:0b:86:01:09:01:-50,00:0b:86:01:09:02:-70,00:0b:86:01:08:01:-68"
	@echo
	$(NAVFORGE) view $(DEMO_BUNDLE) --out build/view

## Runs every test: the Swift packages, `navforge pull` against misbehaving servers on 127.0.0.1,
## then the C, Python and JavaScript readers on freshly built demo and station bundles (the C test
## under the address and undefined-behaviour sanitizers; the JavaScript reader's WebAssembly core
## rebuilt from readers/c and compared with the committed one), then checks that the four readers answer
## the shared query lists identically and that the C, Python and JavaScript readers refuse damaged
## bundles alike.
test: test-deps
	$(SWIFT) build --build-tests
	NAVFORGE_REQUIRE_CHROMIUM=1 $(SWIFT) test --skip-build
	$(SWIFT) build --product navforge
	$(NAVFORGE) build pipelines/demo-campus.yml --build-dir $(READER_TESTS) --force
	$(NAVFORGE) build readers/vectors/station/station.yml --build-dir $(READER_TESTS) --force
	mkdir -p $(READER_TESTS)/c
	$(NAVFORGE) answer $(READER_BUNDLE) $(QUERIES) > $(READER_TESTS)/answers-swift.txt
	$(NAVFORGE) answer $(STATION_BUNDLE) $(STATION_QUERIES) > $(READER_TESTS)/station-swift.txt
	@if [ -f $(UJI_SURVEY) ]; then \
		$(NAVFORGE) build readers/vectors/uji/uji.yml --build-dir $(READER_TESTS) --force && \
		$(NAVFORGE) answer $(UJI_BUNDLE) $(UJI_QUERIES) > $(READER_TESTS)/uji-swift.txt; \
	else \
		rm -f $(READER_TESTS)/uji-swift.txt; \
		echo "skipped: the UJIIndoorLoc locate vectors need ../shared/data beside the repository"; \
	fi
	$(CC) $(CFLAGS_STRICT) -o $(READER_TESTS)/c/test_navbundle readers/c/test_navbundle.c -lm
	NAVBUNDLE_TEST_ANSWERS=$(READER_TESTS)/answers-swift.txt \
		$(READER_TESTS)/c/test_navbundle $(READER_BUNDLE) $(READER_TESTS)/c $(STATION_BUNDLE)
	NAVBUNDLE_TEST_BUNDLE=$(READER_BUNDLE) NAVBUNDLE_TEST_ANSWERS=$(READER_TESTS)/answers-swift.txt \
		NAVBUNDLE_TEST_STATION=$(STATION_BUNDLE) \
		python3 -m unittest discover --start-directory readers/python --top-level-directory readers/python
	$(CC) $(CFLAGS_STRICT) -o $(READER_TESTS)/c/answer readers/c/answer.c readers/c/navbundle.c -lm
	$(READER_TESTS)/c/answer $(READER_BUNDLE) $(QUERIES) > $(READER_TESTS)/answers-c.txt
	$(READER_TESTS)/c/answer $(STATION_BUNDLE) $(STATION_QUERIES) > $(READER_TESTS)/station-c.txt
	python3 readers/python/answer.py $(READER_BUNDLE) $(QUERIES) > $(READER_TESTS)/answers-python.txt
	python3 readers/python/answer.py $(STATION_BUNDLE) $(STATION_QUERIES) > $(READER_TESTS)/station-python.txt
	scripts/build-wasm-reader.sh $(READER_TESTS)/navbundle.wasm
	@cmp $(READER_TESTS)/navbundle.wasm readers/js/navbundle.wasm || { echo "readers/js/navbundle.wasm is not \
	what readers/c/navbundle.c compiles to: run scripts/build-wasm-reader.sh and commit it" >&2; exit 1; }
	NAVBUNDLE_TEST_BUNDLE=$(READER_BUNDLE) NAVBUNDLE_TEST_ANSWERS=$(READER_TESTS)/answers-swift.txt \
		NAVBUNDLE_TEST_STATION=$(STATION_BUNDLE) NAVBUNDLE_TEST_NAVFORGE=$(NAVFORGE) \
		node --test readers/js/test/
	$(MAKE) --no-print-directory test-fuzz-regressions
	node readers/js/answer.mjs $(READER_BUNDLE) $(QUERIES) > $(READER_TESTS)/answers-js.txt
	node readers/js/answer.mjs $(STATION_BUNDLE) $(STATION_QUERIES) > $(READER_TESTS)/station-js.txt
	cmp $(READER_TESTS)/answers-swift.txt $(READER_TESTS)/answers-c.txt
	cmp $(READER_TESTS)/answers-swift.txt $(READER_TESTS)/answers-python.txt
	cmp $(READER_TESTS)/answers-swift.txt $(READER_TESTS)/answers-js.txt
	cmp $(READER_TESTS)/station-swift.txt $(READER_TESTS)/station-c.txt
	cmp $(READER_TESTS)/station-swift.txt $(READER_TESTS)/station-python.txt
	cmp $(READER_TESTS)/station-swift.txt $(READER_TESTS)/station-js.txt
	@if [ -f $(UJI_SURVEY) ]; then \
		$(READER_TESTS)/c/answer $(UJI_BUNDLE) $(UJI_QUERIES) > $(READER_TESTS)/uji-c.txt && \
		python3 readers/python/answer.py $(UJI_BUNDLE) $(UJI_QUERIES) > $(READER_TESTS)/uji-python.txt && \
		node readers/js/answer.mjs $(UJI_BUNDLE) $(UJI_QUERIES) > $(READER_TESTS)/uji-js.txt && \
		cmp $(READER_TESTS)/uji-swift.txt $(READER_TESTS)/uji-c.txt && \
		cmp $(READER_TESTS)/uji-swift.txt $(READER_TESTS)/uji-python.txt && \
		cmp $(READER_TESTS)/uji-swift.txt $(READER_TESTS)/uji-js.txt; \
	fi
	python3 scripts/make-corrupt-bundles.py $(READER_BUNDLE) $(READER_TESTS)/corrupt/demo-campus
	python3 scripts/make-corrupt-bundles.py $(STATION_BUNDLE) $(READER_TESTS)/corrupt/station
	scripts/check-corrupt-bundles.sh $(READER_TESTS)/corrupt/demo-campus $(READER_TESTS)/c/answer
	scripts/check-corrupt-bundles.sh $(READER_TESTS)/corrupt/station $(READER_TESTS)/c/answer
	@shared=$$(cat $(READER_TESTS)/answers-swift.txt $(READER_TESTS)/station-swift.txt | wc -l); \
	if [ -f $(UJI_SURVEY) ]; then \
		uji=$$(wc -l < $(READER_TESTS)/uji-swift.txt); \
		echo "Swift, C, Python and JavaScript readers agree on $$((shared + uji)) queries, $$uji of them locates on UJIIndoorLoc."; \
	else \
		echo "Swift, C, Python and JavaScript readers agree on $$shared queries (the UJIIndoorLoc locates skipped: no ../shared/data)."; \
	fi
	scripts/test-viewer.sh $(NAVFORGE) $(READER_BUNDLE)
	$(MAKE) --no-print-directory test-examples
	$(MAKE) --no-print-directory test-publishing

## The readers' fuzzing harnesses on the inputs kept in Tests/Fuzz/regressions/ (each reader
## replays every reader's, since an input is a bundle and an optional tail to all of them), the C
## ones under the sanitizers, and a short seeded mutation loop of the Python reader on the bundles
## `test` builds (the JavaScript reader's loop runs with its tests). Long runs:
## Tests/Fuzz/readers/run.sh (Tests/Fuzz/readers/README.md).
FUZZ_REGRESSIONS = Tests/Fuzz/regressions/c-reader Tests/Fuzz/regressions/python-reader Tests/Fuzz/regressions/js-reader
test-fuzz-regressions:
	mkdir -p $(READER_TESTS)/c
	$(CC) $(CFLAGS_STRICT) -Ireaders/c -o $(READER_TESTS)/c/fuzz-replay Tests/Fuzz/readers/replay.c \
		Tests/Fuzz/readers/fuzz_c_reader.c readers/c/navbundle.c -lm
	$(READER_TESTS)/c/fuzz-replay $(FUZZ_REGRESSIONS)
	$(CC) $(CFLAGS_STRICT) -DREPLAY_INITIALIZE -Ireaders/c -o $(READER_TESTS)/c/fuzz-replay-conditions \
		Tests/Fuzz/readers/replay.c Tests/Fuzz/readers/fuzz_c_conditions.c readers/c/navbundle.c -lm
	NAVBUNDLE_FUZZ_BUNDLES=$(READER_BUNDLE):$(STATION_BUNDLE) $(READER_TESTS)/c/fuzz-replay-conditions \
		Tests/Fuzz/regressions/c-reader/conditions
	python3 Tests/Fuzz/readers/fuzz_python_reader.py replay $(FUZZ_REGRESSIONS)
	python3 Tests/Fuzz/readers/fuzz_python_reader.py mutate --seed 1 --count 300 $(READER_BUNDLE) $(STATION_BUNDLE)

## Publishing end to end (docs/publishing.md, docs/ci.md): publish twice, signatures checked by
## openssl, catalogs by their JSON Schema, the regression gate, retention, kill -9 during publish,
## the CI matrix of scripts/ci-local.sh, and pull against servers that truncate and tamper.
test-publishing:
	$(SWIFT) build --product navforge
	NAVFORGE=$(NAVFORGE) python3 -m unittest discover --start-directory Tests/Publishing --pattern 'test_*.py'

## Runs the embedding guide's examples (readers/README.md) on the demo bundle that `test` builds,
## checking each one's route and exit against the C reader's answer program: the Swift package's
## manifest and program, the Node program (its instructions also against the Swift program's), the
## C server snippet (under the sanitizers), the Android JNI shim on a desktop JVM (skipped, saying
## so, without a JDK), the Python HTTP server, and the signature checks in C (OpenSSL, libsodium),
## Python, Java, Swift and Node on a version published and signed into a temporary root.
test-examples:
	mkdir -p $(EXAMPLES)
	$(SWIFT) package --package-path readers/examples/swift --scratch-path build/swift-example \
		show-dependencies --format flatlist > /dev/null
	$(SWIFT) build --product navbundle-example
	$(BIN)/navbundle-example $(READER_BUNDLE) A.2.04 B.1.G5 > $(EXAMPLES)/swift.txt
	$(BIN)/navbundle-example $(READER_BUNDLE) A.0.04 C.1.H3 wheelchair > $(EXAMPLES)/swift-wheelchair.txt
	grep -q '^  Take Lift A down' $(EXAMPLES)/swift.txt
	readers/examples/compare-answers.sh $(EXAMPLES)/swift.txt $(READER_BUNDLE) $(READER_TESTS)/c/answer route
	readers/examples/compare-answers.sh $(EXAMPLES)/swift-wheelchair.txt $(READER_BUNDLE) $(READER_TESTS)/c/answer route
	node readers/examples/node/route.mjs $(READER_BUNDLE) A.2.04 B.1.G5 > $(EXAMPLES)/node.txt
	node readers/examples/node/route.mjs $(READER_BUNDLE) A.0.04 C.1.H3 wheelchair > $(EXAMPLES)/node-wheelchair.txt
	readers/examples/compare-answers.sh $(EXAMPLES)/node.txt $(READER_BUNDLE) $(READER_TESTS)/c/answer route
	readers/examples/compare-answers.sh $(EXAMPLES)/node-wheelchair.txt $(READER_BUNDLE) $(READER_TESTS)/c/answer route
	for route in "" -wheelchair; do \
		sed -n 's/^  \(.*\) ([0-9]* m)$$/\1/p' $(EXAMPLES)/swift$$route.txt > $(EXAMPLES)/swift$$route-steps.txt && \
		sed -n 's/^  //p' $(EXAMPLES)/node$$route.txt > $(EXAMPLES)/node$$route-steps.txt && \
		test -s $(EXAMPLES)/node$$route-steps.txt && \
		cmp $(EXAMPLES)/swift$$route-steps.txt $(EXAMPLES)/node$$route-steps.txt || exit 1; \
	done
	$(CC) $(CFLAGS_STRICT) -pthread -Ireaders/c -o $(EXAMPLES)/route readers/examples/c/route.c readers/c/navbundle.c -lm
	$(EXAMPLES)/route $(READER_BUNDLE) A.2.04 B.1.G5 > $(EXAMPLES)/c.txt
	$(EXAMPLES)/route $(READER_BUNDLE) A.0.04 C.1.H3 wheelchair > $(EXAMPLES)/c-wheelchair.txt
	readers/examples/compare-answers.sh $(EXAMPLES)/c.txt $(READER_BUNDLE) $(READER_TESTS)/c/answer route exit
	readers/examples/compare-answers.sh $(EXAMPLES)/c-wheelchair.txt $(READER_BUNDLE) $(READER_TESTS)/c/answer route exit
	readers/examples/android/run-on-jvm.sh $(READER_BUNDLE) $(EXAMPLES)/android $(READER_TESTS)/c/answer
	NAVBUNDLE_TEST_BUNDLE=$(READER_BUNDLE) \
		python3 -m unittest discover --start-directory readers/examples/python --top-level-directory readers/examples/python
	$(SWIFT) build --product verify-example
	readers/examples/verify/run.sh $(NAVFORGE) $(READER_BUNDLE) $(EXAMPLES)/verify $(BIN)/verify-example

clean:
	rm -rf build

## Every fuzzing target for a few seconds from its seeds (docs/fuzzing.md), as CI runs it after the
## tests: a harness that no longer builds, or an input that crashes at once, fails the build.
fuzz-smoke:
	scripts/fuzz.sh 8
