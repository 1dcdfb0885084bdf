"""Read navforge bundles with the Python standard library alone.

A bundle is mapped, not read: sections are ``memoryview`` slices of the mapping, and arrays are
cast in place. Everything a query relies on is checked first, so a damaged or hostile file gives
a ``BundleError``, never a wrong answer or an exception of another kind. The layout is
``docs/bundle-format.md``; this module follows that text, not the Swift code.
"""

import hashlib
import heapq
import mmap
import struct
import sys

MAGIC = b"NAVFBNDL"
SUPPORTED_MAJOR = 0
HEADER = struct.Struct("<8sHHIIIQ32s")
ENTRY = struct.Struct("<4sHHQQQ")
NONE = 0xFFFFFFFF
ORIGINAL_ARC = 0x80000000
HIERARCHY_MAGIC = 0x32764843  # "CHv2"


class BundleError(Exception):
    """The file is not a bundle this reader can use: the message says where and why."""


class Section:
    """One entry of the section table."""

    __slots__ = ("tag", "version", "offset", "length", "checksum")

    def __init__(self, tag, version, offset, length, checksum):
        self.tag, self.version, self.offset, self.length, self.checksum = tag, version, offset, length, checksum

    def __repr__(self):
        return f"Section({self.tag!r}, version={self.version}, offset={self.offset}, length={self.length})"


def _words(view, what):
    """``view`` as little-endian u32 values, in place where the machine is little-endian."""
    if len(view) % 4:
        raise BundleError(f"{what}: {len(view)} bytes is not a whole number of u32")
    if sys.byteorder == "little":
        return view.cast("I") if view.itemsize == 1 else view
    import array
    words = array.array("I", bytes(view))
    words.byteswap()
    return words


