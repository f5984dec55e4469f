# SPDX-License-Identifier: GPL-2.0
#
# snic top-level Makefile.
#
#   make              snic.ko, sch_snic.ko, snicctl and the test tools
#   make unit         host unit tests of drivers/snic/core (KTAP)
#   make style        W=1, sparse (C=2), checkpatch --strict, 6.12 build
#   make vm           the kselftests in a qemu guest (T=name for one test)
#   make check        unit + fuzz (short) + style + vm, ending with
#                     "N passed, N failed"
#   make check-debug  the VM suite on the debug kernel (KASAN, lockdep,
#                     kmemleak, KUnit), built once and cached
#   make fuzz         the libFuzzer harnesses, FUZZ_SECONDS each (300)
#   make demo         the 2-host/1-switch fabric demo in a guest
#   make bench        ratios measured side by side in one guest boot;
#                     BENCH lines, table in Documentation/benchmarks.rst
#   make bench-full   the 72-host Dragonfly's load sweeps per routing mode
#                     (about 12 minutes), Documentation/bench-full.rst
#   make soak         a congested lossless fabric under link flaps, then
#                     link resets, odd frames and module reloads, each of
#                     its three phases SOAK_SECONDS (120); not part of
#                     make check
#   make setup        prepare the machine (scripts/setup.sh, as root)
#   make install      snicctl to $(PREFIX)/sbin, its man pages, the Wireshark
#                     dissector, the modules through DKMS
#                     for the running kernel (dkms.conf; as root)
#   make uninstall    undo make install
#
# KVER/KDIR select the kernel to build against (default: the ABI of the
# linux-headers-amd64 metapackage); SNIC_CACHE is where setup keeps the
# guest kernels and tools (default /var/cache/snic).

SNIC_CACHE ?= /var/cache/snic
-include $(SNIC_CACHE)/env.mk
KVER ?= $(shell dpkg-query -W -f='$${Depends}' linux-headers-amd64 2>/dev/null | \
	sed -n 's/.*linux-headers-\([0-9.-]*-amd64\).*/\1/p')
KDIR ?= /lib/modules/$(KVER)/build
export SNIC_CACHE KVER KVER612

CC ?= gcc
USER_CFLAGS := -O2 -g -Wall -Wextra -Werror -Iinclude/uapi -Iinclude \
	       -Idrivers/snic/core
# snicctl -V: the package's version (dkms.conf, one place)
SNIC_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
NL_CFLAGS := $(shell pkg-config --cflags libnl-genl-3.0 libnl-route-3.0 2>/dev/null)
NL_LIBS := $(shell pkg-config --static --libs libnl-genl-3.0 libnl-route-3.0 2>/dev/null)

