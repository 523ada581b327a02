#!/usr/bin/env python3
"""Regenerates the qrencode fixtures (needs the `qrencode` command, version 4.x).

Each file holds symbols in this format, one block per symbol:

    symbol <version> <level> <options>
    payload <payload bytes as hex>
    <one line per module row: 4 modules per hex digit, first module in the high bit>
    (blank line)

Usage: generate_qrencode_fixtures.py [output-directory]

`options` is the qrencode mode flag used: `auto` (qrencode picks the modes),
`8bit` (-8, one byte segment) or `kanji` (-k, payload given in Shift JIS).
"""
import pathlib
import subprocess
import sys

# Output directory: this folder, or the first argument (used by .ci/qrcode.sh to compare).
HERE = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent
HERE.mkdir(parents=True, exist_ok=True)
LEVELS = "LMQH"
TEXT = "QR fixture 0123456789 HTTPS://EXAMPLE.ORG/PATH?X=1 mixed Text, digits 31415926535 and MORE CAPS "


def symbol_rows(payload: bytes, version: int, level: str, flags: list[str]) -> list[str]:
    out = subprocess.run(
        ["qrencode", "-t", "ASCII", "-m", "0", "-v", str(version), "-l", level, "-o", "-", *flags],
        input=payload, capture_output=True, check=True).stdout.decode()
    rows = []
    for line in out.splitlines():
        bits = "".join("1" if line[i] == "#" else "0" for i in range(0, len(line), 2))
        bits += "0" * (-len(bits) % 4)
        rows.append("".join(f"{int(bits[i:i + 4], 2):X}" for i in range(0, len(bits), 4)))
    size = 17 + 4 * version
    assert len(rows) == size, f"qrencode chose another version than {version}-{level}"
    return rows


def block(payload: bytes, version: int, level: str, option: str, flags: list[str]) -> str:
    rows = symbol_rows(payload, version, level, flags)
    return "\n".join([f"symbol {version} {level} {option}", f"payload {payload.hex()}", *rows, ""]) + "\n"


def payload_for(version: int, level: str) -> bytes:
    # About 80 % of the byte capacity, so qrencode keeps the requested version.
    capacity = CAPACITY[level][version - 1]
    length = max(1, capacity * 4 // 5)
    return (TEXT * (length // len(TEXT) + 1))[:length].encode()


# Byte-mode capacities of ISO/IEC 18004 Table 7, levels L, M, Q, H, versions 1...40.
CAPACITY = {
    "L": [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858,
          929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809, 2953],
    "M": [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
          711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331],
    "Q": [11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258, 292, 322, 364, 394, 442, 482,
          509, 565, 611, 661, 715, 751, 805, 868, 908, 982, 1030, 1112, 1168, 1228, 1283, 1351, 1423, 1499, 1579, 1663],
    "H": [7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 137, 155, 177, 194, 220, 250, 280, 310, 338, 382,
          403, 439, 461, 511, 535, 593, 625, 658, 698, 742, 790, 842, 898, 958, 983, 1051, 1093, 1139, 1219, 1273],
}

for level in LEVELS:
    text = "".join(block(payload_for(v, level), v, level, "auto", []) for v in range(1, 41))
    (HERE / f"qrencode-{level}.txt").write_text(text)

extras = [
    block("01234567".encode(), 1, "M", "auto", []),
    block("HELLO WORLD".encode(), 1, "Q", "auto", []),
    block("Grüße, ünïcödé bytes — 8 bit".encode(), 3, "M", "8bit", ["-8"]),
    block(bytes(range(256))[::3], 6, "L", "8bit", ["-8"]),
    block("漢字モードの試験です、ＱＲコード".encode("shift_jis"), 2, "M", "kanji", ["-k"]),
    block("点検 2026 年 CHECK-IN 漢字とASCIIの混在".encode("shift_jis"), 4, "Q", "kanji", ["-k"]),
    block(b"1234567890" * 10, 10, "H", "8bit", ["-8"]),
]
(HERE / "qrencode-extras.txt").write_text("".join(extras))
print("fixtures written")
