# sandsh's per-call driver, compiled under the guest driver's own file name so that its frames
# never show in a traceback. It installs subprocess, os.system and os.popen (which run their
# command inside the same sandsh session) and then runs the command line as the guest's
# driver does. The host compiles this file once per process (code.rs); the implementation of
# subprocess is loaded on first use only, since most calls never start a process.
# Linux's numbers for the errors a script's path can meet (WASI numbers them otherwise).
_LINUX_ERRNO = {"EPERM": 1, "ENOENT": 2, "EIO": 5, "EACCES": 13, "ENOTDIR": 20, "EISDIR": 21,
                "EINVAL": 22, "ENAMETOOLONG": 36, "ELOOP": 40}


def _ignores_environment(args):
    """Whether the options before the program include -E or -I (PYTHON* variables ignored)."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--" or arg == "-" or not arg.startswith("-"):
            return False
        if not arg.startswith("--"):
            for j, ch in enumerate(arg[1:], 1):
                if ch in "EI":
                    return True
                if ch in "cm":
                    return False
                if ch in "WX":
                    if j == len(arg) - 1:
                        i += 1
                    break
        i += 1
    return False


def _script(path, rest, flags):
    """`python3 FILE`, as CPython 3.9+ runs it: `__file__`, the traceback and the can't-open
    message name the file by the working directory joined to the path as written, and
    `sys.path[0]` is the directory of the file its links lead to."""
    import errno
    import os
    import sys

    import _bashkit

    full = path if path.startswith("/") else os.path.join(os.getcwd(), path)
    sys.argv = [path, *rest]
    try:
        with open(full, "rb") as f:
            source = f.read()
    except OSError as e:
        name = errno.errorcode.get(e.errno, "")
        number = _LINUX_ERRNO.get(name, e.errno)
        sys.stderr.write(
            f"{_bashkit.argv()[0]}: can't open file {full!r}: [Errno {number}] {e.strerror}\n"
        )
        return 2
    if flags["x"]:
        nl = source.find(b"\n")
        source = b"" if nl < 0 else b"\n" + source[nl + 1:]
    sys.path.insert(0, os.path.dirname(os.path.realpath(full)))
    _b._run_source(source, full, _b._fresh_main(full))
    return 0


def _sandsh_main():
    import sys
    import os
    import subprocess

    args = sys.argv[1:]
    del sys.path[0]
    # Where the shell finds the command (`command -v python3`), as on a Debian machine: scripts
    # run `subprocess.run([sys.executable, ...])`, and `-m` names it in its messages.
    import _bashkit

    sys.executable = sys._base_executable = "/usr/bin/" + _bashkit.argv()[0]
    loaded = []

    def impl():
        if not loaded:
            import _bashkit
            import marshal

            code = _bashkit.http("SANDSH-CODE", "subprocess", [], None, None)[2]
            g = {"__name__": "subprocess", "_original_popen": original}
            exec(marshal.loads(code), g)
            loaded.append(g)
        return loaded[0]

    original = subprocess.Popen

    class Popen(original):
        def __new__(cls, *a, **k):
            return impl()["Popen"](*a, **k)

    def system(command):
        return impl()["system"](command)

    def popen(cmd, mode="r", buffering=-1):
        return impl()["popen"](cmd, mode, buffering)

    subprocess.Popen = Popen
    os.system = system
    os.popen = popen
    try:
        mode, value, rest, flags = _b._parse(args)
    except _b._UsageError as e:
        sys.stderr.write(f"{e}\n{_b._USAGE.splitlines()[0]}\n")
        sys.stderr.write("Try `python -h' for more information.\n")
        raise SystemExit(2)
    if not _ignores_environment(args):
        # The snapshot's sys.path was made without it: PYTHONPATH's directories go first,
        # made absolute, as CPython's start-up puts them.
        for entry in reversed(os.environ.get("PYTHONPATH", "").split(":")):
            if entry:
                sys.path.insert(0, os.path.abspath(entry))
    try:
        if mode == "script" and not os.path.isdir(value):
            status = _script(value, rest, flags)
        else:
            status = _b._execute(mode, value, rest, flags)
    except SystemExit:
        raise
    except KeyboardInterrupt as e:
        _b._report(e)
        status = 130
    except BaseException as e:
        _b._report(e)
        status = 1
    raise SystemExit(status)


_sandsh_main()
