//! Command tests that need a whole kernel: pipelines, programs run by `env`, `nice`, `nohup`,
//! `stdbuf`, `xargs` and `find -exec`, the shell `sed e` calls, jobs for `ps`, cancellation.
//! They lived in the commands' unit tests, which made `sandsh-commands` dev-depend on the
//! library above it; here they run against the library as an embedder uses it.

use std::time::{Duration, Instant};

use sandsh::{Kernel, KernelConfig};

fn kernel() -> Kernel {
    Kernel::new(KernelConfig::default())
}

/// Standard output and exit status of `script` in a fresh kernel.
fn sh(script: &str) -> (String, i32) {
    let r = kernel().execute(script);
    (r.stdout_str(), r.exit_code)
}

/// Standard output, standard error and exit status of `script` in a fresh kernel.
fn sh_err(script: &str) -> (String, String, i32) {
    let r = kernel().execute(script);
    (r.stdout_str(), r.stderr_str(), r.exit_code)
}

mod date {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(
            sh_err("date -d @1700000000").0,
            "Tue Nov 14 22:13:20 UTC 2023\n"
        );
        assert_eq!(
            sh_err("date -u -d @1700000000 -R").0,
            "Tue, 14 Nov 2023 22:13:20 +0000\n"
        );
        assert_eq!(
            sh_err("date -d @1700000000.5 -Ins").0,
            "2023-11-14T22:13:20,500000000+00:00\n"
        );
        assert_eq!(
            sh_err("date --rfc-3339=ns -d @1700000000.123").0,
            "2023-11-14 22:13:20.123000000+00:00\n"
        );
        assert_eq!(
            sh_err("TZ=America/New_York date -d @1700000000").0,
            "Tue Nov 14 17:13:20 EST 2023\n"
        );
        assert_eq!(
            sh_err("TZ=Foo date -d @1700000000").0,
            "Tue Nov 14 22:13:20 Foo 2023\n"
        );
        // GNU: `+3` after a time is the zone UTC+3, and `days` alone is one day.
        assert_eq!(
            sh_err("date -u -d '2024-01-15 10:00 +3 days'").0,
            "Tue Jan 16 07:00:00 UTC 2024\n"
        );
        assert_eq!(
            sh_err("date -u -d '2024-01-15 +3 days'").0,
            "Thu Jan 18 00:00:00 UTC 2024\n"
        );
        assert_eq!(
            sh_err("date -d @1700000000 --json").0,
            "{\"epoch\":1700000000,\"nanos\":0,\"offset_seconds\":0,\"time\":\"2023-11-14T22:13:20+00:00\",\"zone\":\"UTC\"}\n"
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            sh_err("date -d foo"),
            (
                String::new(),
                "date: invalid date \u{2018}foo\u{2019}\n".into(),
                1
            )
        );
        assert_eq!(sh_err("date -s 2020-01-01").2, 1);
        assert_eq!(sh_err("date 0101").2, 1);
        assert_eq!(sh_err("date -d @1 +%s +%s").2, 1);
        assert_eq!(
            sh_err("date -I -R").1,
            "date: multiple output formats specified\n"
        );
    }
}

mod diff {
    use super::*;

    #[test]
    fn formats() {
        let setup = "printf 'a\\nb' > n1; printf 'a\\nc\\n' > n2; ";
        assert_eq!(
            sh(&format!("{setup} diff n1 n2")),
            (
                "2c2\n< b\n\\ No newline at end of file\n---\n> c\n".into(),
                1
            )
        );
        assert_eq!(
            sh(&format!("{setup} diff -u n1 n2 | tail -n +3")).0,
            "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n"
        );
        assert_eq!(
            sh(&format!("{setup} diff -c n1 n2 | tail -n +3")).0,
            "***************\n*** 1,2 ****\n  a\n! b\n\\ No newline at end of file\n--- 1,2 ----\n  a\n! c\n"
        );
        assert_eq!(
            sh(": > e; printf 'a\\nc\\n' > n2; diff -c e n2 | tail -n +3").0,
            "***************\n*** 0 ****\n--- 1,2 ----\n+ a\n+ c\n"
        );
        assert_eq!(
            sh("echo x > a; echo x > b; diff -s a b"),
            ("Files a and b are identical\n".into(), 0)
        );
        assert_eq!(sh("diff nosuch x").1, 2);
    }
}

