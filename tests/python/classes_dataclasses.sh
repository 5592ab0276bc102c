# Classes and dataclasses the way agents model small domains.

#### dataclass with defaults, ordering and asdict
python3 - <<'PY'
from dataclasses import dataclass, field, asdict, astuple
@dataclass(order=True)
class Task:
    priority: int
    title: str = field(compare=False)
    tags: list = field(default_factory=list, compare=False)
tasks = [Task(3, "write docs"), Task(1, "fix bug", ["urgent"]), Task(2, "review")]
for t in sorted(tasks):
    print(t)
print(asdict(tasks[1]), astuple(tasks[2]))
print(Task(1, "a") == Task(1, "b"))
PY

#### frozen dataclass is hashable and immutable
python3 - <<'PY'
from dataclasses import dataclass, FrozenInstanceError, replace
@dataclass(frozen=True)
class Point:
    x: int
    y: int
p = Point(1, 2)
try:
    p.x = 5
except FrozenInstanceError:
    print("frozen")
print(len({p, Point(1, 2), Point(2, 1)}), replace(p, y=9))
PY

#### __post_init__ validation
python3 - <<'PY'
from dataclasses import dataclass
@dataclass
class Range:
    lo: int
    hi: int
    def __post_init__(self):
        if self.lo > self.hi:
            raise ValueError(f"lo {self.lo} > hi {self.hi}")
    @property
    def size(self):
        return self.hi - self.lo
print(Range(2, 7).size)
try:
    Range(5, 1)
except ValueError as e:
    print("invalid:", e)
PY

#### dataclasses from JSON records
echo '[{"name":"web","cpu":0.5,"replicas":3},{"name":"db","cpu":2,"replicas":1}]' |
python3 -c '
import json, sys
from dataclasses import dataclass, fields
@dataclass
class Service:
    name: str
    cpu: float
    replicas: int = 1
    def total_cpu(self):
        return self.cpu * self.replicas
svcs = [Service(**d) for d in json.load(sys.stdin)]
print([f.name for f in fields(Service)])
for s in svcs:
    print(f"{s.name}: {s.total_cpu():.1f} cpu")
print("total", sum(s.total_cpu() for s in svcs))
'

#### inheritance, super and abstract methods
python3 - <<'PY'
from abc import ABC, abstractmethod
import math
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    def describe(self):
        return f"{type(self).__name__} with area {self.area():.2f}"
class Circle(Shape):
    def __init__(self, r): self.r = r
    def area(self): return math.pi * self.r ** 2
class Square(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
class Cube(Square):
    def area(self): return 6 * super().area()
for s in [Circle(1), Square(2), Cube(2)]:
    print(s.describe())
try:
    Shape()
except TypeError:
    print("cannot instantiate abstract class")
print([c.__name__ for c in Cube.__mro__])
PY

#### dunder methods: repr, eq, lt, len, iter, contains, getitem
python3 - <<'PY'
class Playlist:
    def __init__(self, *songs): self.songs = list(songs)
    def __repr__(self): return f"Playlist({', '.join(map(repr, self.songs))})"
    def __len__(self): return len(self.songs)
    def __iter__(self): return iter(self.songs)
    def __contains__(self, s): return s in self.songs
    def __getitem__(self, i): return self.songs[i]
    def __add__(self, other): return Playlist(*self.songs, *other.songs)
    def __eq__(self, other): return isinstance(other, Playlist) and self.songs == other.songs
p = Playlist("a", "b") + Playlist("c")
print(p, len(p), "b" in p, p[-1], p[0:2], list(reversed(p)))
print(p == Playlist("a", "b", "c"), p != Playlist())
PY

#### properties, classmethods and staticmethods
python3 - <<'PY'
class Temperature:
    def __init__(self, celsius): self.celsius = celsius
    @property
    def fahrenheit(self): return self.celsius * 9 / 5 + 32
    @fahrenheit.setter
    def fahrenheit(self, f): self.celsius = (f - 32) * 5 / 9
    @classmethod
    def from_kelvin(cls, k): return cls(k - 273.15)
    @staticmethod
    def valid(c): return c >= -273.15
t = Temperature(100)
print(t.fahrenheit)
t.fahrenheit = 32
print(t.celsius)
print(round(Temperature.from_kelvin(0).celsius, 2), Temperature.valid(-300))
PY

#### enum members and values
python3 - <<'PY'
from enum import Enum, IntEnum, auto
class Status(Enum):
    ACTIVE = "active"
    DISABLED = "disabled"
class Level(IntEnum):
    LOW = auto()
    HIGH = auto()
print(Status("active").name, Status.DISABLED.value, [s.name for s in Status])
print(Level.HIGH > Level.LOW, int(Level.HIGH), Level(1).name)
try:
    Status("gone")
except ValueError:
    print("no such status")
PY

#### slots and attribute errors
python3 - <<'PY'
class P:
    __slots__ = ("x", "y")
    def __init__(self, x, y): self.x, self.y = x, y
p = P(1, 2)
try:
    p.z = 3
except AttributeError:
    print("no attribute z")
print(hasattr(p, "x"), getattr(p, "z", "default"), P.__slots__)
PY

#### context manager class
python3 - <<'PY'
class Section:
    depth = 0
    def __init__(self, name): self.name = name
    def __enter__(self):
        print("  " * Section.depth + f"begin {self.name}")
        Section.depth += 1
        return self
    def __exit__(self, exc_type, exc, tb):
        Section.depth -= 1
        print("  " * Section.depth + f"end {self.name}" + (f" ({exc_type.__name__})" if exc_type else ""))
        return exc_type is KeyError
with Section("outer"):
    with Section("inner"):
        raise KeyError("swallowed")
    print("  after inner")
PY

#### class attributes, instance counting and __init_subclass__
python3 - <<'PY'
class Plugin:
    registry = {}
    def __init_subclass__(cls, name=None, **kw):
        super().__init_subclass__(**kw)
        Plugin.registry[name or cls.__name__.lower()] = cls
class Csv(Plugin, name="csv"): pass
class Json(Plugin): pass
print(sorted(Plugin.registry), Plugin.registry["csv"].__name__)
PY

#### typing annotations do not change behaviour
python3 - <<'PY'
from typing import Optional, NamedTuple, TypedDict
class Row(NamedTuple):
    id: int
    label: Optional[str] = None
class Cfg(TypedDict):
    host: str
    port: int
r = Row(1)
c: Cfg = {"host": "h", "port": 1}
print(r, r._fields, c["port"] + 1)
def f(x: "int") -> "str": return str(x)
print(f.__annotations__ == {"x": "int", "return": "str"})
PY
