//! `--debug`: GNU sed 4.9's `debug.c`, byte for byte — the program in canonical form, then
//! each cycle's input, each command visited and the buffers it changed.
//!
//! Kept apart from the executor so that the hot path only pays one `if` per hook.

use super::parse::{
    Addr, Cmd, FileRef, Kind, Program, REPL_LOWER, REPL_LOWER_FIRST, REPL_MODIFIERS, REPL_UPPER,
    REPL_UPPER_FIRST,
};

/// GNU's `debug_print_char`: printable ASCII as is, C escapes, `\oNNN` otherwise (a byte
/// above 0x7f goes through a signed `char`, hence GNU's `\o37777777703`).
pub fn print_char(out: &mut Vec<u8>, c: u8) {
    if (0x20..0x7f).contains(&c) && c != b'\\' {
        out.push(c);
        return;
    }
    out.push(b'\\');
    match c {
        7 => out.push(b'a'),
        12 => out.push(b'f'),
        b'\r' => out.push(b'r'),
        b'\t' => out.push(b't'),
        11 => out.push(b'v'),
        b'\n' => out.push(b'n'),
        b'\\' => out.push(b'\\'),
        _ => {
            let v = (c as i8) as i32 as u32;
            out.extend_from_slice(format!("o{v:03o}").as_bytes());
        }
    }
}

/// `PATTERN: …` or `HOLD:    …`.
pub fn print_line(out: &mut Vec<u8>, hold: bool, text: &[u8]) {
    out.extend_from_slice(if hold { b"HOLD:    " } else { b"PATTERN: " });
    for &c in text {
        print_char(out, c);
    }
    out.push(b'\n');
}

fn print_regex(out: &mut Vec<u8>, prog: &Program, re: Option<usize>) {
    let Some(i) = re else {
        out.extend_from_slice(b"//");
        return;
    };
    out.push(b'/');
    for &c in &prog.regex_src[i].0 {
        if c == b'/' {
            out.extend_from_slice(b"\\/");
        } else {
            print_char(out, c);
        }
    }
    out.push(b'/');
}

fn print_regex_flags(out: &mut Vec<u8>, prog: &Program, re: Option<usize>, addr: bool) {
    let Some(i) = re else { return };
    let (_, icase, ml) = prog.regex_src[i];
    if icase {
        out.push(if addr { b'I' } else { b'i' });
    }
    if ml {
        out.push(if addr { b'M' } else { b'm' });
    }
}

