"""The still PNG writer: files that Pillow and zlib read back as the same pixels, with valid
chunks, whatever the size, mode and band height."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from roads.backends import pngfile
from roads.backends.pngfile import SIGNATURE, still_png


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """Every chunk of a PNG file, each CRC checked (written from the PNG specification)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        found.append((kind, body))
        at += 12 + length
    assert at == len(data)
    return found


def pictures(mode: str) -> st.SearchStrategy[Image.Image]:
    channels = len(mode)

    def make(size: tuple[int, int], seed: bytes) -> Image.Image:
        width, height = size
        count = width * height * channels
        data = (seed * (count // max(1, len(seed)) + 1))[:count] if seed else bytes(count)
        return Image.frombytes(mode, size, data)

    sizes = st.tuples(st.integers(1, 40), st.integers(1, 30))
    return st.builds(make, sizes, st.binary(min_size=0, max_size=97))


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
@given(data=st.data())
def test_pillow_reads_back_the_same_pixels(mode: str, data: st.DataObject) -> None:
    image = data.draw(pictures(mode))
    png = still_png(image, dpi=96)
    back = Image.open(io.BytesIO(png))
    assert back.mode == mode
    assert back.size == image.size
    assert back.tobytes() == image.tobytes()


def test_the_chunks_are_header_resolution_data_end() -> None:
    image = Image.new("RGB", (7, 3), (200, 10, 30))
    found = chunks(still_png(image, dpi=192))
    kinds = [kind for kind, _ in found]
    assert kinds[:2] == [b"IHDR", b"pHYs"] and kinds[-1] == b"IEND"
    assert set(kinds[2:-1]) == {b"IDAT"}
    assert struct.unpack(">IIBBBBB", found[0][1]) == (7, 3, 8, 2, 0, 0, 0)
    assert struct.unpack(">IIB", found[1][1]) == (7559, 7559, 1)  # 192 / 0.0254, rounded
    assert Image.open(io.BytesIO(still_png(image, dpi=192))).info["dpi"] == pytest.approx(
        (192, 192), abs=0.01
    )


def test_every_row_is_unfiltered_and_the_rows_are_the_pixels() -> None:
    image = Image.frombytes("RGBA", (5, 4), bytes(range(80)))
    found = chunks(still_png(image, dpi=96))
    raw = zlib.decompress(b"".join(body for kind, body in found if kind == b"IDAT"))
    stride = 5 * 4
    rows = [raw[i * (stride + 1) : (i + 1) * (stride + 1)] for i in range(4)]
    assert [row[0] for row in rows] == [0, 0, 0, 0]
    assert b"".join(row[1:] for row in rows) == image.tobytes()


@pytest.mark.parametrize("band_bytes", [1, 50, 1 << 22])
def test_any_band_height_gives_the_same_picture(
    band_bytes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = Image.frombytes("RGB", (17, 13), bytes(i * 7 % 256 for i in range(17 * 13 * 3)))
    monkeypatch.setattr(pngfile, "_BAND_BYTES", band_bytes)
    png = still_png(image, dpi=96)
    assert png.startswith(SIGNATURE)
    assert Image.open(io.BytesIO(png)).tobytes() == image.tobytes()


def test_a_board_is_smaller_than_pillows_own_file() -> None:
    from roads import Scoreboard

    image = Image.open(io.BytesIO(Scoreboard.from_notation("BPPTBBBPPBTBPBBBPPPPB" * 4).png()))
    ours = still_png(image.convert("RGB"), dpi=96)
    theirs = io.BytesIO()
    image.convert("RGB").save(theirs, format="PNG", compress_level=3)
    assert len(ours) < len(theirs.getvalue())
