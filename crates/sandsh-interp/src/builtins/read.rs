//! read and mapfile/readarray.

use super::super::expand::ExpAssign;
use super::super::io::Stream;
use super::super::vars::Value;
use super::super::{Flow, Limit, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// Split a line for `read` into at most `n` fields, bash's way. `escaped[i]` marks a byte
/// that a backslash quoted: it is never a separator (`IFS=: read a b <<< 'x\:y:z'`).
pub fn split_read(line: &[u8], escaped: &[bool], ifs: &[u8], n: usize) -> Vec<Vec<u8>> {
    let esc = |i: usize| escaped.get(i).copied().unwrap_or(false);
    let is_ifs = |i: usize| !esc(i) && ifs.contains(&line[i]);
    let is_ws = |i: usize| is_ifs(i) && matches!(line[i], b' ' | b'\t' | b'\n');
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() && is_ws(i) {
        i += 1;
    }
    while out.len() + 1 < n && i < line.len() {
        let start = i;
        while i < line.len() && !is_ifs(i) {
            i += 1;
        }
        out.push(line[start..i].to_vec());
        while i < line.len() && is_ws(i) {
            i += 1;
        }
        if i < line.len() && is_ifs(i) && !is_ws(i) {
            i += 1;
            while i < line.len() && is_ws(i) {
                i += 1;
            }
        }
    }
    if i < line.len() || out.len() < n {
        let start = i.min(line.len());
        let mut end = line.len();
        while end > start && is_ws(end - 1) {
            end -= 1;
        }
        if end > start && is_ifs(end - 1) && !is_ws(end - 1) && !(start..end - 1).any(is_ifs) {
            end -= 1;
        }
        if i < line.len() {
            out.push(line[start..end].to_vec());
        }
    }
    out
}

/// `read`'s options.
struct ReadOpts {
    /// -r: backslashes are plain bytes.
    raw: bool,
    /// -a NAME: the fields go to this indexed array.
    array: Option<String>,
    /// -d DELIM: the record ends at this byte (NUL for `-d ''`).
    delim: u8,
    /// -n / -N COUNT: read at most (-n) or exactly (-N) this many bytes.
    nchars: Option<usize>,
    /// -N: ignore the delimiter and do not split the record.
    exact: bool,
    /// -p PROMPT: written to stderr before reading.
    prompt: Option<Vec<u8>>,
    /// -t SECONDS (only `-t 0`, a poll, changes anything).
    timeout: Option<f64>,
    /// -u FD: read from this descriptor.
    fd: u32,
}

impl ReadOpts {
    /// Parse the options; returns them and the index of the first name, or the status to
    /// return after an error (reported here).
    fn parse(sh: &Shell, argv: A) -> Result<(ReadOpts, usize), i32> {
        let mut o = ReadOpts {
            raw: false,
            array: None,
            delim: b'\n',
            nchars: None,
            exact: false,
            prompt: None,
            timeout: None,
            fd: 0,
        };
        let mut i = 1;
        while i < argv.len() {
            let a = &argv[i];
            if a == b"--" {
                i += 1;
                break;
            }
            if a.len() < 2 || a[0] != b'-' {
                break;
            }
            let mut j = 1;
            while j < a.len() {
                let c = a[j];
                let takes = matches!(c, b'a' | b'd' | b'n' | b'N' | b'p' | b't' | b'u' | b'i');
                let val: Option<Vec<u8>> = if takes {
                    if j + 1 < a.len() {
                        let v = a[j + 1..].to_vec();
                        j = a.len();
                        Some(v)
                    } else {
                        i += 1;
                        match argv.get(i) {
                            Some(v) => {
                                j = a.len();
                                Some(v.clone())
                            }
                            None => {
                                sh.builtin_error(
                                    "read",
                                    &format!("-{}: option requires an argument", c as char),
                                );
                                super::usage::print(sh, "read");
                                return Err(2);
                            }
                        }
                    }
                } else {
                    j += 1;
                    None
                };
                o.apply(sh, c, val)?;
            }
            i += 1;
        }
        Ok((o, i))
    }

    /// Take option letter `c` with its argument, if it has one.
    fn apply(&mut self, sh: &Shell, c: u8, val: Option<Vec<u8>>) -> Result<(), i32> {
        match c {
            b'r' => self.raw = true,
            b's' | b'e' => {}
            b'a' => self.array = val.map(|v| text(&v)),
            b'd' => self.delim = val.and_then(|v| v.first().copied()).unwrap_or(0),
            b'n' | b'N' => {
                let t = text(&val.unwrap_or_default());
                match t.parse::<usize>() {
                    Ok(n) => self.nchars = Some(n),
                    Err(_) => {
                        sh.builtin_error("read", &format!("{t}: invalid number"));
                        return Err(1);
                    }
                }
                self.exact = c == b'N';
            }
            b'p' => self.prompt = val,
            b't' => {
                let t = text(&val.unwrap_or_default());
                match t.parse::<f64>() {
                    Ok(v) => self.timeout = Some(v),
                    Err(_) => {
                        sh.builtin_error("read", &format!("{t}: invalid timeout specification"));
                        return Err(1);
                    }
                }
            }
            b'u' => {
                let t = text(&val.unwrap_or_default());
                match t.parse::<u32>() {
                    Ok(n) => self.fd = n,
                    Err(_) => {
                        sh.builtin_error(
                            "read",
                            &format!("{t}: invalid file descriptor specification"),
                        );
                        return Err(1);
                    }
                }
            }
            b'i' => {}
            _ => {
                super::usage::invalid_option(sh, "read", &format!("-{}", c as char));
                return Err(2);
            }
        }
        Ok(())
    }
}

pub fn read(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let (o, i) = match ReadOpts::parse(sh, argv) {
        Ok(x) => x,
        Err(status) => return Ok(status),
    };
    let names: Vec<String> = argv[i..].iter().map(|a| text(a)).collect();
    for n in &names {
        if !super::super::param::is_name(n) {
            sh.builtin_error("read", &format!("`{n}': not a valid identifier"));
            return Ok(1);
        }
    }
    let Some(input) = sh.fds.get(o.fd).cloned() else {
        sh.builtin_error(
            "read",
            &format!("{}: invalid file descriptor: Bad file descriptor", o.fd),
        );
        return Ok(1);
    };
    if let Some(p) = &o.prompt {
        sh.write_fd(2, p);
    }
    if o.timeout == Some(0.0) {
        return Ok(if input.poll_readable() { 0 } else { 1 });
    }
    let Some((data, eof)) = read_record(sh, &o, &*input)? else {
        return Ok(1);
    };
    let (processed, escaped) = if o.raw {
        (data, Vec::new())
    } else {
        unescape(&data)
    };
    assign_read(sh, &o, &names, processed, &escaped)?;
    Ok(if eof { 1 } else { 0 })
}

/// Read one record from `input`: up to the delimiter (dropped; without -r a backslash
/// before a newline joins the next line), or -n/-N bytes. Returns it and whether input
/// ended first, or `None` after a read error (reported as bash does, nothing assigned).
fn read_record(sh: &mut Shell, o: &ReadOpts, input: &dyn Stream) -> Res<Option<(Vec<u8>, bool)>> {
    let (delim, nchars, exact) = (o.delim, o.nchars, o.exact);
    let mut data: Vec<u8> = Vec::new();
    loop {
        if sh.is_cancelled() {
            return Err(Flow::Exit(130));
        }
        let max = nchars.map(|n| n.saturating_sub(data.len()));
        if max == Some(0) {
            break;
        }
        // THREAT DOS-MEM-4: a line that never ends is read a slice at a time (so cancellation
        // is seen between slices) and may not outgrow a variable.
        if data.len() > sh.env.limits.max_variable_bytes {
            return Err(sh.trip_limit(Limit::VariableBytes));
        }
        let slice = Some(max.unwrap_or(usize::MAX).min(64 << 10));
        let chunk = if exact {
            let mut buf = vec![0u8; max.unwrap_or(1).min(64 << 10)];
            let mut got = 0;
            while got < buf.len() {
                match input.read(&mut buf[got..]) {
                    Ok(0) => break,
                    Ok(n) => got += n,
                    Err(e) if sandsh_api::is_cancelled(&e) => return Err(Flow::Exit(130)),
                    Err(e) => return Ok(read_error(sh, o.fd, &e)),
                }
            }
            buf.truncate(got);
            buf
        } else {
            match input.read_until(delim, slice) {
                Ok(c) => c,
                Err(e) if sandsh_api::is_cancelled(&e) => {
                    return Err(Flow::Exit(130));
                }
                Err(e) => return Ok(read_error(sh, o.fd, &e)),
            }
        };
        if chunk.is_empty() {
            return Ok(Some((data, true)));
        }
        let ended = !exact && chunk.last() == Some(&delim);
        data.extend_from_slice(&chunk);
        if exact {
            if data.len() >= nchars.unwrap_or(0) {
                break;
            }
            continue;
        }
        if ended {
            data.pop();
            if !o.raw && data.last() == Some(&b'\\') && delim == b'\n' {
                // Line continuation.
                let bs = data.iter().rev().take_while(|c| **c == b'\\').count();
                if bs % 2 == 1 {
                    data.pop();
                    continue;
                }
            }
            break;
        }
        if max.is_some() && nchars.is_some_and(|n| data.len() >= n) {
            break;
        }
    }
    Ok(Some((data, false)))
}

/// `read: read error: FD: REASON`, bash's report when the descriptor cannot be read (a
/// directory opened with `< dir`); the caller returns status 1 without assigning.
fn read_error<T>(sh: &mut Shell, fd: u32, e: &std::io::Error) -> Option<T> {
    sh.builtin_error("read", &format!("read error: {fd}: {e}"));
    None
}

/// Backslash processing (no -r): a backslash quotes the next byte, which is marked in the
/// second vector so that field splitting never treats it as a separator.
fn unescape(data: &[u8]) -> (Vec<u8>, Vec<bool>) {
    let mut out = Vec::with_capacity(data.len());
    let mut escaped = Vec::with_capacity(data.len());
    let mut it = data.iter();
    while let Some(&c) = it.next() {
        if c == b'\\' {
            if let Some(&n) = it.next() {
                out.push(n);
                escaped.push(true);
            }
        } else {
            out.push(c);
            escaped.push(false);
        }
    }
    (out, escaped)
}

/// Store the record: split into the -a array, whole into REPLY when no name is given,
/// whole into the first name with -N, else split over the names (the last takes the rest).
fn assign_read(
    sh: &mut Shell,
    o: &ReadOpts,
    names: &[String],
    processed: Vec<u8>,
    escaped: &[bool],
) -> Res<()> {
    let ifs = sh.ifs();
    if let Some(arr) = &o.array {
        let fields = if o.exact {
            vec![processed]
        } else {
            split_read(&processed, escaped, &ifs, usize::MAX)
        };
        let m = fields
            .into_iter()
            .enumerate()
            .map(|(i, f)| (i as i64, f))
            .collect();
        let _ = sh.vars.unset(arr);
        sh.vars
            .set_value(arr, Value::Indexed(m))
            .map_err(|e| sh.var_err(e))?;
    } else if names.is_empty() {
        sh.set_var("REPLY", processed)?;
    } else if o.exact {
        sh.set_var(&names[0], processed)?;
        for n in &names[1..] {
            sh.set_var(n, Vec::new())?;
        }
    } else {
        let fields = split_read(&processed, escaped, &ifs, names.len());
        for (k, n) in names.iter().enumerate() {
            let v = fields.get(k).cloned().unwrap_or_default();
            sh.set_var(n, v)?;
        }
    }
    Ok(())
}

pub fn mapfile(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let name = text(&argv[0]);
    let mut strip = false;
    let mut delim = b'\n';
    let mut count: usize = 0;
    let mut origin: i64 = 0;
    let mut skip: usize = 0;
    let mut fd = 0u32;
    let mut i = 1;
    let mut keep_existing = false;
    while i < argv.len() && argv[i].starts_with(b"-") && argv[i].len() > 1 {
        let a = argv[i].clone();
        let c = a[1];
        let val = if matches!(c, b'd' | b'n' | b'O' | b's' | b'u' | b'C' | b'c') {
            if a.len() > 2 {
                Some(a[2..].to_vec())
            } else {
                i += 1;
                argv.get(i).cloned()
            }
        } else {
            None
        };
        let num = |v: &Option<Vec<u8>>| {
            text(v.as_deref().unwrap_or(b""))
                .parse::<i64>()
                .unwrap_or(0)
        };
        match c {
            b't' => strip = true,
            b'd' => delim = val.as_ref().and_then(|v| v.first().copied()).unwrap_or(0),
            b'n' => count = num(&val).max(0) as usize,
            b'O' => {
                origin = num(&val);
                keep_existing = true;
            }
            b's' => skip = num(&val).max(0) as usize,
            b'u' => fd = num(&val).max(0) as u32,
            b'C' | b'c' => {}
            _ => {
                super::usage::invalid_option(sh, &name, &format!("-{}", c as char));
                return Ok(2);
            }
        }
        i += 1;
    }
    let arr = argv
        .get(i)
        .map(|a| text(a))
        .unwrap_or_else(|| "MAPFILE".to_string());
    let Some(input) = sh.fds.get(fd).cloned() else {
        sh.builtin_error(
            &name,
            &format!("{fd}: invalid file descriptor: Bad file descriptor"),
        );
        return Ok(1);
    };
    let mut m = match (
        keep_existing,
        sh.vars.get(&arr).and_then(|v| v.value.clone()),
    ) {
        (true, Some(Value::Indexed(m))) => m,
        _ => Default::default(),
    };
    let mut n = 0usize;
    let mut idx = origin;
    loop {
        if sh.is_cancelled() {
            return Err(Flow::Exit(130));
        }
        if count > 0 && n >= count {
            break;
        }
        let mut line = sh.read_line_bounded(&*input, delim)?;
        if line.is_empty() {
            break;
        }
        if skip > 0 {
            skip -= 1;
            continue;
        }
        if strip && line.last() == Some(&delim) {
            line.pop();
        }
        // An element is a C string in bash: it ends at the first NUL (`mapfile -d ''` keeps
        // no delimiter, `a\0b\n` is `a`).
        if let Some(nul) = line.iter().position(|&b| b == 0) {
            line.truncate(nul);
        }
        m.insert(idx, line);
        idx += 1;
        n += 1;
    }
    let _ = sh.vars.unset(&arr);
    sh.vars
        .set_value(&arr, Value::Indexed(m))
        .map_err(|e| sh.var_err(e))?;
    Ok(0)
}