mod df {
    use super::*;

    #[test]
    fn table() {
        let mut k = kernel();
        let r = k.execute("printf '%02000d' 0 > /tmp/f; df; df -h /tmp; df -i -T /; df --json / | jq -c '.[0] | [.filesystem, .used > 0, .mounted_on]'; df nope");
        let out = r.stdout_str();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0], "Filesystem     1K-blocks  Used Available Use% Mounted on",
            "{out}"
        );
        assert!(lines[1].starts_with("memory           1048576 "), "{out}");
        assert!(lines[1].ends_with("% /"), "{out}");
        assert!(
            lines[2].starts_with("Filesystem      Size  Used Avail Use% Mounted on"),
            "{out}"
        );
        assert!(lines[3].starts_with("memory          1.0G "), "{out}");
        assert!(
            lines[4].starts_with("Filesystem     Type   Inodes IUsed  IFree IUse% Mounted on"),
            "{out}"
        );
        assert_eq!(lines[6], "[\"memory\",true,\"/\"]");
        assert_eq!(r.stderr_str(), "df: nope: No such file or directory\n");
        assert_eq!(r.exit_code, 1);
    }
}

mod env {
    use super::*;

    #[test]
    fn running() {
        // Programs are found as execvp finds them: on PATH, or /bin:/usr/bin when it is unset;
        // functions and builtins are not programs.
        let mut k = kernel();
        let r = k.execute(
            "env true; echo $?; env nope-cmd; echo $?; env -i A=1 printenv A; \
             f() { :; }; env f; echo $?; env cd; echo $?; touch nx; env ./nx; echo $?",
        );
        assert_eq!(r.stdout_str(), "0\n127\n1\n127\n127\n126\n");
        assert_eq!(
            r.stderr_str(),
            "env: \u{2018}nope-cmd\u{2019}: No such file or directory\n\
             env: \u{2018}f\u{2019}: No such file or directory\n\
             env: \u{2018}cd\u{2019}: No such file or directory\n\
             env: \u{2018}./nx\u{2019}: Permission denied\n"
        );
    }
}

mod find {
    use super::*;

    #[test]
    fn exec_and_execdir() {
        let mut k = kernel();
        let r = k.execute("mkdir -p c && printf hello > c/f && find c -type f -exec cat {} \\;");
        assert_eq!(r.stdout_str(), "hello");
        let r = k.execute("mkdir -p t/a/b && touch t/a/x t/a/b/y && find t/a -type f -exec echo '<{}>' \\; && find t -type f -exec echo X {} + && find t -name y -execdir pwd \\; && find t/a -name x -execdir echo {} +");
        assert_eq!(
            r.stdout_str(),
            "<t/a/b/y>\n<t/a/x>\nX t/a/b/y t/a/x\n/home/user/t/a/b\n./x\n"
        );
    }

    #[test]
    fn json_lines() {
        let mut k = kernel();
        let r = k.execute(
            "mkdir d && printf abc > d/f && touch -d @1700000000 d/f && find d -type f --json",
        );
        assert_eq!(
            r.stdout_str(),
            "{\"depth\":1,\"mode\":420,\"mtime\":\"2023-11-14T22:13:20Z\",\"name\":\"f\",\"path\":\"d/f\",\"permissions\":\"-rw-r--r--\",\"size\":3,\"type\":\"file\"}\n"
        );
    }

