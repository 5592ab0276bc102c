//! Parameter names as text: whether a word is a name, the target of `${!ref}`, a subscript as
//! the word the parser would make of it, and how a parameter is printed in messages.

use sandsh_syntax::ast::{Param, ParamOp, Subscript, Word};

/// Parse the target of `${!ref}`: `name`, `name[sub]`, a positional number or special char.
pub fn parse_param_ref(s: &str) -> Option<Param> {
    if s.is_empty() {
        return None;
    }
    if s.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = s.parse().ok()?;
        return Some(if n == 0 {
            Param::Special('0')
        } else {
            Param::Positional(n)
        });
    }
    if s.len() == 1 && "@*#?-$!_".contains(s) {
        return s.chars().next().map(Param::Special);
    }
    if let Some(open) = s.find('[')
        && s.ends_with(']')
    {
        let name = &s[..open];
        let sub = &s[open + 1..s.len() - 1];
        if !is_name(name) {
            return None;
        }
        let sub = match sub {
            "@" => Subscript::At,
            "*" => Subscript::Star,
            _ => Subscript::Expr(subscript_word(sub)),
        };
        return Some(Param::Index(name.to_string(), sub));
    }
    if is_name(s) {
        return Some(Param::Name(s.to_string()));
    }
    None
}

/// A subscript given as text (`'A["K"]'`, `'a[$i+1]'`, `'m[$(cmd)]'`) as the word the parser
/// would make of it inside `${name[…]}`, so that expanding it performs the quote removal and
/// expansions bash performs on such subscripts. Plain text stays a literal.
pub fn subscript_word(sub: &str) -> Word {
    if !sub.contains(['$', '`', '"', '\'', '\\']) {
        return Word::literal(sub);
    }
    use sandsh_syntax::ast::CommandKind;
    let src = format!(": ${{_[{sub}]}}");
    let parsed = sandsh_syntax::parse(&src).ok().and_then(|l| {
        let item = l.items.into_iter().next()?;
        let cmd = item.and_or.first.commands.into_iter().next()?.command;
        let CommandKind::Simple(sc) = cmd.kind else {
            return None;
        };
        let word = sc.words.into_iter().nth(1)?;
        let [sandsh_syntax::ast::WordPart::Param(pe)] = word.parts.as_slice() else {
            return None;
        };
        match &pe.param {
            Param::Index(_, Subscript::Expr(w)) if matches!(pe.op, ParamOp::None) => {
                Some(w.clone())
            }
            _ => None,
        }
    });
    parsed.unwrap_or_else(|| Word::literal(sub))
}

pub use sandsh_syntax::is_name;

pub fn param_name(p: &Param) -> String {
    // An expression subscript by its literal text only (what bash's messages show).
    p.written(|w| {
        w.parts
            .iter()
            .map(|p| match p {
                sandsh_syntax::ast::WordPart::Literal(s)
                | sandsh_syntax::ast::WordPart::SingleQuoted(s) => s.as_str(),
                _ => "",
            })
            .collect()
    })
}
