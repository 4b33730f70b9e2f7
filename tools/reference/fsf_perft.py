#!/usr/bin/env python3
"""Usage: tools/reference/fsf_perft.py [INI] [--variants A,B,...] [--depth D] [--walks N] [--walk-plies N] [--seed S] [--timeout SEC] [--jobs N] [--divide] [--include-unloaded] [--suite FILE] [--fsf PATH] > results.tsv
       tools/reference/fsf_perft.py /work/shared/ref/fsf-variants.ini --variants coffeehouse,grand --divide

Griffon's perft against Fairy-Stockfish's, variant by variant: the variants
of a variants.ini file (INI, loaded into both engines: Fairy-Stockfish's
`VariantPath`, Griffon's `--variant-file`), and built-in variant names given
with --variants. By default every section of INI that Griffon loads (what
`griffon variants --file INI` lists on stdout); with --variants only those
names (a section of INI that Griffon did not load is reported `not-loaded`,
and so is a name Griffon does not know at all). --include-unloaded also
reports the sections Griffon skipped.

For each variant, perft D (default 3) of:
- the start position (`position startpos` in Fairy-Stockfish, Griffon's
  own start position: the two start FENs are checked this way too);
- --walks (default 3) positions reached by --walk-plies (default 8) random
  legal moves played in Fairy-Stockfish (its `go perft 1` lines are the
  legal moves; RNG seeded from --seed and the variant name, so a variant's
  positions do not depend on --jobs or on the other variants). A walk that
  reaches a position without legal moves stops at the position before it.
  The FEN is Fairy-Stockfish's (`d`, its `Fen:` line), and both engines
  count from that FEN (`position fen`, Griffon's `--fen`).

--griffon-file FILE loads FILE into Griffon alone, so that a new Griffon
definition of one of Fairy-Stockfish's built-in games can be checked
against the built-in before it joins variants/.

Every engine call has a --timeout (default 60 s); a timeout, a crash or
output that cannot be read is a result of its own, never the end of the run.

Output, one line per variant in name order, tab-separated:

    VARIANT  STATUS  DETAIL

STATUS is `ok` (every count equal), `differs` (DETAIL: the first differing
position, both counts, the FEN), `griffon-error` or `fsf-error` (DETAIL: the
position and the message, e.g. Griffon refusing a Fairy-Stockfish FEN), or
`not-loaded`. Problems with the later positions of a variant are listed
after `also:`. Progress and a count per status at the end go to stderr.

--divide: for a variant's first differing position, the root moves whose
counts differ go to stderr, both engines' `move: count` lines matched by
move text. Notation differs between the engines in places (Griffon writes
XBoard's ranks, 0-9 on 10-rank boards where Fairy-Stockfish writes 1-10):
Griffon's moves are matched as written or with every rank one higher,
case-insensitively, whichever matches more; the moves left unmatched on
either side are printed as they are.

--suite FILE writes Fairy-Stockfish's counts for the variants found `ok`
as a perft suite (`FEN;variant NAME;DN count` lines), for the tests.

--jobs N (default 2) runs N variants at a time, each worker with one
Fairy-Stockfish process kept for all its variants (`ucinewgame` and
`isready` after each change of UCI_Variant; restarted after a timeout or a
crash). Fairy-Stockfish is the binary tools/fairy-stockfish/build.sh
installs (--fsf, default ~/.cache/griffon/fairy-stockfish/fairy-stockfish);
Griffon is $GRIFFON or target/release/griffon of this repository.
"""
import argparse
import concurrent.futures
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_FSF = "~/.cache/griffon/fairy-stockfish/fairy-stockfish"
STATUSES = ["ok", "differs", "griffon-error", "fsf-error", "not-loaded"]
MOVE_LINE = re.compile(r"^(\S+): (\d+)$")
SECTION = re.compile(r"^\[([^\]:]+)(?::([^\]]*))?\]")

ERR_LOCK = threading.Lock()


