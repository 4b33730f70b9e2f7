"""The one PGN reader and the one set of match statistics for tools/.

Every script in tools/ that reads games or computes an Elo difference uses
this module, so a PGN quirk is handled once and every figure is computed
the same way. A script in a subfolder of tools/ imports it with

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
    import pgn_elo

PGN: files written by `griffon match`, XBoard and the book tools, plain or
gzipped (`.gz`). A game is its tag pairs, its movetext, the moves in the
notation the file uses (coordinates from `griffon match`, SAN from XBoard),
the comment after each move (`griffon match` and XBoard start it with the
mover's score, `{+1.52/11 0.2s}`) and its result.

Statistics: the logistic Elo model with the 95 % error bar from the
per-game variance of the score (trinomial results) and the likelihood of
superiority, exactly as `griffon match` reports them (src/arena/stats.rs),
and the paired difference of two runs over the same openings (mean and
95 % half-width of the per-round differences, normal approximation).
"""
import gzip
import math
import re

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# Two-sided 95 % quantile of the normal distribution, as src/arena/stats.rs.
Z95 = 1.959963984540054

_SQUARE = re.compile(r"([a-z])(\d+)")
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', re.M)
_TOKEN = re.compile(r"\{[^}]*\}|\S+")
_MOVE_NUMBER = re.compile(r"^\d+\.+")
# A search comment: the mover's score in pawns, the depth and, where the
# engine gave it, the seconds the move took (`+1.52/11 0.2s`).
_SEARCH = re.compile(r"([+-]?\d+\.\d+)/(\d+)(?:\s+(\d+(?:\.\d+)?)s)?")


def read_text(path):
    """The text of a PGN file, gzipped or not (undecodable bytes replaced)."""
    if str(path).endswith(".gz"):
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
            return f.read()
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


class Game:
    """One game: `tags` (dict), `movetext`, `moves` (list of move strings,
    without numbers, comments and result), `comments` (dict: index of a
    move -> the first comment after it), `final_comment` (the comment just
    before the result, e.g. XBoard's reason) and `result`."""

    def __init__(self, tags, movetext):
        self.tags = tags
        self.movetext = movetext
        self.moves = []
        self.comments = {}
        self.final_comment = ""
        for token in _TOKEN.findall(movetext):
            if token.startswith("{"):
                text = token[1:-1].replace("\n", " ").strip()
                if self.moves and len(self.moves) - 1 not in self.comments:
                    self.comments[len(self.moves) - 1] = text
                continue
            if token in RESULTS or token.startswith("$"):
                continue
            # "12." and "12..." stand alone; "12.e4" carries its move.
            token = _MOVE_NUMBER.sub("", token)
            if token:
                self.moves.append(token)
        m = re.search(r"\{([^{}]*)\}\s*(?:1-0|0-1|1/2-1/2|\*)\s*$", movetext)
        self.final_comment = m.group(1).strip() if m else ""

    @property
    def result(self):
        return self.tags.get("Result", "*")

    def finished(self):
        return self.result in ("1-0", "0-1", "1/2-1/2")

    def side_of(self, engine):
        """0 when ENGINE had White, 1 when it had Black, None otherwise."""
        if self.tags.get("White") == engine:
            return 0
        if self.tags.get("Black") == engine:
            return 1
        return None

    def score_of(self, engine):
        """ENGINE's points (1, 0.5 or 0), None if it did not play or the
        game is unfinished."""
        side = self.side_of(engine)
        if side is None or not self.finished():
            return None
        white = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[self.result]
        return white if side == 0 else 1.0 - white

    def score_comment(self, ply):
        """The mover's score in pawns that starts the comment after move
        PLY (`{+1.52/11 0.2s}`), or None."""
        found = self.search_comment(ply)
        return found[0] if found else None

    def search_comment(self, ply):
        """(score in pawns, depth, seconds or None) from the comment after
        move PLY (`{+1.52/11 0.2s}`), or None."""
        m = _SEARCH.match(self.comments.get(ply, ""))
        if not m:
            return None
        return float(m.group(1)), int(m.group(2)), float(m.group(3)) if m.group(3) else None

    def mover(self, ply):
        """The name of the player who made move PLY (0 is the first move,
        White's unless the FEN tag gives Black the move)."""
        fen = self.tags.get("FEN", "").split()
        first = 1 if fen[1:2] == ["b"] else 0
        return self.tags.get("Black" if (first + ply) % 2 else "White", "?")


