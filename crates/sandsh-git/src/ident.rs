//! Who and when: author and committer identities as git resolves them (`GIT_AUTHOR_NAME`…,
//! `author.name`, `user.name`, `EMAIL`), dates from `GIT_AUTHOR_DATE`/`GIT_COMMITTER_DATE` in
//! git's accepted forms, else the session's clock in `$TZ` (UTC when unset), and git's
//! date formats for output.

use crate::config::Config;
use crate::error::{Fail, Res};
use crate::repo::Git;

/// A name, an email and a time with its offset (seconds east of UTC).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ident {
    pub name: String,
    pub email: String,
    pub time: i64,
    pub tz: i32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    Author,
    Committer,
}

impl Ident {
    /// `Name <email> 1700000000 +0000`, as in a commit's header.
    pub fn header(&self) -> String {
        format!(
            "{} <{}> {} {}",
            self.name,
            self.email,
            self.time,
            tz_str(self.tz)
        )
    }

    pub fn signature(&self) -> gix_actor::Signature {
        gix_actor::Signature {
            name: self.name.clone().into(),
            email: self.email.clone().into(),
            time: gix_date::Time {
                seconds: self.time,
                offset: self.tz,
            },
        }
    }

    /// Parse `Name <email> 123 +0100` (a commit header's value).
    pub fn parse(raw: &[u8]) -> Ident {
        let s = String::from_utf8_lossy(raw);
        let (name, rest) = s.split_once('<').unwrap_or((&s, ""));
        let (email, rest) = rest.split_once('>').unwrap_or((rest, ""));
        let mut it = rest.split_whitespace();
        let time = it.next().and_then(|t| t.parse().ok()).unwrap_or(0);
        let tz = it.next().map(parse_tz).unwrap_or(0);
        Ident {
            name: name.trim().to_string(),
            email: email.to_string(),
            time,
            tz,
        }
    }
}

/// `+0130` from seconds east of UTC.
pub(crate) fn tz_str(tz: i32) -> String {
    let sign = if tz < 0 { '-' } else { '+' };
    let m = tz.abs() / 60;
    format!("{sign}{:02}{:02}", m / 60, m % 60)
}

fn parse_tz(s: &str) -> i32 {
    let (sign, digits) = match s.as_bytes().first() {
        Some(b'-') => (-1, &s[1..]),
        Some(b'+') => (1, &s[1..]),
        _ => (1, s),
    };
    let n: i32 = digits.parse().unwrap_or(0);
    sign * ((n / 100) * 3600 + (n % 100) * 60)
}

/// The session's time zone (`$TZ`), UTC when unset or unknown.
pub(crate) fn local_tz(g: &Git) -> jiff::tz::TimeZone {
    match g.env("TZ") {
        Some(name) if !name.is_empty() => {
            let name = name.trim_start_matches(':');
            jiff::tz::TimeZone::get(name).unwrap_or(jiff::tz::TimeZone::UTC)
        }
        _ => jiff::tz::TimeZone::UTC,
    }
}

/// Now, from the session's clock, with the local offset.
pub(crate) fn now(g: &Git) -> (i64, i32) {
    let secs = g
        .ctx
        .now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let tz = local_tz(g);
    let off = jiff::Timestamp::from_second(secs)
        .map(|t| tz.to_offset(t).seconds())
        .unwrap_or(0);
    (secs, off)
}

/// A date as `GIT_AUTHOR_DATE`, `--date` or `commit --date` give it.
pub(crate) fn parse_date(g: &Git, s: &str) -> Option<(i64, i32)> {
    let s = s.trim();
    // git's internal form: `@<secs> <tz>` or `<secs> <tz>`.
    let raw = s.strip_prefix('@').unwrap_or(s);
    let mut parts = raw.split_whitespace();
    if let (Some(secs), tz) = (parts.next(), parts.next())
        && parts.next().is_none()
        && let Ok(secs) = secs.parse::<i64>()
        && (s.starts_with('@') || tz.is_some() || secs > 100_000_000)
    {
        let tz = match tz {
            Some(t) if t.len() == 5 && (t.starts_with('+') || t.starts_with('-')) => parse_tz(t),
            Some(_) => return None,
            None => 0,
        };
        return Some((secs, tz));
    }
    let zone = local_tz(g);
    let (now_s, _) = now(g);
    let now_z = jiff::Timestamp::from_second(now_s)
        .ok()?
        .to_zoned(zone.clone());
    // A date without a zone is local time; gix-date reads it as UTC, so it is moved here.
    let t = gix_date::parse(s, Some(now_z)).ok()?;
    let has_zone = s.ends_with('Z')
        || s.rsplit(' ')
            .next()
            .is_some_and(|w| (w.starts_with('+') || w.starts_with('-')) && w.len() >= 5)
        || s.rfind(['+', '-'])
            .is_some_and(|p| p > 10 && s[p..].len() >= 5 && s.contains('T'));
    if has_zone || s.starts_with('@') {
        return Some((t.seconds, t.offset));
    }
    let civil = jiff::Timestamp::from_second(t.seconds)
        .ok()?
        .to_zoned(jiff::tz::TimeZone::UTC)
        .datetime();
    let z = civil.to_zoned(zone).ok()?;
    Some((z.timestamp().as_second(), z.offset().seconds()))
}

fn configured(g: &Git, cfg: &Config, env: &str, role_key: &str, user_key: &str) -> Option<String> {
    g.env(env)
        .or_else(|| cfg.get(role_key))
        .or_else(|| cfg.get(user_key))
}

