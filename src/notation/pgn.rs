//! PGN files, read and written.
//!
//! Reading gives tag pairs and the moves of the main line as text; the
//! moves are read against the rules later (by [`parse_any`](super::parse_any)),
//! so this only splits the file: brace comments after a main-line move
//! are kept with it (engines' search scores, as `griffon match` writes
//! them, are read by `griffon tune`); other comments (`;` to the end of
//! the line, those in variations), variations (`(...)`, nested), numeric
//! annotations (`$1`), move suffix annotations (`!`, `?`), escaped lines
//! (`%` in the first column) and move numbers are dropped, and the result
//! token ends a game.
//!
//! Writing gives a game's tags and numbered moves, wrapped at 79 columns.

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves, as written.
    pub moves: Vec<String>,
    /// The brace comment after each move (empty where there is none;
    /// several after one move are joined by a space), one per move.
    pub comments: Vec<String>,
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

/// One game to write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Tag pairs in the order to write them (`Result` among them).
    pub tags: Vec<(String, String)>,
    /// The moves, each with an optional comment written after it.
    pub moves: Vec<(String, Option<String>)>,
    /// Black moved first (the start position had Black to move).
    pub black_first: bool,
    /// The number of the first move.
    pub first_number: u32,
    /// A comment after the last move (how the game ended).
    pub final_comment: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// The comment `griffon match` writes after an engine's move: its score
/// in pawns from the mover's side, the depth and the time used
/// (`+0.31/12 0.2s`).
pub fn search_comment(centipawns: i32, depth: u32, seconds: f64) -> String {
    format!(
        "{}{:.2}/{depth} {seconds:.1}s",
        if centipawns >= 0 { "+" } else { "" },
        f64::from(centipawns) / 100.0
    )
}

/// The score (centipawns, the mover's side) and depth at the start of a
/// comment written by [`search_comment`], or `None` for any other comment.
pub fn read_search_comment(comment: &str) -> Option<(i32, u32)> {
    let first = comment.split_whitespace().next()?;
    let (score, depth) = first.split_once('/')?;
    let pawns: f64 = score.parse().ok()?;
    if !pawns.is_finite() {
        return None;
    }
    let depth = depth.parse().ok()?;
    Some(((pawns * 100.0).round() as i32, depth))
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A game as PGN text: tag lines, a blank line, the movetext wrapped at 79
/// columns, and a blank line after it.
pub fn write_game(g: &GameRecord) -> String {
    let mut s = String::new();
    for (k, v) in &g.tags {
        s.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    s.push('\n');
    let mut number = g.first_number.max(1);
    let mut text = String::new();
    for (i, (m, comment)) in g.moves.iter().enumerate() {
        let white_move = (i % 2 == 0) != g.black_first;
        if white_move {
            text.push_str(&format!("{number}. "));
        } else if i == 0 {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(m);
        if let Some(c) = comment {
            text.push_str(&format!(" {{{c}}}"));
        }
        text.push(' ');
        if !white_move {
            number += 1;
        }
    }
    if let Some(c) = &g.final_comment {
        text.push_str(&format!("{{{c}}} "));
    }
    text.push_str(&g.result);
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    s.push_str(&line);
    s.push_str("\n\n");
    s
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
    // The text of a main-line comment being read.
    let mut text_of_comment: Option<String> = None;
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
        if line.starts_with('%') {
            continue;
        }
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
            game.moves.push(t.trim_end_matches(['!', '?']).to_string());
            game.comments.push(String::new());
        };
        if let Some(text) = text_of_comment.as_mut()
            && !text.is_empty()
        {
            // A comment that goes on from the line before.
            text.push(' ');
        }
        for c in line.chars() {
            if comment {
                if c == '}' {
                    comment = false;
                    if let (Some(text), Some(last)) =
                        (text_of_comment.take(), game.comments.last_mut())
                    {
                        let text = text.trim();
                        if !last.is_empty() && !text.is_empty() {
                            last.push(' ');
                        }
                        last.push_str(text);
                    }
                } else if let Some(text) = text_of_comment.as_mut() {
                    text.push(c);
                }
                continue;
            }
            match c {
                '{' => {
                    flush(&mut token, &mut game, &mut games, &mut in_moves);
                    comment = true;
                    if depth == 0 {
                        text_of_comment = Some(String::new());
                    }
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
        assert_eq!(games[0].comments, ["best (by far)", "", "", "", ""]);
    }

    #[test]
    fn search_comments_read_back() {
        assert_eq!(search_comment(-153, 11, 0.25), "-1.53/11 0.2s");
        assert_eq!(read_search_comment("-1.53/11 0.2s"), Some((-153, 11)));
        assert_eq!(
            read_search_comment("+0.31/12 0.2s White mates"),
            Some((31, 12))
        );
        assert_eq!(read_search_comment("opening"), None);
        assert_eq!(read_search_comment("+inf/3"), None);
        assert_eq!(read_search_comment("book 1/2"), None);
    }

    #[test]
    fn main_line_comments_stay_with_their_moves() {
        let text = "[Event \"x\"]\n\n{a game comment} 1. e2e4 {+0.31/12\n0.2s} e7e5 \
                    (1... c5 {in a variation}) 2. g1f3 {+0.40/11 0.1s} {White mates} 1-0\n";
        let games = read_games(text);
        assert_eq!(games[0].moves, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(
            games[0].comments,
            ["+0.31/12 0.2s", "", "+0.40/11 0.1s White mates"]
        );
    }

    #[test]
    fn escapes_annotations_and_written_games_read_back() {
        let text = "[Event \"a\"]\n%an escaped line\n\n1. e4! e5?! 2. Nf3 1-0\n";
        let games = read_games(text);
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3"]);
        let record = GameRecord {
            tags: vec![
                ("Event".into(), "say \"hi\"".into()),
                ("Result".into(), "0-1".into()),
            ],
            moves: vec![("e7e5".into(), None), ("g1f3".into(), Some("book".into()))],
            black_first: true,
            first_number: 7,
            final_comment: Some("Black mates".into()),
            result: "0-1".into(),
        };
        let written = write_game(&record);
        assert!(written.contains("7... e7e5 8. g1f3 {book} {Black mates} 0-1"));
        let back = read_games(&written);
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].tag("Event"), Some("say \"hi\""));
        assert_eq!(back[0].moves, ["e7e5", "g1f3"]);
        assert_eq!(back[0].result, "0-1");
    }
}
