#!/usr/bin/env python3
"""Usage: tools/hardening/variant_games.py [--variants A,B,...] [--ini FILE] [--games N] [--tc TC] [--time-margin MS] [--concurrency N] [--seed S] [--timeout SEC] [--out DIR] [--tsv FILE [--resume]] [--uci] [--griffon PATH]
       tools/hardening/variant_games.py --variants normal,xiangqi --games 2 --out /tmp/vg

Self-play in Fairy-Stockfish's variants, refereed twice: Griffon plays
itself (`griffon match`, no adjudication but the 1000-move cap, so games
end by the rules), and every game is replayed through pyffish
(Fairy-Stockfish's Python binding), which checks each move and the end.

The variants are Fairy-Stockfish's built-in games (pyffish.variants())
and the sections of --ini (default ../shared/ref/fsf-variants.ini)
that Griffon loads (`griffon variants --file`); --variants picks some of
them. Built-in games are played and checked before the file is loaded
into pyffish, since a section may redefine a built-in name.

For each variant: `griffon match` of --games games (default 10) at --tc
(default 1+0.01; an engine may overstep its clock by --time-margin ms,
default 100: raise it on a loaded machine), --concurrency (default 2) at
a time, openings of 4 random plies from --seed, writing DIR/VARIANT.pgn
and DIR/VARIANT.json, and the match's output to DIR/VARIANT.out and .err
(--out, default /tmp/variant-games); for a section of --ini both engines
are `griffon xboard --variant-file INI`. A match that outlasts --timeout
(default 600 s) is stopped, and the games it finished are still checked.

The engines speak CECP, so the match referees as XBoard 4.9 does: where
XBoard lacks a rule of the variant (courier's and chu's bare king, the
makruk and ASEAN counts) the games go on without it. --uci plays them
over UCI (`griffon uci`, proto=uci), refereed by the variant's own rules. Faults (illegal moves, time losses,
crashes, hangs) and unplayed games come from the JSON.

Every game of the PGN is replayed in pyffish from its [FEN] tag (else
pyffish's start position). Griffon writes XBoard's coordinate notation; a
move is matched to the one legal pyffish move that reads the same once
both are normalised:

- ranks one higher on 10-rank boards (XBoard numbers them 0-9);
- piece letters as pyffish reads them (xiangqi's XBoard `H@e4` is
  pyffish's `N@e5`): the start FEN's letters against pyffish's reading of
  that FEN give the map;
- letters in either case, and the parts of a move compared as its
  squares in order and the rest (`e7e8,e8h5q` is `e7e8q,e8h5`);
- `@@@@` as the pass pyffish writes from a square to itself, and
  `O-O`/`O-O-O` as the move pyffish's SAN calls that (the game is then
  read as Chess960);
- where a wall may go instead of a move (`wallOrMove`), pyffish's plain
  move carries a leg to a1 (`c2c4,c4a1`): a move matches when it is
  Griffon's and places the wall Griffon names, or none;
- a move whose letter pyffish writes otherwise (Kyoto shogi's demotion,
  Griffon's `a1a2l`, pyffish's `a1a2-`) matches by what the letter says:
  the piece that stands on the square after the move (`+` a promoted one).

A move that matches no legal move is ILLEGAL; one that matches several is
a notation GAP, and so is a start FEN pyffish refuses. A move in a
position pyffish holds to be over (no legal move, or an immediate end by
the variant's rules) is PLAYED-ON, a disagreement. A move where a player
could have claimed pyffish's optional end (n-move rule, repetition,
counting) gives a NOTE, once per game (the `late` column).

The end of each game is compared with pyffish's view of its last
position: no legal move -> game_result; else is_immediate_game_end, then
is_optional_game_end. A game

- agrees: Griffon's result is pyffish's end there (a claimable end only
  for Griffon's ends by history: n-move rule, repetition, counting), or
  Griffon drew by insufficient material where pyffish's
  has_insufficient_material agrees;
- disagrees: the results differ, or Griffon ended a game pyffish holds to
  go on by a rule of the position (mate, stalemate, a variant's goal), or
  the move cap ended a game pyffish holds to be over;
- unconfirmed: Griffon ended it by a rule of the game's history that
  pyffish does not see there;
- capped: the 1000-move cap ended it;
- faulted: a fault, a resignation or a false claim ended it.

Findings go to stdout as they are found (ILLEGAL, GAP, PLAYED-ON,
DISAGREES, UNCONFIRMED, NOTE, the JSON's FAULT lines, NO-JSON), then one
line per variant:

    VARIANT games G faults F unplayed U illegal I gaps N agrees A disagrees D unconfirmed C capped M faulted X late L plies P status S

(P the average plies per game; S `ok`, `timeout` or `error`: how the
match ended), and the totals. --tsv FILE writes the same lines
tab-separated; with --resume, the variants already in FILE (a run stopped
part-way) keep their lines there and are not played again. Progress goes
to stderr. Griffon is --griffon, else $GRIFFON, else
target/release/griffon of this repository.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time

import pyffish

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "reference"))
from fsf_perft import ini_sections  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
import pgn_elo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_INI = os.path.join(os.path.dirname(ROOT), "shared", "ref", "fsf-variants.ini")
COLUMNS = ["games", "faults", "unplayed", "illegal", "gaps", "agrees", "disagrees",
           "unconfirmed", "capped", "faulted", "late", "plies"]
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
SQUARE = re.compile(r"([a-z])(\d+)")

# Griffon's terminations (src/judge/reason.rs): ends the position makes...
POSITION_END = re.compile(
    r"^((White|Black) mates|(White|Black) is checkmated|Stalemate|\d+ checks|king captured|"
    r"king exploded|bare king|no pieces left|goal reached|pieces connected|both sides passed|"
    r"bikjang|board full|castling decided)$")
# ...and ends that need the game's history or a count.
HISTORY_END = re.compile(
    r"^(counting rule|insufficient material|\d+-move rule|repetition|"
    r"perpetual (check|chase) by (White|Black)|move repetition by (White|Black))$")
CAPPED = "adjudication: game too long"


def err(text):
    print(text, file=sys.stderr, flush=True)


def say(text):
    print(text, flush=True)


# --------------------------------------------------------------------------
# Griffon's games


def play_match(args, variant, ini):
    """Runs the match; returns (status, pgn path, json path)."""
    pgn = os.path.join(args.out, variant + ".pgn")
    summary = os.path.join(args.out, variant + ".json")
    for path in (pgn, summary):
        if os.path.exists(path):
            os.remove(path)
    g = args.griffon
    engine = [f"cmd={g}"]
    if args.uci:
        engine += ["arg=uci", "proto=uci"]
    elif ini:
        engine += ["arg=xboard"]
    if ini:
        engine += ["arg=--variant-file", f"arg={ini}"]
    cmd = [g, "match", "--engine", *engine, "name=A", "--engine", *engine, "name=B",
           "--variant", variant]
    if ini:
        cmd += ["--variant-file", ini]
    cmd += ["--tc", args.tc, "--time-margin", str(args.time_margin),
            "--games", str(args.games), "--concurrency", str(args.concurrency),
            "--random-plies", "4", "--seed", str(args.seed), "--pgn", pgn, "--json", summary]
    with open(os.path.join(args.out, variant + ".out"), "w") as out, \
            open(os.path.join(args.out, variant + ".err"), "w") as errs:
        # A session of its own, so that a timeout stops the engines too.
        proc = subprocess.Popen(cmd, stdout=out, stderr=errs, start_new_session=True)
        try:
            rc = proc.wait(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return "timeout", pgn, summary
    return ("ok" if rc == 0 else "error"), pgn, summary


def read_pgn(path):
    """[(tags, move texts)] of the games in a PGN file."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    games = []
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags, body = {}, []
        for line in chunk.splitlines():
            m = TAG.match(line.strip())
            if m:
                tags[m.group(1)] = m.group(2)
            else:
                body.append(line)
        if not tags:
            continue
        movetext = re.sub(r"\{[^}]*\}", " ", " ".join(body))
        moves = [t for t in movetext.split()
                 if not re.fullmatch(r"\d+\.+", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        games.append((tags, moves))
    return games


# --------------------------------------------------------------------------
# Moves: Griffon's text to pyffish's


def board_height(fen):
    board = re.sub(r"\[[^\]]*\]", "", fen.split()[0])
    return board.count("/") + 1


def board_pieces(fen):
    """{square: piece} of a FEN's board (`+P` promoted, `P~` promoted in
    crazyhouse's way)."""
    board = re.sub(r"\[[^\]]*\]", "", fen.split()[0])
    ranks = board.split("/")
    pieces = {}
    for row, rank in enumerate(ranks):
        file = 0
        for token in re.findall(r"\d+|\+?[A-Za-z*]~?", rank):
            if token.isdigit():
                file += int(token)
            else:
                pieces[f"{chr(ord('a') + file)}{len(ranks) - row}"] = token
                file += 1
    return pieces


def walls(pieces):
    """The wall squares of a board, {square: piece}."""
    return {sq for sq, piece in pieces.items() if piece == "*"}


def move_key(text):
    """A move's squares in order and its other characters, case-blind:
    `e7e8q,e8h5` and `e7e8,e8h5q` read the same."""
    t = text.lower()
    squares = tuple(m.group(0) for m in SQUARE.finditer(t))
    return squares, "".join(sorted(SQUARE.sub("", t)))


def is_pass(key):
    squares, rest = key
    return len(squares) == 2 and squares[0] == squares[1] and rest == ""


def castle_side(san):
    """`O-O` or `O-O-O` for a castling move's SAN, else None."""
    m = re.match(r"O-O(-O)?", san)
    return m.group(0) if m else None


class Replay:
    """One game replayed in pyffish."""

    def __init__(self, variant, fen, is960):
        self.variant, self.fen, self.is960 = variant, fen, is960
        self.ten_ranks = board_height(fen) == 10
        self.moves = []
        # Griffon's piece letters as pyffish reads them (xiangqi's XBoard
        # `h` and `e` are its `n` and `b`), learnt from the start FEN.
        read = board_pieces(pyffish.get_fen(variant, fen, [], is960))
        self.letters = {}
        for sq, piece in board_pieces(fen).items():
            mine, theirs = piece.strip("+~").lower(), read.get(sq, "").strip("+~").lower()
            if theirs and mine != theirs:
                self.letters[mine] = theirs

    def pyffish_letters(self, text):
        """`text` with Griffon's piece letters (those outside squares) as
        pyffish's."""
        def piece(c):
            return self.letters.get(c.lower(), c.lower()).upper() if c.isupper() \
                else self.letters.get(c, c)
        parts = re.split(r"([a-z]\d+)", text)
        return "".join(p if i % 2 else "".join(piece(c) for c in p) for i, p in enumerate(parts))

    def legal(self):
        return pyffish.legal_moves(self.variant, self.fen, self.moves, self.is960)

    def match(self, text, legal):
        """The legal pyffish moves Griffon's `text` can be."""
        if self.ten_ranks:
            text = pgn_elo.ranks_plus_one(text)
        text = self.pyffish_letters(text)
        if text in legal:
            return [text]
        if text == "@@@@":
            return [m for m in legal if is_pass(move_key(m))]
        head, _, wall = text.partition(",")
        side = castle_side(head)
        if side and head == side:
            fen, found = self.position_fen(), []
            for m in legal:
                if wall and move_key(m.partition(",")[2]) != move_key(wall):
                    continue
                if castle_side(pyffish.get_san(self.variant, fen, m, self.is960)) == side:
                    found.append(m)
            return found
        key = move_key(text)
        found = [m for m in legal if move_key(m) == key]
        if not found and (not wall or is_pass(move_key(head))):
            found = self.same_walls(text, legal)
        if not found and re.fullmatch(r"[a-z]\d+[a-z]\d+([a-z]|\+)", text):
            found = self.same_piece(text, legal)
        return found

    def after(self, move):
        """The board after `move`, {square: piece}."""
        return board_pieces(pyffish.get_fen(self.variant, self.fen, self.moves + [move], self.is960))

    def same_piece(self, text, legal):
        """A piece's move with a letter pyffish writes otherwise (Kyoto
        shogi's demotion: Griffon `a1a2l`, pyffish `a1a2-`): the moves
        between the same squares after which the piece on the target is
        the letter's (a promoted one for `+`)."""
        squares, suffix = move_key(text)[0], text[-1]
        found = []
        for m in legal:
            if move_key(m)[0] != squares:
                continue
            piece = self.after(m).get(squares[1], "")
            if (suffix == "+" and piece.startswith("+")) or \
                    (suffix != "+" and piece.strip("+~").lower() == suffix):
                found.append(m)
        return found

    def same_walls(self, text, legal):
        """Where a wall may go instead of a move (`wallOrMove`), pyffish
        writes a move that places none with a second leg to a1
        (`c2c4,c4a1`, Griffon `c2c4`), and a wall alone as some piece's
        null move and the wall (`a7a7,a7a4`): the moves that are Griffon's
        move and place the wall it names, or none."""
        head, _, wall = text.partition(",")
        wall_to = move_key(wall)[0][-1:] if wall else ()
        before = walls(board_pieces(self.position_fen()))
        found = []
        for m in legal:
            m_head, _, m_wall = m.partition(",")
            if wall:
                same = is_pass(move_key(m_head)) and move_key(m_wall)[0][-1:] == wall_to
            else:
                same = move_key(m_head) == move_key(head)
            if same and walls(self.after(m)) - before == set(wall_to):
                found.append(m)
        return found

    def position_fen(self):
        return pyffish.get_fen(self.variant, self.fen, self.moves, self.is960)

    def immediate_end(self, legal):
        """(True, value) when the position is over by the rules, value
        from the side to move's view; (False, 0) otherwise."""
        if not legal:
            return True, pyffish.game_result(self.variant, self.fen, self.moves, self.is960)
        return pyffish.is_immediate_game_end(self.variant, self.fen, self.moves, self.is960)

    def optional_end(self):
        return pyffish.is_optional_game_end(self.variant, self.fen, self.moves, self.is960)

    def result_text(self, value):
        """The PGN result of a value for the side to move."""
        if value == 0:
            return "1/2-1/2"
        white_to_move = self.position_fen().split()[1] == "w"
        return "1-0" if (value > 0) == white_to_move else "0-1"


def uses_960(moves):
    """Whether pyffish should read the game as Chess960: Griffon writes
    castling as O-O there (and pyffish as king takes rook)."""
    return any(castle_side(m.partition(",")[0]) for m in moves)


# --------------------------------------------------------------------------
# One game


def check_game(variant, number, tags, texts, pgn_path):
    """(class, plies, findings). class: illegal, gaps, agrees, disagrees,
    unconfirmed, capped, faulted or unplayed; findings the lines to print."""
    result = tags.get("Result", "*")
    termination = tags.get("Termination", "")
    where = f"{variant} game {number} ({pgn_path} [Round \"{number}\"])"
    if result == "*":
        return "unplayed", len(texts), []
    fen = tags.get("FEN") or pyffish.start_fen(variant)
    is960 = uses_960(texts)
    if pyffish.validate_fen(fen, variant, is960) != pyffish.FEN_OK:
        return "gaps", len(texts), [f"GAP {where}: pyffish refuses the start FEN {fen}"]
    game = Replay(variant, fen, is960)
    griffon_end = f"Griffon's end {result} {{{termination}}} after {len(texts)} plies"
    notes = []
    for ply, text in enumerate(texts, 1):
        legal = game.legal()
        over, value = game.immediate_end(legal)
        if over:
            same = " (the same result)" if game.result_text(value) == result else ""
            return "disagrees", len(texts), [
                f"PLAYED-ON {where} ply {ply}: Griffon played {text} where pyffish ends the game "
                f"({game.result_text(value)}, {len(legal)} legal moves); {griffon_end}{same}; "
                f"FEN {game.position_fen()}; last moves {' '.join(game.moves[-12:])}"]
        claim, value = game.optional_end()
        if claim and not notes:
            notes.append(
                f"NOTE {where} ply {ply}: Griffon played on where pyffish's optional end gives "
                f"{game.result_text(value)}; {griffon_end}; FEN {game.position_fen()}")
        found = game.match(text, legal)
        if len(found) != 1:
            kind = "ILLEGAL" if not found else "GAP"
            detail = "not among" if not found else f"matches {' '.join(sorted(found))} of"
            return ("illegal" if not found else "gaps"), len(texts), [
                f"{kind} {where} ply {ply}: {text} {detail} pyffish's {len(legal)} legal moves; "
                f"FEN {game.position_fen()}; pyffish moves so far: {' '.join(game.moves[-12:])}"]
        game.moves.append(found[0])

    legal = game.legal()
    over, value = game.immediate_end(legal)
    how = "no legal move" if over and not legal else "immediate end"
    if termination == CAPPED:
        if not over:
            return "capped", len(texts), notes
        kind = "disagrees"  # the cap came after an end of the game
    elif not (POSITION_END.match(termination) or HISTORY_END.match(termination)):
        return "faulted", len(texts), notes
    else:
        if not over:
            over, value = game.optional_end()
            how = "optional end"
        if over and game.result_text(value) == result and (
                how != "optional end" or HISTORY_END.match(termination)):
            return "agrees", len(texts), notes
        if not over and termination == "insufficient material" and result == "1/2-1/2" \
                and all(pyffish.has_insufficient_material(variant, fen, game.moves, is960)):
            return "agrees", len(texts), notes
        kind = "unconfirmed" if not over and HISTORY_END.match(termination) else "disagrees"
    verdict = f"{game.result_text(value)} by its {how}" if over else "not over"
    return kind, len(texts), notes + [
        f"{kind.upper()} {where}: {griffon_end}; pyffish: {verdict}; "
        f"final FEN {game.position_fen()}; last moves {' '.join(game.moves[-12:])}"]


# --------------------------------------------------------------------------
# One variant


def run_variant(args, variant, ini):
    """Plays and checks one variant: its summary row, and the plies of its
    games."""
    t0 = time.monotonic()
    status, pgn, summary_path = play_match(args, variant, ini)
    row = dict.fromkeys(COLUMNS, 0)
    try:
        with open(summary_path) as f:
            summary = json.load(f)
        row["faults"] = len(summary["faults"])
        row["unplayed"] = summary["unplayed"]
        for fault in summary["faults"]:
            say(f"FAULT {variant} game {fault['game']}: {fault['fault']}")
    except (OSError, ValueError, KeyError):
        summary = None
        say(f"NO-JSON {variant}: no readable {summary_path} (match {status})")
    games = read_pgn(pgn)
    plies = 0
    for tags, texts in games:
        number = tags.get("Round", "?")
        try:
            kind, n, findings = check_game(variant, number, tags, texts, pgn)
        except Exception as e:  # pyffish refusing a position must not lose the rest
            kind, n, findings = "gaps", len(texts), [
                f"GAP {variant} game {number}: pyffish: {type(e).__name__}: {e}"]
        if kind == "unplayed":
            continue  # counted from the JSON
        row["games"] += 1
        row[kind] += 1
        row["late"] += any(f.startswith("NOTE") for f in findings)
        plies += n
        for finding in findings:
            say(finding)
    if summary is None:
        row["unplayed"] = max(args.games - row["games"], 0)
    row["plies"] = round(plies / row["games"]) if row["games"] else 0
    row["status"] = status
    err(f"  {variant}: {status}, {len(games)} games in {time.monotonic() - t0:.0f} s")
    return row, plies


def report(name, row, tsv):
    """The summary line of a variant (or of the totals), and its TSV row."""
    say(" ".join([name] + [f"{c} {row[c]}" for c in COLUMNS + ["status"]]))
    if tsv:
        tsv.write("\t".join([name] + [str(row[c]) for c in COLUMNS + ["status"]]) + "\n")
        tsv.flush()


# --------------------------------------------------------------------------


def read_tsv(path):
    """{variant: row} of the variant lines of a --tsv file."""
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            name, *values = line.split("\t")
            if len(values) == len(COLUMNS) + 1 and not name.startswith("TOTAL"):
                rows[name] = dict(zip(COLUMNS, map(int, values[:-1])), status=values[-1])
    return rows


def griffon_loaded(griffon, ini):
    r = subprocess.run([griffon, "variants", "--file", ini], capture_output=True, text=True)
    return {line.split()[0] for line in r.stdout.splitlines() if line.strip()}


def main():
    ap = argparse.ArgumentParser(usage=__doc__.strip().splitlines()[0][7:])
    ap.add_argument("--variants")
    ap.add_argument("--ini", default=DEFAULT_INI)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--tc", default="1+0.01")
    ap.add_argument("--time-margin", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--out", default="/tmp/variant-games")
    ap.add_argument("--tsv")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--uci", action="store_true")
    ap.add_argument("--griffon")
    if len(sys.argv) == 1 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return
    args = ap.parse_args()
    args.griffon = args.griffon or os.environ.get("GRIFFON") \
        or os.path.join(ROOT, "target", "release", "griffon")
    if not (os.path.isfile(args.griffon) and os.access(args.griffon, os.X_OK)):
        sys.exit(f"variant_games.py: no Griffon binary at {args.griffon} (--griffon or GRIFFON=path)")
    if not os.path.isfile(args.ini):
        sys.exit(f"variant_games.py: no file {args.ini}")
    if args.resume and not args.tsv:
        ap.error("--resume needs --tsv")
    args.ini = os.path.abspath(args.ini)
    os.makedirs(args.out, exist_ok=True)

    builtins = pyffish.variants()
    loaded = griffon_loaded(args.griffon, args.ini)
    sections = [s for s in ini_sections(args.ini) if s in loaded]
    if args.variants:
        asked = list(dict.fromkeys(v.strip() for v in args.variants.split(",") if v.strip()))
    else:
        asked = builtins + sections
    todo = [(v, None) for v in asked if v in builtins and v not in sections]
    todo += [(v, args.ini) for v in asked if v in sections]
    for v in asked:
        if v not in builtins and v not in sections:
            err(f"variant_games.py: {v} is neither a pyffish built-in nor a section of "
                f"{args.ini} Griffon loads; left out")

    done = read_tsv(args.tsv) if args.resume and os.path.exists(args.tsv) else {}
    tsv = open(args.tsv, "w") if args.tsv else None
    if tsv:
        tsv.write("\t".join(["variant"] + COLUMNS + ["status"]) + "\n")
    totals = dict.fromkeys(COLUMNS, 0)
    statuses = {}
    all_plies = 0
    t0 = time.monotonic()
    ini_loaded = False
    for n, (variant, ini) in enumerate(todo, 1):
        if ini and not ini_loaded:
            with open(ini, encoding="utf-8") as f:
                pyffish.load_variant_config(f.read())
            ini_loaded = True
        if variant in done:
            row = done[variant]
            plies = row["plies"] * row["games"]
        else:
            err(f"[{n}/{len(todo)}] {variant} ({time.monotonic() - t0:.0f} s)")
            row, plies = run_variant(args, variant, ini)
        report(variant, row, tsv)
        for c in COLUMNS:
            totals[c] += row[c]
        all_plies += plies
        statuses[row["status"]] = statuses.get(row["status"], 0) + 1
    totals["plies"] = round(all_plies / totals["games"]) if totals["games"] else 0
    totals["status"] = ",".join(f"{s}:{k}" for s, k in sorted(statuses.items()))
    report(f"TOTAL({len(todo)} variants)", totals, tsv)
    if tsv:
        tsv.close()
    err(f"done: {len(todo)} variants in {time.monotonic() - t0:.0f} s")


if __name__ == "__main__":
    main()