    #[test]
    fn loops_files_and_ls() {
        let mut k = kernel();
        let r = k.execute(
            "mkdir -p d/s && touch d/s/f && ln -s .. d/s/up && find -L d -name f; echo rc=$?; \
             find d -fprint out -name nothing; cat out; find d/s/f -printf '%M %u %g %m\\n'; \
             find d -perm -u+w -type f; find d/s/f -ls | wc -w; find d -type f -exec nosuchcmd_q {} \\;; echo rc=$?",
        );
        assert_eq!(
            r.stdout_str(),
            "d/s/f\nrc=1\nd\nd/s\nd/s/f\nd/s/up\n-rw-r--r-- user user 644\nd/s/f\n11\nrc=0\n"
        );
        assert!(r.stderr_str().contains(
            "find: File system loop detected; \u{2018}d/s/up\u{2019} is part of the same file system loop as \u{2018}d\u{2019}."
        ));
    }
}

mod nice {
    use super::*;

    #[test]
    fn runs_and_fails_as_gnu() {
        let mut k = kernel();
        let r = k.execute(
            "nice; nice -n 5 echo a; nice -5 echo b; nice --adjustment=3 echo c; nice -n x echo; \
             echo $?; nice -n 5; echo $?; nice nosuch-q; echo $?; nice -n -1 echo d",
        );
        assert_eq!(r.stdout_str(), "0\na\nb\nc\n125\n125\n127\nd\n");
        assert_eq!(
            r.stderr_str(),
            "nice: invalid adjustment \u{2018}x\u{2019}\n\
             nice: a command must be given with an adjustment\n\
             Try 'nice --help' for more information.\n\
             nice: \u{2018}nosuch-q\u{2019}: No such file or directory\n\
             nice: cannot set niceness: Permission denied\n"
        );
    }
}

mod nohup {
    use super::*;

    #[test]
    fn runs_and_fails_as_gnu() {
        let mut k = kernel();
        let r =
            k.execute("nohup echo hi; nohup nosuch-q; echo $?; nohup; echo $?; nohup -x; echo $?");
        assert_eq!(r.stdout_str(), "hi\n127\n125\n125\n");
        assert_eq!(
            r.stderr_str(),
            "nohup: failed to run command 'nosuch-q': No such file or directory\n\
             nohup: missing operand\nTry 'nohup --help' for more information.\n\
             nohup: invalid option -- 'x'\nTry 'nohup --help' for more information.\n"
        );
    }
}

mod patch {
    use super::*;

    #[test]
    fn apply_offset_fail_reverse() {
        let base = "seq 1 10 > f; { seq 1 4; echo five; seq 6 10; } > g; diff -u f g > p;";
        assert_eq!(
            sh(&format!(
                "{base} patch -o out f p; cat out | head -5 | tail -1"
            ))
            .0,
            "patching file out (read from f)\nfive\n"
        );
        assert_eq!(
            sh(&format!(
                "{base} (echo a; echo b; cat f) > f3; patch f3 < p; echo $?; ls f3.orig"
            ))
            .0,
            "patching file f3\nHunk #1 succeeded at 4 (offset 2 lines).\n0\nf3.orig\n"
        );
        assert_eq!(
            sh(&format!(
                "{base} {{ seq 1 3; echo four; seq 5 10; }} > f4; patch f4 < p; echo $?"
            ))
            .0,
            "patching file f4\nHunk #1 FAILED at 2.\n1 out of 1 hunk FAILED -- saving rejects to file f4.rej\n1\n"
        );
        assert_eq!(
            sh(&format!("{base} patch -N g p; echo $?")).0,
            "patching file g\nReversed (or previously applied) patch detected!  Skipping patch.\n1 out of 1 hunk ignored -- saving rejects to file g.rej\n1\n"
        );
        assert_eq!(
            sh(&format!("{base} patch -R g < p; cmp f g && echo same")).0,
            "patching file g\nsame\n"
        );
    }
}

mod ps {
    use super::*;

