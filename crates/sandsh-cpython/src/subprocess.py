# subprocess, os.system and os.popen for the sandbox: the command runs inside the same sandsh
# session (its commands, files and limits), through the host's bridge. A process here runs
# to its end when it starts, or, when its stdin is a pipe, when that input is complete (at
# communicate, wait, poll, or the first read of its output); streams the caller inherits
# reach the session's stdout and stderr directly, as a child's would.
import io
import json
import os
import struct
import subprocess as _sp
import sys

import _bashkit

PIPE, STDOUT, DEVNULL = _sp.PIPE, _sp.STDOUT, _sp.DEVNULL
_next_pid = [4200]


def _host(request, stdin):
    body = json.dumps(request).encode() + b"\0" + (stdin or b"")
    _status, _headers, reply = _bashkit.http("SANDSH-EXEC", "sandsh:exec", [], body, None)
    kind, status, out_len = struct.unpack_from("<III", reply, 0)
    out = reply[12 : 12 + out_len]
    err = reply[16 + out_len :]
    if kind == 1:
        raise FileNotFoundError(2, "No such file or directory", out.decode("utf-8", "replace"))
    return status, out, err


def _mode(spec, name):
    if spec is None:
        return "inherit"
    if spec == PIPE:
        return "pipe"
    if spec == DEVNULL:
        return "devnull"
    if spec == STDOUT and name == "stderr":
        return "stdout"
    return "file"


def _translate(data, encoding, errors):
    return data.decode(encoding or "utf-8", errors or "strict").replace("\r\n", "\n").replace("\r", "\n")


class _Sink(io.RawIOBase):
    """The write end of a child's stdin pipe: what is written is its input."""

    def __init__(self, proc):
        self._proc = proc

    def writable(self):
        return True

    def write(self, b):
        self._proc._input.extend(b)
        return len(b)


class _Source(io.RawIOBase):
    """The read end of a child's stdout or stderr pipe: reading it runs the child."""

    def __init__(self, proc, which):
        self._proc = proc
        self._which = which
        self._data = None

    def readable(self):
        return True

    def readinto(self, b):
        if self._data is None:
            self._proc._run()
            self._data = io.BytesIO(self._proc._captured[self._which] or b"")
        return self._data.readinto(b)


