// Date on the session's clock (ToolCtx::now, which an embedder may fix) and in UTC: QuickJS
// would read the host's clock and the host's time zone. `new Date()`, `Date()` and
// `Date.now()` ask the session; local-time getters, setters and strings are UTC's, as in a
// process whose TZ is UTC.

{
  const RealDate = Date;
  const proto = RealDate.prototype;
  const SandshDate = function Date(...args) {
    if (new.target === undefined) return proto.toString.call(new RealDate(host.now()));
    if (args.length === 0) return Reflect.construct(RealDate, [host.now()], new.target);
    if (args.length >= 2) {
      // Components are local time, which is UTC here.
      return Reflect.construct(RealDate, [RealDate.UTC(...args)], new.target);
    }
    return Reflect.construct(RealDate, args, new.target);
  };
  SandshDate.prototype = proto;
  SandshDate.now = () => Math.floor(host.now());
  SandshDate.UTC = RealDate.UTC;
  SandshDate.parse = (s) => {
    // A date-time without a zone is local time: UTC here.
    const str = String(s);
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(str)) return RealDate.parse(`${str}Z`);
    return RealDate.parse(str);
  };
  Object.defineProperty(SandshDate, 'length', { value: 7 });
  Object.defineProperty(proto, 'constructor', { value: SandshDate, writable: true, configurable: true });
  const define = (name, fn) => Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
  for (const part of ['FullYear', 'Month', 'Date', 'Day', 'Hours', 'Minutes', 'Seconds', 'Milliseconds']) {
    define(`get${part}`, proto[`getUTC${part}`]);
    if (part !== 'Day') define(`set${part}`, proto[`setUTC${part}`]);
  }
  define('getTimezoneOffset', function getTimezoneOffset() {
    return Number.isNaN(this.getTime()) ? NaN : 0;
  });
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n) => String(n).padStart(2, '0');
  const year = (y) => (y < 0 ? `-${String(-y).padStart(6, '0')}` : String(y).padStart(4, '0'));
  const dateText = (d) => `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${two(d.getUTCDate())} ${year(d.getUTCFullYear())}`;
  const timeText = (d) => `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`;
  define('toString', function toString() {
    return Number.isNaN(this.getTime()) ? 'Invalid Date' : `${dateText(this)} ${timeText(this)}`;
  });
  define('toDateString', function toDateString() {
    return Number.isNaN(this.getTime()) ? 'Invalid Date' : dateText(this);
  });
  define('toTimeString', function toTimeString() {
    return Number.isNaN(this.getTime()) ? 'Invalid Date' : timeText(this);
  });
  Object.defineProperty(globalThis, 'Date', { value: SandshDate, writable: true, configurable: true, enumerable: false });
}
