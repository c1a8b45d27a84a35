"""Draws the app icons of Public/icons/ (192, 512 and a maskable 512 px PNG) from the shapes of
Public/favicon.svg, with numpy and zlib only (no imaging library). Run from the repository root:
    python3 scripts/make_icons.py
"""
import pathlib
import struct
import zlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[1] / "Public" / "icons"
SUPERSAMPLE = 4

BACKGROUND = (0x1E, 0x1B, 0x4B)
PINK = (0xF4, 0x72, 0xB6)
BLUE = (0x38, 0xBD, 0xF8)
INDIGO = (0x63, 0x66, 0xF1)


def segment_distance(x, y, a, b):
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = np.clip(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0, 1)
    return np.hypot(x - (ax + t * dx), y - (ay + t * dy))


def rounded_rect_inside(x, y, size, radius):
    cx = np.clip(x, radius, size - radius)
    cy = np.clip(y, radius, size - radius)
    return (np.hypot(x - cx, y - cy) <= radius) & (x >= 0) & (x <= size) & (y >= 0) & (y <= size)


def draw(pixels: int, maskable: bool) -> np.ndarray:
    n = pixels * SUPERSAMPLE
    # Sample centres in the favicon's 64-unit coordinates.
    u = (np.arange(n) + 0.5) / n * 64
    x, y = np.meshgrid(u, u)
    rgb = np.zeros((n, n, 3))
    alpha = np.zeros((n, n))

    def paint(mask, colour, opacity=1.0):
        nonlocal rgb, alpha
        a = mask.astype(float) * opacity
        rgb = rgb * (1 - a[..., None]) + np.array(colour, float) * a[..., None]
        alpha = alpha * (1 - a) + a

    if maskable:
        # Full bleed, and the drawing shrunk into the safe zone (a circle of 40% of the size).
        paint(np.ones_like(x, bool), BACKGROUND)
        scale = 0.72
        x, y = (x - 32) / scale + 32, (y - 32) / scale + 32
    else:
        paint(rounded_rect_inside(x, y, 64, 14), BACKGROUND)
    paint((segment_distance(x, y, (14, 14), (30, 30)) <= 3) | (segment_distance(x, y, (30, 14), (14, 30)) <= 3), PINK)
    paint(np.abs(np.hypot(x - 43, y - 43) - 9) <= 3, BLUE)
    paint((segment_distance(x, y, (34, 10), (34, 54)) <= 1.5) | (segment_distance(x, y, (10, 34), (54, 34)) <= 1.5), INDIGO, 0.55)

    # Average the supersamples (colour premultiplied by alpha), then unpremultiply.
    premultiplied = (rgb * alpha[..., None]).reshape(pixels, SUPERSAMPLE, pixels, SUPERSAMPLE, 3).mean(axis=(1, 3))
    coverage = alpha.reshape(pixels, SUPERSAMPLE, pixels, SUPERSAMPLE).mean(axis=(1, 3))
    colour = np.where(coverage[..., None] > 0, premultiplied / np.maximum(coverage[..., None], 1e-9), 0)
    image = np.dstack([colour, coverage[..., None] * 255])
    return np.clip(np.rint(image), 0, 255).astype(np.uint8)


def png(image: np.ndarray) -> bytes:
    height, width, _ = image.shape
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True)):
        (OUT / name).write_bytes(png(draw(size, maskable)))
        print("wrote", OUT / name)