/// The author or committer of a commit made now.
pub(crate) fn ident(g: &Git, cfg: &Config, role: Role) -> Res<Ident> {
    let (r, up) = match role {
        Role::Author => ("author", "AUTHOR"),
        Role::Committer => ("committer", "COMMITTER"),
    };
    let name = configured(
        g,
        cfg,
        &format!("GIT_{up}_NAME"),
        &format!("{r}.name"),
        "user.name",
    );
    let email = configured(
        g,
        cfg,
        &format!("GIT_{up}_EMAIL"),
        &format!("{r}.email"),
        "user.email",
    )
    .or_else(|| g.env("EMAIL"));
    let user = g.env("USER").unwrap_or_else(|| "user".into());
    let Some(email) = email else {
        let host = g.env("HOSTNAME").unwrap_or_else(|| "sandbox".into());
        let who = if role == Role::Author {
            "Author"
        } else {
            "Committer"
        };
        return Err(Fail::Raw(
            format!(
                "{who} identity unknown\n\n*** Please tell me who you are.\n\nRun\n\n  git config --global user.email \"you@example.com\"\n  git config --global user.name \"Your Name\"\n\nto set your account's default identity.\nOmit --global to set the identity only in this repository.\n\nfatal: unable to auto-detect email address (got '{user}@{host}.(none)')\n"
            ),
            128,
        ));
    };
    let name = name.unwrap_or(user);
    if name.trim().is_empty() {
        return Err(Fail::fatal(format!(
            "empty ident name (for <{email}>) not allowed"
        )));
    }
    let date_env = format!("GIT_{up}_DATE");
    let (time, tz) = match g.env(&date_env) {
        Some(d) if !d.is_empty() => {
            parse_date(g, &d).ok_or_else(|| Fail::fatal(format!("invalid date format: {d}")))?
        }
        _ => now(g),
    };
    Ok(Ident {
        name: name.trim().to_string(),
        email: email.trim().to_string(),
        time,
        tz,
    })
}

/// A date in one of git's `--date` formats.
pub(crate) fn format_date(time: i64, tz: i32, fmt: &str, now: i64) -> String {
    let off = jiff::tz::Offset::from_seconds(tz).unwrap_or(jiff::tz::Offset::UTC);
    let Ok(ts) = jiff::Timestamp::from_second(time) else {
        return time.to_string();
    };
    let z = ts.to_zoned(jiff::tz::TimeZone::fixed(off));
    let tzs = tz_str(tz);
    match fmt {
        "raw" => format!("{time} {tzs}"),
        "unix" => time.to_string(),
        "short" => z.strftime("%Y-%m-%d").to_string(),
        "iso" | "iso8601" => format!("{} {tzs}", z.strftime("%Y-%m-%d %H:%M:%S")),
        "iso-strict" | "iso8601-strict" => {
            let base = z.strftime("%Y-%m-%dT%H:%M:%S").to_string();
            if tz == 0 {
                format!("{base}Z")
            } else {
                format!("{base}{}:{}", &tzs[..3], &tzs[3..])
            }
        }
        "rfc" | "rfc2822" => format!("{} {tzs}", z.strftime("%a, %-d %b %Y %H:%M:%S")),
        "relative" => relative(now - time),
        _ => format!("{} {tzs}", z.strftime("%a %b %-d %H:%M:%S %Y")),
    }
}

/// git's `--date=relative` wording.
fn relative(diff: i64) -> String {
    if diff < 0 {
        return "in the future".into();
    }
    let plural = |n: i64, unit: &str| {
        if n == 1 {
            format!("{n} {unit} ago")
        } else {
            format!("{n} {unit}s ago")
        }
    };
    if diff < 90 {
        return plural(diff, "second");
    }
    let mins = (diff + 30) / 60;
    if mins < 90 {
        return plural(mins, "minute");
    }
    let hours = (mins + 30) / 60;
    if hours < 36 {
        return plural(hours, "hour");
    }
    let days = (hours + 12) / 24;
    if days < 14 {
        return plural(days, "day");
    }
    if days < 70 {
        return plural((days + 3) / 7, "week");
    }
    if days < 365 {
        return plural((days + 15) / 30, "month");
    }
    if days < 1825 {
        let total = (days * 12 * 2 + 365) / (365 * 2);
        let (years, months) = (total / 12, total % 12);
        let y = if years == 1 {
            "1 year".to_string()
        } else {
            format!("{years} years")
        };
        if months > 0 {
            let m = if months == 1 {
                "1 month".to_string()
            } else {
                format!("{months} months")
            };
            return format!("{y}, {m} ago");
        }
        return format!("{y} ago");
    }
    plural((days + 183) / 365, "year")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_gits_formats() {
        assert_eq!(
            format_date(1_700_000_000, 0, "default", 0),
            "Tue Nov 14 22:13:20 2023 +0000"
        );
        assert_eq!(
            format_date(1_700_000_000, 3600, "iso", 0),
            "2023-11-14 23:13:20 +0100"
        );
        assert_eq!(format_date(1_700_000_000, 0, "short", 0), "2023-11-14");
        assert_eq!(
            format_date(1_700_000_000, -5 * 3600, "rfc", 0),
            "Tue, 14 Nov 2023 17:13:20 -0500"
        );
        assert_eq!(tz_str(-19800), "-0530");
        assert_eq!(parse_tz("+0530"), 19800);
    }

    #[test]
    fn identity_headers_round_trip() {
        let i = Ident::parse(b"A U Thor <a@x.org> 1700000000 -0130");
        assert_eq!(i.name, "A U Thor");
        assert_eq!(i.tz, -5400);
        assert_eq!(i.header(), "A U Thor <a@x.org> 1700000000 -0130");
    }
}
