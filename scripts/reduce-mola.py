#!/usr/bin/env python3
"""Reduce the MOLA MEGDR topography to Resources/mars-relief.txt.

Input: megt90n000cb.img from the PDS product MGS-M-MOLA-5-MEGDR-L3-V1.0
(NASA, public domain): 720 lines x 1440 samples, 16-bit big-endian signed
metres above the areoid, 4 pixels per degree, the first line at 90N, the
first sample at 0E, longitude positive east, planetocentric latitude.

Output: 90 rows x 180 columns, one digit per 2x2 degree cell (the class of
the mean of its 8x8 MEGDR pixels), row 0 = 90N..88N, column 0 = 0E..2E:
  0  below -5 km   (Hellas and the deepest northern plains)
  1  -5 km to 0
  2  0 to +3 km    (most of the southern highlands)
  3  +3 km and up  (Tharsis, Elysium, the great volcanoes)

Then one majority pass between classes 1 and 2 only: a cell of class 1 or 2
takes the other of the two when at least 5 of the 9 cells of its 3x3
neighbourhood have it (longitude wraps; at the poles the neighbourhood is
cut), so that the ragged 0 km line does not speckle the sunclock. Classes 0
and 3 are left alone: a lone 2-degree cell of them is a real basin or peak
(Elysium Mons is one).

Usage: python3 scripts/reduce-mola.py megt90n000cb.img > Resources/mars-relief.txt
"""
import struct
import sys

LINES, SAMPLES, BLOCK = 720, 1440, 8
BOUNDS = (-5000, 0, 3000)


def majority(grid):
    rows, cols = len(grid), len(grid[0])
    out = []
    for y in range(rows):
        line = []
        for x in range(cols):
            counts = [0, 0, 0, 0]
            for yy in range(max(0, y - 1), min(rows, y + 2)):
                for dx in (-1, 0, 1):
                    counts[grid[yy][(x + dx) % cols]] += 1
            best = max(range(4), key=lambda c: counts[c])
            middle = grid[y][x] in (1, 2) and best in (1, 2)
            line.append(best if middle and counts[best] >= 5 else grid[y][x])
        out.append(line)
    return out


def main(path):
    raw = open(path, "rb").read()
    if len(raw) != LINES * SAMPLES * 2:
        sys.exit(f"{path}: {len(raw)} bytes, expected {LINES * SAMPLES * 2} (megt90n000cb.img)")
    values = struct.unpack(f">{LINES * SAMPLES}h", raw)
    grid = []
    for row in range(LINES // BLOCK):
        line = []
        for col in range(SAMPLES // BLOCK):
            total = 0
            for y in range(row * BLOCK, row * BLOCK + BLOCK):
                base = y * SAMPLES + col * BLOCK
                total += sum(values[base:base + BLOCK])
            mean = total / (BLOCK * BLOCK)
            line.append(sum(1 for b in BOUNDS if mean >= b))
        grid.append(line)
    grid = majority(grid)
    out = ["# Mars relief: MOLA MEGDR megt90n000cb.img (MGS-M-MOLA-5-MEGDR-L3-V1.0, NASA, public domain)",
           "# reduced by scripts/reduce-mola.py: 90 rows (90N first) x 180 columns (0E first), 2 degrees a cell",
           "# class of the cell's mean elevation: 0 < -5 km <= 1 < 0 <= 2 < +3 km <= 3, one 3x3 majority pass between 1 and 2"]
    out.extend("".join(str(c) for c in line) for line in grid)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: reduce-mola.py megt90n000cb.img > Resources/mars-relief.txt")
    main(sys.argv[1])