    #[test]
    fn lists_the_shell_jobs_and_itself() {
        let mut k = kernel();
        let r = k.execute("sleep 5 & ps; ps -o pid=,args= -p $!; ps -p 4200 -o comm=; kill %1");
        assert_eq!(
            r.stdout_str(),
            "    PID TTY          TIME CMD\n   4200 ?        00:00:00 bash\n   \
             4201 ?        00:00:00 sleep\n   4202 ?        00:00:00 ps\n   4201 sleep 5\nbash\n"
        );
        let r = k.execute("ps -p 99999; echo $?; ps -o bogus; echo $?; ps aux | head -1");
        assert_eq!(
            r.stdout_str(),
            "    PID TTY          TIME CMD\n1\n1\nUSER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
        );
    }
}

mod sed {
    use super::*;

    #[test]
    fn endless_branch_loop_stops_on_cancel() {
        let mut k =
            sandsh::Kernel::new(KernelConfig::default().timeout(Duration::from_millis(300)));
        let t = Instant::now();
        let r = k.execute("echo a | sed ':a;ba'");
        assert!(t.elapsed() < Duration::from_secs(10));
        assert_ne!(r.exit_code, 0);
        let t = Instant::now();
        let r = k.execute("echo a | sed ':a;s/^/x/;s/x//;ta'");
        assert!(t.elapsed() < Duration::from_secs(10));
        assert_ne!(r.exit_code, 0);
    }

    #[test]
    fn e_command_runs_inside_sandsh() {
        let (out, _, s) = sh_err("echo x | sed '1e echo hi'");
        assert_eq!((s, out.as_str()), (0, "hi\nx\n"));
        let (out, _, _) = sh_err("echo 'echo from-e' | sed e");
        assert_eq!(out, "from-e\n");
        let (out, _, _) = sh_err("echo x | sed 's/x/echo sub/e'");
        assert_eq!(out, "sub\n");
        // The command sees the sandbox's filesystem, not the host's.
        let (out, _, _) =
            sh_err("echo inside > /tmp/only-here; echo x | sed '1e cat /tmp/only-here'");
        assert_eq!(out, "inside\nx\n");
    }

    #[test]
    fn concurrent_e_commands_do_not_share_capture_files() {
        let (out, _, _) = sh_err("printf 'echo a\\necho b\\n' | sed e | sed 's/^/echo x/e'");
        assert_eq!(out, "xa\nxb\n");
    }

    #[test]
    fn streams_with_early_quit() {
        // `q` ends the run without reading the rest of an endless input.
        let (out, _, s) = sh_err("yes | sed 3q");
        assert_eq!((s, out.as_str()), (0, "y\ny\ny\n"));
    }
}

mod seq {
    use super::*;

    #[test]
    fn huge_sequence_into_head_returns_at_once() {
        let mut k = kernel();
        let r = k.execute("seq 1 10000000 | head -n 2");
        assert_eq!(r.stdout_str(), "1\n2\n");
    }
}

mod stdbuf {
    use super::*;

    #[test]
    fn runs_and_fails_as_gnu() {
        let mut k = kernel();
        let r = k.execute(
            "stdbuf -oL echo a; stdbuf -o 1K echo b; stdbuf --output=0 -e0 echo c; \
             stdbuf -o 1x echo; echo $?; stdbuf echo; echo $?; stdbuf -i L echo; echo $?; \
             stdbuf -oL nosuch-q; echo $?",
        );
        assert_eq!(r.stdout_str(), "a\nb\nc\n125\n125\n125\n127\n");
        assert_eq!(
            r.stderr_str(),
            "stdbuf: invalid mode \u{2018}1x\u{2019}\n\
             stdbuf: you must specify a buffering mode option\n\
             Try 'stdbuf --help' for more information.\n\
             stdbuf: line buffering stdin is meaningless\n\
             Try 'stdbuf --help' for more information.\n\
             stdbuf: failed to run command \u{2018}nosuch-q\u{2019}: No such file or directory\n"
        );
    }
}

mod wc {
    use super::*;

