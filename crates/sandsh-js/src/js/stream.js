// stream (enough for pipes, fs streams, process.stdin and readline), process.stdin and readline.

function makeStream() {
  class Stream extends EventEmitter {
    pipe(dest, opts) {
      this.on('data', (c) => dest.write(c));
      if (!opts || opts.end !== false) this.on('end', () => dest !== process.stdout && dest !== process.stderr && dest.end && dest.end());
      if (this.resume) this.resume();
      dest.emit && dest.emit('pipe', this);
      return dest;
    }
  }
  class Readable extends Stream {
    constructor(options = {}) {
      super();
      this._buf = [];
      this._ended = false;
      this._flowing = null;
      this._encoding = options.encoding || null;
      this._objectMode = !!options.objectMode;
      this.readable = true;
      this.destroyed = false;
      if (options.read) this._read = options.read;
      this._scheduled = false;
      this.on('newListener', (ev) => {
        if (ev === 'data' && this._flowing !== false) this.resume();
        if (ev === 'readable') this._schedule();
      });
    }
    static from(iterable, options = {}) {
      const r = new Readable({ objectMode: true, ...options });
      (async () => {
        try {
          for await (const x of iterable) r.push(x);
          r.push(null);
        } catch (e) {
          r.destroy(e);
        }
      })();
      return r;
    }
    _read() {}
    setEncoding(enc) {
      this._encoding = enc;
      return this;
    }
    push(chunk) {
      if (chunk === null) {
        this._ended = true;
      } else {
        if (typeof chunk === 'string' && !this._objectMode) chunk = Buffer.from(chunk);
        this._buf.push(chunk);
      }
      this._schedule();
      return true;
    }
    unshift(chunk) {
      this._buf.unshift(chunk);
    }
    _decode(c) {
      return this._encoding && c instanceof Uint8Array ? Buffer.from(c).toString(this._encoding) : c;
    }
    _schedule() {
      if (this._scheduled) return;
      this._scheduled = true;
      process.nextTick(() => {
        this._scheduled = false;
        this._flow();
      });
    }
    _flow() {
      if (this.destroyed) return;
      if (this._flowing) {
        while (this._buf.length && this._flowing) this.emit('data', this._decode(this._buf.shift()));
      } else if (this.listenerCount('readable') > 0 && (this._buf.length || this._ended)) {
        this.emit('readable');
      }
      if (this._ended && this._buf.length === 0 && !this._endEmitted && (this._flowing || this.listenerCount('readable') > 0 || this._readCalled)) {
        this._endEmitted = true;
        this.readable = false;
        this.emit('end');
        this.emit('close');
      }
      if (!this._ended && this._buf.length === 0) this._read();
    }
    read() {
      this._readCalled = true;
      if (this._buf.length === 0) {
        if (this._ended) this._schedule();
        return null;
      }
      const all = this._objectMode ? this._buf.shift() : Buffer.concat(this._buf.splice(0).map((c) => Buffer.from(c)));
      if (this._ended) this._schedule();
      return this._decode(all);
    }
    resume() {
      this._flowing = true;
      this._schedule();
      return this;
    }
    pause() {
      this._flowing = false;
      return this;
    }
    isPaused() {
      return this._flowing === false;
    }
    destroy(err) {
      this.destroyed = true;
      if (err) process.nextTick(() => this.emit('error', err));
      process.nextTick(() => this.emit('close'));
      return this;
    }
    [Symbol.asyncIterator]() {
      const queue = [];
      let done = false;
      let error = null;
      let waiting = null;
      const wake = () => {
        if (waiting) {
          const w = waiting;
          waiting = null;
          w();
        }
      };
      this.on('data', (c) => {
        queue.push(c);
        wake();
      });
      this.on('end', () => {
        done = true;
        wake();
      });
      this.on('error', (e) => {
        error = e;
        wake();
      });
      return {
        next: async () => {
          for (;;) {
            if (queue.length) return { value: queue.shift(), done: false };
            if (error) throw error;
            if (done) return { value: undefined, done: true };
            await new Promise((r) => (waiting = r));
          }
        },
        return: async () => ({ value: undefined, done: true }),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    }
  }
  class Writable extends Stream {
    constructor(options = {}) {
      super();
      this.writable = true;
      this._ended = false;
      if (options.write) this._write = options.write;
      if (options.final) this._final = options.final;
      this._decodeStrings = options.decodeStrings !== false;
    }
    _write(chunk, enc, cb) {
      cb();
    }
    write(chunk, encoding, cb) {
      if (typeof encoding === 'function') {
        cb = encoding;
        encoding = 'utf8';
      }
      if (typeof chunk === 'string' && this._decodeStrings) chunk = Buffer.from(chunk, encoding);
      this._write(chunk, encoding || 'buffer', (err) => {
        if (err) this.emit('error', err);
        if (cb) cb(err);
      });
      return true;
    }
    end(chunk, encoding, cb) {
      if (typeof chunk === 'function') {
        cb = chunk;
        chunk = undefined;
      }
      if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
      this._ended = true;
      const finish = () => {
        this.writable = false;
        process.nextTick(() => {
          this.emit('finish');
          this.emit('close');
          if (cb) cb();
        });
      };
      if (this._final) this._final(finish);
      else finish();
      return this;
    }
    cork() {}
    uncork() {}
    destroy() {
      this.destroyed = true;
      return this;
    }
  }
  class Duplex extends Readable {
    constructor(options = {}) {
      super(options);
      this.writable = true;
      if (options.write) this._write = options.write;
      if (options.final) this._final = options.final;
    }
  }
  for (const m of ['write', 'end', 'cork', 'uncork']) Duplex.prototype[m] = Writable.prototype[m];
  Duplex.prototype._write = function (c, e, cb) {
    cb();
  };
  class Transform extends Duplex {
    constructor(options = {}) {
      super(options);
      if (options.transform) this._transform = options.transform;
      if (options.flush) this._flush = options.flush;
      this._decodeStrings = true;
    }
    _transform(chunk, enc, cb) {
      cb(null, chunk);
    }
    _write(chunk, enc, cb) {
      this._transform(chunk, enc, (err, data) => {
        if (data !== undefined && data !== null) this.push(data);
        cb(err);
      });
    }
    _final(done) {
      const end = () => {
        this.push(null);
        done();
      };
      if (this._flush) this._flush((err, data) => {
        if (data !== undefined && data !== null) this.push(data);
        end();
      });
      else end();
    }
  }
  class PassThrough extends Transform {}
  function pipeline(...streams) {
    const cb = typeof streams[streams.length - 1] === 'function' ? streams.pop() : null;
    for (let i = 0; i < streams.length - 1; i++) streams[i].pipe(streams[i + 1]);
    const last = streams[streams.length - 1];
    if (cb) {
      last.on('finish', () => cb());
      for (const s of streams) s.on('error', (e) => cb(e));
    }
    return last;
  }
  function finished(stream, cb) {
    stream.on('end', () => cb());
    stream.on('finish', () => cb());
    stream.on('error', (e) => cb(e));
  }
  Stream.Readable = Readable;
  Stream.Writable = Writable;
  Stream.Duplex = Duplex;
  Stream.Transform = Transform;
  Stream.PassThrough = PassThrough;
  Stream.Stream = Stream;
  Stream.pipeline = pipeline;
  Stream.finished = finished;
  Stream.promises = {
    pipeline: (...s) => new Promise((resolve, reject) => pipeline(...s, (e) => (e ? reject(e) : resolve()))),
    finished: (s) => new Promise((resolve, reject) => finished(s, (e) => (e ? reject(e) : resolve()))),
  };
  return Stream;
}
defineBuiltin('stream', makeStream);
defineBuiltin('stream/promises', () => loadBuiltin('stream').promises);

// process.stdin: the command's standard input, read whole at the first read.
let stdinStream;
Object.defineProperty(process, 'stdin', {
  get() {
    if (stdinStream === undefined) {
      const { Readable } = loadBuiltin('stream');
      let pulled = false;
      stdinStream = new Readable({
        read() {
          if (pulled) return;
          pulled = true;
          const data = host.readStdin();
          if (data.length) this.push(fromBytes(data));
          this.push(null);
        },
      });
      stdinStream.fd = 0;
      stdinStream.isTTY = undefined;
      stdinStream.setRawMode = () => stdinStream;
    }
    return stdinStream;
  },
  configurable: true,
  enumerable: true,
});

// ---- readline --------------------------------------------------------------------------------

defineBuiltin('readline', () => {
  class Interface extends EventEmitter {
    constructor(input, output) {
      super();
      if (input && !input.on && input.input) {
        output = input.output;
        input = input.input;
      }
      this.input = input;
      this.output = output;
      this.closed = false;
      this._lines = [];
      this._waiters = [];
      this._buffer = '';
      this._questions = [];
      this._paused = false;
      if (input && input.on) {
        if (input.setEncoding) input.setEncoding('utf8');
        input.on('data', (chunk) => this._data(String(chunk)));
        input.on('end', () => {
          if (this._buffer !== '') this._line(this._buffer);
          this._buffer = '';
          this.close();
        });
      }
    }
    _data(s) {
      this._buffer += s;
      let i;
      while ((i = this._buffer.search(/\r?\n/)) !== -1) {
        const line = this._buffer.slice(0, i);
        this._buffer = this._buffer.slice(this._buffer[i] === '\r' ? i + 2 : i + 1);
        this._line(line);
      }
    }
    _line(line) {
      if (this._questions.length) {
        this._questions.shift()(line);
        return;
      }
      if (this._iterating) {
        this._lines.push(line);
        const w = this._waiters.shift();
        if (w) w();
      }
      this.emit('line', line);
    }
    question(query, opts, cb) {
      if (typeof opts === 'function') cb = opts;
      if (this.output && this.output.write) this.output.write(query);
      this._questions.push(cb);
    }
    setPrompt(p) {
      this._prompt = p;
    }
    getPrompt() {
      return this._prompt || '> ';
    }
    prompt() {
      if (this.output && this.output.write) this.output.write(this.getPrompt());
    }
    write(s) {
      if (this.output && this.output.write) this.output.write(s);
    }
    pause() {
      this._paused = true;
      return this;
    }
    resume() {
      this._paused = false;
      return this;
    }
    close() {
      if (this.closed) return;
      this.closed = true;
      this.emit('close');
      for (const w of this._waiters.splice(0)) w();
    }
    [Symbol.asyncIterator]() {
      this._iterating = true;
      return {
        next: async () => {
          for (;;) {
            if (this._lines.length) return { value: this._lines.shift(), done: false };
            if (this.closed) return { value: undefined, done: true };
            await new Promise((r) => this._waiters.push(r));
          }
        },
        return: async () => {
          this.close();
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    }
  }
  const createInterface = (input, output) => new Interface(input, output);
  const promises = {
    Interface,
    createInterface: (input, output) => {
      const rl = new Interface(input, output);
      const q = rl.question.bind(rl);
      rl.question = (query) => new Promise((resolve) => q(query, resolve));
      return rl;
    },
  };
  return {
    Interface, createInterface, promises,
    clearLine: () => true, cursorTo: () => true, moveCursor: () => true, clearScreenDown: () => true,
    emitKeypressEvents: () => {},
  };
});
defineBuiltin('readline/promises', () => loadBuiltin('readline').promises);