class Bundle:
    """An opened bundle. Use as a context manager, or call ``close``."""

    def __init__(self, path, verify_checksums=True):
        self.path = str(path)
        try:
            self._file = open(self.path, "rb")
        except OSError as error:
            raise BundleError(f"{self.path}: {error.strerror}") from None
        try:
            size = self._file.seek(0, 2)
            if size < HEADER.size:
                raise BundleError(f"{self.path}: {size} bytes is too short for a bundle header")
            self._map = mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ)
            self._view = memoryview(self._map)
            self._read_table(size)
            if verify_checksums:
                self.verify()
        except BaseException:
            self.close()
            raise
        self._hierarchies = {}

    def close(self):
        """Unmaps the file. Views a caller still holds keep the mapping alive until they go."""
        self._hierarchies = {}
        self._sections = {}
        self.__dict__.pop("_arc_cache", None)
        self.__dict__.pop("_profile_cache", None)
        view, mapping, file = getattr(self, "_view", None), getattr(self, "_map", None), getattr(self, "_file", None)
        self._view = self._map = self._file = None
        if view is not None:
            view.release()
        if mapping is not None:
            try:
                mapping.close()
            except BufferError:
                pass  # A view derived from the mapping is still alive; the mapping closes with it.
        if file is not None:
            file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # Header and section table

    def _read_table(self, size):
        magic, major, minor, _flags, count, header_size, file_size, _ = HEADER.unpack_from(self._view, 0)
        if magic != MAGIC:
            raise BundleError(f"{self.path}: not a navforge bundle (magic {magic!r})")
        if major != SUPPORTED_MAJOR:
            raise BundleError(f"{self.path}: format {major}.{minor} is not supported; this reader reads {SUPPORTED_MAJOR}.x")
        if file_size != size:
            raise BundleError(f"{self.path}: header says {file_size} bytes, the file has {size}: truncated or extended")
        table_end = header_size + count * ENTRY.size
        if header_size < HEADER.size or table_end > size:
            raise BundleError(f"{self.path}: a section table of {count} entries does not fit the file")
        self.major, self.minor = major, minor
        sections = []
        for index in range(count):
            raw_tag, version, _reserved, offset, length, checksum = ENTRY.unpack_from(self._view, header_size + index * ENTRY.size)
            try:
                tag = raw_tag.decode("ascii")
            except UnicodeDecodeError:
                raise BundleError(f"{self.path}: section {index} has tag {raw_tag!r}, not ASCII") from None
            if offset % 8 or offset < table_end or offset + length > size:
                raise BundleError(f"{self.path}: section {tag} at {offset}+{length} lies outside the file's sections")
            sections.append(Section(tag, version, offset, length, checksum))
        previous = None
        for section in sorted(sections, key=lambda s: s.offset):
            if previous is not None and section.offset < previous.offset + previous.length:
                raise BundleError(f"{self.path}: sections {previous.tag} and {section.tag} overlap")
            previous = section
        self._sections = {}
        for section in sections:
            if section.tag in self._sections:
                raise BundleError(f"{self.path}: section {section.tag} appears twice")
            self._sections[section.tag] = section

    @property
    def sections(self):
        """The section table, in file order."""
        return sorted(self._sections.values(), key=lambda s: s.offset)

    def has(self, tag):
        return tag in self._sections

    def section(self, tag):
        """The bytes of section ``tag``; a ``BundleError`` when it is missing."""
        entry = self._sections.get(tag)
        if entry is None:
            raise BundleError(f"{self.path}: no section {tag}")
        return self._view[entry.offset:entry.offset + entry.length]

    def verify(self):
        """Recomputes every section's checksum; raises at the first mismatch."""
        for entry in self.sections:
            digest = hashlib.sha256(self._view[entry.offset:entry.offset + entry.length]).digest()
            if int.from_bytes(digest[:8], "little") != entry.checksum:
                raise BundleError(f"{self.path}: checksum mismatch in section {entry.tag}: the file is corrupt")

    # Records

    def _counted(self, tag, header_words):
        """Section ``tag``, checked to hold at least its header's ``header_words`` u32."""
        view = self.section(tag)
        if len(view) < 4 * header_words:
            raise BundleError(f"{self.path}: section {tag} is too short")
        return view

    def string(self, index):
        """String ``index`` of ``STRS``, or None for 0xFFFFFFFF."""
        if index == NONE:
            return None
        view = self._counted("STRS", 2)
        count = struct.unpack_from("<I", view, 0)[0]
        table = 8 + 4 * (count + 1)
        if table > len(view) or index >= count:
            raise BundleError(f"{self.path}: string {index} is not in STRS")
        start, end = struct.unpack_from("<II", view, 8 + 4 * index)
        if start > end or table + end > len(view):
            raise BundleError(f"{self.path}: string {index} lies outside STRS")
        try:
            return bytes(view[table + start:table + end]).decode("utf-8")
        except UnicodeDecodeError:
            raise BundleError(f"{self.path}: string {index} is not UTF-8") from None

    @property
    def node_count(self):
        return self._arcs()[0]

    def _arcs(self):
        """(node count, arc count, first_out, heads) of ``ARCS``, checked."""
        if hasattr(self, "_arc_cache"):
            return self._arc_cache
        view = self._counted("ARCS", 2)
        nodes, arcs = struct.unpack_from("<II", view, 0)
        table = 8 + 4 * (nodes + 1)
        entries = (table + 7) // 8 * 8
        if entries + 16 * arcs != len(view):
            raise BundleError(f"{self.path}: ARCS does not hold {nodes} nodes and {arcs} arcs")
        first = _words(view[8:table], "ARCS")
        if first[0] != 0 or first[nodes] != arcs or any(first[v] > first[v + 1] for v in range(nodes)):
            raise BundleError(f"{self.path}: ARCS offsets do not rise to {arcs}")
        heads = _words(view[entries:entries + 16 * arcs], "ARCS")[0::4]
        if any(head >= nodes for head in heads):
            raise BundleError(f"{self.path}: an arc of ARCS ends outside its {nodes} nodes")
        self._arc_cache = (nodes, arcs, first, heads)
        return self._arc_cache

    @property
    def profiles(self):
        """Profile names, in ``PROF`` order (read once; every route looks its profile up)."""
        if not hasattr(self, "_profile_cache"):
            view = self._counted("PROF", 2)
            count = struct.unpack_from("<I", view, 0)[0]
            if 8 + 8 * count > len(view):
                raise BundleError(f"{self.path}: PROF is too short for {count} profiles")
            names = [self.string(struct.unpack_from("<I", view, 8 + 8 * index)[0]) for index in range(count)]
            if None in names:
                raise BundleError(f"{self.path}: a profile of PROF has no name")
            self._profile_cache = names
        return list(self._profile_cache)

    def costs(self, profile):
        """The ``PROF`` costs of ``profile`` (a name), one u32 per arc in ``ARCS`` order."""
        index = self._profile_index(profile)
        view = self.section("PROF")
        count, arcs = struct.unpack_from("<II", view, 0)
        if arcs != self._arcs()[1] or 8 + 8 * count + 4 * count * arcs != len(view):
            raise BundleError(f"{self.path}: PROF does not hold {count} profiles of {arcs} arcs")
        start = 8 + 8 * count + 4 * arcs * index
        return _words(view[start:start + 4 * arcs], "PROF")

    def _profile_index(self, profile):
        names = self.profiles
        if profile not in names:
            raise BundleError(f"{self.path}: no profile {profile!r}; the bundle has {', '.join(names)}")
        return names.index(profile)

    # Routing

    def route(self, profile, source, target):
        """The fastest route from node ``source`` to node ``target`` for ``profile``, on the
        profile's contraction hierarchy: ``(milliseconds, [node, ...])``, or None when the
        target cannot be reached."""
        nodes = self.node_count
        for node in (source, target):
            if not 0 <= node < nodes:
                raise BundleError(f"{self.path}: node {node} is not one of the {nodes} nodes")
        found = self._hierarchy(profile).shortest(source, target)
        if found is None:
            return None
        distance, arcs = found
        heads = self._arcs()[3]
        return distance, [source] + [heads[arc] for arc in arcs]

    def _hierarchy(self, profile):
        index = self._profile_index(profile)
        if index not in self._hierarchies:
            tag = "CH%02X" % index
            if not self.has(tag):
                raise BundleError(f"{self.path}: no contraction hierarchy for {profile!r} (section {tag})")
            nodes, arcs = self._arcs()[:2]
            self._hierarchies[index] = _Hierarchy(self.section(tag), nodes, arcs, f"{self.path}: {tag}")
        return self._hierarchies[index]

    def nearest_exit(self, profile, node):
        """The way out from ``node`` for ``profile`` by the egress table:
        ``(exit node, milliseconds, [node, ...])``, or None when no exit is reachable."""
        nodes, arcs, first, heads = self._arcs()
        if not 0 <= node < nodes:
            raise BundleError(f"{self.path}: node {node} is not one of the {nodes} nodes")
        view = self._counted("EGRS", 2)
        tables, table_nodes = struct.unpack_from("<II", view, 0)
        index = self._profile_index(profile)
        if table_nodes != nodes or index >= tables or 8 + 12 * tables * nodes != len(view):
            raise BundleError(f"{self.path}: EGRS has no table of {nodes} nodes for {profile!r}")
        base = 8 + 12 * nodes * index
        exit_node, cost, _ = struct.unpack_from("<III", view, base + 12 * node)
        if exit_node == NONE:
            return None
        path, current = [node], node
        for _ in range(nodes + 1):
            if current == exit_node:
                return exit_node, cost, path
            arc = struct.unpack_from("<I", view, base + 12 * current + 8)[0]
            if arc >= arcs or not first[current] <= arc < first[current + 1]:
                raise BundleError(f"{self.path}: EGRS sends node {current} along arc {arc}, which does not leave it")
            current = heads[arc]
            path.append(current)
        raise BundleError(f"{self.path}: EGRS loops from node {node}")


