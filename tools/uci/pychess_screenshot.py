#!/usr/bin/env python3
"""Play a variant game in the PyChess GUI with Griffon as a UCI engine, and screenshot it.

What it shows
    PyChess (Debian package `pychess` 1.0.3, a GTK3 chess client) loads Griffon as a
    UCI engine (or as a CECP/xboard engine with --protocol xboard), discovers its
    options (including the UCI_Variant combo), and starts an engine-vs-engine game
    Griffon vs Griffon in a PyChess variant (default: atomic).  PyChess sends
    `setoption name UCI_Variant value <variant>` and then `position ... moves ...`
    / `go wtime ...`; every `bestmove` Griffon answers is checked by PyChess's own
    move generator for that variant.  After --plies half-moves the script saves a
    PNG screenshot of the PyChess window (board, move list, engine names, clocks,
    engine output), then quits PyChess (the engines exit on EOF).
    docs/images/pychess-griffon-crazyhouse.png was made with
    `--variant crazyhouse --plies 30`.

How to run
    Needs: pychess (apt-get install pychess), Xvfb (apt-get install xvfb) unless
    $DISPLAY already points to an X server you want to use (--use-display).
    No ImageMagick needed: the screenshot is taken through GDK.

        tools/uci/pychess_screenshot.py --engine /path/to/griffon \\
            --variant atomic --plies 12 \\
            --out docs/images/pychess-griffon-atomic.png

    --variant takes PyChess's variant name (its `cecp_name`, which PyChess also
    sends as UCI_Variant): atomic, crazyhouse, 3check, kingofthehill, giveaway,
    suicide, losers, horde, racingkings, placement, seirawan, makruk, ...
    The whole run uses a throwaway HOME (--workdir, default a new temp dir), so
    your own PyChess settings are not touched; PyChess's own opening book is
    switched off (book_depth_max = 0) so every move comes from Griffon.  PyChess
    runs with --log-debug; its log holds every line exchanged with the engine, both
    directions logged alike as "HH:MM:SS.mmm ('Griffon-<name>', ...) DEBUG: <line>",
    at WORKDIR/home/.local/share/pychess/*.log; its path, the UCI_Variant /
    `variant` lines PyChess sent and any complaint are printed at the end.  The
    whole process tree runs under `nice -n 15`.  The PNG is posterized until it
    is at most --max-kb (default 250) KB.

    Exit status 0 means: the game reached --plies half-moves (or ended by the
    rules), the screenshot was written, and the log holds no complaint (PyChess
    "didn't validate"/"ParsingError"/"InvalidMove", Griffon "info string error").

PyChess writes the holdings of placement, seirawan and sittuyin positions
    as a rank after the last (`.../8/nnbbrrqkNNBBRRQK w ...`); Griffon reads
    that as Fairy-Stockfish does.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

CHILD_ENV = "GRIFFON_PYCHESS_SHOT_CHILD"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--engine", default=os.environ.get("GRIFFON", "griffon"),
                   help="Griffon binary (default: $GRIFFON or `griffon` on PATH)")
    p.add_argument("--protocol", choices=("uci", "xboard"), default="uci")
    p.add_argument("--variant", default="atomic",
                   help="PyChess variant cecp_name (sent as UCI_Variant), default atomic")
    p.add_argument("--plies", type=int, default=12, help="half-moves to play before the screenshot")
    p.add_argument("--secs", type=int, default=60, help="base time per side, seconds")
    p.add_argument("--incr", type=int, default=1, help="increment per move, seconds")
    p.add_argument("--out", default=None,
                   help="PNG to write (default docs/images/pychess-griffon-VARIANT.png)")
    p.add_argument("--max-kb", type=int, default=250,
                   help="posterize the PNG until it is at most this many KB (default 250)")
    p.add_argument("--scale", type=float, default=1.0, help="scale factor for the PNG")
    p.add_argument("--width", type=int, default=1270, help="PyChess window width")
    p.add_argument("--height", type=int, default=860, help="PyChess window height")
    p.add_argument("--workdir", default=None, help="scratch dir (default: new temp dir)")
    p.add_argument("--use-display", action="store_true",
                   help="use the existing $DISPLAY instead of starting Xvfb")
    p.add_argument("--screen", default="1280x900x24", help="Xvfb screen geometry")
    p.add_argument("--timeout", type=int, default=300, help="give up after this many seconds")
    return p.parse_args()


# --------------------------------------------------------------------------- parent
def parent(args):
    engine = shutil.which(args.engine) or args.engine
    engine = os.path.abspath(engine)
    if not os.access(engine, os.X_OK):
        sys.exit("engine not executable: %s" % engine)
    out = os.path.abspath(args.out or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "images",
        "pychess-griffon-%s.png" % args.variant.replace("/", "-")))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    workdir = os.path.abspath(args.workdir or tempfile.mkdtemp(prefix="pychess-griffon-"))
    home = os.path.join(workdir, "home")
    cfg = os.path.join(home, ".config", "pychess")
    data = os.path.join(home, ".local", "share", "pychess")
    os.makedirs(cfg, exist_ok=True)
    os.makedirs(data, exist_ok=True)

    # engines.json: PyChess (engineNest.py) re-discovers engines with "recheck": true
    # (it runs the engine, sends `uci` / `xboard`+`protover 2`, and stores the options).
    with open(os.path.join(cfg, "engines.json"), "w") as fh:
        json.dump([{
            "name": "Griffon",
            "protocol": args.protocol,
            "command": engine,
            "args": [args.protocol] if args.protocol == "uci" else ["xboard"],
            "workingDirectory": os.path.dirname(engine),
            "recheck": True,
            "country": "unknown",
            "comment": "",
            "level": 20,
        }], fh, indent=1)
    # No startup dialogs, no hint/spy analyzers, no autosave noise, and
    # book_depth_max = 0: otherwise PyChess plays the first ~13 plies of an engine's
    # game from its own (orthodox chess) opening book without asking the engine.
    with open(os.path.join(cfg, "config"), "w") as fh:
        fh.write("[General]\n"
                 "dont_show_externals_at_startup = True\n"
                 "show_tip_at_startup = False\n"
                 "analyzer_check = False\n"
                 "inv_analyzer_check = False\n"
                 "autoSave = False\n"
                 "version_check = False\n"
                 "book_depth_max = 0\n")

    env = dict(os.environ)
    env.update({
        CHILD_ENV: "1",
        "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
        "XDG_CACHE_HOME": os.path.join(home, ".cache"),
        # keep PyChess from auto-detecting other engines installed in /usr/games etc.
        "PATH": "/usr/bin:/bin",
        "NO_AT_BRIDGE": "1",
        "LANG": "C.UTF-8",
        "SHOT_OUT": out,
        "SHOT_VARIANT": args.variant,
        "SHOT_PLIES": str(args.plies),
        "SHOT_SECS": str(args.secs),
        "SHOT_INCR": str(args.incr),
        "SHOT_SCALE": str(args.scale),
        "SHOT_MAX_KB": str(args.max_kb),
        "SHOT_WIDTH": str(args.width),
        "SHOT_HEIGHT": str(args.height),
    })
    xvfb = None
    if not args.use_display:
        for n in range(91, 140):
            if not os.path.exists("/tmp/.X11-unix/X%d" % n) and not os.path.exists("/tmp/.X%d-lock" % n):
                break
        env["DISPLAY"] = ":%d" % n
        xvfb = subprocess.Popen(["nice", "-n", "15", "Xvfb", env["DISPLAY"], "-screen", "0",
                                 args.screen, "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists("/tmp/.X11-unix/X%d" % n):
                break
            time.sleep(0.1)
    if os.path.exists(out):
        os.remove(out)
    # the Debian python that has PyChess and PyGObject (what /usr/games/pychess uses)
    py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    child = subprocess.Popen(["nice", "-n", "15", py, os.path.abspath(__file__)]
                             + sys.argv[1:], env=env, cwd=home)
    try:
        rc = child.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        rc = -1
        print("timeout: PyChess did not finish", file=sys.stderr)
    finally:
        if xvfb:
            xvfb.terminate()
            xvfb.wait()

    logs = sorted(glob.glob(os.path.join(data, "*.log")))
    bad = []
    sent = []
    nmoves = 0
    for log in logs:
        with open(log, errors="replace") as fh:
            for line in fh:
                low = line.lower()
                # PyChess: "ParsingError engine move", "didn't validate", "InvalidMove",
                # WON_ADJUDICATION; Griffon: "info string error: ...", "illegal"
                if any(w in low for w in ("illegal", "invalid move", "invalidmove", "parsingerror",
                                          "didn't validate", "info string error", "unknown variant")):
                    bad.append(line.rstrip())
                # PyChess logs both directions alike: "<time> ('Griffon-xxx', ...) DEBUG: <line>"
                if "DEBUG: setoption name UCI_Variant" in line or "DEBUG: variant " in line:
                    sent.append(line.rstrip())
                if "DEBUG: bestmove " in line or "DEBUG: move " in line:
                    nmoves += 1
    print("PyChess log:", ", ".join(logs) or "(none)")
    for line in sent:
        print("  sent:", line[:200])
    print("engine moves in log (bestmove/move lines):", nmoves)
    for line in bad:
        print("  COMPLAINT:", line[:300])
    ok = rc == 0 and os.path.exists(out) and not bad
    print("screenshot:", out if os.path.exists(out) else "(not written)")
    print("result:", "OK" if ok else "FAILED (rc=%s)" % rc)
    return 0 if ok else 1


# --------------------------------------------------------------------------- child
def child():
    import gettext
    import gi
    for ns, ver in (("cairo", "1.0"), ("GLib", "2.0"), ("Gdk", "3.0"), ("GdkPixbuf", "2.0"),
                    ("GObject", "2.0"), ("Gtk", "3.0"), ("GtkSource", "3.0"), ("Pango", "1.0"),
                    ("PangoCairo", "1.0"), ("Rsvg", "2.0")):
        gi.require_version(ns, ver)
    from gi.repository import Gdk, GdkPixbuf, GLib
    gettext.install("pychess", names=("ngettext",))

    import pychess.Main as Main
    from pychess.compat import create_task
    from pychess.Players.engineNest import discoverer
    from pychess.Utils.const import ARTIFICIAL, WHITE, BLACK
    from pychess.Utils.GameModel import GameModel
    from pychess.Utils.TimeModel import TimeModel
    from pychess.Variants import variants
    from pychess.System.Log import log
    from pychess.perspectives import perspective_manager

    out = os.environ["SHOT_OUT"]
    vname = os.environ["SHOT_VARIANT"]
    plies = int(os.environ["SHOT_PLIES"])
    secs = int(os.environ["SHOT_SECS"])
    incr = int(os.environ["SHOT_INCR"])
    scale = float(os.environ["SHOT_SCALE"])
    max_kb = int(os.environ["SHOT_MAX_KB"])
    state = {"rc": 3, "shot": False}

    cands = [v for v in variants.values() if v.cecp_name == vname and not v.standard_rules]
    if not cands:
        cands = [v for v in variants.values() if v.cecp_name == vname]
    if not cands:
        print("unknown PyChess variant %r; known: %s" % (
            vname, sorted({v.cecp_name for v in variants.values()})), file=sys.stderr)
        sys.exit(2)
    variant = cands[0]

    def finish(app, gamemodel, rc):
        # GameModel.end()/pause() raise TypeError inside PyChess 1.0.3's UCIEngine.end()
        # (wait_signal.cancel() signature, Python 3.11), so just stop PyChess: the
        # engines see EOF on stdin and exit.
        state["rc"] = rc
        GLib.timeout_add(500, lambda: (app.loop.stop(), app.quit(), False)[-1])

    def show_tab(widget, title):
        """Bring the side-panel tab whose label contains `title` to the front."""
        from gi.repository import Gtk

        def texts(w):
            if isinstance(w, Gtk.Label):
                yield w.get_text()
            if isinstance(w, Gtk.Container):
                for c in w.get_children():
                    yield from texts(c)

        if isinstance(widget, Gtk.Notebook):
            for i in range(widget.get_n_pages()):
                tab = widget.get_tab_label(widget.get_nth_page(i))
                if tab is not None and any(title in t for t in texts(tab)):
                    widget.set_current_page(i)
        if isinstance(widget, Gtk.Container):
            for c in widget.get_children():
                show_tab(c, title)

    def screenshot(app, gamemodel):
        if state["shot"]:
            return False
        if not state.get("tab"):
            # show the move list instead of the score graph, then shoot a bit later
            state["tab"] = True
            show_tab(app.window, "Move History")
            GLib.timeout_add(700, screenshot, app, gamemodel)
            return False
        state["shot"] = True
        win = app.window.get_window()
        w, h = win.get_width(), win.get_height()
        pix = Gdk.pixbuf_get_from_window(win, 0, 0, w, h)
        if scale != 1.0:
            pix = pix.scale_simple(int(w * scale), int(h * scale), GdkPixbuf.InterpType.NEAREST)
        # Posterize (drop the low bits of each channel) until the PNG is small enough:
        # the board's wood/marble textures are what makes it big.
        data = pix.get_pixels()
        for bits in range(0, 6):
            mask = (0xff << bits) & 0xff
            table = bytes((i & mask) | ((i & mask) >> (8 - bits)) if bits else i for i in range(256))
            shot = GdkPixbuf.Pixbuf.new_from_bytes(
                GLib.Bytes.new(data.translate(table)), pix.get_colorspace(), pix.get_has_alpha(),
                8, pix.get_width(), pix.get_height(), pix.get_rowstride())
            shot.savev(out, "png", ["compression"], ["9"])
            if os.path.getsize(out) <= max_kb * 1024:
                break
        moves = [str(m) for m in gamemodel.moves]
        print("screenshot %s after %d plies: %s" % (out, gamemodel.ply, " ".join(moves)))
        log.info("pychess_screenshot: %s after moves %s" % (out, " ".join(moves)))
        finish(app, gamemodel, 0)
        return False

    def start_game(app):
        engine = discoverer.getEngineByName("Griffon")
        if engine is None:
            print("Griffon was not discovered by PyChess", file=sys.stderr)
            finish(app, None, 4)
            return
        supported = discoverer.getEngineVariants(engine)
        log.info("pychess_screenshot: Griffon variants per PyChess: %s" % sorted(
            v.cecp_name for v in variants.values() if v.variant in supported))
        if variant.variant not in supported:
            print("PyChess thinks Griffon does not support %s" % vname, file=sys.stderr)
            finish(app, None, 5)
            return
        # no window manager under Xvfb, so maximize() would do nothing
        app.window.move(0, 0)
        app.window.resize(int(os.environ.get("SHOT_WIDTH", "1270")),
                          int(os.environ.get("SHOT_HEIGHT", "860")))
        tups = []
        for color in (WHITE, BLACK):
            # args as in newGameDialog: engine, color, skill (20 = full time), variant,
            # secs, incr, moves, forcePonderOff (engine-vs-engine)
            tups.append((ARTIFICIAL, discoverer.initPlayerEngine,
                         [engine, color, 20, variant, secs, incr, 0, True], "Griffon"))
        gamemodel = GameModel(TimeModel(secs, incr), variant)

        def on_changed(model, ply):
            # (GameModel.pause() is not used: in PyChess 1.0.3 it raises TypeError in
            # UCIEngine.end() for engine-vs-engine games)
            if ply >= plies and not state["shot"] and not state.get("pending"):
                state["pending"] = True
                GLib.timeout_add(1000, screenshot, app, model)

        def on_ended(model, reason):
            if not state["shot"] and not state.get("pending"):
                state["pending"] = True
                print("game ended early (reason %s) after %d plies" % (reason, model.ply))
                GLib.timeout_add(1200, screenshot, app, model)

        gamemodel.connect("game_changed", on_changed)
        gamemodel.connect("game_ended", on_ended)
        persp = perspective_manager.get_perspective("games")
        create_task(persp.generalStart(gamemodel, tups[0], tups[1]))

    # GObject virtual methods are bound when a class is created, so patching
    # PyChess.do_activate would be ignored: subclass it instead, and let
    # /usr/games/pychess pick the subclass up from the already imported module.
    BasePyChess = Main.PyChess

    class ShotPyChess(BasePyChess):
        def do_activate(self):
            def on_discovered(_discoverer):
                print("PyChess discovered its engines; starting the game", flush=True)
                GLib.timeout_add(500, lambda: start_game(self) and False)
            discoverer.connect_after("all_engines_discovered", on_discovered)
            BasePyChess.do_activate(self)

    Main.PyChess = ShotPyChess

    import runpy
    sys.argv = ["pychess", "--log-debug", "--no-version-check"]
    try:
        runpy.run_path("/usr/games/pychess", run_name="__main__")
    except SystemExit:
        pass
    except RuntimeError as err:  # loop.stop() while run_forever: fine
        print(err, file=sys.stderr)
    os._exit(state["rc"])


if __name__ == "__main__":
    if os.environ.get(CHILD_ENV):
        child()
    else:
        sys.exit(parent(parse_args()))