    #[test]
    fn json_counts_are_numbers_with_a_total() {
        let mut k = kernel();
        let r = k.execute("printf 'a b\\nc' > f; wc --json f - < f; wc --json -m nope");
        assert_eq!(
            r.stdout_str(),
            "[{\"bytes\":5,\"file\":\"f\",\"lines\":1,\"words\":3},\
             {\"bytes\":5,\"file\":\"-\",\"lines\":1,\"words\":3},\
             {\"bytes\":10,\"file\":null,\"lines\":2,\"total\":true,\"words\":6}]\n[]\n"
        );
        assert_eq!(r.exit_code, 1);
    }
}

mod xargs {
    use super::*;

    #[test]
    fn splitting_and_batching() {
        assert_eq!(
            sh("printf '  a b  \\n c\\\\ d \"e f\" \\n' | xargs -I{} echo '[{}]'").0,
            "[a b  ]\n[c d e f ]\n"
        );
        assert_eq!(
            sh("printf 'a b\\nc d \\ne\\nf\\n' | xargs -L 1 echo").0,
            "a b\nc d e\nf\n"
        );
        assert_eq!(sh("printf \"a 'b\\n\" | xargs echo"), ("a\n".into(), 1));
        assert_eq!(
            sh("printf 'a\\n\\nb\\n' | xargs -d '\\n' -n1 echo x").0,
            "x a\nx \nx b\n"
        );
        assert_eq!(sh("printf '' | xargs echo hi"), ("hi\n".into(), 0));
        assert_eq!(sh("printf '' | xargs -r echo hi"), (String::new(), 0));
        assert_eq!(sh("printf 'abc def\\n' | xargs -s 10 echo").0, "abc\ndef\n");
        assert_eq!(
            sh("printf 'abcdefghijkl\\n' | xargs -s 10 echo"),
            (String::new(), 1)
        );
        assert_eq!(sh("printf 'a b STOP c\\n' | xargs -E STOP echo").0, "a b\n");
    }

    #[test]
    fn statuses() {
        assert_eq!(sh("printf 'a\\nb\\n' | xargs false").1, 123);
        assert_eq!(sh("printf 'a\\nb\\n' | xargs -n1 sh -c 'exit 255'").1, 124);
        assert_eq!(sh("printf 'a\\n' | xargs nosuchcmd_zz").1, 127);
        assert_eq!(sh("xargs -n 0 echo </dev/null").1, 1);
    }
}

mod yes {
    use super::*;

    /// The reader going away ends `yes` promptly (a regression here hangs the test).
    #[test]
    fn ends_when_reader_is_gone() {
        let mut k = kernel();
        let r = k.execute("yes a b | head -n 2; yes | head -c 3");
        assert_eq!(r.stdout_str(), "a b\na b\ny\ny");
    }
}

mod tools {
    use super::*;

    #[test]
    fn lists_every_command_with_group_full_name_and_risk() {
        let mut k = kernel();
        let r = k.execute("tools");
        let out = r.stdout_str();
        assert_eq!(out.lines().count(), k.commands().len());
        assert!(
            out.contains("rm         fs      fs.rm            medium_risk"),
            "{out}"
        );
        assert!(out.contains("tools      shell   shell.tools      read_only"));
    }

    #[test]
    fn json_and_group_filter() {
        let mut k = kernel();
        let r = k.execute("tools --json -g text");
        let v: serde_json::Value = serde_json::from_str(&r.stdout_str()).unwrap();
        let arr = v.as_array().unwrap();
        assert!(!arr.is_empty());
        assert!(arr.iter().all(|e| e["group"] == "text"));
        assert!(
            arr.iter()
                .all(|e| e["full_name"].as_str().unwrap().starts_with("text."))
        );
    }

    #[test]
    fn unknown_name_fails_but_lists_the_rest() {
        let mut k = kernel();
        let r = k.execute("tools nope cat");
        assert_eq!(r.exit_code, 1);
        assert!(r.stderr_str().contains("tools: nope: no such command"));
        assert!(r.stdout_str().starts_with("cat "));
    }
}