class _Hierarchy:
    """One ``CHxx`` section, checked as the format requires before any query."""

    def __init__(self, view, input_nodes, input_arcs, where):
        if len(view) < 16:
            raise BundleError(f"{where}: too short for a hierarchy")
        words = _words(view, where)
        magic, n, u, d = words[0], words[1], words[2], words[3]
        if magic != HIERARCHY_MAGIC:
            raise BundleError(f"{where}: not a CHv2 hierarchy")
        if len(words) != 4 + 4 * n + 2 + 5 * (u + d):
            raise BundleError(f"{where}: {len(words)} words do not hold {n} nodes and {u} + {d} arcs")
        if n != input_nodes:
            raise BundleError(f"{where}: {n} nodes, but ARCS has {input_nodes}")
        cursor = 4

        def take(count):
            nonlocal cursor
            part = words[cursor:cursor + count]
            cursor += count
            return part

        self.rank, self.node_at_rank = take(n), take(n)
        self.up_first, self.up_head, self.up_weight, self.up_via = take(n + 1), take(u), take(u), take(u)
        self.down_first, self.down_tail, self.down_weight, self.down_via = take(n + 1), take(d), take(d), take(d)
        self.halves = take(2 * (u + d))
        self.n = n
        self._check(input_arcs, where)

    def _slot_up(self, arc, node):
        return self.down_first[node + 1] + arc

    def _slot_down(self, arc, node):
        return self.up_first[node] + arc

    def _check(self, input_arcs, where):
        n = self.n
        if len(self.up_head) + len(self.down_tail) >= ORIGINAL_ARC:
            raise BundleError(f"{where}: more arcs than a hierarchy can index")
        seen = [False] * n
        for position in range(n):
            node = self.node_at_rank[position]
            if node >= n or self.rank[node] != position or seen[node]:
                raise BundleError(f"{where}: ranks are not a permutation at {position}")
            seen[node] = True
        for first, other, name in ((self.up_first, self.up_head, "upward"), (self.down_first, self.down_tail, "downward")):
            if first[0] != 0 or first[n] != len(other) or any(first[r] > first[r + 1] for r in range(n)):
                raise BundleError(f"{where}: {name} offsets do not rise to {len(other)}")
            for r in range(n):
                previous = r
                for arc in range(first[r], first[r + 1]):
                    if not previous < other[arc] < n:
                        raise BundleError(f"{where}: {name} arc {arc} of node {r} does not climb in order")
                    previous = other[arc]
        limit = max(input_arcs, 1)
        up_size, down_size = [0] * len(self.up_head), [0] * len(self.down_tail)

        def size(via, pair, weight, tail, head, owner):
            if via & ORIGINAL_ARC:
                if pair != (via, via):
                    raise BundleError(f"{where}: an input arc of node {owner} has halves")
                if via & ~ORIGINAL_ARC >= input_arcs:
                    raise BundleError(f"{where}: an arc of node {owner} names input arc {via & ~ORIGINAL_ARC} of {input_arcs}")
                return 1
            middle = via
            if middle >= owner:
                raise BundleError(f"{where}: a shortcut of node {owner} passes node {middle}, not below it")
            down = pair[0] - self.up_first[middle]
            up = pair[1] - self.down_first[middle + 1]
            if not (self.down_first[middle] <= down < self.down_first[middle + 1] and self.down_tail[down] == tail
                    and self.up_first[middle] <= up < self.up_first[middle + 1] and self.up_head[up] == head
                    and self.down_weight[down] + self.up_weight[up] == weight):
                raise BundleError(f"{where}: a shortcut of node {owner} via {middle} does not match the arcs there")
            total = down_size[down] + up_size[up]
            if total > limit:
                raise BundleError(f"{where}: a shortcut of node {owner} unpacks to more than {limit} arcs")
            return total

        halves = self.halves
        for r in range(n):
            for arc in range(self.up_first[r], self.up_first[r + 1]):
                at = self._slot_up(arc, r)
                up_size[arc] = size(self.up_via[arc], (halves[2 * at], halves[2 * at + 1]), self.up_weight[arc],
                                    r, self.up_head[arc], r)
            for arc in range(self.down_first[r], self.down_first[r + 1]):
                at = self._slot_down(arc, r)
                down_size[arc] = size(self.down_via[arc], (halves[2 * at], halves[2 * at + 1]), self.down_weight[arc],
                                      self.down_tail[arc], r, r)

    def shortest(self, source, target):
        """(distance, input arcs) from input node ``source`` to ``target``, or None."""
        forward = self._search(self.rank[source], self.up_first, self.up_head, self.up_weight)
        backward = self._search(self.rank[target], self.down_first, self.down_tail, self.down_weight)
        best, meeting = None, None
        for node, (distance, _, _) in forward.items():
            other = backward.get(node)
            if other is not None and distance + other[0] < NONE and (best is None or distance + other[0] < best):
                best, meeting = distance + other[0], node
        if best is None:
            return None
        # Slots of the path's hierarchy arcs, the next to walk on top; a shortcut's slot names
        # the slots of its halves, an input arc's slot holds its `via`.
        stack = []
        node = meeting
        while backward[node][1] >= 0:
            _, arc, lower = backward[node]
            stack.append(self._slot_down(arc, lower))
            node = lower
        stack.reverse()
        node = meeting
        while forward[node][1] >= 0:
            _, arc, lower = forward[node]
            stack.append(self._slot_up(arc, lower))
            node = lower
        arcs = []
        while stack:
            slot = stack.pop()
            first = self.halves[2 * slot]
            if first & ORIGINAL_ARC:
                arcs.append(first & ~ORIGINAL_ARC)
            else:
                stack.append(self.halves[2 * slot + 1])
                stack.append(first)
        return best, arcs

    @staticmethod
    def _search(start, first, other, weight):
        """A full upward Dijkstra from rank ``start``: {rank: (distance, arc, previous)}, with
        arc and previous -1 at the start.

        Upward search spaces are small, so searching each side to the end is simpler than
        interleaving them, and as exact."""
        settled = {}
        queue = [(0, start, -1, -1)]
        while queue:
            distance, node, arc, previous = heapq.heappop(queue)
            if node in settled:
                continue
            settled[node] = (distance, arc, previous)
            for next_arc in range(first[node], first[node + 1]):
                head = other[next_arc]
                if head not in settled:
                    heapq.heappush(queue, (distance + weight[next_arc], head, next_arc, node))
        return settled
