"""Reading match PGN for the analysis scripts in tools/: one engine's games,
with its colour and the moves in Griffon's coordinate notation."""
import re


def engine_games(path, engine):
    """(tags, side, moves) for each game ENGINE played in PATH; side is 0
    when it had White, 1 when it had Black."""
    text = open(path, encoding="utf-8", errors="replace").read()
    for game in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        if engine not in (tags.get("White"), tags.get("Black")) or "\n\n" not in game:
            continue
        side = 0 if tags["White"] == engine else 1
        yield tags, side, game_moves(game.split("\n\n", 1)[1])


def game_moves(body):
    """The moves of a PGN movetext, without numbers, comments and result."""
    body = re.sub(r"\{[^}]*\}", " ", body)
    return [
        t
        for t in body.split()
        if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")
    ]
