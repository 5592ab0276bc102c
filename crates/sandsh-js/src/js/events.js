// events: EventEmitter as Node has it (on/once/off/emit/prepend, 'error' without a listener
// throws, 'newListener'), and events.once.

class EventEmitter {
  constructor() {
    EventEmitter.init.call(this);
  }
  static init() {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    }
    this._maxListeners = this._maxListeners || undefined;
  }
  setMaxListeners(n) {
    this._maxListeners = n;
    return this;
  }
  getMaxListeners() {
    return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners;
  }
  emit(type, ...args) {
    const events = this._events;
    if (type === 'error' && (events === undefined || events.error === undefined)) {
      let er = args[0];
      if (er instanceof Error) throw er;
      const err = nodeError(Error, 'ERR_UNHANDLED_ERROR', `Unhandled error. (${inspect(er)})`);
      err.context = er;
      throw err;
    }
    if (events === undefined) return false;
    const handler = events[type];
    if (handler === undefined) return false;
    if (typeof handler === 'function') {
      handler.apply(this, args);
    } else {
      for (const l of handler.slice()) l.apply(this, args);
    }
    return true;
  }
  _add(type, listener, prepend) {
    if (typeof listener !== 'function') throw invalidArgType('listener', 'of type function', listener);
    if (this._events === undefined) EventEmitter.init.call(this);
    if (this._events.newListener !== undefined) {
      this.emit('newListener', type, listener.listener ? listener.listener : listener);
    }
    const existing = this._events[type];
    if (existing === undefined) {
      this._events[type] = listener;
      this._eventsCount++;
    } else if (typeof existing === 'function') {
      this._events[type] = prepend ? [listener, existing] : [existing, listener];
    } else if (prepend) {
      existing.unshift(listener);
    } else {
      existing.push(listener);
    }
    return this;
  }
  addListener(type, listener) {
    return this._add(type, listener, false);
  }
  on(type, listener) {
    return this._add(type, listener, false);
  }
  prependListener(type, listener) {
    return this._add(type, listener, true);
  }
  once(type, listener) {
    if (typeof listener !== 'function') throw invalidArgType('listener', 'of type function', listener);
    return this.on(type, onceWrapper(this, type, listener));
  }
  prependOnceListener(type, listener) {
    return this.prependListener(type, onceWrapper(this, type, listener));
  }
  removeListener(type, listener) {
    const events = this._events;
    if (events === undefined) return this;
    const list = events[type];
    if (list === undefined) return this;
    if (list === listener || list.listener === listener) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete events[type];
      if (events.removeListener) this.emit('removeListener', type, list.listener || listener);
    } else if (typeof list !== 'function') {
      let position = -1;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          position = i;
          break;
        }
      }
      if (position < 0) return this;
      list.splice(position, 1);
      if (list.length === 1) events[type] = list[0];
      if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
    }
    return this;
  }
  off(type, listener) {
    return this.removeListener(type, listener);
  }
  removeAllListeners(type) {
    if (this._events === undefined) return this;
    if (type === undefined) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    } else if (this._events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete this._events[type];
    }
    return this;
  }
  listeners(type) {
    const l = this._events && this._events[type];
    if (l === undefined) return [];
    if (typeof l === 'function') return [l.listener || l];
    return l.map((x) => x.listener || x);
  }
  rawListeners(type) {
    const l = this._events && this._events[type];
    if (l === undefined) return [];
    return typeof l === 'function' ? [l] : l.slice();
  }
  listenerCount(type) {
    const l = this._events && this._events[type];
    if (l === undefined) return 0;
    return typeof l === 'function' ? 1 : l.length;
  }
  eventNames() {
    return this._events ? Reflect.ownKeys(this._events) : [];
  }
}
EventEmitter.defaultMaxListeners = 10;
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.captureRejections = false;
EventEmitter.errorMonitor = Symbol('events.errorMonitor');
EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
EventEmitter.once = function once(emitter, name) {
  return new Promise((resolve, reject) => {
    const onError = (err) => {
      emitter.removeListener(name, resolver);
      reject(err);
    };
    const resolver = (...args) => {
      if (name !== 'error') emitter.removeListener('error', onError);
      resolve(args);
    };
    emitter.once(name, resolver);
    if (name !== 'error') emitter.once('error', onError);
  });
};
EventEmitter.on = function on(emitter, event) {
  const queue = [];
  const waiting = [];
  emitter.on(event, (...args) => {
    if (waiting.length) waiting.shift().resolve({ value: args, done: false });
    else queue.push(args);
  });
  return {
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() {
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
};
EventEmitter.getEventListeners = (emitter, name) => emitter.listeners(name);
Object.defineProperty(EventEmitter.prototype, '_events', { value: undefined, writable: true, enumerable: false });
Object.defineProperty(EventEmitter.prototype, '_eventsCount', { value: 0, writable: true, enumerable: false });
Object.defineProperty(EventEmitter.prototype, '_maxListeners', { value: undefined, writable: true, enumerable: false });

function onceWrapper(target, type, listener) {
  const state = { fired: false };
  function wrapped(...args) {
    if (!state.fired) {
      target.removeListener(type, wrapped);
      state.fired = true;
      return listener.apply(target, args);
    }
  }
  wrapped.listener = listener;
  return wrapped;
}

defineBuiltin('events', () => EventEmitter);
