"""``roads animate`` (``roads.cli.animate``): one frame per coup."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from roads.cli.animate import command


def test_one_frame_per_coup(tmp_path: Path) -> None:
    out = tmp_path / "shoe.png"
    result = CliRunner().invoke(command, ["--hands", "BPT", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with Image.open(out) as image:
        assert getattr(image, "n_frames", 1) >= 3
