# timedeck: build, install and package like any Unix tool.
#
#   make                 release build (Swift stdlib and Foundation static, stripped)
#   make install         into $(DESTDIR)$(PREFIX) (PREFIX=/usr/local by default)
#   make uninstall       removes exactly what install put there
#   make deb             dist/timedeck_$(VERSION)_$(ARCH).deb (the same tree under /usr)
#   make check-install   installs into a temporary prefix, moves it, runs it with
#                        the checkout out of reach (scripts/check-install.sh)
#
# The man page and the shell completions are generated from the command
# definitions (swift-argument-parser), so they cannot drift from --help.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)

VERSION := $(shell sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/DeckShell/Version.swift)
ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)

# Release build: stdlib and Foundation linked statically, symbols stripped.
BUILD_FLAGS := -c release --static-swift-stdlib -Xlinker -s
BIN_DIR := .build/release
GEN := .build/generated

BINDIR := $(DESTDIR)$(PREFIX)/bin
DATADIR := $(DESTDIR)$(PREFIX)/share/timedeck
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

DATA_FILES := Resources/places.bin Resources/mars-sites.json Resources/NOTICE-GeoNames.txt \
              Resources/almanac-ephemeris.bin Resources/almanac-stars.tsv Resources/almanac-bright-stars.tsv Resources/ut1-utc.tsv Resources/ut1-utc.bin \
              Resources/leap-seconds.list Resources/regions.tsv Resources/mars-relief.txt

.PHONY: all build generated install uninstall deb check-install clean-generated

all: build generated

build:
	$(SWIFT) build $(BUILD_FLAGS) --product timedeck
	$(SWIFT) build $(BUILD_FLAGS) --product generate-manual

# Man page and completions from the built binary's own command definitions.
generated: build
	rm -rf $(GEN) && mkdir -p $(GEN)
	$(BIN_DIR)/generate-manual $(BIN_DIR)/timedeck --output-directory $(GEN) \
	    --authors "the timedeck developers" --section 1
	$(BIN_DIR)/timedeck --generate-completion-script bash > $(GEN)/timedeck.bash
	$(BIN_DIR)/timedeck --generate-completion-script zsh > $(GEN)/_timedeck
	$(BIN_DIR)/timedeck --generate-completion-script fish > $(GEN)/timedeck.fish

install: all
	install -d $(BINDIR) $(DATADIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 0755 $(BIN_DIR)/timedeck $(BINDIR)/timedeck
	install -m 0644 $(DATA_FILES) $(DATADIR)/
	install -m 0644 $(GEN)/timedeck.1 $(MANDIR)/timedeck.1
	install -m 0644 $(GEN)/timedeck.bash $(BASHDIR)/timedeck
	install -m 0644 $(GEN)/_timedeck $(ZSHDIR)/_timedeck
	install -m 0644 $(GEN)/timedeck.fish $(FISHDIR)/timedeck.fish

uninstall:
	rm -f $(BINDIR)/timedeck $(MANDIR)/timedeck.1 $(BASHDIR)/timedeck $(ZSHDIR)/_timedeck $(FISHDIR)/timedeck.fish
	rm -f $(addprefix $(DATADIR)/,$(notdir $(DATA_FILES)))
	-rmdir $(DATADIR) 2>/dev/null

deb: all
	scripts/make-deb.sh "$(VERSION)" "$(ARCH)"

check-install:
	scripts/check-install.sh

clean-generated:
	rm -rf $(GEN) dist
