# Dates and times with fixed values: parsing, arithmetic, formatting, time zones by offset.

#### days between two dates
python3 -c '
from datetime import date
a, b = date(2024, 1, 15), date(2024, 12, 25)
print((b - a).days, "days")
print(date(2024, 3, 1) - date(2024, 2, 1))
'

#### parse log timestamps with strptime
printf '2024-03-12 10:00:01 start\n2024-03-12 10:04:31 stop\n' | python3 -c '
import sys
from datetime import datetime
ts = [datetime.strptime(l[:19], "%Y-%m-%d %H:%M:%S") for l in sys.stdin]
d = ts[1] - ts[0]
print(d, d.total_seconds(), "seconds")
'

#### strftime formats
python3 -c '
from datetime import datetime
d = datetime(2024, 7, 4, 9, 5, 3, 120000)
print(d.strftime("%Y-%m-%d %H:%M:%S"))
print(d.strftime("%a %b %d %j %U %w %I%p"))
print(d.strftime("%A, %B %d"))
print(d.isoformat(), d.isoformat(timespec="seconds"))
print(d.date().isoformat(), d.time())
'

#### fromisoformat and timezone offsets
python3 -c '
from datetime import datetime, timezone, timedelta
d = datetime.fromisoformat("2024-03-10T12:30:00+02:00")
print(d.utcoffset(), d.astimezone(timezone.utc).isoformat())
ny = timezone(timedelta(hours=-5), "EST")
print(d.astimezone(ny).strftime("%Y-%m-%d %H:%M %Z"))
print(datetime(2024, 1, 1, tzinfo=timezone.utc).timestamp())
print(datetime.fromtimestamp(86400 * 365, tz=timezone.utc))
'

#### add business days
python3 - <<'PY'
from datetime import date, timedelta
def add_business_days(d, n):
    while n > 0:
        d += timedelta(days=1)
        if d.weekday() < 5:
            n -= 1
    return d
start = date(2024, 5, 30)  # a Thursday
for n in [1, 2, 5, 10]:
    r = add_business_days(start, n)
    print(n, r, r.strftime("%a"))
PY

#### timedelta arithmetic and formatting
python3 -c '
from datetime import timedelta
t = timedelta(days=1, hours=3, minutes=7, seconds=42)
print(t, t.total_seconds(), t // timedelta(minutes=1))
print(timedelta(seconds=-1), abs(timedelta(hours=-25)))
h, rem = divmod(int(t.total_seconds()), 3600)
print(f"{h}h{rem // 60:02d}m")
'

#### calendar facts
python3 -c '
import calendar
print(calendar.isleap(2024), calendar.isleap(1900), calendar.leapdays(2000, 2025))
first, days = calendar.monthrange(2024, 2)
print(int(first), days)
print(calendar.weekday(2024, 1, 1), calendar.day_name[calendar.weekday(2024, 1, 1)])
print(calendar.month(2024, 2))
'

#### ISO weeks and ordinal days
python3 -c '
from datetime import date
for d in [date(2024, 1, 1), date(2024, 12, 30), date(2021, 1, 3)]:
    y, w, wd = d.isocalendar()
    print(d, y, w, wd, d.toordinal(), d.timetuple().tm_yday)
print(date.fromisocalendar(2024, 10, 3))
'

#### group events by month
cat > events.txt <<'TXT'
2024-01-05 deploy
2024-01-20 deploy
2024-02-02 rollback
2024-03-15 deploy
2024-03-16 deploy
2024-03-31 deploy
TXT
python3 -c '
from datetime import datetime
from collections import Counter
c = Counter(datetime.strptime(l.split()[0], "%Y-%m-%d").strftime("%Y-%m") for l in open("events.txt"))
for month, n in sorted(c.items()):
    print(month, "#" * n)
'

#### time.gmtime and strftime on a fixed epoch
python3 -c '
import time
t = time.gmtime(1700000000)
print(time.strftime("%Y-%m-%dT%H:%M:%SZ", t))
print(t.tm_year, t.tm_mon, t.tm_mday, t.tm_wday, t.tm_yday)
import calendar
print(calendar.timegm(t), time.strftime("%d/%m/%y", time.gmtime(0)))
'

#### age in years from a birth date
python3 -c '
from datetime import date
def age(born, today):
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))
for born in [date(1990, 6, 15), date(2000, 2, 29), date(2010, 12, 31)]:
    print(born, age(born, date(2024, 6, 14)), age(born, date(2024, 6, 15)))
'

#### replace, comparison and min/max of datetimes
python3 -c '
from datetime import datetime
ds = [datetime(2024, 5, 1, 8), datetime(2023, 12, 31, 23, 59), datetime(2024, 5, 1, 7, 59)]
print(min(ds), max(ds))
print(sorted(ds)[1].replace(hour=0, minute=0))
print(datetime(2024, 1, 31).replace(day=29, month=2))
try:
    datetime(2023, 1, 31).replace(month=2)
except ValueError:
    print("ValueError: no Feb 31")
'
