"""Replay each game of an XBoard debug log through pyffish (Fairy-Stockfish's
rules, a reference independent of Griffon): every engine move must be one of
pyffish's legal moves; prints how each game ended by pyffish's rules.

    python3 tools/xboard/xboard_replay_check.py VARIANT XBOARD_DEBUG_LOG [FSF_VARIANT]

Games start at the first engine's `new` (from its `setboard` position if
XBoard sent one). Kyoto demotions, which Griffon writes `a1a2l` as XBoard
needs, are given to pyffish in its own form `a1a2-`. A developer tool:
pyffish is never a dependency of the engine."""
import re, sys

if len(sys.argv) not in (3, 4):
    sys.exit(__doc__)
import pyffish as sf  # noqa: E402

variant, log = sys.argv[1], sys.argv[2]
fsf_variant = sys.argv[3] if len(sys.argv) > 3 else variant
games, cur, fen = [], None, None
for line in open(log, errors="replace"):
    m = re.match(r"\d+ >(first|second) ?: (new|setboard (.*)|usermove (\S+))$", line.rstrip("\n"))
    g = re.match(r"\d+ <(first|second) ?: move (\S+)", line)
    if m and m.group(2) == "new" and m.group(1) == "first":
        cur = {"fen": sf.start_fen(fsf_variant), "moves": []}
        games.append(cur)
    elif m and m.group(3) and m.group(1) == "first":
        cur["fen"] = m.group(3)
    elif g and cur is not None:
        cur["moves"].append(g.group(2))
def to_fsf(mv):
    if variant == "kyotoshogi" and re.match(r"^[a-e]\d[a-e]\d[a-z]$", mv):
        return mv[:4] + "-"
    return mv
for i, gm in enumerate([g for g in games if g["moves"]]):
    done = []
    bad = None
    for mv in gm["moves"]:
        f = to_fsf(mv)
        legal = sf.legal_moves(fsf_variant, gm["fen"], done)
        if f not in legal:
            bad = (len(done), mv, f)
            break
        done.append(f)
    legal = sf.legal_moves(fsf_variant, gm["fen"], done)
    end = sf.game_result(fsf_variant, gm["fen"], done) if not legal else None
    check = sf.gives_check(fsf_variant, gm["fen"], done)
    print(f"game {i+1}: {len(done)} moves; illegal={bad}; replies={len(legal)} in_check={check} result_for_side_to_move={end}")
