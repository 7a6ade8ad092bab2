# irhw — golden models of GPU hardware blocks, Verilog generators,
# Verilator co-simulation, waveforms and area.
#
#   make run     the main job: every block at the papers' defaults
#   make test    installs what is missing, then runs every test
#   make bench   co-simulation speed, measured side by side: appended to
#                docs/bench-log.md, the table in docs/speed.md regenerated
#                (BENCH=cosim: the co-sim / Verilator alone ratios only)
#   make sweep   the full parameter sweeps (long)
#   make sweep-bench  irhw sweep speed: -j 1 against -j 2, and a repeated sweep
#   make synth-bench  irhw area speed: cold and cached synthesis, old scripts against
#                new, hierarchical against --flat (SYNTH_BENCH_P: parameters)
#   make iru-graphs  the IRU on ../shared/data/graphs (BFS, SSSP, PageRank): out/iru_graphs.md
#   make paper-figs  both papers' figures on ../shared/data/graphs: out/paper/index.html
#   make lint    cppcheck + clang-format check
#   make fuzz    the readers of user files under libFuzzer, FUZZ_SECONDS each

BUILD ?= build
BIN   ?= bin
CC    ?= cc
SAN   ?=
OPT   ?= -O2 -g
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
# Project flags live apart from CFLAGS so `make CFLAGS=...` adds, never replaces.
ALL_CFLAGS = $(OPT) -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wno-unused-parameter \
          -Wno-format-truncation -Wno-missing-field-initializers -Wmissing-prototypes -Wstrict-prototypes $(WERROR) -Imodel -Iarea -Itb -Isim \
          -DIRHW_ROOT=\"$(CURDIR)\" $(SAN) $(CFLAGS)
LDFLAGS += $(SAN)
LDLIBS  += -ldl -lm -pthread

# Debian packages the project needs; `make deps` installs the missing ones.
PKGS := verilator yosys iverilog gtkwave check libsystemc-dev opensta pkg-config \
        zlib1g-dev libsubunit-dev g++ make gnuplot-nox slurm-wlm munge chromium python3 \
        libjemalloc2 clang xvfb imagemagick python3-yaml python3-jsonschema valgrind \
        cppcheck clang-format
TOOLS := verilator yosys iverilog sta pkg-config g++ gnuplot sbatch slurmctld slurmd munged \
         chromium python3 clang++ xvfb-run import valgrind cppcheck clang-format

