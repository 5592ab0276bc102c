"""Shell.analyze: what a script may do, found without running it, and the read-only
auto-approval of the policy (issue 45)."""

from __future__ import annotations

import sandsh


def test_analyze_reports_and_runs_nothing():
    sh = sandsh.Shell(policy={"confirm_at": "medium"})
    r = sh.analyze('cat a.txt | grep x > out.txt\nrm -r d\neval "$c"')
    assert [c["name"] for c in r["commands"]] == ["cat", "grep", "rm", "eval"]
    assert r["commands"][2]["risk"] == "high_risk" and r["commands"][2]["confirm"] is True
    assert r["highest_risk"] == "high_risk"
    assert {"path": "out.txt", "access": "write", "by": "redirect", "line": 1, "column": 20} in r["files"]
    assert r["opaque"][0]["kind"] == "eval" and r["opaque"][0]["line"] == 3
    assert r["read_only"] is False and r["parse_error"] is None
    assert sh.run("test -e out.txt || echo none").stdout == "none\n"
    err = sh.analyze("if then")["parse_error"]
    assert err["line"] == 1 and "syntax error" in err["message"]


def test_read_only_scripts_run_without_asking():
    asked: list[str] = []

    def confirm(question: str) -> bool:
        asked.append(question)
        return False

    policy = {"confirm_at": "read_only", "approve_read_only": True, "confirm": confirm}
    sh = sandsh.Shell(policy=policy, files={"/d/a.txt": "x\ny\n"})
    assert sh.analyze("wc -l /d/a.txt")["read_only"] is True
    assert sh.run("wc -l /d/a.txt").stdout == "2 /d/a.txt\n"
    assert asked == []
    assert sh.run("wc -l /d/a.txt > /d/n").exit_code == 126
    assert len(asked) == 1
