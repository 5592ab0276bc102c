//! Examples are tests: every command's and every builtin's `CommandSpec` examples print, in a
//! fresh kernel, the stdout their specs promise (`builtin_examples` checks the builtins' against
//! bash). They ran as unit tests inside `sandsh-commands` and `sandsh-interp`, which needed the
//! library above those crates.

use sandsh::{CommandSpec, Kernel, KernelConfig};

/// What is wrong with `specs`' examples: a spec without any, or an example whose output
/// differs.
fn example_failures<'a>(specs: impl Iterator<Item = &'a CommandSpec>) -> Vec<String> {
    let mut failures = Vec::new();
    for spec in specs {
        if spec.examples.is_empty() {
            failures.push(format!("{}: no examples", spec.name));
        }
        for ex in spec.examples {
            let mut k = Kernel::new(KernelConfig::default());
            let r = k.execute(ex.script);
            if r.stdout_str() != ex.stdout {
                failures.push(format!(
                    "{}: `{}`: expected {:?}, got {:?} (stderr {:?})",
                    spec.name,
                    ex.script,
                    ex.stdout,
                    r.stdout_str(),
                    r.stderr_str()
                ));
            }
        }
    }
    failures
}

/// Every registered command has examples, and each example's script prints its stdout.
#[test]
fn command_examples_run() {
    let commands = sandsh::commands::Registry::standard().commands();
    let failures = example_failures(commands.iter().map(|c| c.spec()));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every builtin has a synopsis, a summary and examples; each example prints its stdout.
#[test]
fn builtin_examples_run() {
    let mut failures: Vec<String> = Kernel::builtin_specs()
        .into_iter()
        .filter(|s| s.usage.is_empty() || s.summary.is_empty())
        .map(|s| format!("{}: no synopsis or summary", s.name))
        .collect();
    failures.extend(example_failures(Kernel::builtin_specs().into_iter()));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