ALL_BLOCKS := $(shell sed -n 's/^IRHW_BLOCK(\([a-z_0-9]*\)).*/\1/p' model/*_block.c model/*.c | sort -u)
# ONLY="wl_bank wru" builds just those blocks (while another is half-written),
# with the blocks a composite is made of; `make cosim-regress ONLY=...` also
# limits the regression to the blocks named.
# A composite's parts: the `.parts` line of its description (model/<b>_block.c).
parts_of = $(shell sed -n 's/^ *\.parts = "\([a-z_0-9 ]*\)",$$/\1/p' model/$(1)_block.c 2>/dev/null)
BLOCK_NAMES := $(if $(ONLY),$(filter $(ONLY) $(foreach b,$(ONLY),$(call parts_of,$(b))),$(ALL_BLOCKS)),$(ALL_BLOCKS))
SKIP_SRC := $(foreach b,$(filter-out $(BLOCK_NAMES),$(ALL_BLOCKS)),model/$(b).c model/$(b)_block.c gen/$(b).c tb/$(b)_stim.c)
CLI_SRC := $(wildcard sim/cli*.c sim/verb_*.c)
LIB_SRC := $(filter-out $(CLI_SRC) $(SKIP_SRC),$(wildcard model/*.c gen/*.c tb/*.c sim/*.c area/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/blocks.o
SKIP_TESTS := $(foreach b,$(filter-out $(BLOCK_NAMES),$(ALL_BLOCKS)),tests/unit/test_$(b).c)
TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(filter-out $(SKIP_TESTS),$(wildcard tests/unit/test_*.c)))

CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

.PHONY: FORCE_REG all built run test fuzz fuzz-build fuzz-deps clean-cache unit cosim-regress systemc bench sweep sweep-bench synth-bench lint deps clean iru-graphs hwwl-trends paper-figs
all: $(BIN)/irhw

# -MMD -MP: every object depends on exactly the headers it includes.
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"
	@$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@
CLI_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(CLI_SRC))
-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d)

# The block registry, generated from every IRHW_BLOCK(name) in model/*_block.c.
$(BUILD)/blocks.c: $(wildcard model/*.c) Makefile FORCE_REG
	@mkdir -p $(dir $@)
	@{ echo '#include "irhw.h"'; \
	   for b in $(BLOCK_NAMES); do echo "extern const irhw_block irhw_block_$$b;"; done; \
	   echo 'const irhw_block *const irhw_blocks[] = {'; \
	   for b in $(BLOCK_NAMES); do echo "    &irhw_block_$$b,"; done; \
	   echo '    0};'; } > $@.$$$$; cmp -s $@.$$$$ $@ && rm $@.$$$$ || mv $@.$$$$ $@
$(BUILD)/obj/blocks.o: $(BUILD)/blocks.c model/irhw.h
	@$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/libirhw.a: $(LIB_OBJ)
	@rm -f $@
	@ar rcs $@ $^

# -rdynamic: the SystemC shim that `irhw cosim --systemc` loads calls
# irhw_inst_init from the host (its sim.so does not link libirhw).
$(BIN)/irhw: $(CLI_OBJ) $(BUILD)/libirhw.a
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	@$(CC) $(LDFLAGS) -rdynamic $^ -o $@ $(LDLIBS)

-include $(TESTS:=.d)
$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libirhw.a
	@mkdir -p $(dir $@)
	@echo "  CC $<"
	@$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -MMD -MP $< $(BUILD)/libirhw.a -o $@ $(LDFLAGS) $(CHECK_LIBS) $(LDLIBS)

# ---- packages ------------------------------------------------------------
deps:
	@missing=""; \
	for t in $(TOOLS); do command -v $$t >/dev/null 2>&1 || missing="$$missing $$t"; done; \
	pkg-config --exists check 2>/dev/null || missing="$$missing check"; \
	pkg-config --exists systemc 2>/dev/null || missing="$$missing libsystemc-dev"; \
	[ -f /usr/include/zlib.h ] || missing="$$missing zlib1g-dev"; \
	/sbin/ldconfig -p 2>/dev/null | grep -q 'libjemalloc\.so\.2 ' || missing="$$missing libjemalloc2"; \
	/usr/bin/python3 -c 'import yaml, jsonschema' 2>/dev/null || missing="$$missing python3-yaml python3-jsonschema"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing missing packages ($$missing):"; \
	    echo "  apt-get install -y $(PKGS)"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq --no-install-recommends $(PKGS) >/dev/null) || \
	      { echo "apt-get failed: install these Debian packages: $(PKGS)"; exit 1; }; \
	  else \
	    echo "missing:$$missing"; \
	    echo "install them with:  sudo apt-get install $(PKGS)"; exit 1; \
	  fi; \
	fi

# ---- the main job ----------------------------------------------------------
# The papers' defaults on the shipped 45 nm-class library (the papers' own
# node; sky130hd, the default of area and power when ../shared/data has it,
# takes hwwl's synthesis to about ten minutes).
run: deps $(BIN)/irhw
	$(BIN)/irhw run -o out --liberty area/default_45nm.lib

# ---- tests -------------------------------------------------------------------
# The stages two at a time (unit beside co-simulation, SystemC beside the
# sanitizers), every binary built first: 2 cores stay busy while one stage
# waits on a long single-threaded test (ABC, a Verilator build).
ASAN_VARS := BUILD=build/asan BIN=build/asan/bin OPT="-O1 -g" \
  SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
# make test keeps its Verilator and synthesis caches outside the clone, so a
# fresh clone of an unchanged design reuses them: entries are keyed by a hash
# of everything that decides them and sealed (tb/vbuild.c, area/hier.c);
# IRHW_CACHE / IRHW_SYNTH_CACHE set by the caller win; `make clean-cache`.
TEST_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/irhw
test: export IRHW_CACHE ?= $(TEST_CACHE)/verilator
test: export IRHW_SYNTH_CACHE ?= $(TEST_CACHE)/synth
test: deps
	@mkdir -p "$$IRHW_CACHE" "$$IRHW_SYNTH_CACHE"
	@echo "build caches: $$IRHW_CACHE, $$IRHW_SYNTH_CACHE"
	@rm -rf build/test-results build/test-logs
	@$(MAKE) --no-print-directory -j$(JOBS) built $(BUILD)/sc_example & p=$$!; \
	  $(MAKE) --no-print-directory -j$(JOBS) $(ASAN_VARS) built; r=$$?; wait $$p && exit $$r
	-@bash tests/parallel.sh "$(MAKE) --no-print-directory unit" "$(MAKE) --no-print-directory cosim-regress"
	-@bash tests/parallel.sh "$(MAKE) --no-print-directory systemc" \
	   '$(MAKE) --no-print-directory $(ASAN_VARS) STAGE=asan unit'
	@bash tests/summary.sh

built: $(BIN)/irhw $(TESTS)
STAGE ?= unit
unit: $(BIN)/irhw $(TESTS)
	@bash tests/run_unit.sh $(BUILD)/tests $(BIN)/irhw $(STAGE)

cosim-regress: $(BIN)/irhw
	@ONLY="$(ONLY)" bash tests/cosim/cosim_regress.sh $(BIN)/irhw

# ---- SystemC (tb/scgen.c): every C model as an sc_module, co-simulation in SystemC
# The example includes the header `irhw gen --systemc` writes and links libirhw;
# C++17 like the Debian libsystemc (its API version symbol names the standard).
SC_CXXFLAGS = -std=gnu++17 -O1 -g -Wall $(shell pkg-config --cflags systemc 2>/dev/null)
SC_LIBS     = $(shell pkg-config --libs systemc 2>/dev/null)
SC_EXAMPLE_CFG := -p ENTRIES=8 -p ID_BITS=16 -p THRESHOLD=2 -p STORAGE=flops

$(BUILD)/sc_example: sim/sc_example.cpp $(BUILD)/libirhw.a $(BIN)/irhw
	@mkdir -p $(BUILD)/sc_gen
	$(BIN)/irhw gen wl_bank $(SC_EXAMPLE_CFG) --systemc -o $(BUILD)/sc_gen > /dev/null
	g++ $(SC_CXXFLAGS) -Imodel -I$(BUILD)/sc_gen $< $(BUILD)/libirhw.a -o $@ $(SC_LIBS) $(LDLIBS)

systemc: $(BIN)/irhw $(BUILD)/sc_example
	@bash tests/cosim/cosim_systemc.sh $(BIN)/irhw $(BUILD)/sc_example

# BENCH=cosim: the co-sim / Verilator alone ratios only; either fails (after
# logging the run) when a row's ratio is under 0.9.
bench: deps $(BIN)/irhw
	@rc=0; BENCH="$(BENCH)" bash tests/bench/bench.sh $(BIN)/irhw || rc=$$?; \
	[ $$rc -le 1 ] || exit $$rc; \
	[ "$(BENCH)" = cosim ] || bash tests/bench/bench_workload.sh $(BIN)/irhw; \
	bash tests/bench/bench_log.sh out/bench.md docs/bench-log.md docs/speed.md && exit $$rc

# BFS, SSSP and PageRank frontiers of every graph in ../shared/data/graphs
# through iru_hash in lockstep with the RTL; the table in out/iru_graphs.md
iru-graphs: deps $(BIN)/irhw
	$(BIN)/irhw workload iru --all -o out/iru_graphs.md

# the hwwl paper's Fig. 6/7 trends (SCHEME; ENTRIES x REFILL) with BFS and
# SSSP on the graphs of ../shared/data/graphs, C model: out/hwwl_trends.md + SVGs
hwwl-trends: deps $(BIN)/irhw
	$(BIN)/irhw workload bfs --trends -o out/hwwl_trends.md

# the papers' figures (hwwl Figs. 5-8, §V-A, the headline; IRU Figs. 14/15,
# TIMEOUT, area) from model-only workload runs, cached in out/paper/runs;
# PAPER_FLAGS="--slurm" or "-j 4" to run them elsewhere or wider
GRAPHS ?= ../shared/data/graphs
paper-figs: $(BIN)/irhw
	@if [ -d "$(GRAPHS)" ]; then $(BIN)/irhw paper-figs --graphs $(GRAPHS) -o out/paper $(PAPER_FLAGS); \
	else echo "make paper-figs: no graph folder $(GRAPHS) (the shared data beside the repository; set GRAPHS=DIR)"; exit 2; fi

sweep: deps $(BIN)/irhw
	@IRHW_SWEEP=full bash tests/cosim/cosim_regress.sh $(BIN)/irhw

sweep-bench: deps $(BIN)/irhw
	@bash tests/bench/sweep_bench.sh $(BIN)/irhw

synth-bench: deps $(BIN)/irhw
	@bash tests/bench/synth_bench.sh $(BIN)/irhw

# ---- fuzzing (not part of make test) -----------------------------------------
# libFuzzer targets of the readers of user files (tests/fuzz/: the VCD of
# power --vcd, liberty files, graphs), built with clang under ASan and UBSan
# against a libirhw of their own (build/fuzz), each run FUZZ_SECONDS on a
# corpus (build/fuzz/corpus/T) seeded from tests/data; a crash, a leak, an
# input slower than FUZZ_TIMEOUT s or above FUZZ_RSS_MB stops it and is
# kept as build/fuzz/crashes/T-*. Rerun one input: build/fuzz/fuzz_T FILE.
FUZZ_SECONDS ?= 600
FUZZ_TIMEOUT ?= 10
FUZZ_RSS_MB  ?= 1024
FUZZ_MAX_LEN ?= 16384
FUZZ_TARGETS := vcd liberty graph
FUZZ_SAN := -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_DEBS := clang libclang-rt-14-dev

fuzz-deps:
	@if ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' | \
	    clang -x c -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing clang with libFuzzer: apt-get install -y $(FUZZ_DEBS)"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq --no-install-recommends $(FUZZ_DEBS) >/dev/null) || \
	      { echo "apt-get failed: install these Debian packages: $(FUZZ_DEBS)"; exit 1; }; \
	  else \
	    echo "make fuzz needs clang with libFuzzer: sudo apt-get install $(FUZZ_DEBS)"; exit 1; \
	  fi; \
	fi

fuzz-build: fuzz-deps
	@$(MAKE) --no-print-directory BUILD=build/fuzz BIN=build/fuzz/bin CC=clang OPT="-O1 -g" \
	  CFLAGS="$(CFLAGS) -Wno-unknown-warning-option" \
	  SAN="$(FUZZ_SAN)" build/fuzz/libirhw.a
	@for t in $(FUZZ_TARGETS); do \
	  echo "  CC tests/fuzz/fuzz_$$t.c"; \
	  clang -O1 -g -std=c11 -Wall -Wextra $(WERROR) -Imodel -Iarea -Isim -Itb \
	    $(subst -no-link,,$(FUZZ_SAN)) tests/fuzz/fuzz_$$t.c build/fuzz/libirhw.a \
	    -o build/fuzz/fuzz_$$t -ldl -lm -pthread || exit 1; \
	done
	@rm -rf build/fuzz/seeds && mkdir -p build/fuzz/seeds/vcd build/fuzz/seeds/liberty build/fuzz/seeds/graph
	@cp tests/data/vcd/*.vcd build/fuzz/seeds/vcd/
	@cp tests/data/area/tiny.lib area/default_45nm.lib build/fuzz/seeds/liberty/
	@for f in tests/data/graphs/*; do \
	  case $$f in *.graph) k='\001' ;; *.mtx) k='\002' ;; *.txt) k='\003' ;; *) k='\000' ;; esac; \
	  { printf "$$k"; cat "$$f"; } > build/fuzz/seeds/graph/$$(basename "$$f"); \
	done

fuzz: fuzz-build
	@mkdir -p build/fuzz/crashes
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p build/fuzz/corpus/$$t; \
	  echo "fuzz_$$t: $(FUZZ_SECONDS) s (log build/fuzz/$$t.log)"; \
	  build/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) \
	    -rss_limit_mb=$(FUZZ_RSS_MB) -max_len=$(FUZZ_MAX_LEN) -print_final_stats=1 \
	    -artifact_prefix=build/fuzz/crashes/$$t- build/fuzz/corpus/$$t build/fuzz/seeds/$$t \
	    > build/fuzz/$$t.log 2>&1; rc=$$?; \
	  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^#[0-9]+.*DONE' build/fuzz/$$t.log | sed 's/^/  /'; \
	  if [ $$rc -ne 0 ]; then \
	    echo "fuzz_$$t found a failure (exit $$rc): $$(grep -m1 -E 'ERROR|SUMMARY|Test unit written' build/fuzz/$$t.log)"; \
	    ls build/fuzz/crashes/$$t-* 2>/dev/null | sed 's/^/  input: /'; exit 1; \
	  fi; \
	done

# cppcheck's warnings and clang-format's layout (.clang-format) on the C
# sources; LINT_DIRS names other folders (tests/cli/test_lint.sh, in make
# test, plants a fault of each kind in a scratch tree)
LINT_DIRS ?= model gen tb sim area
lint:
	cppcheck --quiet --error-exitcode=1 --enable=warning,portability --std=c11 \
	  -Imodel -Iarea $(LINT_DIRS)
	clang-format --dry-run --Werror $(wildcard $(addsuffix /*.[ch],$(LINT_DIRS)))

clean:
	rm -rf $(BUILD) $(BIN) out

# the build caches `make test` keeps outside the clone
clean-cache:
	rm -rf $(TEST_CACHE)