fn print_addr(out: &mut Vec<u8>, prog: &Program, a: &Addr) {
    match a {
        Addr::Null => out.extend_from_slice(b"[ADDR-NULL]"),
        Addr::Re(r) => {
            print_regex(out, prog, *r);
            print_regex_flags(out, prog, *r, true);
        }
        Addr::Num(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Addr::NumMod(a, b) => out.extend_from_slice(format!("{a}~{b}").as_bytes()),
        Addr::Step(n) => out.extend_from_slice(format!("+{n}").as_bytes()),
        Addr::StepMod(n) => out.extend_from_slice(format!("~{n}").as_bytes()),
        Addr::Last => out.push(b'$'),
    }
}

fn file_name(f: &FileRef) -> &[u8] {
    match f {
        FileRef::Stdout => b"/dev/stdout",
        FileRef::Stderr => b"/dev/stderr",
        FileRef::Stdin => b"/dev/stdin",
        FileRef::Path(p) => p,
    }
}

fn print_function(out: &mut Vec<u8>, prog: &Program, cmd: &Cmd) {
    let letter = match &cmd.kind {
        Kind::Block(_) => b'{',
        Kind::BlockEnd => b'}',
        Kind::Label(_) => b':',
        Kind::Jump(b, _) => match b {
            super::parse::Branch::Always => b'b',
            super::parse::Branch::IfSub => b't',
            super::parse::Branch::IfNotSub => b'T',
        },
        Kind::Append(_) => b'a',
        Kind::Insert(_) => b'i',
        Kind::Change(_) => b'c',
        Kind::Subst(_) => b's',
        Kind::Translate(_) => b'y',
        Kind::Quit(_) => b'q',
        Kind::QuitSilent(_) => b'Q',
        Kind::List(_) => b'l',
        Kind::ReadFile { .. } => b'r',
        Kind::ReadLine(_) => b'R',
        Kind::Write(_) => b'w',
        Kind::WriteFirst(_) => b'W',
        Kind::Exec(_) => b'e',
        Kind::LineNo => b'=',
        Kind::Delete => b'd',
        Kind::DeleteFirst => b'D',
        Kind::GetHold => b'g',
        Kind::GetHoldAppend => b'G',
        Kind::Hold => b'h',
        Kind::HoldAppend => b'H',
        Kind::Next => b'n',
        Kind::NextAppend => b'N',
        Kind::Print => b'p',
        Kind::PrintFirst => b'P',
        Kind::Exchange => b'x',
        Kind::Zap => b'z',
        Kind::FileName => b'F',
    };
    out.push(letter);
    match &cmd.kind {
        Kind::Label(l) => out.extend_from_slice(l),
        Kind::Append(t) | Kind::Insert(t) | Kind::Change(t) => {
            out.push(b'\\');
            if let Some(t) = t {
                out.extend_from_slice(t);
            }
        }
        Kind::Jump(_, target) => {
            if let Some(Cmd {
                kind: Kind::Label(l),
                ..
            }) = prog.cmds.get(*target)
            {
                out.push(b' ');
                out.extend_from_slice(l);
            }
        }
        Kind::Exec(t) => {
            out.push(b' ');
            if let Some(t) = t {
                out.extend_from_slice(t);
            }
        }
        Kind::List(n) | Kind::Quit(n) | Kind::QuitSilent(n) => {
            if let Some(n) = n {
                out.extend_from_slice(format!(" {n}").as_bytes());
            }
        }
        Kind::ReadFile { path, .. } => {
            out.push(b' ');
            out.extend_from_slice(path);
        }
        Kind::ReadLine(i) => {
            out.push(b' ');
            out.extend_from_slice(file_name(&prog.rfiles[*i]));
        }
        Kind::Write(i) | Kind::WriteFirst(i) => {
            out.extend_from_slice(file_name(&prog.wfiles[*i]));
        }
        Kind::Subst(s) => {
            print_regex(out, prog, s.re);
            let mut last = 0u8;
            for p in &s.repl {
                if p.case != last {
                    out.push(b'\\');
                    if p.case == 0 {
                        out.push(b'E');
                    } else if p.case == REPL_UPPER {
                        out.push(b'U');
                    } else if p.case == REPL_LOWER {
                        out.push(b'L');
                    } else if p.case & REPL_MODIFIERS == REPL_UPPER_FIRST {
                        out.push(b'u');
                    } else if p.case & REPL_MODIFIERS == REPL_LOWER_FIRST {
                        out.push(b'l');
                    }
                    last = p.case;
                }
                out.extend_from_slice(&p.prefix);
                match p.group {
                    Some(0) => out.push(b'&'),
                    Some(g) => out.extend_from_slice(format!("\\{g}").as_bytes()),
                    None => {}
                }
            }
            out.push(b'/');
            print_regex_flags(out, prog, s.re, false);
            if s.global {
                out.push(b'g');
            }
            if s.eval {
                out.push(b'e');
            }
            if s.print != 0 {
                out.push(b'p');
            }
            if s.numb != 0 {
                out.extend_from_slice(s.numb.to_string().as_bytes());
            }
            if let Some(w) = s.wfile {
                out.push(b'w');
                out.extend_from_slice(file_name(&prog.wfiles[w]));
            }
        }
        Kind::Translate(t) => {
            out.push(b'/');
            for (a, _) in &t.pairs {
                out.extend_from_slice(a);
            }
            out.push(b'/');
            for (_, b) in &t.pairs {
                out.extend_from_slice(b);
            }
            out.push(b'/');
        }
        _ => {}
    }
}

/// GNU's `debug_print_command`, with its indentation level.
pub fn print_command(out: &mut Vec<u8>, prog: &Program, cmd: &Cmd, level: &mut i64) {
    if matches!(cmd.kind, Kind::BlockEnd) {
        *level -= 1;
    }
    for _ in 0..(*level).max(0) {
        out.extend_from_slice(b"  ");
    }
    if let Some(a) = &cmd.a1 {
        print_addr(out, prog, a);
    }
    if let Some(a) = &cmd.a2 {
        out.push(b',');
        print_addr(out, prog, a);
    }
    if cmd.bang {
        out.push(b'!');
    }
    if cmd.a1.is_some() || cmd.a2.is_some() {
        out.push(b' ');
    }
    print_function(out, prog, cmd);
    out.push(b'\n');
    if matches!(cmd.kind, Kind::Block(_)) {
        *level += 1;
    }
}

/// `SED PROGRAM:` and the program, one command a line.
pub fn print_program(out: &mut Vec<u8>, prog: &Program) {
    out.extend_from_slice(b"SED PROGRAM:\n");
    let mut level = 1;
    for c in &prog.cmds {
        print_command(out, prog, c, &mut level);
    }
}
