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
# The C reader is built as strictly as a consumer might, and run under the sanitizers.
CFLAGS_STRICT = -std=c99 -Wall -Wextra -pedantic -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all

.PHONY: demo test deps test-deps build clean

deps:
	@scripts/install-system-packages.sh

# The tests also render the HTML validation report in a headless browser.
test-deps:
	@scripts/install-system-packages.sh chromium

build: deps
	$(SWIFT) build --product navforge

## Builds the demo campus end to end, shows routes across buildings and levels, and locates a
## Wi-Fi scan on the bundle's radio map.
demo: build
	$(NAVFORGE) build pipelines/demo-campus.yml
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from A.2.04 --to B.1.G5
	@echo
	$(NAVFORGE) route $(DEMO_BUNDLE) --from A.0.04 --to C.1.H3 --profile wheelchair
	@echo
	$(NAVFORGE) locate $(DEMO_BUNDLE) --scan "00:0b:86:01:09:01:-50,00:0b:86:01:09:02:-70,00:0b:86:01:08:01:-68"

## Runs every test: the Swift packages, then the C and Python readers on freshly built demo and
## station bundles (the C test under the address and undefined-behaviour sanitizers), then checks
## that the three readers answer the shared query lists identically.
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
	cmp $(READER_TESTS)/answers-swift.txt $(READER_TESTS)/answers-c.txt
	cmp $(READER_TESTS)/answers-swift.txt $(READER_TESTS)/answers-python.txt
	cmp $(READER_TESTS)/station-swift.txt $(READER_TESTS)/station-c.txt
	cmp $(READER_TESTS)/station-swift.txt $(READER_TESTS)/station-python.txt
	@if [ -f $(UJI_SURVEY) ]; then \
		$(READER_TESTS)/c/answer $(UJI_BUNDLE) $(UJI_QUERIES) > $(READER_TESTS)/uji-c.txt && \
		python3 readers/python/answer.py $(UJI_BUNDLE) $(UJI_QUERIES) > $(READER_TESTS)/uji-python.txt && \
		cmp $(READER_TESTS)/uji-swift.txt $(READER_TESTS)/uji-c.txt && \
		cmp $(READER_TESTS)/uji-swift.txt $(READER_TESTS)/uji-python.txt; \
	fi
	@shared=$$(cat $(READER_TESTS)/answers-swift.txt $(READER_TESTS)/station-swift.txt | wc -l); \
	if [ -f $(UJI_SURVEY) ]; then \
		uji=$$(wc -l < $(READER_TESTS)/uji-swift.txt); \
		echo "Swift, C and Python readers agree on $$((shared + uji)) queries, $$uji of them locates on UJIIndoorLoc."; \
	else \
		echo "Swift, C and Python readers agree on $$shared queries (the UJIIndoorLoc locates skipped: no ../shared/data)."; \
	fi

clean:
	rm -rf build