class Popen(_original_popen):  # noqa: F821 (given by boot.py: CPython's own class)
    _child_created = False

    def __init__(self, args, bufsize=-1, executable=None, stdin=None, stdout=None,
                 stderr=None, preexec_fn=None, close_fds=True, shell=False, cwd=None,
                 env=None, universal_newlines=None, startupinfo=None, creationflags=0,
                 restore_signals=True, start_new_session=False, pass_fds=(), *,
                 user=None, group=None, extra_groups=None, encoding=None, errors=None,
                 text=None, umask=-1, pipesize=-1, process_group=None):
        self.args = args
        self.returncode = None
        self.encoding = encoding
        self.errors = errors
        self.text_mode = bool(encoding or errors or text or universal_newlines)
        self._input = bytearray()
        self._captured = {"stdout": None, "stderr": None}
        self._done = False
        if shell:
            if isinstance(args, (str, bytes)):
                args = [args]
            argv = [executable or "/bin/sh", "-c", *args]
        elif isinstance(args, (str, bytes, os.PathLike)):
            argv = [args]
        else:
            argv = list(args)
            if executable is not None and argv:
                argv[0] = executable
        if not argv:
            raise IndexError("list index out of range")
        self._argv = [os.fsdecode(a) for a in argv]
        self._cwd = os.fsdecode(cwd) if cwd is not None else os.getcwd()
        if not os.path.isdir(self._cwd):
            raise FileNotFoundError(2, "No such file or directory", os.fsdecode(cwd))
        source = os.environ if env is None else env
        self._env = {os.fsdecode(k): os.fsdecode(v) for k, v in source.items()}
        self._out = _mode(stdout, "stdout")
        self._err = _mode(stderr, "stderr")
        self._stdout_file = stdout if self._out == "file" else None
        self._stderr_file = stderr if self._err == "file" else None
        self.pid = _next_pid[0]
        _next_pid[0] += 1
        self.stdin = self.stdout = self.stderr = None
        if stdin == PIPE:
            self._stdin_mode = "pipe"
            w = io.BufferedWriter(_Sink(self))
            self.stdin = io.TextIOWrapper(w, encoding=encoding, errors=errors, write_through=True) if self.text_mode else w
        elif stdin is None:
            self._stdin_mode = "inherit"
        elif stdin == DEVNULL:
            self._stdin_mode = "data"
        else:
            self._stdin_mode = "data"
            self._input.extend(self._read_input(stdin))
        for which in ("stdout", "stderr"):
            if getattr(self, "_" + which[3:]) == "pipe":
                r = io.BufferedReader(_Source(self, which))
                if self.text_mode:
                    r = io.TextIOWrapper(r, encoding=encoding, errors=errors)
                setattr(self, which, r)
        if self._stdin_mode == "pipe":
            self._check()
        else:
            self._run()

    @staticmethod
    def _read_input(f):
        if isinstance(f, int):
            chunks = []
            while True:
                b = os.read(f, 65536)
                if not b:
                    return b"".join(chunks)
                chunks.append(b)
        data = f.read()
        return data.encode() if isinstance(data, str) else data

    def _request(self, check_only):
        return {
            "argv": self._argv,
            "cwd": self._cwd,
            "env": self._env,
            "stdin": self._stdin_mode != "inherit",
            "stdout": "pipe" if self._out == "file" else self._out,
            "stderr": "pipe" if self._err == "file" else self._err,
            "check": check_only,
        }

    def _check(self):
        _host(self._request(True), None)

    def _run(self):
        if self._done:
            return
        self._done = True
        if self.stdin is not None and not self.stdin.closed:
            try:
                self.stdin.flush()
            except ValueError:
                pass
        data = bytes(self._input) if self._stdin_mode != "inherit" else None
        status, out, err = _host(self._request(False), data)
        self.returncode = status
        self._captured["stdout"] = out
        self._captured["stderr"] = err
        for f, data in ((self._stdout_file, out), (self._stderr_file, err)):
            if f is None:
                continue
            if isinstance(f, int):
                os.write(f, data)
            else:
                f.flush()
                os.write(f.fileno(), data)

    def poll(self):
        if self._stdin_mode != "pipe" or (self.stdin is not None and self.stdin.closed):
            self._run()
        return self.returncode

    def wait(self, timeout=None):
        self._run()
        return self.returncode

    def _output(self, which):
        if getattr(self, "_" + which[3:]) != "pipe":
            return None
        stream = getattr(self, which)
        if stream is not None and stream.closed:
            return None
        data = self._captured[which] or b""
        if self.text_mode:
            return _translate(data, self.encoding, self.errors)
        return data

    def communicate(self, input=None, timeout=None):
        if input is not None:
            self._input.extend(input.encode(self.encoding or "utf-8") if isinstance(input, str) else input)
        if self.stdin is not None and not self.stdin.closed:
            try:
                self.stdin.close()
            except ValueError:
                pass
        self._run()
        return (self._output("stdout"), self._output("stderr"))

    def send_signal(self, sig):
        pass

    def terminate(self):
        pass

    def kill(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, value, traceback):
        for f in (self.stdout, self.stderr):
            if f is not None:
                f.close()
        if self.stdin is not None and not self.stdin.closed:
            self.stdin.close()
        self._run()

    def __del__(self):
        pass


def system(command):
    for f in (sys.stdout, sys.stderr):
        f.flush()
    status, _out, _err = _host(
        {"argv": ["/bin/sh", "-c", os.fsdecode(command)], "cwd": os.getcwd(),
         "env": dict(os.environ), "stdin": False, "stdout": "inherit",
         "stderr": "inherit", "check": False},
        None,
    )
    return status << 8


class _wrap_close:
    def __init__(self, stream, proc):
        self._stream = stream
        self._proc = proc

    def close(self):
        self._stream.close()
        returncode = self._proc.wait()
        if returncode == 0:
            return None
        return returncode << 8

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()

    def __getattr__(self, name):
        return getattr(self._stream, name)

    def __iter__(self):
        return iter(self._stream)


def popen(cmd, mode="r", buffering=-1):
    if not isinstance(cmd, str):
        raise TypeError("invalid cmd type (%s, expected string)" % type(cmd))
    if mode not in ("r", "w"):
        raise ValueError("invalid mode %r" % mode)
    if buffering == 0 or buffering is None:
        raise ValueError("popen() does not support unbuffered streams")
    if mode == "r":
        proc = Popen(cmd, shell=True, text=True, stdout=PIPE, bufsize=buffering)
        return _wrap_close(proc.stdout, proc)
    proc = Popen(cmd, shell=True, text=True, stdin=PIPE, bufsize=buffering)
    return _wrap_close(proc.stdin, proc)
