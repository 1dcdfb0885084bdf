# The two commands of the README's Quick start, and what they need.
SWIFT ?= swift
BIN = $(shell $(SWIFT) build --show-bin-path)
NAVFORGE = $(BIN)/navforge
DEMO_BUNDLE = build/demo-campus/demo-campus-1.0.0.navbundle

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

## Runs every test.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf build
