#!/usr/bin/env python3
"""Where pqx's write time goes, from a JFR recording's method samples.

usage: benchmarks/jfr-top-frames.py <recording.jfr> [marker]
Reads jdk.ExecutionSample (Java code) and jdk.NativeMethodSample (JNI code, e.g. zstd-jni) with
`jfr print`, keeps the samples whose stack passes through `marker` (default
PqxTableWriter.write), and prints the share of those samples per top frame (self), per frame
anywhere on the stack (inclusive), and per category. Both events should have the same period, so
Java and native samples weigh the same: record with the JDK's profile settings with native
sampling at 10 ms, like Java's (see "Where the write time goes" in benchmarks/README.md).
"""
import collections, re, subprocess, sys

recording = sys.argv[1]
marker = sys.argv[2] if len(sys.argv) > 2 else "PqxTableWriter.write"
FRAME = re.compile(r"^\s{4}(\S[^(]*)\(.*$", re.M)

# category: (pattern on a frame name) -- checked on the stack from the top frame down; the first
# frame that matches any category decides the sample's category ("self" category).
CATEGORIES = [
    ("zstd compression (native)", r"com\.github\.luben\.zstd\.|ZstdCodec\.compress|Compressor"),
    ("CRC32", r"CRC32|PageCrc|Checksum"),
    ("statistics / min-max", r"Statistics|lexicographicCompare|Comparator|ColumnIndexBuilder|BinaryTruncator"),
    ("page index / bloom", r"OffsetIndex|ColumnIndex|BloomFilter|PageIndex"),
    ("dictionary encoding (hash maps, fallback)", r"Dictionary|fastutil|Binary\.(equals|hashCode)|shouldFallBack|Fallback"),
    ("RLE / bit-packing", r"RunLengthBitPacking|BitPacking|RleEncoder|ByteBitPacking"),
    ("plain / delta encoding", r"PlainValuesWriter|DeltaBinaryPacking|CapacityByteArrayOutputStream|LittleEndian"),
    ("page assembly, headers, I/O", r"ColumnWriterV1\.writePage|PageWriter|PageHeader|Thrift|TCompact|FileOutputStream|LocalDataOutputStream|BytesInput|OutputStream\.write|FileChannel|Flink.*Output"),
    ("shredding + row buffering (pqx)", r"io\.pqx\.format\.encode\.(RowShredder|StructShredder|LeafBuffer|RowGroupBuffer|LeafFeeder)"),
    ("reading RowData (Flink)", r"org\.apache\.flink\.table\.data|BinaryStringData|StringData|DecimalData"),
    ("memory copies", r"arraycopy|Arrays\.copyOf|Unsafe\.copyMemory|HeapByteBuffer"),
]

def samples(event):
    out = subprocess.run(["jfr", "print", "--events", event, "--stack-depth", "128", recording],
                         capture_output=True, text=True, check=True).stdout
    for block in out.split(event + " {")[1:]:
        frames = FRAME.findall(block.split("stackTrace = [", 1)[-1])
        if frames and any(marker in f for f in frames):
            yield event, frames

self_ = collections.Counter(); incl = collections.Counter(); cat_self = collections.Counter()
cat_incl = collections.Counter(); kinds = collections.Counter(); n = 0
for event, frames in list(samples("jdk.ExecutionSample")) + list(samples("jdk.NativeMethodSample")):
    n += 1
    kinds[event] += 1
    self_[frames[0]] += 1
    for f in set(frames):
        incl[f] += 1
    own = next((name for f in frames for name, p in CATEGORIES if re.search(p, f)), "other")
    cat_self[own] += 1
    for name, p in CATEGORIES:
        if any(re.search(p, f) for f in frames):
            cat_incl[name] += 1
pct = lambda c: f"{100.0 * c / n:5.1f}%"
print(f"samples through {marker}: {n} ({dict(kinds)})")
print("\nby category (self: first matching frame from the top; inclusive: anywhere on the stack)")
for name, _ in CATEGORIES + [("other", "")]:
    print(f"  {pct(cat_self[name])} self  {pct(cat_incl[name])} incl  {name}")
print("\ntop self frames")
for f, c in self_.most_common(20):
    print(f"  {pct(c)}  {f}")
print("\ntop inclusive frames (below the marker)")
for f, c in incl.most_common(60):
    if c < n:
        print(f"  {pct(c)}  {f}")
