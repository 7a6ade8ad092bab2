#!/usr/bin/env python3
"""Counts the red and the yellow pixels of a screenshot (a binary PPM on
stdin, e.g. from ImageMagick's `convert shot.png ppm:-`) in each band of
rows: the rows of GTKWave's traces drawn in colour ([color] 1 and 3 of a
.gtkw). usage: png_rows.py BAND_HEIGHT < shot.ppm -> one line a band:
"<first row> <red> <yellow>"."""
import sys


def main(band):
    data = sys.stdin.buffer.read()
    fields, pos = [], 0
    while len(fields) < 4:  # P6, width, height, maxval; comments skipped
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b'#':
            pos = data.index(b'\n', pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b'P6' and fields[3] == b'255', 'not an 8-bit binary PPM'
    w, h, pos = int(fields[1]), int(fields[2]), pos + 1
    for top in range(0, h, band):
        red = yellow = 0
        for y in range(top, min(top + band, h)):
            row = data[pos + 3 * w * y:pos + 3 * w * (y + 1)]
            for x in range(0, 3 * w, 3):
                r, g, b = row[x], row[x + 1], row[x + 2]
                if r > 200 and b < 80:
                    if g < 80:
                        red += 1
                    elif g > 200:
                        yellow += 1
        print(top, red, yellow)


main(int(sys.argv[1]))
