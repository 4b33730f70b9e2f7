//! Reading PGN files: tag pairs and the moves of the main line, as text.
//! The moves are read against the rules later (by `Game::parse_any`), so
//! this module only splits the file: comments (`{...}`, `;` to the end of
//! the line), variations (`(...)`, nested), numeric annotations (`$1`) and
//! move numbers are dropped, and the result token ends a game.

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves, as written.
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, from the movetext or else the
    /// `Result` tag.
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Splits `text` into games. Malformed parts (an unclosed comment, a tag
/// line without a value) are skipped rather than refused: a PGN file from
/// another program is read as far as it makes sense.
pub fn read_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut depth = 0usize; // variation nesting
    let mut comment = false;
    let finish = |game: &mut PgnGame, games: &mut Vec<PgnGame>| {
        if !game.moves.is_empty() || !game.tags.is_empty() {
            let mut g = std::mem::take(game);
            if g.result.is_empty() {
                g.result = g.tag("Result").unwrap_or("*").to_string();
            }
            games.push(g);
        }
    };
    for line in text.lines() {
        let trimmed = line.trim();
        if !comment && depth == 0 && trimmed.starts_with('[') {
            if in_moves {
                finish(&mut game, &mut games);
                in_moves = false;
            }
            if let Some((name, value)) = parse_tag(trimmed) {
                game.tags.push((name, value));
            }
            continue;
        }
        let mut token = String::new();
        let flush = |token: &mut String,
                     game: &mut PgnGame,
                     games: &mut Vec<PgnGame>,
                     in_moves: &mut bool| {
            if token.is_empty() {
                return;
            }
            let t = std::mem::take(token);
            *in_moves = true;
            if RESULTS.contains(&t.as_str()) {
                game.result = t;
                finish(game, games);
                *in_moves = false;
                return;
            }
            // Move numbers, possibly glued to the move (`1.e4`, `3...Nf6`).
            let t = t.trim_start_matches(|c: char| c.is_ascii_digit());
            let t = t.trim_start_matches('.');
            if t.is_empty() || t.starts_with('$') {
                return;
            }
            game.moves.push(t.to_string());
        };
        for c in line.chars() {
            if comment {
                if c == '}' {
                    comment = false;
                }
                continue;
            }
            match c {
                '{' => {
                    flush(&mut token, &mut game, &mut games, &mut in_moves);
                    comment = true;
                }
                ';' => break,
                '(' => {
                    flush(&mut token, &mut game, &mut games, &mut in_moves);
                    depth += 1;
                }
                ')' => {
                    flush(&mut token, &mut game, &mut games, &mut in_moves);
                    depth = depth.saturating_sub(1);
                }
                c if c.is_whitespace() => flush(&mut token, &mut game, &mut games, &mut in_moves),
                c if depth == 0 => token.push(c),
                _ => {}
            }
        }
        flush(&mut token, &mut game, &mut games, &mut in_moves);
    }
    finish(&mut game, &mut games);
    games
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), value.replace("\\\"", "\"")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_tags_and_main_line_moves() {
        let text = "[Event \"x\"]\n[Variant \"capablanca\"]\n[Result \"1-0\"]\n\n\
                    1. e4 {best (by far)} e5 2.Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 $1 ; note\n\
                    3. Bb5 1-0\n\n[Event \"y\"]\n\n1. d4 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("variant"), Some("capablanca"));
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(games[0].result, "1-0");
        assert_eq!(games[1].moves, ["d4"]);
        assert_eq!(games[1].result, "*");
    }
}