def parse_games(text):
    """The games of a PGN text, in order."""
    for chunk in re.split(r"\n(?=\[Event )", text.strip()):
        if "\n\n" in chunk:
            header, movetext = chunk.split("\n\n", 1)
        elif chunk.lstrip().startswith("["):
            header, movetext = chunk, ""
        else:
            continue
        tags = {k: v.replace('\\"', '"') for k, v in _TAG.findall(header)}
        if tags:
            yield Game(tags, movetext)


def read_games(path):
    """The games of a PGN file (plain or .gz)."""
    return parse_games(read_text(path))


def engine_games(path, engine):
    """(tags, side, moves) for each game ENGINE played in PATH; side is 0
    when it had White, 1 when it had Black."""
    for game in read_games(path):
        side = game.side_of(engine)
        if side is not None and game.movetext:
            yield game.tags, side, game.moves


def positions(path, variant, count, plies=(16, 40, 70)):
    """FENs of the positions at PLIES of the PATH's games of VARIANT (the
    games' starting FEN tags honoured), replayed with pyffish, a move
    generator independent of Griffon (moves numbered as UCI does, see
    `uci_moves`), game by game until at least COUNT are taken; moves
    pyffish refuses end that game's positions."""
    import pyffish as sf

    ranks = sf.start_fen(variant).split()[0].split("[")[0].count("/") + 1
    fens = []
    for game in read_games(path):
        if game.tags.get("Variant", "normal") != variant or not game.movetext:
            continue
        start = game.tags.get("FEN", sf.start_fen(variant))
        moves = uci_moves(game.moves, ranks)
        for ply in plies:
            if ply < len(moves):
                try:
                    fens.append(sf.get_fen(variant, start, moves[:ply]))
                except Exception:
                    pass
        if len(fens) >= count:
            break
    return fens


def ranks_plus_one(text):
    """Every square of TEXT (a move, a list of moves) one rank up: XBoard
    numbers a ten-rank board's ranks from 0, UCI and pyffish from 1
    (xiangqi's `h0g2` is `h1g3`)."""
    return _SQUARE.sub(lambda m: m.group(1) + str(int(m.group(2)) + 1), text)


def uci_moves(moves, ranks):
    """A game's coordinate moves as UCI and pyffish write them. On a board
    of ten ranks, a game with a square on rank 0 is taken to number them
    XBoard's way (`ranks_plus_one`); other games are left alone."""
    if ranks != 10 or not any(re.search(r"[a-z]0", m) for m in moves):
        return moves
    return [ranks_plus_one(m) for m in moves]


def game_moves(movetext):
    """The moves of a PGN movetext, without numbers, comments and result."""
    return Game({}, movetext).moves


# Statistics ---------------------------------------------------------------


def score(w, l, d):
    """Mean score per game of the side with W wins, L losses, D draws."""
    n = w + l + d
    return (w + 0.5 * d) / n if n else 0.5


def elo_of_score(s):
    """Logistic Elo of a mean score (infinite at 0 and 1)."""
    if s <= 0.0:
        return -math.inf
    if s >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / s - 1.0)


def elo(w, l, d):
    """(Elo difference, half-width of its 95 % interval) of the side with W
    wins, L losses and D draws; the error is infinite when the interval
    reaches a score of 0 or 1."""
    n = w + l + d
    if n == 0:
        return 0.0, math.inf
    s = score(w, l, d)
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s**2) / n
    se = math.sqrt(var / n)
    err = (elo_of_score(s + Z95 * se) - elo_of_score(s - Z95 * se)) / 2
    return elo_of_score(s), (math.inf if math.isnan(err) else err)


def los(w, l):
    """Likelihood of superiority from wins and losses (draws say nothing)."""
    if w + l == 0:
        return 0.5
    return 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l))))


def paired(diffs):
    """(mean, half-width of its 95 % interval) of paired differences, e.g.
    two runs' scores round by round over the same openings."""
    n = len(diffs)
    if n < 2:
        raise ValueError("a paired difference needs at least two pairs")
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1))
    return mean, Z95 * sd / math.sqrt(n)


def tally(scores):
    """(wins, losses, draws) of a list of points (1, 0.5, 0)."""
    w = sum(1 for s in scores if s == 1.0)
    l = sum(1 for s in scores if s == 0.0)
    return w, l, len(scores) - w - l
