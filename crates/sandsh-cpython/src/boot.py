# sandsh's per-call driver, compiled under the guest driver's own file name so that its frames
# never show in a traceback. It installs subprocess, os.system and os.popen (which run their
# command inside the same sandsh session) and then runs the command line as the guest's
# driver does. The host compiles this file once per process (code.rs); the implementation of
# subprocess is loaded on first use only, since most calls never start a process.
def _sandsh_main():
    import sys
    import os
    import subprocess

    args = sys.argv[1:]
    del sys.path[0]
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
    try:
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
