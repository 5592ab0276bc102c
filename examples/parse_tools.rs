//! Parser exploration tools (not tests):
//!
//! - `cargo run --example parse_tools -- files a.sh b.sh` parses real scripts and reports the
//!   number of commands, the errors and the time taken for each;
//! - `cargo run --example parse_tools -- accept FILE` reads NUL-separated scripts from FILE and
//!   prints `ACCEPT` followed by 1 for each that parses and 0 for each that does not, to compare
//!   with `bash -n` over generated inputs.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        Some((mode, files)) if mode == "files" => {
            for f in files {
                parse_file(f);
            }
            ExitCode::SUCCESS
        }
        Some((mode, [file])) if mode == "accept" => accept_file(file),
        _ => {
            eprintln!("usage: parse_tools files FILE... | parse_tools accept FILE");
            ExitCode::from(2)
        }
    }
}

fn parse_file(f: &str) {
    let text = match std::fs::read_to_string(f) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{f}: {e}");
            return;
        }
    };
    let t = std::time::Instant::now();
    let mut p = sandsh::syntax::Parser::new(&text);
    let mut n = 0;
    let mut errs = Vec::new();
    loop {
        match p.next_command(None) {
            Ok(Some(_)) => n += 1,
            Ok(None) => break,
            Err(e) => {
                errs.push(format!("line {}: {}", e.line, e.message));
                if e.incomplete {
                    break;
                }
            }
        }
    }
    println!(
        "{f}: {n} commands, {} bytes, {:?}, errors: {errs:?}",
        text.len(),
        t.elapsed()
    );
}

fn accept_file(f: &str) -> ExitCode {
    let text = match std::fs::read_to_string(f) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{f}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let out: String = text
        .split('\0')
        .map(|s| {
            if sandsh::syntax::parse(s).is_ok() {
                '1'
            } else {
                '0'
            }
        })
        .collect();
    println!("ACCEPT {out}");
    ExitCode::SUCCESS
}
