#!/usr/bin/env python3
"""Issue 11's limits, measured on a running engine (Linux: /proc).

Usage: tools/hardening/limits.py [GRIFFON] [--quick] [--part=memory|cores|stop|cycles ...]

- memory: peak RSS (VmHWM) of a search of 4 s after `memory N`, for several
  N, with 1 and 2 threads (`cores`), in capablanca and chu (and chu with 8);
- cores: the most threads the process had during a search after `cores N`;
- stop: how long after `?`, `force` and `quit` the engine stops a search
  (until `move`, until the `pong` of a `ping` sent with `force`, until the
  process ends), median and worst of several tries;
- cycles: RSS after 100, 1,000, 2,000 and 4,000 `new` / `variant V` /
  `setboard` cycles over every built-in variant, every tenth with a
  search to depth 3, under `memory 16` (1 and 2 threads) and `memory 64`
  (a leak, or freed blocks the allocator keeps, would keep growing).
Prints one line per measurement; nothing is asserted.
"""
import os
import re
import statistics
import subprocess
import sys
import threading
import time

if any(a in ("-h", "--help") for a in sys.argv[1:]):
    sys.exit(__doc__)
args = [a for a in sys.argv[1:] if not a.startswith("--")]
GRIFFON = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "griffon")
QUICK = "--quick" in sys.argv


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([GRIFFON], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = []
        self.cv = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("xboard")
        self.send("protover 2")
        self.wait(lambda l: l == "feature done=1")

    def _read(self):
        for line in self.p.stdout:
            with self.cv:
                self.lines.append((time.monotonic(), line.rstrip("\n")))
                self.cv.notify_all()
        with self.cv:
            self.lines.append((time.monotonic(), None))
            self.cv.notify_all()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, pred, timeout=60):
        end = time.monotonic() + timeout
        with self.cv:
            while True:
                for i, (t, l) in enumerate(self.lines):
                    if l is not None and pred(l):
                        del self.lines[: i + 1]
                        return t, l
                left = end - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no matching line")
                self.cv.wait(left)

    def status(self, field):
        text = open(f"/proc/{self.p.pid}/status").read()
        m = re.search(rf"^{field}:\s+(\d+)", text, re.M)
        return int(m.group(1)) if m else 0

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def memory():
    sizes = [16, 64, 256] if QUICK else [16, 32, 64, 256, 1024]
    runs = [(v, c, mb) for v in ("capablanca", "chu") for c in (1, 2) for mb in sizes]
    runs += [("chu", 8, 64)]
    for variant, cores, mb in runs:
        e = Engine()
        e.send(f"memory {mb}")
        e.send(f"cores {cores}")
        e.send("new")
        e.send(f"variant {variant}")
        e.send("st 4")
        e.send("go")
        e.wait(lambda l: l.startswith("move "), 30)
        hwm = e.status("VmHWM") / 1024
        e.quit()
        print(f"memory {mb:5d} MB, {variant:10s} cores {cores}: peak RSS {hwm:7.1f} MB ({'within' if hwm <= mb else 'OVER'})")


def cores():
    for n in (1, 2, 4, 8):
        e = Engine()
        e.send(f"cores {n}")
        e.send("new")
        e.send("analyze")
        most = 0
        for _ in range(20):
            time.sleep(0.1)
            most = max(most, e.status("Threads"))
        e.send("exit")
        e.quit()
        print(f"cores {n}: at most {most} threads in the process during analysis")


def stop():
    tries = 5 if QUICK else 15
    for how in ("?", "force", "quit"):
        waits = []
        for i in range(tries):
            e = Engine()
            e.send("new")
            e.send("variant capablanca" if i % 2 else "new")
            e.send("st 100")
            e.send("go")
            time.sleep(1.0 + 0.1 * i)
            if how == "?":
                t0 = time.monotonic()
                e.send("?")
                t1, _ = e.wait(lambda l: l.startswith("move "), 10)
                e.quit()
            elif how == "force":
                t0 = time.monotonic()
                e.send("force")
                e.send("ping 9")
                t1, _ = e.wait(lambda l: l == "pong 9", 10)
                e.quit()
            else:
                t0 = time.monotonic()
                e.send("quit")
                e.p.wait(timeout=10)
                t1 = time.monotonic()
            waits.append((t1 - t0) * 1000)
        print(f"stop after '{how}': median {statistics.median(waits):.1f} ms, worst {max(waits):.1f} ms over {tries} searches")


def cycles():
    names = [l.split()[0] for l in subprocess.run([GRIFFON, "variants"], capture_output=True, text=True).stdout.splitlines()]
    # A real position of each variant from the perft suites, where there
    # is one, else an empty board (an error each time: that path too).
    fens = {}
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data", "perft")
    for f in sorted(os.listdir(here)):
        for line in open(os.path.join(here, f)):
            parts = line.split(";")
            var = [p.split()[1] for p in parts[1:] if p.strip().startswith("variant ")]
            if var and not line.startswith("#"):
                fens.setdefault({"chess": "normal"}.get(var[0], var[0]), parts[0].strip())
    for mb, threads in ((16, 1), (16, 2), (64, 1)):
        cycles_under(mb, threads, names, fens)


def cycles_under(mb, threads, names, fens):
    e = Engine()
    e.send(f"cores {threads}")
    e.send(f"memory {mb}")
    i = 0
    for total in (100, 1000, 2000, 4000):
        while i < total:
            v = names[i % len(names)]
            e.send("new")
            e.send(f"variant {v}")
            e.send("setboard " + fens.get(v, "8/8/8/8/8/8/8/8 w - - 0 1"))
            if i % 10 == 0:
                # Now and then a short search, so the table is used too.
                e.send("sd 3")
                e.send("go")
                e.wait(lambda l: l.startswith("move ") or "{" in l, 30)
                e.send("force")
            e.send(f"ping {i}")
            e.wait(lambda l, i=i: l == f"pong {i}", 60)
            i += 1
        print(f"memory {mb}, cores {threads}: after {total:5d} new/variant/setboard cycles: RSS {e.status('VmRSS') / 1024:.1f} MB, peak {e.status('VmHWM') / 1024:.1f} MB")
    e.quit()


parts = [a[len("--part="):] for a in sys.argv[1:] if a.startswith("--part=")]
for part in (memory, cores, stop, cycles):
    if not parts or part.__name__ in parts:
        part()
