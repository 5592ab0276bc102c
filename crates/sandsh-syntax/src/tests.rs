//! Parser tests: source → AST shape (compact rendering) or error.

use super::ast::*;
use super::parse;

/// A compact rendering of the AST, to keep expectations short and readable.
pub(super) fn show_list(l: &List) -> String {
    l.items
        .iter()
        .map(|i| {
            let mut s = show_andor(&i.and_or);
            if i.background {
                s.push_str(" &");
            }
            s
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn show_andor(a: &AndOr) -> String {
    let mut s = show_pipe(&a.first);
    for (op, p) in &a.rest {
        s.push_str(match op {
            AndOrOp::And => " && ",
            AndOrOp::Or => " || ",
        });
        s.push_str(&show_pipe(p));
    }
    s
}

fn show_pipe(p: &Pipeline) -> String {
    let mut s = String::new();
    match p.timed {
        Some(TimeFormat::Default) => s.push_str("time "),
        Some(TimeFormat::Posix) => s.push_str("time -p "),
        None => {}
    }
    if p.negated {
        s.push_str("! ");
    }
    let cmds: Vec<String> = p
        .commands
        .iter()
        .map(|e| {
            let mut c = show_cmd(&e.command);
            if e.pipe_stderr {
                c.push_str(" |&");
            }
            c
        })
        .collect();
    s.push_str(&cmds.join(" | "));
    s
}

fn show_cmd(c: &Command) -> String {
    let mut s = match &c.kind {
        CommandKind::Simple(sc) => {
            let mut v: Vec<String> = sc.assigns.iter().map(show_assign).collect();
            v.extend(sc.words.iter().map(show_word));
            format!("[{}]", v.join(" "))
        }
        CommandKind::Group(l) => format!("{{{}}}", show_list(l)),
        CommandKind::Subshell(l) => format!("({})", show_list(l)),
        CommandKind::If {
            branches,
            else_branch,
        } => {
            let mut s = String::from("if");
            for (c, b) in branches {
                s.push_str(&format!(" {} then {}", show_list(c), show_list(b)));
            }
            if let Some(e) = else_branch {
                s.push_str(&format!(" else {}", show_list(e)));
            }
            s + " fi"
        }
        CommandKind::While { cond, body, until } => format!(
            "{} {} do {} done",
            if *until { "until" } else { "while" },
            show_list(cond),
            show_list(body)
        ),
        CommandKind::For { var, words, body } | CommandKind::Select { var, words, body } => {
            let kw = if matches!(c.kind, CommandKind::For { .. }) {
                "for"
            } else {
                "select"
            };
            let w = match words {
                Some(ws) => format!(
                    " in {}",
                    ws.iter().map(show_word).collect::<Vec<_>>().join(" ")
                ),
                None => String::new(),
            };
            format!("{kw} {var}{w} do {} done", show_list(body))
        }
        CommandKind::ArithFor {
            init,
            cond,
            step,
            body,
        } => {
            let f = |w: &Option<Word>| w.as_ref().map(show_word).unwrap_or_default();
            format!(
                "for(({};{};{})) {}",
                f(init),
                f(cond),
                f(step),
                show_list(body)
            )
        }
        CommandKind::Case { word, arms } => {
            let mut s = format!("case {} in", show_word(word));
            for a in arms {
                let pats: Vec<String> = a.patterns.iter().map(show_word).collect();
                let t = match a.terminator {
                    CaseTerminator::Break => ";;",
                    CaseTerminator::FallThrough => ";&",
                    CaseTerminator::Continue => ";;&",
                };
                s.push_str(&format!(" {}) {} {t}", pats.join("|"), show_list(&a.body)));
            }
            s + " esac"
        }
        CommandKind::Arith(w) => format!("(({}))", show_word(w)),
        CommandKind::Cond(e) => format!("[[ {} ]]", show_cond(e)),
        CommandKind::FunctionDef { name, body } => format!("fn {name} {}", show_cmd(body)),
    };
    for r in &c.redirects {
        s.push(' ');
        s.push_str(&show_redir(r));
    }
    s
}

fn show_redir(r: &Redirect) -> String {
    let fd = match &r.fd {
        RedirFd::Default => String::new(),
        RedirFd::Number(n) => n.to_string(),
        RedirFd::Var(v) => format!("{{{v}}}"),
    };
    format!("{fd}{:?}:{}", r.op, show_word(&r.target))
}

fn show_cond(e: &CondExpr) -> String {
    match e {
        CondExpr::Unary(o, w) => format!("{o} {}", show_word(w)),
        CondExpr::Binary(a, o, b) => format!("{} {o} {}", show_word(a), show_word(b)),
        CondExpr::Pattern { lhs, rhs, negated } => format!(
            "{} {} {}",
            show_word(lhs),
            if *negated { "!=" } else { "==" },
            show_word(rhs)
        ),
        CondExpr::Regex(a, b) => format!("{} =~ {}", show_word(a), show_word(b)),
        CondExpr::Word(w) => show_word(w),
        CondExpr::Not(x) => format!("!({})", show_cond(x)),
        CondExpr::And(a, b) => format!("({} && {})", show_cond(a), show_cond(b)),
        CondExpr::Or(a, b) => format!("({} || {})", show_cond(a), show_cond(b)),
    }
}

fn show_assign(a: &Assign) -> String {
    let idx = a
        .index
        .as_ref()
        .map(|w| format!("[{}]", show_word(w)))
        .unwrap_or_default();
    let op = if a.append { "+=" } else { "=" };
    let v = match &a.value {
        AssignValue::Scalar(w) => show_word(w),
        AssignValue::Array(elems) => {
            let e: Vec<String> = elems
                .iter()
                .map(|e| {
                    let k = e
                        .key
                        .as_ref()
                        .map(|k| format!("[{}]{}", show_word(k), if e.append { "+=" } else { "=" }))
                        .unwrap_or_default();
                    format!("{k}{}", show_word(&e.value))
                })
                .collect();
            format!("({})", e.join(" "))
        }
    };
    format!("{}{idx}{op}{v}", a.name)
}

pub(super) fn show_word(w: &Word) -> String {
    show_parts(&w.parts)
}

fn show_parts(ps: &[WordPart]) -> String {
    ps.iter().map(show_part).collect::<Vec<_>>().join("+")
}

fn show_part(p: &WordPart) -> String {
    match p {
        WordPart::Literal(s) => format!("L({s})"),
        WordPart::SingleQuoted(s) => format!("S({s})"),
        WordPart::AnsiC(b) => format!("C({})", String::from_utf8_lossy(b).escape_debug()),
        WordPart::DoubleQuoted(ps) => format!("D({})", show_parts(ps)),
        WordPart::Param(pe) => show_param(pe),
        WordPart::CommandSubst(l) => format!("$({})", show_list(l)),
        WordPart::Arith(w) => format!("$(({}))", show_word(w)),
        WordPart::ProcessSubst { output, list } => {
            format!("{}({})", if *output { ">" } else { "<" }, show_list(list))
        }
        WordPart::Tilde(u) => format!("~{u}"),
        WordPart::BraceAlt(alts) => format!(
            "{{{}}}",
            alts.iter()
                .map(|a| show_parts(a))
                .collect::<Vec<_>>()
                .join(",")
        ),
        WordPart::BraceSeq { start, end, step } => match step {
            Some(s) => format!("{{{start}..{end}..{s}}}"),
            None => format!("{{{start}..{end}}}"),
        },
        WordPart::Assign(a) => format!("A({})", show_assign(a)),
        WordPart::BadSubst(t) => format!("BAD({t})"),
        WordPart::BadBackquote { message, .. } => format!("BADBQ({message})"),
    }
}

fn show_param(pe: &ParamExp) -> String {
    let p = pe.param.written(show_word);
    let ind = if pe.indirect { "!" } else { "" };
    let op = match &pe.op {
        ParamOp::None => String::new(),
        ParamOp::Length => return format!("${{#{p}}}"),
        ParamOp::Default { colon, kind, word } => format!(
            " {}{} {}",
            if *colon { ":" } else { "" },
            match kind {
                DefaultKind::Use => "-",
                DefaultKind::Assign => "=",
                DefaultKind::Error => "?",
                DefaultKind::Alternative => "+",
            },
            show_word(word)
        ),
        ParamOp::RemovePrefix { longest, pattern } => {
            format!(
                " {} {}",
                if *longest { "##" } else { "#" },
                show_word(pattern)
            )
        }
        ParamOp::RemoveSuffix { longest, pattern } => {
            format!(
                " {} {}",
                if *longest { "%%" } else { "%" },
                show_word(pattern)
            )
        }
        ParamOp::Replace {
            mode,
            pattern,
            replacement,
        } => format!(
            " {mode:?} {} {}",
            show_word(pattern),
            replacement
                .as_ref()
                .map(show_word)
                .unwrap_or_else(|| "-".into())
        ),
        ParamOp::Case { mode, all, pattern } => format!(
            " {mode:?}{} {}",
            if *all { "All" } else { "" },
            pattern.as_ref().map(show_word).unwrap_or_default()
        ),
        ParamOp::Substring { offset, length } => format!(
            " sub {} {}",
            show_word(offset),
            length.as_ref().map(show_word).unwrap_or_else(|| "-".into())
        ),
        ParamOp::Transform(c) => format!(" @{c}"),
        ParamOp::PrefixNames { star } => {
            return format!("${{!{p}{}}}", if *star { "*" } else { "@" });
        }
        ParamOp::Keys => return format!("${{!{p}}}"),
    };
    format!("${{{ind}{p}{op}}}")
}

fn sh(src: &str) -> String {
    match parse(src) {
        Ok(l) => show_list(&l),
        Err(e) => format!(
            "ERR {}{}",
            e.message,
            if e.incomplete { " (incomplete)" } else { "" }
        ),
    }
}

fn check(cases: &[(&str, &str)]) {
    let mut bad = Vec::new();
    for (src, want) in cases {
        let got = sh(src);
        if got != *want {
            bad.push(format!("{src:?}\n   want: {want}\n    got: {got}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn simple_commands_and_quoting() {
    check(&[
        ("echo hi", "[L(echo) L(hi)]"),
        (
            "echo 'a b' \"c $d\" \\$x",
            "[L(echo) S(a b) D(L(c )+${d}) S($)+L(x)]",
        ),
        (
            "echo \"a\\$b\\\\c\\\"d\\e\"",
            "[L(echo) D(L(a)+S($)+L(b)+S(\\)+L(c)+S(\")+L(d\\e))]",
        ),
        ("echo a\\\nb", "[L(echo) L(ab)]"),
        ("ec\\\nho x", "[L(echo) L(x)]"),
        ("echo \"a\\\nb\"", "[L(echo) D(L(ab))]"),
        ("echo 'a\\\nb'", "[L(echo) S(a\\\nb)]"),
        (
            "echo $'a\\nb\\t\\x41\\101\\u00e9\\cA\\'\\\\'",
            "[L(echo) C(a\\nb\\tAAé\\u{1}\\'\\\\)]",
        ),
        ("echo $'a\\0b'", "[L(echo) C(a)]"),
        ("echo $\"x $y\"", "[L(echo) D(L(x )+${y})]"),
        (
            "echo \"$\"x \"a'b\" \\\"",
            "[L(echo) D(L($))+L(x) D(L(a'b)) S(\")]",
        ),
        ("echo a#b #c\necho d", "[L(echo) L(a#b)]; [L(echo) L(d)]"),
        ("echo if then fi", "[L(echo) L(if) L(then) L(fi)]"),
        ("x=1 if", "[x=L(1) L(if)]"),
        ("", ""),
        ("\n\n# only a comment\n", ""),
    ]);
}

#[test]
fn assignments() {
    check(&[
        ("a=1 b+=2 c", "[a=L(1) b+=L(2) L(c)]"),
        ("a[i+1]=3 a[$k]+=v", "[a[L(i+1)]=L(3) a[${k}]+=L(v)]"),
        (
            "a[\"x y\"]=1 a[1 + 1]=x",
            "[a[D(L(x y))]=L(1) a[L(1 + 1)]=L(x)]",
        ),
        (
            "a=(1 2 [5]=x) b+=(y [k]+=z)",
            "[a=(L(1) L(2) [L(5)]=L(x)) b+=(L(y) [L(k)]+=L(z))]",
        ),
        ("a=(\n 1 # c\n 2\n)", "[a=(L(1) L(2))]"),
        ("a=({1..3} x{a,b})", "[a=({1..3} L(x)+{L(a),L(b)})]"),
        ("a=~/x:~/y", "[a=~+L(/x:)+~+L(/y)]"),
        ("a= b", "[a= L(b)]"),
        ("local -a x=(1 2)", "[L(local) L(-a) A(x=(L(1) L(2)))]"),
        (
            "declare -A m=([k]=v) y",
            "[L(declare) L(-A) A(m=([L(k)]=L(v))) L(y)]",
        ),
        ("export A=$b", "[L(export) A(A=${b})]"),
        ("echo a=b", "[L(echo) L(a=b)]"),
        ("echo a=~/x", "[L(echo) L(a=)+~+L(/x)]"),
        ("echo a=(", "ERR syntax error near unexpected token `('"),
        ("a=b(c)", "ERR syntax error near unexpected token `('"),
        (
            "a=(1 2",
            "ERR unexpected EOF while looking for matching `)' (incomplete)",
        ),
        ("echo [a] x=[ y]=3", "[L(echo) L([a]) L(x=[) L(y]=3)]"),
    ]);
}

#[test]
fn parameters() {
    check(&[
        (
            "echo $1 $10 ${10} $0 $_ $$ $! $? $- $# $@ $* $_x $",
            "[L(echo) ${1} ${1}+L(0) ${10} ${0} ${_} ${$} ${!} ${?} ${-} ${#} ${@} ${*} ${_x} L($)]",
        ),
        (
            "echo ${x:-'a b'} ${x:-$y}",
            "[L(echo) ${x :- S(a b)} ${x :- ${y}}]",
        ),
        (
            "echo ${#x} ${#a[@]} ${#} ${##} ${#-}",
            "[L(echo) ${#x} ${#a[@]} ${#} ${##} ${#-}]",
        ),
        (
            "echo ${!x} ${!pre*} ${!pre@} ${!a[@]} ${!a[*]}",
            "[L(echo) ${!x} ${!pre*} ${!pre@} ${!a[@]} ${!a[*]}]",
        ),
        ("echo ${!x:-d} ${!}", "[L(echo) ${!x :- L(d)} ${!}]"),
        (
            "echo ${x@Q} ${a[i]} ${a[@]:1:2}",
            "[L(echo) ${x @Q} ${a[L(i)]} ${a[@] sub L(1) L(2)}]",
        ),
        (
            "echo ${x: -1} ${x:(-1)} ${x:-1}",
            "[L(echo) ${x sub L( -1) -} ${x sub L((-1)) -} ${x :- L(1)}]",
        ),
        (
            "echo ${x//a/b} ${x/#a} ${x/%a/} ${x/a}",
            "[L(echo) ${x All L(a) L(b)} ${x Prefix L(a) -} ${x Suffix L(a) } ${x First L(a) -}]",
        ),
        ("echo ${x//\\//-}", "[L(echo) ${x All S(/) L(-)}]"),
        (
            "echo ${x^^} ${x,} ${x~~[a-z]} ${x^}",
            "[L(echo) ${x UpperAll } ${x Lower } ${x ToggleAll L([a-z])} ${x Upper }]",
        ),
        (
            "echo ${x#*/} ${x##*/} ${x%.*} ${x%%.*}",
            "[L(echo) ${x # L(*/)} ${x ## L(*/)} ${x % L(.*)} ${x %% L(.*)}]",
        ),
        (
            "echo ${x=1} ${x?err msg} ${x-} ${x:+q} ${x:=v} ${x:?}",
            "[L(echo) ${x = L(1)} ${x ? L(err msg)} ${x - } ${x :+ L(q)} ${x := L(v)} ${x :? }]",
        ),
        (
            "echo ${x:-${y:-z}} \"${x:-\"a b\"}\"",
            "[L(echo) ${x :- ${y :- L(z)}} D(${x :- D(L(a b))})]",
        ),
        ("echo ${x:-{a,b}}", "[L(echo) ${x :- L({a,b)}+L(})]"),
        ("echo ${x:-{a}b}", "[L(echo) ${x :- L({a)}+L(b})]"),
        (
            "echo ${a[$i+1]} ${a[\"k y\"]} ${#a[i]}",
            "[L(echo) ${a[${i}+L(+1)]} ${a[D(L(k y))]} ${#a[L(i)]}]",
        ),
        (
            "echo ${x&} ${x;y}a ${(M)${(k)p[@]}:#x*} ${x:-${y&}}",
            "[L(echo) BAD(${x&}) BAD(${x;y})+L(a) BAD(${(M)${(k)p[@]}:#x*}) ${x :- BAD(${y&})}]",
        ),
        (
            "echo ${x;y",
            "ERR unexpected EOF while looking for matching `}' (incomplete)",
        ),
        (
            "echo ${x",
            "ERR unexpected EOF while looking for matching `}' (incomplete)",
        ),
        (
            "echo ${x:-",
            "ERR unexpected EOF while looking for matching `}' (incomplete)",
        ),
    ]);
}

#[test]
fn substitutions() {
    check(&[
        (
            "echo $(echo hi; case x in a) echo a;; esac)",
            "[L(echo) $([L(echo) L(hi)]; case L(x) in L(a)) [L(echo) L(a)] ;; esac)]",
        ),
        (
            "echo $(case x in (a) echo;; esac)",
            "[L(echo) $(case L(x) in L(a)) [L(echo)] ;; esac)]",
        ),
        ("echo $(echo # comment )\n)", "[L(echo) $([L(echo)])]"),
        ("echo $(echo \")\")", "[L(echo) $([L(echo) D(L()))])]"),
        ("echo `echo \\`hi\\``", "[L(echo) $([L(echo) $([L(hi)])])]"),
        (
            "echo \"`echo \\\"a\\\"`\"",
            "[L(echo) D($([L(echo) D(L(a))]))]",
        ),
        (
            "echo $((1 + $x)) $(( (1) )) $((a)|b)",
            "[L(echo) $((L(1 + )+${x})) $((L( (1) ))) $(([L(a)]) | [L(b)])]",
        ),
        (
            "echo $((1 + $((2)) )) $(( $(echo 1) + 1 ))",
            "[L(echo) $((L(1 + )+$((L(2)))+L( ))) $((L( )+$([L(echo) L(1)])+L( + 1 )))]",
        ),
        (
            "echo $(( \"1\" + 2 ))",
            "[L(echo) $((L( )+D(L(1))+L( + 2 )))]",
        ),
        (
            "echo <(ls) >(cat) --f=<(x)",
            "[L(echo) <([L(ls)]) >([L(cat)]) L(--f=)+<([L(x)])]",
        ),
        ("echo $()", "[L(echo) $()]"),
        (
            "echo $[1+$x] \"$[2]\"",
            "[L(echo) $((L(1+)+${x})) D($((L(2))))]",
        ),
        (
            "echo $(ls",
            "ERR unexpected EOF while looking for matching `)' (incomplete)",
        ),
        (
            "echo `echo",
            "ERR unexpected EOF while looking for matching ``' (incomplete)",
        ),
        (
            "echo $(( (1 ))",
            "ERR unexpected EOF while looking for matching `)' (incomplete)",
        ),
        ("echo $(fi)", "ERR syntax error near unexpected token `fi'"),
    ]);
}

#[test]
fn braces_tilde_extglob() {
    check(&[
        (
            "echo x{1..10}y {01..10} {a..z..2} {10..1} {-3..3}",
            "[L(echo) L(x)+{1..10}+L(y) {01..10} {a..z..2} {10..1} {-3..3}]",
        ),
        (
            "echo {a,b} {a,{b,c}d} {,x} {a,\"b c\"}",
            "[L(echo) {L(a),L(b)} {L(a),{L(b),L(c)}+L(d)} {,L(x)} {L(a),D(L(b c))}]",
        ),
        (
            "echo {} {a} \"{a,b}\" '{a,b}' {1..a} {1..2..x} ${x}{a,b} \\{a,b}",
            "[L(echo) L({}) L({a}) D(L({a,b})) S({a,b}) L({1..a}) L({1..2..x}) ${x}+{L(a),L(b)} S({)+L(a,b})]",
        ),
        ("echo a{b", "[L(echo) L(a{b)]"),
        (
            "echo ~ ~/x ~user/x \"~\" ~\"/x\" x~",
            "[L(echo) ~ ~+L(/x) ~user+L(/x) D(L(~)) L(~)+D(L(/x)) L(x~)]",
        ),
        (
            "echo @(a|b) ?(x) *(y|z) +(a) !(b|c|@(d)) x@(a b)z",
            "[L(echo) L(@(a|b)) L(?(x)) L(*(y|z)) L(+(a)) L(!(b|c|@(d))) L(x@(a b)z)]",
        ),
        (
            "case x in @(a|b)) ;; esac",
            "case L(x) in L(@(a|b)))  ;; esac",
        ),
    ]);
}

#[test]
fn lists_and_pipelines() {
    check(&[
        (
            "a | b |& c && ! d || time -p e & f",
            "[L(a)] | [L(b)] |& | [L(c)] && ! [L(d)] || time -p [L(e)] &; [L(f)]",
        ),
        ("a &&\n b ||\n\n c", "[L(a)] && [L(b)] || [L(c)]"),
        ("a |\n b", "[L(a)] | [L(b)]"),
        ("time a; time; ! b", "time [L(a)]; time ; ! [L(b)]"),
        ("a; b & c;", "[L(a)]; [L(b)] &; [L(c)]"),
        ("echo a; ;", "ERR syntax error near unexpected token `;'"),
        (";", "ERR syntax error near unexpected token `;'"),
        (
            "a && ",
            "ERR syntax error: unexpected end of file (incomplete)",
        ),
        (
            "a |",
            "ERR syntax error: unexpected end of file (incomplete)",
        ),
        (")", "ERR syntax error near unexpected token `)'"),
        ("echo a (", "ERR syntax error near unexpected token `('"),
        ("a || || b", "ERR syntax error near unexpected token `||'"),
    ]);
}

#[test]
fn compound_commands() {
    check(&[
        (
            "if a; then b; elif c; then d; else e; fi",
            "if [L(a)] then [L(b)] [L(c)] then [L(d)] else [L(e)] fi",
        ),
        ("if a\nthen\n b\nfi", "if [L(a)] then [L(b)] fi"),
        (
            "while a; do b; done; until a; do b; done",
            "while [L(a)] do [L(b)] done; until [L(a)] do [L(b)] done",
        ),
        (
            "while true\ndo\n echo\ndone",
            "while [L(true)] do [L(echo)] done",
        ),
        (
            "for x; do :; done; for x do :; done",
            "for x do [L(:)] done; for x do [L(:)] done",
        ),
        (
            "for x in a b\n do :; done",
            "for x in L(a) L(b) do [L(:)] done",
        ),
        (
            "for x in {1..3} *; do :; done",
            "for x in {1..3} L(*) do [L(:)] done",
        ),
        ("for x\nin a\ndo :\ndone", "for x in L(a) do [L(:)] done"),
        ("for x in a; { b; }", "for x in L(a) do [L(b)] done"),
        (
            "for ((i=0; i<3; i++)); do echo $i; done",
            "for((L(i=0);L( i<3);L( i++))) [L(echo) ${i}]",
        ),
        ("for ((;;)) { :; }", "for((;;)) [L(:)]"),
        (
            "for ((i=0;i<3)); do :; done",
            "ERR syntax error: arithmetic expression required",
        ),
        (
            "select x in a b; do break; done",
            "select x in L(a) L(b) do [L(break)] done",
        ),
        (
            "{ a; b; } > f; (a; b) 2>/dev/null",
            "{[L(a)]; [L(b)]} Write:L(f); ([L(a)]; [L(b)]) 2Write:L(/dev/null)",
        ),
        ("{ a\n}", "{[L(a)]}"),
        ("(a)", "([L(a)])"),
        ("((x = 1 + 2))", "((L(x = 1 + 2)))"),
        ("((a)|b)", "(([L(a)]) | [L(b)])"),
        (
            "case $x in (a|b) echo;; c) ;& d) echo ;;& *) x; esac",
            "case ${x} in L(a)|L(b)) [L(echo)] ;; L(c))  ;& L(d)) [L(echo)] ;;& L(*)) [L(x)] ;; esac",
        ),
        (
            "case x in\n a) echo a ;;\n b)\n esac",
            "case L(x) in L(a)) [L(echo) L(a)] ;; L(b))  ;; esac",
        ),
        ("case x in esac", "case L(x) in esac"),
        (
            "case x\nin\na)b;;\nesac",
            "case L(x) in L(a)) [L(b)] ;; esac",
        ),
        (
            "f() { echo; }; function g { echo; }; function h() ( echo ) > f",
            "fn f {[L(echo)]}; fn g {[L(echo)]}; fn h ([L(echo)]) Write:L(f)",
        ),
        ("f ()\n{\n echo\n}", "fn f {[L(echo)]}"),
        ("f() if a; then b; fi", "fn f if [L(a)] then [L(b)] fi"),
        (
            "if true; then fi",
            "ERR syntax error near unexpected token `fi'",
        ),
        ("if true; fi", "ERR syntax error near unexpected token `fi'"),
        (
            "if",
            "ERR syntax error: unexpected end of file (incomplete)",
        ),
        (
            "case x in a) echo",
            "ERR syntax error: unexpected end of file (incomplete)",
        ),
        (
            "case x in a",
            "ERR syntax error near unexpected token `newline'",
        ),
        ("f() echo", "ERR syntax error near unexpected token `echo'"),
        (
            "function f echo",
            "ERR syntax error near unexpected token `echo'",
        ),
        ("for 1 in a; do :; done", "for 1 in L(a) do [L(:)] done"),
        (
            "{ echo }",
            "ERR syntax error: unexpected end of file (incomplete)",
        ),
        ("done", "ERR syntax error near unexpected token `done'"),
        (
            "while a; done",
            "ERR syntax error near unexpected token `done'",
        ),
    ]);
}

#[test]
fn conditionals() {
    check(&[
        (
            "[[ -f x && ! -d y || (a == b*) ]]",
            "[[ ((-f L(x) && !(-d L(y))) || L(a) == L(b*)) ]]",
        ),
        (
            "[[ $x =~ ^(a|b)\\ c$ ]]",
            "[[ ${x} =~ L(^(a|b))+S( )+L(c$) ]]",
        ),
        (
            "[[ $x =~ ^(a| b)+$ && y ]]",
            "[[ (${x} =~ L(^(a| b)+$) && L(y)) ]]",
        ),
        ("[[ $x =~ \"a.b\"* ]]", "[[ ${x} =~ D(L(a.b))+L(*) ]]"),
        (
            "[[ a < b ]]; [[ a -nt b ]]; [[ a != b ]]",
            "[[ L(a) < L(b) ]]; [[ L(a) -nt L(b) ]]; [[ L(a) != L(b) ]]",
        ),
        (
            "[[ a = b ]] && [[ -n $x ]]",
            "[[ L(a) == L(b) ]] && [[ -n ${x} ]]",
        ),
        ("[[ x ]]", "[[ L(x) ]]"),
        ("[[ a &&\n b ]]", "[[ (L(a) && L(b)) ]]"),
        ("[[ {a,b} == x ]]", "[[ L({a,b}) == L(x) ]]"),
        (
            "[[ -f ]]",
            "ERR unexpected argument `]]' to conditional unary operator",
        ),
        (
            "[[ a -eq ]]",
            "ERR unexpected argument `]]' to conditional binary operator",
        ),
        ("[[ a b ]]", "ERR conditional binary operator expected"),
        ("[[ ( a ]]", "ERR unexpected token `]]', expected `)'"),
        ("[[ a ]] ]]", "ERR syntax error near unexpected token `]]'"),
        (
            "[[ a",
            "ERR unexpected token `newline', conditional binary operator expected",
        ),
        ("[[\n ! a &&\n b ]]", "[[ (!(L(a)) && L(b)) ]]"),
    ]);
}

#[test]
fn redirections() {
    check(&[
        (
            "echo a 2>x a2 >x >&file 2>&- {fd}>f <> g >| h &> i &>> j <<< str 3<&0 >>k <l",
            "[L(echo) L(a) L(a2)] 2Write:L(x) Write:L(x) DupWrite:L(file) 2DupWrite:L(-) {fd}Write:L(f) ReadWrite:L(g) Clobber:L(h) WriteBoth:L(i) AppendBoth:L(j) HereString:L(str) 3DupRead:L(0) Append:L(k) Read:L(l)",
        ),
        (">f", "[] Write:L(f)"),
        ("2>&1 >&$fd", "[] 2DupWrite:L(1) DupWrite:${fd}"),
        ("echo >", "ERR syntax error near unexpected token `newline'"),
        (
            "echo >&",
            "ERR syntax error near unexpected token `newline'",
        ),
        ("echo > ;", "ERR syntax error near unexpected token `;'"),
    ]);
}

#[test]
fn heredocs() {
    check(&[
        (
            "cat <<EOF\nhello $x ${y} $(echo hi) `date` \\$ \\\\ \"q\" \\\"\nEOF",
            "[L(cat)] HereDoc { strip_tabs: false }:L(hello )+${x}+L( )+${y}+L( )+$([L(echo) L(hi)])+L( )+$([L(date)])+L( )+S($)+L( )+S(\\)+L( \"q\" \\\"\n)",
        ),
        (
            "cat <<-'X' | grep\n\t\tbody $x\n\tX\necho after",
            "[L(cat)] HereDoc { strip_tabs: true }:S(body $x\n) | [L(grep)]; [L(echo) L(after)]",
        ),
        (
            "cat <<E1 <<\"E2\"\na\nE1\nb $x\nE2",
            "[L(cat)] HereDoc { strip_tabs: false }:L(a\n) HereDoc { strip_tabs: false }:S(b $x\n)",
        ),
        (
            "cat <<E\\OF\n$x\nEOF",
            "[L(cat)] HereDoc { strip_tabs: false }:S($x\n)",
        ),
        (
            "cat <<EOF\nno end",
            "[L(cat)] HereDoc { strip_tabs: false }:L(no end)",
        ),
        ("cat <<EOF\nEOF", "[L(cat)] HereDoc { strip_tabs: false }:"),
        (
            "echo $(cat <<EOF\nhi $x\nEOF\n)",
            "[L(echo) $([L(cat)] HereDoc { strip_tabs: false }:L(hi )+${x}+L(\n))]",
        ),
        (
            "if true; then cat <<EOF\nx\nEOF\nfi",
            "if [L(true)] then [L(cat)] HereDoc { strip_tabs: false }:L(x\n) fi",
        ),
        (
            "cat <<EOF\na\\\nb\nEOF",
            "[L(cat)] HereDoc { strip_tabs: false }:L(ab\n)",
        ),
        ("cat <<", "ERR syntax error near unexpected token `newline'"),
        (
            "cat <<E\nx $(\nE",
            "[L(cat)] HereDoc { strip_tabs: false }:L(x $(\n)",
        ),
    ]);
}

#[test]
fn lines_and_next_command() {
    let mut p = super::Parser::new("echo a\n\n# c\nif x\nthen y\nfi; echo b\necho c");
    let a = p.next_command(None).unwrap().unwrap();
    assert_eq!(a.items[0].and_or.first.commands[0].command.line, 1);
    let b = p.next_command(None).unwrap().unwrap();
    assert_eq!(b.items.len(), 2);
    assert_eq!(b.items[0].and_or.first.commands[0].command.line, 4);
    assert_eq!(b.items[1].and_or.first.commands[0].command.line, 6);
    assert_eq!(p.line(), 7);
    let c = p.next_command(None).unwrap().unwrap();
    assert_eq!(c.items[0].and_or.first.commands[0].command.line, 7);
    assert!(p.next_command(None).unwrap().is_none());
    let mut p = super::Parser::new("cat <<EOF\nbody");
    assert!(p.next_command(None).unwrap().is_some());
    assert!(p.heredoc_hit_eof());
    let mut p = super::Parser::new("cat <<EOF");
    assert!(p.next_command(None).unwrap().is_some());
    assert!(p.heredoc_hit_eof());
    let mut p = super::Parser::new("cat <<EOF\nbody\nEOF\n");
    assert!(p.next_command(None).unwrap().is_some());
    assert!(!p.heredoc_hit_eof());
    // After an error the parser goes on with the next line.
    let mut p = super::Parser::new("fi\necho ok\n");
    assert!(p.next_command(None).is_err());
    let ok = p.next_command(None).unwrap().unwrap();
    assert_eq!(show_list(&ok), "[L(echo) L(ok)]");
}

#[test]
fn aliases() {
    use std::collections::HashMap;
    let mut al: HashMap<String, String> = HashMap::new();
    al.insert("ll".into(), "ls -l ".into());
    al.insert("ls".into(), "ls -F".into());
    al.insert("a".into(), "b".into());
    al.insert("b".into(), "a".into());
    al.insert("q".into(), "echo 'x y';".into());
    al.insert("many".into(), "echo 1; echo 2".into());
    al.insert("x".into(), "X".into());
    let run = |src: &str| {
        let mut p = super::Parser::new(src);
        let mut out = Vec::new();
        loop {
            match p.next_command(Some(&al)) {
                Ok(Some(l)) => out.push(show_list(&l)),
                Ok(None) => break,
                Err(e) => {
                    out.push(format!("ERR {}", e.message));
                    break;
                }
            }
        }
        out.join(" / ")
    };
    assert_eq!(run("ls x"), "[L(ls) L(-F) L(x)]");
    assert_eq!(run("ll x"), "[L(ls) L(-F) L(-l) X]".replace(" X", " L(X)"));
    assert_eq!(run("a"), "[L(a)]");
    assert_eq!(run("q z"), "[L(echo) S(x y)]; [L(z)]");
    assert_eq!(
        run("many\nls"),
        "[L(echo) L(1)]; [L(echo) L(2)] / [L(ls) L(-F)]"
    );
    assert_eq!(
        run("echo ls; 'ls'; \\ls"),
        "[L(echo) L(ls)]; [S(ls)]; [S(l)+L(s)]"
    );
    assert_eq!(run("if ls; then x; fi"), "if [L(ls) L(-F)] then [L(X)] fi");
}

/// A deterministic generator of shell-looking garbage: the parser must always return.
#[test]
fn garbage_never_panics() {
    const ALPHA: &[&str] = &[
        "a", "b", "=", " ", "\n", "\t", ";", "&", "|", "(", ")", "{", "}", "[", "]", "<", ">", "$",
        "`", "'", "\"", "\\", "#", "!", "*", "?", "@", "+", "-", ",", ".", ":", "~", "0", "1",
        "if", "then", "fi", "case", "in", "esac", "for", "do", "done", "while", "[[", "]]", "((",
        "))", "$(", "${", "$((", "<<", "<<-", "EOF", "function", "é", "$'", "\\n", "<(", "@(",
        "{a,b}",
    ];
    let mut seed: u64 = 0x2545F4914F6CDD1D;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..30_000 {
        let n = (rnd() % 24) as usize;
        let mut s = String::new();
        for _ in 0..n {
            s.push_str(ALPHA[(rnd() % ALPHA.len() as u64) as usize]);
        }
        let _ = parse(&s);
        let mut p = super::Parser::new(&s);
        for _ in 0..100 {
            match p.next_command(None) {
                Ok(Some(_)) | Err(_) => {}
                Ok(None) => break,
            }
        }
        let _ = super::arith::parse_arith(&s);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = "(".repeat(5000);
    assert!(parse(&src).is_err());
    let src = "$(".repeat(5000);
    assert!(parse(&src).is_err());
    let src = "${x:-".repeat(5000);
    assert!(parse(&src).is_err());
    let src = format!("echo {}", "\"$(".repeat(3000));
    assert!(parse(&src).is_err());
    let src = "-".repeat(100_000);
    let _ = super::arith::parse_arith(&src);
    let src = "(".repeat(100_000);
    assert!(super::arith::parse_arith(&src).is_err());
}
