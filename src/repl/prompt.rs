//! PS1/PS2: bash's prompt escapes when the user set `PS1`, otherwise a default that shows the
//! working directory and the last non-zero status.
//!
//! The editor measures the prompt's width from a plain version and prints the coloured one, so
//! every prompt is built twice: `plain` (escape sequences removed) and `styled`.

use nu_ansi_term::{Color, Style};

use sandsh::Kernel;

pub struct Prompt {
    pub plain: String,
    pub styled: String,
}

/// Remove ANSI escape sequences (CSI `ESC [ … letter`, OSC `ESC ] … BEL`, and lone escapes).
pub fn strip_ansi(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        match chars.peek() {
            Some('[') => {
                chars.next();
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() || c == '~' {
                        break;
                    }
                }
            }
            Some(']') => {
                chars.next();
                let mut prev = ' ';
                for c in chars.by_ref() {
                    if c == '\x07' || (prev == '\x1b' && c == '\\') {
                        break;
                    }
                    prev = c;
                }
            }
            _ => {
                chars.next();
            }
        }
    }
    out
}

fn from_var(kernel: &Kernel, text: &str, color: bool) -> Prompt {
    let expanded = kernel.expand_prompt(text);
    let plain = strip_ansi(&expanded);
    Prompt {
        styled: if color { expanded } else { plain.clone() },
        plain,
    }
}

/// The main prompt: `$PS1` when the user set it, else `sandsh ~/dir [1] $ `.
pub fn primary(kernel: &Kernel, status: i32, color: bool) -> Prompt {
    // The kernel starts with bash's non-interactive default (`\s-\v\$ `): only a PS1 the
    // user set replaces ours.
    if let Some(ps1) = kernel.var("PS1")
        && ps1 != "\\s-\\v\\$ "
    {
        return from_var(kernel, &ps1, color);
    }
    let cwd = kernel.expand_prompt("\\w");
    let status_text = if status != 0 {
        format!(" [{status}]")
    } else {
        String::new()
    };
    let plain = format!("sandsh {cwd}{status_text} $ ");
    let styled = if color {
        format!(
            "{} {}{} {} ",
            Style::new().dimmed().paint("sandsh"),
            Color::Blue.bold().paint(&cwd),
            Color::Red.bold().paint(&status_text),
            Style::new().bold().paint("$")
        )
    } else {
        plain.clone()
    };
    Prompt { plain, styled }
}

/// The continuation prompt: `$PS2`, default `> `.
pub fn secondary(kernel: &Kernel, color: bool) -> Prompt {
    match kernel.var("PS2") {
        Some(ps2) => from_var(kernel, &ps2, color),
        None => {
            let plain = "> ".to_string();
            let styled = if color {
                Style::new().dimmed().paint("> ").to_string()
            } else {
                plain.clone()
            };
            Prompt { plain, styled }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_colour_codes() {
        assert_eq!(strip_ansi("\x1b[1;32mok\x1b[0m $ "), "ok $ ");
        assert_eq!(strip_ansi("\x1b]0;title\x07x"), "x");
    }
}
