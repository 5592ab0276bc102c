//! Opt-in parser exploration tools (they do nothing unless their environment variable is set):
//! parse real scripts and report errors and timing, or print accept/reject for a batch of
//! generated inputs to compare with `bash -n`.

/// `SANDSH_PARSE_FILES="a.sh b.sh" cargo test --test parse_tools parse_files -- --nocapture`
/// parses real scripts and reports the first error of each and the time taken.
#[test]
fn parse_files() {
    let Ok(files) = std::env::var("SANDSH_PARSE_FILES") else {
        return;
    };
    for f in files.split_whitespace() {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
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
}

/// `SANDSH_ACCEPT_FILE=f cargo test --test parse_tools accept_file -- --nocapture`: for each NUL-separated script in `f`, print 1 if it parses, else 0
/// (used to compare with `bash -n` over generated inputs).
#[test]
fn accept_file() {
    let Ok(f) = std::env::var("SANDSH_ACCEPT_FILE") else {
        return;
    };
    let Ok(text) = std::fs::read_to_string(f) else {
        return;
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
}
