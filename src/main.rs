//! The `sandsh` binary: `sandsh -c CMDS`, `sandsh FILE ARGS…`, or a script on stdin.
//!
//! Start-up does only what the invocation needs: no async runtime, no editor, no registry scan
//! beyond building the command table.

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

use sandsh::kernel::ExecOptions;
use sandsh::{Kernel, KernelConfig};

const USAGE: &str = "\
Usage: sandsh [OPTIONS] [-c COMMANDS [NAME [ARGS...]] | SCRIPT [ARGS...]]

A sandboxed, bash-compatible shell. Commands run in-process over a virtual
filesystem; the host is not reachable.

Options:
  -c COMMANDS     run COMMANDS; NAME sets $0 and ARGS set $1...
  -e              exit on the first failing command (set -e)
  -u              treat unset variables as an error (set -u)
  -x              print commands as they run (set -x)
  -o OPTION       set a shell option by name (e.g. -o pipefail)
  -h, --help      print this help
  -V, --version   print the version

With no -c and no SCRIPT, the script is read from standard input.
";

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let mut opts: Vec<(String, bool)> = Vec::new();
    let mut command: Option<String> = None;
    let mut want_c = false;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].to_string_lossy().into_owned();
        match a.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "-V" | "--version" => {
                println!("sandsh {}", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            "--" => {
                i += 1;
                break;
            }
            "-o" | "+o" => {
                let Some(name) = args.get(i + 1) else {
                    eprintln!("sandsh: {a}: option requires an argument");
                    return ExitCode::from(2);
                };
                opts.push((name.to_string_lossy().into_owned(), a == "-o"));
                i += 2;
                continue;
            }
            _ if (a.starts_with('-') || a.starts_with('+')) && a.len() > 1 => {
                let on = a.starts_with('-');
                for c in a[1..].chars() {
                    let name = match c {
                        'c' => {
                            want_c = true;
                            continue;
                        }
                        'e' => "errexit",
                        'u' => "nounset",
                        'x' => "xtrace",
                        'f' => "noglob",
                        'C' => "noclobber",
                        'v' => "verbose",
                        'a' => "allexport",
                        'n' => "noexec",
                        's' | 'i' | 'l' => continue,
                        _ => {
                            eprintln!("sandsh: -{c}: invalid option\n{USAGE}");
                            return ExitCode::from(2);
                        }
                    };
                    opts.push((name.to_string(), on));
                }
                i += 1;
                continue;
            }
            _ => break,
        }
    }
    let rest: Vec<Vec<u8>> = args[i..]
        .iter()
        .map(|a| a.as_encoded_bytes().to_vec())
        .collect();
    let mut kernel = Kernel::new(KernelConfig::default());
    for (name, on) in &opts {
        if !kernel.set_option(name, *on) {
            eprintln!("sandsh: {name}: invalid option name");
            return ExitCode::from(2);
        }
    }
    let stdin_is_script;
    if want_c {
        let Some(cmds) = rest.first() else {
            eprintln!("sandsh: -c: option requires an argument");
            return ExitCode::from(2);
        };
        command = Some(String::from_utf8_lossy(cmds).into_owned());
        let arg0 = rest
            .get(1)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .unwrap_or_else(|| "sandsh".to_string());
        let args = if rest.len() > 2 {
            rest[2..].to_vec()
        } else {
            Vec::new()
        };
        kernel.set_args(&arg0, args);
        kernel.set_command_mode(true);
        stdin_is_script = false;
    } else if let Some(file) = rest.first() {
        let path = String::from_utf8_lossy(file).into_owned();
        match std::fs::read(&path) {
            Ok(d) => command = Some(String::from_utf8_lossy(&d).into_owned()),
            Err(e) => {
                eprintln!("sandsh: {path}: {}", io_reason(&e));
                return ExitCode::from(127);
            }
        }
        kernel.set_args(&path, rest[1..].to_vec());
        kernel.set_error_name(&path);
        kernel.set_script_file(&path);
        stdin_is_script = false;
    } else {
        stdin_is_script = true;
    }
    let script = if stdin_is_script {
        let mut buf = Vec::new();
        if std::io::stdin().is_terminal() {
            eprintln!("sandsh: interactive mode is not available yet; use -c or a script");
            return ExitCode::from(2);
        }
        if let Err(e) = std::io::stdin().read_to_end(&mut buf) {
            eprintln!("sandsh: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
        String::from_utf8_lossy(&buf).into_owned()
    } else {
        command.unwrap_or_default()
    };
    let stdin: Option<Box<dyn Read + Send>> = if stdin_is_script {
        None
    } else {
        Some(Box::new(std::io::stdin()))
    };
    let out: sandsh::interp_io::ChunkSink = std::sync::Arc::new(|b: &[u8]| {
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(b);
        let _ = o.flush();
    });
    let err: sandsh::interp_io::ChunkSink = std::sync::Arc::new(|b: &[u8]| {
        let mut e = std::io::stderr().lock();
        let _ = e.write_all(b);
        let _ = e.flush();
    });
    let r = kernel.execute_with(
        &script,
        ExecOptions {
            stdin,
            on_stdout: Some(out),
            on_stderr: Some(err),
        },
    );
    ExitCode::from((r.exit_code & 0xff) as u8)
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".into(),
        _ => e.to_string(),
    }
}
