//! One engine process and the protocol it speaks. An XBoard/CECP engine
//! is driven as XBoard drives engines: `xboard` / `protover 2`, feature
//! negotiation, then games of `new`, `variant`, `setboard`, `level` / `st`
//! / `sd`, `time` / `otim`, `go`, `usermove`, `ping` and `result`. A UCI
//! engine is driven as Cute Chess drives one ([`super::uci`]).
//!
//! A thread reads the engine's output into a channel with the time each
//! line arrived, so the runner can wait for a move with a deadline and
//! never blocks on an engine that hangs.

use super::uci::{self, UciOptions};
use crossbeam::channel::{Receiver, RecvTimeoutError, unbounded};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// How an engine is started and configured (`--engine cmd=... name=...`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
    /// `option.NAME=VALUE`: sent as XBoard's `option NAME=VALUE` (UCI:
    /// `setoption name NAME value VALUE`).
    pub options: Vec<(String, String)>,
    /// `cores=N`, `memory=N`: this engine's threads and hash size instead
    /// of the match's (a 2-thread engine against a 1-thread one).
    pub cores: Option<u32>,
    pub memory: Option<u32>,
    /// `proto=uci`: the protocol it speaks (CECP unless said).
    pub protocol: Protocol,
}

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// XBoard's Chess Engine Communication Protocol, version 2.
    #[default]
    Xboard,
    /// UCI, with Fairy-Stockfish's `UCI_Variant` for variants.
    Uci,
}

impl EngineSpec {
    /// The engines of a command line: the words of each start at its `cmd=`;
    /// `cmd=griffon` is `this_program` where given (the running binary,
    /// wherever it was started from); engines with the same name get `(2)`,
    /// `(3)`, ... so the PGN and the table tell them apart.
    pub fn parse_all(
        words: &[String],
        this_program: Option<&str>,
    ) -> Result<Vec<EngineSpec>, String> {
        let mut groups: Vec<Vec<String>> = Vec::new();
        for w in words {
            match groups.last_mut() {
                Some(g) if !w.starts_with("cmd=") => g.push(w.clone()),
                _ => groups.push(vec![w.clone()]),
            }
        }
        let mut engines: Vec<EngineSpec> = Vec::new();
        for words in &groups {
            let mut spec = EngineSpec::parse(words)?;
            if spec.cmd == "griffon"
                && let Some(me) = this_program
            {
                spec.cmd = me.to_string();
            }
            let base = spec.name.clone();
            let mut n = 2;
            while engines.iter().any(|e| e.name == spec.name) {
                spec.name = format!("{base} ({n})");
                n += 1;
            }
            engines.push(spec);
        }
        Ok(engines)
    }

    /// Parses `cmd=PATH [args] name=NAME dir=DIR arg=X option.NAME=VALUE
    /// cores=N memory=MB proto=xboard|uci` words. A word without `=` after `cmd=` is an argument of the
    /// command.
    pub fn parse(words: &[String]) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec::default();
        for w in words {
            match w.split_once('=') {
                Some(("cmd", v)) => {
                    let mut parts = v.split_whitespace();
                    spec.cmd = parts.next().unwrap_or_default().to_string();
                    spec.args.extend(parts.map(str::to_string));
                }
                Some(("name", v)) => spec.name = v.to_string(),
                Some(("dir", v)) => spec.dir = Some(v.to_string()),
                Some(("arg", v)) => spec.args.push(v.to_string()),
                Some(("proto", v)) => {
                    spec.protocol = match v {
                        "xboard" | "cecp" => Protocol::Xboard,
                        "uci" => Protocol::Uci,
                        _ => return Err(format!("proto={v}: expected xboard or uci")),
                    }
                }
                Some((k @ ("cores" | "memory"), v)) => {
                    let n = v
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| format!("{k}={v}: expected a positive number"))?;
                    if k == "cores" {
                        spec.cores = Some(n);
                    } else {
                        spec.memory = Some(n);
                    }
                }
                Some((k, v)) if k.starts_with("option.") => spec
                    .options
                    .push((k["option.".len()..].to_string(), v.to_string())),
                Some((k, _)) => return Err(format!("unknown engine setting '{k}'")),
                None if !spec.cmd.is_empty() => spec.args.push(w.clone()),
                None => return Err(format!("'{w}': expected cmd=PATH first")),
            }
        }
        if spec.cmd.is_empty() {
            return Err("an engine needs cmd=PATH".into());
        }
        if spec.name.is_empty() {
            spec.name = std::path::Path::new(&spec.cmd)
                .file_name()
                .map_or_else(|| spec.cmd.clone(), |n| n.to_string_lossy().into_owned());
        }
        Ok(spec)
    }
}

