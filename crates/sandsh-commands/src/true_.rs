//! `true` and `false`.

use sandsh_api::{Arg, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx};

pub struct True;
pub struct False;

static TRUE: CommandSpec = CommandSpec {
    name: "true",
    group: "shell",
    summary: "do nothing, successfully",
    usage: "true [ignored arguments]",
    description: "Exit with status 0.",
    options: &[],
    operands: &[],
    returns: "nothing; status 0",
    examples: &[Example {
        description: "succeed",
        script: "true && echo ok",
        stdout: "ok\n",
    }],
    errors: "never fails",
    risk: RiskLevel::ReadOnly,
};

static FALSE: CommandSpec = CommandSpec {
    name: "false",
    group: "shell",
    summary: "do nothing, unsuccessfully",
    usage: "false [ignored arguments]",
    description: "Exit with status 1.",
    options: &[],
    operands: &[],
    returns: "nothing; status 1",
    examples: &[Example {
        description: "fail",
        script: "false || echo failed",
        stdout: "failed\n",
    }],
    errors: "always exits 1",
    risk: RiskLevel::ReadOnly,
};

impl Command for True {
    fn spec(&self) -> &CommandSpec {
        &TRUE
    }
    fn run(&self, _args: &[Arg], _ctx: &mut dyn ToolCtx) -> ExitStatus {
        0
    }
}

impl Command for False {
    fn spec(&self) -> &CommandSpec {
        &FALSE
    }
    fn run(&self, _args: &[Arg], _ctx: &mut dyn ToolCtx) -> ExitStatus {
        1
    }
}
