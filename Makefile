# The two commands of the README's Quick start, and what they need.
SWIFT ?= swift
BIN = $(shell $(SWIFT) build --show-bin-path)
NAVFORGE = $(BIN)/navforge
DEMO_BUNDLE = build/demo-campus/demo-campus-1.0.0.navbundle
READER_TESTS = build/reader-tests
READER_BUNDLE = $(READER_TESTS)/demo-campus/demo-campus-1.0.0.navbundle

.PHONY: demo test deps build clean

deps:
	@scripts/install-system-packages.sh

build: deps
	$(SWIFT) build --product navforge

## Builds the demo campus end to end and shows routes across buildings and levels.
demo: build
	$(NAVFORGE) build pipelines/demo-campus.yml
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from A.2.04 --to B.1.G5
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from A.0.04 --to C.1.H3 --profile wheelchair

## Runs every test: the Swift packages, then the C and Python readers on a freshly built demo
## bundle (the C test under the address and undefined-behaviour sanitizers).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) build --product navforge
	$(NAVFORGE) build pipelines/demo-campus.yml --build-dir $(READER_TESTS) --force
	mkdir -p $(READER_TESTS)/c
	$(CC) -std=c99 -Wall -Wextra -pedantic -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
		-o $(READER_TESTS)/c/test_navbundle readers/c/test_navbundle.c
	$(READER_TESTS)/c/test_navbundle $(READER_BUNDLE) $(READER_TESTS)/c
	NAVBUNDLE_TEST_BUNDLE=$(READER_BUNDLE) \
		python3 -m unittest discover --start-directory readers/python --top-level-directory readers/python

clean:
	rm -rf build
