#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# make shell driven as a person at a terminal drives it, the shell stage
# of make check. selftests/qemu/run-vm.sh --shell runs on a
# pseudo-terminal (its stdin, stdout and stderr, as a terminal's); this
# script types commands into it, a few keys at a time, and reads what the
# console shows:
#  - the banner and a prompt come; snicctl is on PATH (snicctl -V);
#  - a fabric comes up by name (snicctl fabric up star:2 name sh);
#  - h1 pings h2 through snicctl fabric exec;
#  - the host's iperf3, by its name, serves on h2 and h1's iperf3 sends to
#    it: the client reports what the receiver got;
#  - the host's python3 by name too, in a host's netns (it sees snic0);
#  - Ctrl-D powers the guest off and run-vm.sh exits 0.
# Each command is followed by "echo @@N-$?" so that its end and its exit
# status are read from the console (the typed line echoes "$?"
# unexpanded, so only the shell's own output matches). KTAP.
import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOT_S = 600        # TCG, a machine that may be busy
CMD_S = 300


class Console:
    def __init__(self, argv):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(TOP)
            os.execvp(argv[0], argv)
        # a terminal's size, 24 x 80, as a terminal emulator sets it
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.buf = b""
        self.log = open(os.path.join(TOP, "build", "shell-test.log"), "wb")

    def read_until(self, pattern, timeout):
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.buf)
            if m:
                self.buf = self.buf[m.end():]
                return m
            left = end - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if not r:
                continue
            try:
                data = os.read(self.fd, 4096)
            except OSError:
                return None
            if not data:
                return None
            self.log.write(data)
            self.log.flush()
            self.buf += data

    def send(self, line):
        # typed, not pasted: a few characters at a time, as keys come
        data = line.encode() + b"\n"
        for i in range(0, len(data), 8):
            os.write(self.fd, data[i:i + 8])
            time.sleep(0.05)

    def wait_exit(self, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            r, _, _ = select.select([self.fd], [], [], 0.5)
            if r:
                try:
                    self.log.write(os.read(self.fd, 4096))
                except OSError:
                    pass
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(st)
        return None

    def kill(self):
        try:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        except OSError:
            pass


n = 0
failed = 0


def ok(cond, desc, why=""):
    global n, failed
    n += 1
    if cond:
        print(f"ok {n} {desc}")
    else:
        failed += 1
        print(f"not ok {n} {desc}")
        if why:
            print("# " + why.replace("\n", "\n# "))
    sys.stdout.flush()
    return cond


seq = 0


PROMPT = rb"snic:[^#\r\n]*# "
prompt_seen = False


def run(con, cmd, timeout=CMD_S):
    """Type cmd at the next prompt, as a person does (input typed ahead
    of busybox ash's prompt, while it asks the terminal for the cursor's
    place, can be lost); return (exit status or None, what it printed)."""
    global seq, prompt_seen
    if not prompt_seen and not con.read_until(PROMPT, 120):
        return None, "no prompt: " + con.buf.decode(errors="replace")[-400:]
    prompt_seen = False
    time.sleep(0.2)
    seq += 1
    con.buf = b""
    con.send(f"{cmd}; echo @@{seq}-$?")
    m = con.read_until(rb"@@%d-(\d+)\r*\n" % seq, timeout)
    if not m:
        return None, con.buf.decode(errors="replace")[-400:]
    return int(m.group(1)), m.string[:m.start()].decode(errors="replace")


def main():
    print("KTAP version 1")
    os.makedirs(os.path.join(TOP, "build"), exist_ok=True)
    con = Console([os.path.join(TOP, "selftests/qemu/run-vm.sh"), "--shell",
                   "--out", "build/vm-shell"])
    try:
        m = con.read_until(rb"snic shell: kernel [^\r\n]*snic and sch_snic loaded", BOOT_S)
        ok(m is not None, "the guest boots to the shell's banner, the modules loaded")
        if not m:
            return
        global prompt_seen
        prompt_seen = con.read_until(rb"snic:/snic# ", 120) is not None
        ok(prompt_seen, "a prompt, in the tree")
        rc, out = run(con, "snicctl -V")
        ok(rc == 0 and "netlink family" in out, "snicctl on PATH", out)
        rc, out = run(con, "snicctl fabric up star:2 name sh")
        ok(rc == 0, "snicctl fabric up star:2 name sh", out)
        rc, out = run(con, "snicctl fabric exec sh h1 -- ping -c 1 -W 10 10.0.0.2")
        ok(rc == 0 and "1 packets received" in out, "h1 pings h2 (fabric exec)", out)
        rc, out = run(con, "(snicctl fabric exec sh h2 -- iperf3 -s -1 >/tmp/srv.log 2>&1 &); sleep 3")
        ok(rc == 0, "the host's iperf3 serves on h2, by name", out)
        rc, out = run(con, "snicctl fabric exec sh h1 -- iperf3 -c 10.0.0.2 -t 2 -f m")
        ok(rc == 0 and re.search(r"[0-9.]+ Mbits/sec\s+receiver", out) is not None,
           "h1's iperf3 to h2: the receiver's figure reported", out)
        rc, out = run(con, "snicctl fabric exec sh h2 -- python3 -c "
                      "'import socket; print(\"names\", socket.if_nameindex())'")
        ok(rc == 0 and "snic0" in out, "the host's python3 by name, in h2's netns", out)
        rc, out = run(con, "snicctl fabric traffic sh uniform load 0.2 seconds 1 warmup 0.5 >/tmp/tr.json")
        ok(rc == 0 and re.search(r"# traffic sh: [0-9.]+ s: warm-up", out) is not None
           and re.search(r"# traffic sh: [0-9.]+ s: measuring", out) is not None
           and re.search(r"# traffic sh: [0-9.]+ s: done, [1-9][0-9]* of [1-9][0-9]* datagrams", out)
           is not None,
           "fabric traffic at a terminal: its phases and what came in, on stderr", out)
        rc, out = run(con, "snicctl fabric down sh")
        ok(rc == 0, "snicctl fabric down sh", out)
        con.read_until(PROMPT, 120)
        time.sleep(0.2)
        os.write(con.fd, b"\x04")     # Ctrl-D at an empty line
        st = con.wait_exit(120)
        ok(st == 0, "Ctrl-D powers the guest off; make shell exits 0",
           f"exit status {st}")
    finally:
        con.kill()


main()
print(f"1..{n}")
print(f"{n - failed} passed, {failed} failed")
sys.exit(1 if failed or n == 0 else 0)
