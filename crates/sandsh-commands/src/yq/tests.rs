use super::emit::emit;
use super::node::{Node, to_json};
use super::yaml::{MAX_NODES, parse};

fn one(text: &str) -> Node {
    parse(text, &|| false).expect("parse").remove(0)
}

#[test]
fn block_style_round_trip_keeps_key_order() {
    let src = "b: 1\na:\n  - x\n  - y: 2\n    z: [3]\nc: {}\nd: \"123\"\ne: 'a: b'\nf: |\n  line1\n  line2\n";
    let n = one(src);
    assert_eq!(
        emit(&n, 2),
        "b: 1\na:\n  - x\n  - y: 2\n    z:\n      - 3\nc: {}\nd: \"123\"\ne: 'a: b'\nf: |\n  line1\n  line2\n"
    );
}

#[test]
fn anchors_and_merge_keys_expand() {
    let n = one("base: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n");
    assert_eq!(to_json(&n, 0), r#"{"base":{"x":1},"use":{"x":1,"y":2}}"#);
}

#[test]
fn billion_laughs_is_refused() {
    let mut doc = String::from(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    let names = ["b", "c", "d", "e", "f", "g", "h", "i"];
    let mut prev = "a";
    for n in names {
        doc.push_str(&format!(
            "{n}: &{n} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"
        ));
        prev = n;
    }
    let err = parse(&doc, &|| false).expect_err("bomb");
    assert!(err.0.contains(&MAX_NODES.to_string()), "{}", err.0);
}

#[test]
fn multiple_documents() {
    let docs = parse("a: 1\n---\na: 2\n", &|| false).expect("parse");
    assert_eq!(docs.len(), 2);
}
