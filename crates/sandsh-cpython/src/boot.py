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


_STAT_EXTRA = ("st_atime", "st_mtime", "st_ctime", "st_atime_ns", "st_mtime_ns", "st_ctime_ns",
               "st_blksize", "st_blocks", "st_rdev")


def _install_modes():
    """os.stat, os.lstat, os.chmod and os.access with the file's permission bits: WASI has no
    mode, so they ask the host (mode.rs). Descriptors and dir_fd keep WASI's answers."""
    import os
    import stat

    import _bashkit

    def ask(request, path):
        reply = _bashkit.http("SANDSH-MODE", request, [], None, None)[2].decode()
        kind, value = reply.split(" ", 1)
        if kind == "err":
            n = int(value)
            raise OSError(n, os.strerror(n), path)
        return int(value)

    def by_path(path, dir_fd):
        return dir_fd is None and not isinstance(path, int)

    original_stat, original_chmod, original_access = os.stat, os.chmod, os.access

    def with_bits(st, path, follow):
        try:
            bits = ask(("get " if follow else "lget ") + os.path.abspath(os.fsdecode(path)), path)
        except OSError:
            return st
        fields = list(st)[:10]
        fields[0] = stat.S_IFMT(st.st_mode) | bits
        return os.stat_result(fields, {k: getattr(st, k) for k in _STAT_EXTRA if hasattr(st, k)})

    def stat_(path, *, dir_fd=None, follow_symlinks=True):
        st = original_stat(path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        return with_bits(st, path, follow_symlinks) if by_path(path, dir_fd) else st

    def lstat(path, *, dir_fd=None):
        return stat_(path, dir_fd=dir_fd, follow_symlinks=False)

    def chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
        if not by_path(path, dir_fd):
            return original_chmod(path, mode, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        ask(f"set {int(mode)} {os.path.abspath(os.fsdecode(path))}", path)

    def access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True):
        ok = original_access(path, mode, dir_fd=dir_fd, effective_ids=effective_ids,
                             follow_symlinks=follow_symlinks)
        if ok and mode & os.X_OK and by_path(path, dir_fd):
            st = stat_(path, follow_symlinks=follow_symlinks)
            ok = stat.S_ISDIR(st.st_mode) or bool(st.st_mode & 0o111)
        return ok

    os.stat, os.lstat, os.chmod, os.access = stat_, lstat, chmod, access


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
    _install_modes()
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