def err(text):
    with ERR_LOCK:
        print(text, file=sys.stderr, flush=True)


class EngineError(Exception):
    """An engine call that gave no result: the message is the result."""


# --------------------------------------------------------------------------
# Fairy-Stockfish over UCI


class Fsf:
    def __init__(self, path, ini, timeout):
        self.path, self.ini, self.timeout = path, ini, timeout
        self.proc = None
        self.lines = None

    def start(self):
        self.proc = subprocess.Popen(
            [self.path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()
        self.send("uci")
        self.until(lambda l: l == "uciok")
        if self.ini:
            self.send(f"setoption name VariantPath value {self.ini}")
        self.sync()

    @staticmethod
    def _read(proc, lines):
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self._died()

    def _died(self):
        rc = self.proc.poll()
        if rc is None:
            try:
                rc = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                rc = "?"
        self.stop()
        if isinstance(rc, int) and rc < 0:
            raise EngineError(f"error: Fairy-Stockfish died (signal {-rc})")
        raise EngineError(f"error: Fairy-Stockfish exited (status {rc})")

    def until(self, done):
        """The lines up to and including the first one `done` accepts."""
        deadline = time.monotonic() + self.timeout
        out = []
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                self.stop()
                raise EngineError(f"timeout ({self.timeout:g} s)")
            if line is None:
                self._died()
            out.append(line)
            if done(line):
                return out

    def sync(self):
        self.send("isready")
        return self.until(lambda l: l == "readyok")

    def stop(self):
        if self.proc is not None:
            if self.proc.poll() is None:
                try:
                    self.proc.stdin.write("quit\n")
                    self.proc.stdin.flush()
                    self.proc.wait(timeout=1)
                except (OSError, subprocess.TimeoutExpired):
                    self.proc.kill()
                    self.proc.wait()
            self.proc = None

    def set_variant(self, name):
        if self.proc is None:
            self.start()
        self.send(f"setoption name UCI_Variant value {name}")
        self.send("ucinewgame")
        self.sync()

    def position(self, fen=None, moves=()):
        cmd = f"position fen {fen}" if fen else "position startpos"
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def fen(self, fen=None, moves=()):
        self.position(fen, moves)
        self.send("d")
        for line in self.sync():
            if line.startswith("Fen: "):
                return line[5:].strip()
        raise EngineError("error: no 'Fen:' line in Fairy-Stockfish's `d` output")

    def perft(self, depth, fen=None, moves=()):
        """(total, {move: count})."""
        self.position(fen, moves)
        self.send(f"go perft {depth}")
        out = self.until(lambda l: l.startswith("Nodes searched:"))
        divide = {}
        for line in out:
            m = MOVE_LINE.match(line)
            if m:
                divide[m.group(1)] = int(m.group(2))
        try:
            total = int(out[-1].split(":")[1])
        except ValueError:
            raise EngineError(f"error: unreadable Fairy-Stockfish line {out[-1]!r}")
        self.sync()
        return total, divide


def fsf_variant_names(path, ini, timeout):
    """The UCI_Variant values Fairy-Stockfish offers once INI is loaded."""
    fsf = Fsf(path, ini, timeout)
    try:
        fsf.start()
        fsf.send("uci")
        out = fsf.until(lambda l: l == "uciok")
    except (EngineError, OSError) as e:
        sys.exit(f"fsf_perft.py: {path} does not answer as Fairy-Stockfish: {e}")
    finally:
        fsf.stop()
    for line in out:
        if line.startswith("option name UCI_Variant "):
            words = line.split()
            return {words[i + 1] for i, w in enumerate(words[:-1]) if w == "var"}
    sys.exit("fsf_perft.py: Fairy-Stockfish lists no UCI_Variant option")


# --------------------------------------------------------------------------
# Griffon


def griffon_message(stderr, rc):
    lines = [l for l in stderr.splitlines() if l.strip()]
    mine = [l for l in lines if l.startswith("griffon:") or "panicked" in l]
    if mine:
        return "error: " + " | ".join(mine[-2:])
    rest = [l for l in lines if not l.startswith(("warning:", "error:", "not loaded:"))]
    return f"error: exit status {rc}" + (f": {rest[-1]}" if rest else "")


def griffon_perft(args, variant, depth, fen=None):
    cmd = [args.griffon, "perft", "--variant", variant, "--depth", str(depth), "--divide"]
    if args.ini:
        cmd += ["--variant-file", args.ini]
    if args.griffon_file:
        cmd += ["--variant-file", args.griffon_file]
    if fen:
        cmd += ["--fen", fen]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        raise EngineError(f"timeout ({args.timeout:g} s)")
    except OSError as e:
        raise EngineError(f"error: {e}")
    if r.returncode != 0:
        raise EngineError(griffon_message(r.stderr, r.returncode))
    divide, total = {}, None
    for line in r.stdout.splitlines():
        m = MOVE_LINE.match(line.strip())
        if line.startswith("Nodes:"):
            try:
                total = int(line.split(":")[1])
            except ValueError:
                pass
        elif m:
            divide[m.group(1)] = int(m.group(2))
    if total is None:
        raise EngineError("error: no 'Nodes: N' line in Griffon's output")
    return total, divide


def griffon_loaded(args):
    """The variants of INI Griffon loads."""
    try:
        r = subprocess.run(
            [args.griffon, "variants", "--file", args.ini],
            capture_output=True, text=True, timeout=args.timeout,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit(f"fsf_perft.py: `griffon variants --file` failed: {e}")
    return {line.split()[0] for line in r.stdout.splitlines() if line.strip()}


def ini_sections(path):
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = SECTION.match(line.strip())
            if m:
                names.append(m.group(1).strip())
    return names


# --------------------------------------------------------------------------
# Divide comparison


def divide_report(variant, label, fen, fsf_div, gr_div):
    best = None
    for name, f in (("as written", lambda m: m), ("ranks + 1", pgn_elo.ranks_plus_one)):
        gmap = {}
        for m in gr_div:
            gmap.setdefault(f(m).lower(), m)
        fmap = {m.lower(): m for m in fsf_div}
        common = set(gmap) & set(fmap)
        if best is None or len(common) > len(best[1]):
            best = (name, common, gmap, fmap)
    name, common, gmap, fmap = best
    out = [f"--- {variant} {label} divide ({fen}); Griffon's moves matched {name}:"]
    for k in sorted(common):
        a, b = fsf_div[fmap[k]], gr_div[gmap[k]]
        if a != b:
            out.append(f"  {fmap[k]}: fsf {a} griffon {b}" + ("" if gmap[k] == fmap[k] else f" (griffon {gmap[k]})"))
    only_f = sorted(fmap[k] for k in set(fmap) - common)
    only_g = sorted(gmap[k] for k in set(gmap) - common)
    if only_f:
        out.append("  only fsf: " + " ".join(f"{m}:{fsf_div[m]}" for m in only_f))
    if only_g:
        out.append("  only griffon: " + " ".join(f"{m}:{gr_div[m]}" for m in only_g))
    if len(out) == 1:
        out.append("  (every root move matched with equal counts)")
    err("\n".join(out))


# --------------------------------------------------------------------------
# One variant


LOCAL = threading.local()
ALL_FSF = []
ALL_FSF_LOCK = threading.Lock()


def worker_fsf(args):
    if not hasattr(LOCAL, "fsf"):
        LOCAL.fsf = Fsf(args.fsf, args.ini, args.timeout)
        with ALL_FSF_LOCK:
            ALL_FSF.append(LOCAL.fsf)
    return LOCAL.fsf


def random_walk(fsf, rng, plies):
    moves = []
    for _ in range(plies):
        _, divide = fsf.perft(1, moves=moves)
        legal = sorted(divide)
        if not legal:
            if moves:
                moves.pop()  # the position before the one without moves
            break
        moves.append(rng.choice(legal))
    return moves


def check_variant(args, variant):
    fsf = worker_fsf(args)
    problems = []  # (position index, status, detail)

    # Fairy-Stockfish: the positions, and its counts.
    positions = []  # (label, fen or None, fsf total, fsf divide)
    try:
        fsf.set_variant(variant)
        start_fen = fsf.fen()
        total, div = fsf.perft(args.depth)
        positions.append(("start", None, "fsf start FEN " + start_fen, total, div))
        suite = [f"{start_fen};variant {variant};D{args.depth} {total}"]
        rng = random.Random(f"{args.seed}:{variant}")
        for w in range(1, args.walks + 1):
            moves = random_walk(fsf, rng, args.walk_plies)
            fen = fsf.fen(moves=moves)
            total, div = fsf.perft(args.depth, fen=fen)
            positions.append((f"walk{w}", fen, fen, total, div))
            suite.append(f"{fen};variant {variant};D{args.depth} {total}")
    except EngineError as e:
        label = f"walk{len(positions)}" if positions else "start"
        problems.append((len(positions), "fsf-error", f"{label}: {e}"))
        fsf.stop()  # a fresh process for the next variant

    first_diff = None
    for i, (label, fen, shown_fen, ftotal, fdiv) in enumerate(positions):
        try:
            gtotal, gdiv = griffon_perft(args, variant, args.depth, fen)
        except EngineError as e:
            msg = str(e)
            if label == "start" and "unknown variant" in msg:
                return variant, "not-loaded", "Griffon: " + msg.split("griffon: ")[-1], []
            problems.append((i, "griffon-error", f"{label}: {msg}; {shown_fen}"))
            if msg.startswith("timeout"):
                break
            continue
        if gtotal != ftotal:
            problems.append((i, "differs", f"{label}: fsf {ftotal} griffon {gtotal}; {shown_fen}"))
            if first_diff is None:
                first_diff = (label, shown_fen, fdiv, gdiv)
    problems.sort(key=lambda p: p[0])
    if args.divide and first_diff:
        divide_report(variant, *first_diff)
    if not problems:
        return variant, "ok", f"{len(positions)} positions, depth {args.depth}", suite
    _, status, detail = problems[0]
    if len(problems) > 1:
        detail += "; also: " + ", ".join(f"{d.split(':')[0]} {s}" for _, s, d in problems[1:])
    return variant, status, detail, []


# --------------------------------------------------------------------------


SUITE_HEADER = """\
# Fairy-Stockfish's perft counts (its `go perft`) for {what}
# where Griffon agreed when this file was made: the start position and
# {walks} positions each after {plies} random moves (seed {seed}), depth {depth}.
# Made by tools/reference/fsf_perft.py --suite; the status of every
# variant is in BENCHMARKS.md.
"""


def main():
    ap = argparse.ArgumentParser(usage=__doc__.strip().splitlines()[0][7:])
    ap.add_argument("ini", nargs="?")
    ap.add_argument("--variants")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--walks", type=int, default=3)
    ap.add_argument("--walk-plies", type=int, default=8)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--include-unloaded", action="store_true")
    ap.add_argument("--fsf", default=DEFAULT_FSF)
    ap.add_argument("--suite")
    # A variant file for Griffon alone, Fairy-Stockfish playing its
    # built-in of the same name: to check a new definition of one of its
    # built-ins before it joins variants/.
    ap.add_argument("--griffon-file")
    args = ap.parse_args()
    args.fsf = os.path.expanduser(args.fsf)
    args.griffon = os.environ.get("GRIFFON") or os.path.join(ROOT, "target", "release", "griffon")
    if not (os.path.isfile(args.fsf) and os.access(args.fsf, os.X_OK)):
        sys.exit(
            f"fsf_perft.py: no Fairy-Stockfish binary at {args.fsf}: build it with "
            "tools/fairy-stockfish/build.sh, or give --fsf PATH"
        )
    if not (os.path.isfile(args.griffon) and os.access(args.griffon, os.X_OK)):
        sys.exit(f"fsf_perft.py: no Griffon binary at {args.griffon} (cargo build --release, or GRIFFON=path)")
    if not args.ini and not args.variants:
        ap.error("give a variants.ini file, --variants, or both")
    if args.ini:
        if not os.path.isfile(args.ini):
            sys.exit(f"fsf_perft.py: no file {args.ini}")
        args.ini = os.path.abspath(args.ini)
    if args.ini and args.griffon_file:
        ap.error("give INI or --griffon-file, not both")
    if args.jobs < 1 or args.depth < 1 or args.walks < 0 or args.walk_plies < 0:
        ap.error("--jobs and --depth must be at least 1, --walks and --walk-plies at least 0")

    sections = ini_sections(args.ini) if args.ini else []
    loaded = griffon_loaded(args) if args.ini else set()
    fsf_names = fsf_variant_names(args.fsf, args.ini, args.timeout)
    results = {}
    if args.variants:
        asked = [v.strip() for v in args.variants.split(",") if v.strip()]
    else:
        asked = [s for s in sections if s in loaded]
        unloaded = [s for s in sections if s not in loaded]
        if unloaded:
            err(f"{len(unloaded)} of the {len(sections)} sections of {args.ini} Griffon does not load"
                + (" (reported as not-loaded)" if args.include_unloaded else " (left out; --include-unloaded reports them)")
                + ": " + ", ".join(unloaded))
            if args.include_unloaded:
                asked += unloaded
    todo = []
    for v in dict.fromkeys(asked):
        if v in sections and v not in loaded:
            results[v] = (v, "not-loaded", "Griffon skipped this section of the file (see `griffon variants --file`)")
        elif v not in fsf_names:
            try:
                griffon_perft(args, v, 1)
                results[v] = (v, "fsf-error", "Fairy-Stockfish has no such variant (not among its UCI_Variant values)")
            except EngineError as e:
                if "unknown variant" in str(e):
                    results[v] = (v, "not-loaded", "Griffon: " + str(e).split("griffon: ")[-1])
                else:
                    results[v] = (v, "fsf-error", "Fairy-Stockfish has no such variant; Griffon: " + str(e))
        else:
            todo.append(v)

    t0 = time.monotonic()
    err(f"{len(todo)} variants, perft {args.depth} of the start position and {args.walks} "
        f"random {args.walk_plies}-ply walks each, {args.jobs} at a time")
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {pool.submit(check_variant, args, v): v for v in todo}
            for n, fut in enumerate(concurrent.futures.as_completed(futures), 1):
                v = futures[fut]
                try:
                    results[v] = fut.result()
                except Exception as e:  # a bug here must not lose the others
                    results[v] = (v, "fsf-error", f"error: fsf_perft.py: {type(e).__name__}: {e}")
                err(f"[{n}/{len(todo)}] {v}: {results[v][1]} ({time.monotonic() - t0:.1f} s)")
    finally:
        for fsf in ALL_FSF:
            fsf.stop()

    for v in sorted(results):
        name, status, detail = results[v][:3]
        print(f"{name}\t{status}\t{detail}")
    if args.suite:
        with open(args.suite, "w") as out:
            what = (f"the variants of {os.path.basename(args.ini)}" if args.ini
                    else "the variants named (built in to both engines)")
            out.write(SUITE_HEADER.format(
                what=what, depth=args.depth, walks=args.walks,
                plies=args.walk_plies, seed=args.seed))
            for v in sorted(results):
                lines = results[v][3] if len(results[v]) > 3 else []
                for line in dict.fromkeys(lines):  # a short walk can repeat the start
                    out.write(line + "\n")
    counts = {s: 0 for s in STATUSES}
    for _, status, *_ in results.values():
        counts[status] = counts.get(status, 0) + 1
    err("summary: " + ", ".join(f"{s} {n}" for s, n in counts.items())
        + f" ({len(results)} variants, {time.monotonic() - t0:.0f} s)")


if __name__ == "__main__":
    main()
