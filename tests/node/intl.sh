# toLocaleString and Intl in en-US, the formatting scripts use for reports.

#### numbers with grouping and fraction digits
node -e 'console.log((1234567.891).toLocaleString(), (0.5).toLocaleString(), (-1234.5).toLocaleString("en-US"), (1e21).toLocaleString().length > 0, (42).toLocaleString("en-US", {minimumFractionDigits: 2}))'

#### currency and percent
node -e 'const usd = new Intl.NumberFormat("en-US", {style: "currency", currency: "USD"}); console.log(usd.format(1234.5), usd.format(-3), new Intl.NumberFormat("en-US", {style: "percent"}).format(0.256), new Intl.NumberFormat("en-US", {style: "currency", currency: "EUR"}).format(9.999), new Intl.NumberFormat("en-US", {maximumFractionDigits: 1}).format(3.14159))'

#### dates in UTC
node -e 'const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9)); const o = {timeZone: "UTC"}; console.log(d.toLocaleDateString("en-US", o)); console.log(d.toLocaleTimeString("en-US", o)); console.log(d.toLocaleString("en-US", o)); console.log(d.toLocaleDateString("en-US", {timeZone: "UTC", year: "numeric", month: "long", day: "numeric"})); console.log(d.toLocaleDateString("en-US", {timeZone: "UTC", weekday: "long", month: "short", day: "numeric"})); console.log(new Intl.DateTimeFormat("en-US", {timeZone: "UTC", month: "2-digit", day: "2-digit", year: "numeric"}).format(d))'

#### list and plural rules and collation
node -e 'console.log(new Intl.ListFormat("en", {style: "long", type: "conjunction"}).format(["a", "b", "c"]), new Intl.PluralRules("en-US").select(1), new Intl.PluralRules("en-US").select(2), ["b", "a", "C"].sort(new Intl.Collator("en").compare), ["item10", "item2"].sort(new Intl.Collator(undefined, {numeric: true}).compare))'

#### Date's toString names the zone
node -e 'console.log(new Date(0).toString().endsWith("(Coordinated Universal Time)") || !new Date(0).toString().includes("GMT+0000"))'

#### sorting with localeCompare
node -e 'console.log(["banana", "Apple", "cherry", "apple", "Banana", "_x", "1a", "éclair", "eclair", "Zed", "zed", "a b", "ab"].sort((a, b) => a.localeCompare(b))); console.log("a".localeCompare("B"), "b".localeCompare("a"), "a".localeCompare("a"), "a".localeCompare("A"), "résumé".localeCompare("resume", "en", {sensitivity: "base"}))'

#### dates in the local zone, which is UTC here
export TZ=UTC
node -e 'const d = new Date(2024, 0, 15, 9, 30); console.log(d.toISOString(), d.getHours(), d.getTimezoneOffset(), d.toString(), d.toDateString(), new Date("2024-01-01T10:00").toISOString(), new Date("2024-03-01").getDate(), typeof Date(), Date.now() > 1.7e12, new Date() instanceof Date, Object.prototype.toString.call(new Date()))'
node -e 'class Stamp extends Date { iso() { return this.toISOString() } } console.log(new Stamp(0).iso(), new Stamp(0) instanceof Date, String(new Date(NaN)), new Date(0))'