/// What the engine said.
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    Line(String),
    /// Its output closed: it exited or crashed.
    Gone,
}

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// Exited, crashed or closed its pipes.
    Gone,
    /// Did not answer in time.
    Timeout,
}

/// The features an engine announced (`feature setboard=1 ...`).
#[derive(Clone, Debug, Default)]
pub struct Features {
    pub map: HashMap<String, String>,
}

impl Features {
    pub fn flag(&self, key: &str, default: bool) -> bool {
        self.map.get(key).map_or(default, |v| v == "1")
    }
    pub fn get(&self, key: &str) -> Option<&str> {
        self.map.get(key).map(String::as_str)
    }
    /// The variants the engine plays (`normal` when it says nothing).
    pub fn variants(&self) -> Vec<String> {
        self.get("variants")
            .unwrap_or("normal")
            .split(',')
            .map(|v| v.trim().to_string())
            .collect()
    }
}

/// A running engine.
pub struct Engine {
    pub spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, Said)>,
    /// What a CECP engine announced.
    pub features: Features,
    /// What a UCI engine announced.
    pub uci: UciOptions,
    next_ping: u32,
}

impl Engine {
    /// Starts the engine and negotiates features (up to `timeout` for
    /// `done=1`; an engine that says no `feature` within 2 s is taken as
    /// protocol 1).
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<Engine, String> {
        let mut cmd = Command::new(&spec.cmd);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.cmd))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("cannot talk to {}", spec.cmd));
        };
        let (tx, rx) = unbounded();
        let name = spec.name.clone();
        std::thread::Builder::new()
            .name(format!("read {name}"))
            .spawn(move || {
                let reader = BufReader::new(stdout);
                for line in reader.lines() {
                    let Ok(line) = line else { break };
                    log::trace!("{name} > {line}");
                    if tx.send((Instant::now(), Said::Line(line))).is_err() {
                        return;
                    }
                }
                let _ = tx.send((Instant::now(), Said::Gone));
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        let mut engine = Engine {
            spec: spec.clone(),
            child,
            stdin,
            lines: rx,
            features: Features::default(),
            uci: UciOptions::default(),
            next_ping: 1,
        };
        match spec.protocol {
            Protocol::Xboard => {
                engine
                    .handshake(timeout)
                    .map_err(|e| format!("{}: {e:?} during feature negotiation", spec.name))?;
                for (k, v) in spec.options.clone() {
                    engine
                        .send(&format!("option {k}={v}"))
                        .map_err(|e| format!("{}: {e:?}", spec.name))?;
                }
            }
            Protocol::Uci => {
                engine.uci = uci::handshake(&mut engine, timeout)
                    .map_err(|e| format!("{}: {e:?} waiting for uciok", spec.name))?;
                for (k, v) in spec.options.clone() {
                    engine
                        .send(&format!("setoption name {k} value {v}"))
                        .map_err(|e| format!("{}: {e:?}", spec.name))?;
                }
            }
        }
        Ok(engine)
    }

    pub fn protocol(&self) -> Protocol {
        self.spec.protocol
    }

    /// The variants the engine says it plays, in its protocol's names.
    pub fn variants(&self) -> Vec<String> {
        match self.protocol() {
            Protocol::Xboard => self.features.variants(),
            Protocol::Uci => self.uci.variants(),
        }
    }

    /// Whether the engine can be given any position (CECP's `setboard`;
    /// every UCI engine takes `position fen`).
    pub fn takes_fen(&self) -> bool {
        self.protocol() == Protocol::Uci || self.features.flag("setboard", false)
    }

    fn handshake(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let start = Instant::now();
        let mut waiting_done = false;
        loop {
            let limit = if waiting_done || !self.features.map.is_empty() {
                timeout
            } else {
                Duration::from_secs(2).min(timeout)
            };
            let left = limit.saturating_sub(start.elapsed());
            match self.recv(left) {
                Ok(line) => {
                    for (k, v) in parse_features(&line) {
                        if k == "done" {
                            waiting_done = v == "0";
                            if v == "1" {
                                self.send("accepted done")?;
                                return Ok(());
                            }
                        }
                        self.send(&format!("accepted {k}"))?;
                        self.features.map.insert(k, v);
                    }
                }
                // Protocol 1, or a protocol-2 engine without done=1.
                Err(EngineError::Timeout) => return Ok(()),
                Err(e) => return Err(e),
            }
        }
    }

    pub fn name(&self) -> &str {
        &self.spec.name
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        log::trace!("{} < {line}", self.spec.name);
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| EngineError::Gone)
    }

    /// The next line, waiting at most `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Result<String, EngineError> {
        self.recv_timed(timeout).map(|(_, l)| l)
    }

    /// The next line and when it arrived.
    pub fn recv_timed(&mut self, timeout: Duration) -> Result<(Instant, String), EngineError> {
        match self.lines.recv_timeout(timeout) {
            Ok((t, Said::Line(l))) => Ok((t, l)),
            Ok((_, Said::Gone)) | Err(RecvTimeoutError::Disconnected) => Err(EngineError::Gone),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout),
        }
    }

    /// `ping N` and wait for `pong N` (UCI: `isready`, `readyok`),
    /// skipping other output: the engine has processed everything sent
    /// before. CECP engines without `ping=1` are given a short pause
    /// instead.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        if self.protocol() == Protocol::Uci {
            return self.send_and_wait("isready", "readyok", timeout);
        }
        if !self.features.flag("ping", false) {
            std::thread::sleep(Duration::from_millis(20));
            self.drain();
            return Ok(());
        }
        let n = self.next_ping;
        self.next_ping += 1;
        self.send_and_wait(&format!("ping {n}"), &format!("pong {n}"), timeout)
    }

    /// Sends `line` and waits for the answer `want`, skipping other lines.
    fn send_and_wait(
        &mut self,
        line: &str,
        want: &str,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        self.send(line)?;
        let start = Instant::now();
        loop {
            let line = self.recv(timeout.saturating_sub(start.elapsed()))?;
            if line.trim() == want {
                return Ok(());
            }
        }
    }

    /// Throws away whatever the engine has said so far.
    pub fn drain(&mut self) {
        while let Ok((_, said)) = self.lines.try_recv() {
            if said == Said::Gone {
                break;
            }
        }
    }

    /// Asks the engine to quit and makes sure it does.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The `key=value` pairs of a `feature` line (values may be quoted).
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let Some(rest) = line.trim().strip_prefix("feature ") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut chars = rest.trim().chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let key: String = chars.by_ref().take_while(|&c| c != '=').collect();
        if key.is_empty() {
            return out;
        }
        let value: String = if chars.peek() == Some(&'"') {
            chars.next();
            chars.by_ref().take_while(|&c| c != '"').collect()
        } else {
            chars.by_ref().take_while(|c| !c.is_whitespace()).collect()
        };
        out.push((key.trim().to_string(), value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn engine_words_with_threads_and_hash() {
        let spec = EngineSpec::parse(&words("cmd=/bin/eng arg=-x name=T2 cores=2 memory=128"))
            .expect("parses");
        assert_eq!(spec.cmd, "/bin/eng");
        assert_eq!(spec.args, vec!["-x".to_string()]);
        assert_eq!(
            (spec.name.as_str(), spec.cores, spec.memory),
            ("T2", Some(2), Some(128))
        );
        assert!(EngineSpec::parse(&words("cmd=/bin/eng cores=0")).is_err());
        assert!(EngineSpec::parse(&words("cmd=/bin/eng memory=lots")).is_err());
    }
}
