#!/usr/bin/env python3
"""Regenerates the ImageIO test fixtures (run from any directory).

zlib/: streams made by the real zlib at several levels and strategies, plus
one hand-assembled stream reaching the full 32 KiB back; MANIFEST lists
each stream's expected output size and CRC-32.

png/: PNG files written by hand (chosen filters, interlacing, chunk
layout) for every colour type and bit depth, each with a PGM holding the
luminance the decoder must produce: 8-bit samples (sub-byte grey scaled by
255/(2^depth-1), 16-bit rounded as (v*255+32767)//65535), luma
(77R+150G+29B+128)>>8, then alpha composited over white as
(Y*a+255*(255-a)+127)//255.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def lcg_bytes(count, seed):
    """Pseudo-random bytes; the Swift tests use the same generator."""
    out = bytearray()
    x = seed
    for _ in range(count):
        x = (x * 1664525 + 1013904223) & 0xFFFFFFFF
        out.append(x >> 24)
    return bytes(out)


WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo "
         "lima mike november oscar papa quebec romeo sierra tango uniform victor "
         "whiskey xray yankee zulu the of and to in is that for it as with").split()


def pseudo_text(count, seed):
    rnd = lcg_bytes(count, seed)
    words = []
    size = 0
    i = 0
    while size < count:
        word = WORDS[rnd[i % len(rnd)] % len(WORDS)]
        if rnd[(i + 1) % len(rnd)] % 11 == 0:
            word += ".\n"
        words.append(word)
        size += len(word) + 1
        i += 2
    return " ".join(words).encode()[:count]


# ---------------------------------------------------------------- zlib

class Bits:
    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def put(self, value, count):
        self.acc |= value << self.n
        self.n += count
        while self.n >= 8:
            self.out.append(self.acc & 0xFF)
            self.acc >>= 8
            self.n -= 8

    def put_code(self, code, length):
        for i in range(length - 1, -1, -1):
            self.put((code >> i) & 1, 1)

    def flush(self):
        if self.n:
            self.out.append(self.acc & 0xFF)
        self.acc = 0
        self.n = 0


def far_distance_stream():
    """A stored block of 32768 bytes, then a fixed block copying 258 bytes
    from exactly 32768 back (zlib itself never reaches that far)."""
    head = lcg_bytes(32768, 7)
    bits = Bits()
    bits.put(0, 1)
    bits.put(0, 2)
    bits.flush()
    raw = bytes(bits.out) + struct.pack("<HH", 32768, 0xFFFF ^ 32768) + head
    bits = Bits()
    bits.put(1, 1)
    bits.put(1, 2)
    bits.put_code(0b11000101, 8)  # length symbol 285 = 258
    bits.put_code(29, 5)          # distance symbol 29 = 24577 + 13 extra bits
    bits.put(32768 - 24577, 13)
    bits.put_code(0, 7)           # end of block
    bits.flush()
    expected = head + head[:258]
    data = raw + bytes(bits.out)
    stream = b"\x78\x01" + data + struct.pack(">I", zlib.adler32(expected))
    assert zlib.decompress(stream) == expected
    return stream, expected


def make_zlib():
    folder = os.path.join(HERE, "zlib")
    os.makedirs(folder, exist_ok=True)
    text = pseudo_text(40000, 3)
    with open(os.path.join(folder, "text.txt"), "wb") as f:
        f.write(text)
    inputs = {
        "empty": b"",
        "one": b"A",
        "repeat": b"the quick brown fox jumps over the lazy dog. " * 500,
        "zeros": bytes(70000),
        "random": lcg_bytes(100000, 1),
        "text": text,
    }
    configs = {
        "l0": (0, zlib.Z_DEFAULT_STRATEGY),
        "l1": (1, zlib.Z_DEFAULT_STRATEGY),
        "l6": (6, zlib.Z_DEFAULT_STRATEGY),
        "l9": (9, zlib.Z_DEFAULT_STRATEGY),
        "fixed": (6, zlib.Z_FIXED),
        "huffman": (6, zlib.Z_HUFFMAN_ONLY),
        "rle": (6, zlib.Z_RLE),
    }
    manifest = []
    for name, data in inputs.items():
        for config, (level, strategy) in configs.items():
            c = zlib.compressobj(level, zlib.DEFLATED, 15, 8, strategy)
            stream = c.compress(data) + c.flush()
            file = f"{name}-{config}.zz"
            with open(os.path.join(folder, file), "wb") as f:
                f.write(stream)
            manifest.append(f"{file} {len(data)} {zlib.crc32(data):08x}")
    stream, expected = far_distance_stream()
    with open(os.path.join(folder, "far-distance.zz"), "wb") as f:
        f.write(stream)
    manifest.append(f"far-distance.zz {len(expected)} {zlib.crc32(expected):08x}")
    with open(os.path.join(folder, "MANIFEST"), "w") as f:
        f.write("\n".join(manifest) + "\n")


# ---------------------------------------------------------------- png

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def pack_row(samples, depth):
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out = bytearray()
    acc = 0
    n = 0
    for s in samples:
        acc = (acc << depth) | s
        n += depth
        if n == 8:
            out.append(acc)
            acc = 0
            n = 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, row, prior, bpp):
    out = bytearray([kind])
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prior[i] if prior else 0
        c = prior[i - bpp] if prior and i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - predictor) & 0xFF)
    return bytes(out)


def scale8(value, depth):
    if depth == 16:
        return (value * 255 + 32767) // 65535
    return value * 255 // ((1 << depth) - 1)


def luminance(r, g, b, a):
    y = (77 * r + 150 * g + 29 * b + 128) >> 8
    return (y * a + 255 * (255 - a) + 127) // 255


def make_png(name, width, height, ct, depth, interlace=False, filters="cycle",
             trns=False, idat_size=None, ancillary=False):
    channels = CHANNELS[ct]
    rnd = lcg_bytes(width * height * channels * 2 + 64, (width * 31 + height * 7 + ct * 5 + depth) & 0xFFFF)
    top = (1 << depth) - 1
    palette = []
    if ct == 3:
        count = min(1 << depth, 200)
        colours = lcg_bytes(3 * count, depth + 11)
        palette = [tuple(colours[3 * i:3 * i + 3]) for i in range(count)]
        top = count - 1
    pixels = []
    for y in range(height):
        row = []
        for x in range(width):
            px = []
            for c in range(channels):
                k = ((y * width + x) * channels + c) * 2
                raw = (rnd[k] << 8 | rnd[k + 1])
                # Mix a gradient in so that the filters have something to predict.
                value = ((x * 37 + y * 11 + c * 50) * 257 + raw // 8) % 65536
                px.append(value * (top + 1) // 65536 if depth < 16 or ct == 3 else value)
            row.append(px)
        pixels.append(row)
    key = pixels[height // 2][width // 2] if trns and ct in (0, 2) else None
    alphas = [(i * 97) % 256 for i in range(len(palette))][: max(1, len(palette) - 1)] if trns and ct == 3 else []

    def rgba(px):
        if ct == 3:
            r, g, b = palette[px[0]]
            a = alphas[px[0]] if px[0] < len(alphas) else 255
            return r, g, b, a
        s = [scale8(v, depth) for v in px]
        if ct == 0:
            return s[0], s[0], s[0], 0 if key == px else 255
        if ct == 4:
            return s[0], s[0], s[0], s[1]
        if ct == 2:
            return s[0], s[1], s[2], 0 if key == px else 255
        return tuple(s)

    bpp = max(1, channels * depth // 8)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    raw = bytearray()
    row_index = 0
    for x0, y0, dx, dy in passes:
        xs = range(x0, width, dx)
        prior = None
        for y in range(y0, height, dy):
            if not xs:
                break
            samples = [s for x in xs for s in pixels[y][x]]
            line = pack_row(samples, depth)
            kind = row_index % 5 if filters == "cycle" else filters
            raw += filter_row(kind, line, prior, bpp)
            prior = line
            row_index += 1
    compressed = zlib.compress(bytes(raw), 9)
    parts = [b"\x89PNG\r\n\x1a\n",
             chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, ct, 0, 0, 1 if interlace else 0))]
    if ancillary:
        parts.append(chunk(b"tEXt", b"Comment\x00made by make_fixtures.py"))
        parts.append(chunk(b"gAMA", struct.pack(">I", 45455)))
    if ct == 3:
        parts.append(chunk(b"PLTE", b"".join(bytes(p) for p in palette)))
    if key is not None:
        parts.append(chunk(b"tRNS", b"".join(struct.pack(">H", v) for v in key)))
    if alphas:
        parts.append(chunk(b"tRNS", bytes(alphas)))
    step = idat_size or len(compressed) or 1
    for i in range(0, max(1, len(compressed)), step):
        parts.append(chunk(b"IDAT", compressed[i:i + step]))
    parts.append(chunk(b"IEND", b""))
    folder = os.path.join(HERE, "png")
    with open(os.path.join(folder, name + ".png"), "wb") as f:
        f.write(b"".join(parts))
    lum = bytes(luminance(*rgba(pixels[y][x])) for y in range(height) for x in range(width))
    with open(os.path.join(folder, name + ".pgm"), "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (width, height) + lum)


def make_pngs():
    os.makedirs(os.path.join(HERE, "png"), exist_ok=True)
    depths = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
    for ct, list_ in depths.items():
        for depth in list_:
            make_png(f"ct{ct}-d{depth}", 13, 11, ct, depth)
            make_png(f"ct{ct}-d{depth}-adam7", 13, 11, ct, depth, interlace=True)
    for ct, depth in [(0, 1), (0, 2), (0, 8), (0, 16), (2, 8), (2, 16), (3, 2), (3, 8)]:
        make_png(f"ct{ct}-d{depth}-trns", 13, 11, ct, depth, trns=True)
    make_png("ct3-d8-trns-adam7", 13, 11, 3, 8, interlace=True, trns=True)
    for kind in range(5):
        make_png(f"ct2-d8-filter{kind}", 17, 9, 2, 8, filters=kind)
        make_png(f"ct6-d16-filter{kind}", 9, 7, 6, 16, filters=kind)
    make_png("tiny-1x1-adam7", 1, 1, 0, 8, interlace=True)
    make_png("tiny-3x2-adam7", 3, 2, 6, 8, interlace=True)
    make_png("narrow-1x9-adam7", 1, 9, 3, 1, interlace=True)
    make_png("wide-33x5-d1", 33, 5, 0, 1)
    make_png("split-idat-ancillary", 20, 15, 2, 8, idat_size=23, ancillary=True)


if __name__ == "__main__":
    make_zlib()
    make_pngs()