# libsnic: the one client library of the snic family (snicctl, its fabric
# manager); raw-names.h: snicctl raw's names, from the family's spec.
LIBSNIC_SRCS := $(wildcard userspace/libsnic/*.c)
SNICCTL_SRCS := $(wildcard userspace/snicctl/*.c)
RAW_NAMES := userspace/snicctl/raw-names.h
SPEC := Documentation/netlink/specs/snic.yaml
TOOLS := selftests/tools/snic_inject selftests/tools/snic_xfer \
	 selftests/tools/snic_pace \
	 selftests/tools/nocap selftests/tools/snic_nlprobe
# An MPI program for the application test, linked with Debian's Open MPI:
# run in the guest through the host's userland (hostrun), so dynamic.
MPI_TOOLS := selftests/mpi/snic_mpi

.PHONY: all modules userspace tools mpi clean unit style vm check demo setup \
	check-debug fuzz bench bench-full soak install install-data uninstall run \
	shell

all: modules userspace tools mpi

modules:
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

userspace: userspace/snicctl/snicctl

userspace/snicctl/snicctl: $(SNICCTL_SRCS) $(wildcard userspace/snicctl/*.h) \
			   $(LIBSNIC_SRCS) $(wildcard userspace/libsnic/*.h) \
			   $(RAW_NAMES) \
			   drivers/snic/core/stat_names.h \
			   drivers/snic/core/stat_list.h drivers/snic/core/hdr16b.c \
			   drivers/snic/core/hist.h drivers/snic/core/xorshift.h \
			   include/uapi/linux/snic.h include/uapi/linux/snic_wire.h \
			   include/uapi/linux/sch_snic.h dkms.conf
	$(CC) $(USER_CFLAGS) -DSNIC_VERSION='"$(SNIC_VERSION)"' -Iuserspace/libsnic \
		$(NL_CFLAGS) -static -o $@ \
		$(SNICCTL_SRCS) $(LIBSNIC_SRCS) drivers/snic/core/hdr16b.c \
		$(NL_LIBS) -lm

$(RAW_NAMES): scripts/snic-raw-names.py $(SPEC)
	python3 scripts/snic-raw-names.py $(SPEC) >$@.tmp && mv $@.tmp $@

tools: $(TOOLS)

mpi: $(MPI_TOOLS)

selftests/mpi/snic_mpi: selftests/mpi/snic_mpi.c
	mpicc -O2 -Wall -Wextra -o $@ $<

selftests/tools/%: selftests/tools/%.c include/uapi/linux/snic.h \
		   include/uapi/linux/snic_wire.h \
		   drivers/snic/core/hdr16b.c drivers/snic/core/cca.c \
		   drivers/snic/core/arn.c
	$(CC) $(USER_CFLAGS) -Idrivers/snic/core -static -o $@ $< \
		drivers/snic/core/hdr16b.c drivers/snic/core/cca.c \
		drivers/snic/core/arn.c

unit: userspace
	@$(MAKE) -s -C selftests/unit run
	@sh selftests/unit/topology.sh
	@bash selftests/unit/bench_publish.sh

style:
	@scripts/style.sh

vm: all
	@selftests/qemu/run-vm.sh $(if $(T),--test $(T)) $(VMFLAGS)

check:
	@scripts/check.sh

check-debug: all
	@scripts/check-debug.sh

FUZZ_SECONDS ?= 300
fuzz:
	@$(MAKE) -s -C selftests/fuzz run SECONDS=$(FUZZ_SECONDS)

demo: all
	@selftests/qemu/run-vm.sh --demo $(VMFLAGS)

# an experiment of yours: make run EXP=FILE [ARGS="A B"] (scripts/run.sh)
run: all
	@scripts/run.sh "$(EXP)" $(if $(ARGS),--args "$(ARGS)") $(VMFLAGS)

# a shell in the guest, the modules loaded (selftests/qemu/run-vm.sh --shell)
shell: all
	@selftests/qemu/run-vm.sh --shell $(VMFLAGS)

bench: all
	@scripts/bench.sh $(VMFLAGS)

bench-full: all
	@scripts/bench.sh --full $(VMFLAGS)

SOAK_SECONDS ?= 120
# Three phases of SOAK_SECONDS of traffic each; the faults phase's
# rounds also reload modules and wait for drains, which its count of
# seconds leaves out (600 took 2491 s in all under TCG).
soak: all
	@selftests/qemu/run-vm.sh --soak $(SOAK_SECONDS) \
		--timeout $$((5 * $(SOAK_SECONDS) + 900)) $(VMFLAGS)

setup:
	@scripts/setup.sh

PREFIX ?= /usr/local
MANDIR ?= $(PREFIX)/share/man
# Wireshark's global Lua plugin folder, as tshark names it (Debian's:
# /usr/lib/x86_64-linux-gnu/wireshark/plugins); empty: no Wireshark.
WS_LUA_DIR ?= $(shell tshark -G folders 2>/dev/null | \
		sed -n 's/^Global Lua Plugins:[[:space:]]*//p')

install: userspace install-data
	install -D -m 0755 userspace/snicctl/snicctl $(DESTDIR)$(PREFIX)/sbin/snicctl
	scripts/dkms.sh install

# The man pages and the Wireshark dissector (make install's files that
# need no build and no root: tested by make style into a DESTDIR).
install-data:
	install -D -m 0644 Documentation/snicctl.8 $(DESTDIR)$(MANDIR)/man8/snicctl.8
	install -D -m 0644 Documentation/tc-snic.8 $(DESTDIR)$(MANDIR)/man8/tc-snic.8
	@if [ -n "$(WS_LUA_DIR)" ]; then \
		install -D -m 0644 userspace/wireshark/snic.lua \
			$(DESTDIR)$(WS_LUA_DIR)/snic.lua; \
	else \
		echo "install: no Wireshark here (tshark -G folders): snic.lua not installed"; \
	fi

uninstall:
	-scripts/dkms.sh remove
	rm -f $(DESTDIR)$(PREFIX)/sbin/snicctl $(DESTDIR)$(MANDIR)/man8/snicctl.8 \
		$(DESTDIR)$(MANDIR)/man8/tc-snic.8
	[ -z "$(WS_LUA_DIR)" ] || rm -f $(DESTDIR)$(WS_LUA_DIR)/snic.lua

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean
	$(MAKE) -s -C selftests/unit clean
	$(MAKE) -s -C selftests/fuzz clean
	rm -f userspace/snicctl/snicctl $(RAW_NAMES) $(TOOLS) $(MPI_TOOLS)
