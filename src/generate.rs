//! `sandsh --generate man|completions SHELL`: the man page and shell completions, generated from
//! the clap definition in `cli.rs` so that they cannot drift from the real flags. The copies
//! committed in `man/` and `completions/` are checked by `tests/it/generated.rs`.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;

/// The `sandsh.1` man page (roff).
pub fn man() -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .map_err(|e| format!("--generate man: {e}"))?;
    Ok(out)
}

/// Completions for `shell` (bash, zsh, fish, elvish, powershell).
pub fn completions(shell: &str) -> Result<Vec<u8>, String> {
    let sh = match shell {
        "bash" => Shell::Bash,
        "zsh" => Shell::Zsh,
        "fish" => Shell::Fish,
        "elvish" => Shell::Elvish,
        "powershell" => Shell::PowerShell,
        other => {
            return Err(format!(
                "--generate completions: unknown shell '{other}' (bash, zsh, fish, elvish, powershell)"
            ));
        }
    };
    let mut out = Vec::new();
    clap_complete::generate(sh, &mut Cli::command(), "sandsh", &mut out);
    Ok(out)
}

/// Handle `--generate KIND [SHELL]`: the bytes to print.
pub fn generate(args: &[String]) -> Result<Vec<u8>, String> {
    match args {
        [kind] if kind == "man" => man(),
        [kind, shell] if kind == "completions" => completions(shell),
        [kind] if kind == "completions" => Err(
            "--generate completions: missing SHELL (bash, zsh, fish, elvish, powershell)".into(),
        ),
        _ => Err("--generate: expected 'man' or 'completions SHELL'".into()),
    }
}
