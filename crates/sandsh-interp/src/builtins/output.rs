//! `echo` and `printf`: the builtins that format their arguments to standard output
//! (`printf -v` to a variable, `%(…)T` in the exported `TZ`).

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

pub fn echo(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let out = sandsh_text::escape::echo(argv.get(1..).unwrap_or_default(), sh.opts.xpg_echo);
    sh.out(&out)?;
    Ok(0)
}

/// The zone of `TZ` when it is set and exported (bash's `%(…)T` ignores an unexported one).
fn exported_tz(sh: &Shell) -> Option<jiff::tz::TimeZone> {
    let v = sh.vars.get("TZ")?;
    if !v.attrs.has(crate::vars::Attrs::EXPORT) {
        return None;
    }
    let tz = sh.vars.get_str("TZ")?;
    sandsh_text::printf::zone_named(&String::from_utf8_lossy(tz))
}

pub fn printf(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    const USAGE: &str = "printf: usage: printf [-v var] format [arguments]\n";
    let mut i = 1;
    let mut var: Option<String> = None;
    // bash's internal_getopt with "v:": `-vNAME` or `-v NAME`; any other `-X` (even `- item`)
    // is an invalid option.
    while let Some(a) = argv.get(i).filter(|a| a.len() > 1 && a[0] == b'-') {
        i += 1;
        if a == b"--" {
            break;
        }
        if a[1] != b'v' {
            sh.builtin_error("printf", &format!("{}: invalid option", text(&a[..2])));
            sh.write_fd(2, USAGE.as_bytes());
            return Ok(2);
        }
        let name = if a.len() > 2 {
            &a[2..]
        } else if let Some(n) = argv.get(i) {
            i += 1;
            n.as_slice()
        } else {
            sh.builtin_error("printf", "-v: option requires an argument");
            sh.write_fd(2, USAGE.as_bytes());
            return Ok(2);
        };
        var = Some(text(name));
    }
    let Some(fmt) = argv.get(i) else {
        sh.write_fd(2, USAGE.as_bytes());
        return Ok(2);
    };
    let args = &argv[i + 1..];
    let now = (sh.env.clock)()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let times = sandsh_text::printf::PrintfTimes {
        now,
        shell_start: now - sh.env.start.elapsed().as_secs() as i64,
        zone: exported_tz(sh),
    };
    let mut out = Vec::new();
    let r = sandsh_text::printf::format(fmt, args, times, &mut out);
    for msg in &r.diagnostics {
        sh.builtin_error("printf", msg);
    }
    let status = r.status;
    match var {
        Some(v) => {
            let head = v
                .find('[')
                .filter(|_| v.ends_with(']'))
                .map_or(&v[..], |i| &v[..i]);
            if !super::super::param::is_name(head)
                || (head.len() < v.len() && v.len() < head.len() + 2)
            {
                sh.builtin_error("printf", &format!("`{v}': not a valid identifier"));
                return Ok(2);
            }
            if v.contains('[') {
                let open = v.find('[').unwrap_or(0);
                let name = v[..open].to_string();
                let key =
                    super::super::param::subscript_word(&v[open + 1..v.len().saturating_sub(1)]);
                sh.assign_index(&name, &key, out, false)?;
            } else {
                sh.set_var(&v, out)?;
            }
        }
        None => sh.out(&out)?,
    }
    Ok(status)
}
