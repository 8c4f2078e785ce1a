"""Sixel made from pixels (exact bytes for small pictures: colours, runs, bands), iTerm2's
inline image, and when the pictures drawn over their half blocks are drawn again."""

from __future__ import annotations

import base64
import io
import re

from PIL import Image

from tui.render.inline_images import (
    RESTORE,
    SAVE,
    InlineImages,
    Job,
    Placement,
    inline_image,
    rows_drawn,
)
from tui.render.sixel import encode, sixel

RED, BLUE = (255, 0, 0), (0, 0, 255)


def test_two_colours_in_two_bands_with_runs_shortened() -> None:
    # 5 by 7: the first band (rows 0-5) red but for its top right pixel, blue; the second
    # band (row 6) all blue.
    rows = [b"\0\0\0\0\1", *[b"\0" * 5] * 5, b"\1" * 5]
    assert encode(b"".join(rows), 5, 7, [RED, BLUE]) == (
        '\x1bP0;1;0q"1;1;5;7'  # pixels not drawn left as they are; 5 by 7 pixels
        "#0;2;100;0;0#1;2;0;0;100"  # the colours, in percent
        "#0!4~}$#1!4?@"  # band 1: red all six (~) four times, then all but the top (});
        # blue only at the fifth column's top (@)
        "-#1!5@"  # band 2, one row: blue along it
        "\x1b\\"
    )


def test_runs_of_three_stay_written_out_and_trailing_blanks_are_left_off() -> None:
    assert encode(b"\0\0\0\1\1", 5, 1, [RED, BLUE]) == (
        '\x1bP0;1;0q"1;1;5;1#0;2;100;0;0#1;2;0;0;100#0@@@$#1???@@\x1b\\'
    )


def test_the_bits_go_top_down_and_a_band_ends_at_the_pictures_last_row() -> None:
    # One column, 8 rows of colours 0,1,0,1,...: band 1 has colour 0 on rows 0, 2, 4 (bits
    # 1+4+16 = 21, "T") and colour 1 on rows 1, 3, 5 (42, "i"); band 2 has rows 6 and 7.
    drawn = encode(bytes([0, 1] * 4), 1, 8, [RED, BLUE])
    bands = drawn.split('"1;1;1;8#0;2;100;0;0#1;2;0;0;100')[1].removesuffix("\x1b\\")
    assert bands == "#0T$#1i-#0@$#1A"


def test_a_picture_in_its_own_colours() -> None:
    picture = Image.new("RGB", (20, 12), RED)
    picture.paste(BLUE, (0, 6, 20, 12))  # the lower half blue
    drawn = sixel(picture, 20, 12)
    assert drawn.startswith('\x1bP0;1;0q"1;1;20;12')
    registers = dict(re.findall(r"#(\d+);2;(\d+;\d+;\d+)", drawn))
    assert sorted(registers.values()) == ["0;0;100", "100;0;0"]
    red = next(n for n, colour in registers.items() if colour == "100;0;0")
    blue = next(n for n, colour in registers.items() if colour == "0;0;100")
    # Two bands of 20 columns: red on top (rows 0-5), blue below (rows 6-11).
    assert drawn.endswith(f"#{red}!20~-#{blue}!20~\x1b\\")


def test_a_picture_is_stretched_to_the_pixels_asked_for_in_at_most_256_colours() -> None:
    picture = Image.frombytes("RGB", (64, 64), bytes(range(256)) * 48)
    drawn = sixel(picture, 30, 13)
    assert drawn.startswith('\x1bP0;1;0q"1;1;30;13')
    assert 16 < len(re.findall(r"#\d+;2;", drawn)) <= 256
    assert drawn.count("-") == 2  # three bands: 6, 6 and 1 rows


def test_iterms_inline_image_is_the_png_stretched_over_its_cells() -> None:
    png = b"\x89PNG made of pixels"
    drawn = inline_image(png, 38, 12)
    head, _, data = drawn.removesuffix("\x07").partition(":")
    assert head == (
        f"\x1b]1337;File=inline=1;size={len(png)};width=38;height=12;preserveAspectRatio=0"
    )
    assert base64.standard_b64decode(data) == png


def test_the_rows_a_frame_writes_on_are_those_it_moves_to_and_writes_text() -> None:
    frame = "\x1b[3;1H\x1b[1mabc\x1b[0m\x1b[4;40Hx\n\x1b[5;1H\x1b[0m\x1b[7;12H"
    assert rows_drawn(frame) == {2: 0, 3: 39}  # row 5: only a style; the last: the cursor


def png_of(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(out, format="PNG")
    return out.getvalue()


def drawn_at(written: list[str]) -> list[str]:
    """Where each picture written went: the cursor moves between the save and the escape."""
    return re.findall(rf"{SAVE}\x1b\[(\d+;\d+)H\x1bP", "".join(written))


def test_a_picture_is_drawn_once_where_it_is_and_again_only_when_it_moved_or_was_drawn_over() -> (
    None
):
    images, written = InlineImages("sixel"), []
    here = Placement("a", 2, 5, 3, 2, png_of(RED))
    assert images.settle([here]) == []  # no driver yet: nothing made, nothing written
    images.attach(written.append, lambda: (2, 3))
    jobs = images.settle([here])
    assert jobs == [Job("sixel", here.png, 3, 2, (2, 3))]
    assert written == []  # its Sixel is being made
    assert images.settle([here]) == []  # (not asked for twice)
    images.made(jobs[0], jobs[0].make())
    images.settle([here])
    assert drawn_at(written) == ["6;3"]
    assert written[0].endswith(RESTORE)
    assert '"1;1;6;6' in written[0]  # 3 columns by 2 lines of 2 by 3 pixels
    images.settle([here])
    assert len(written) == 1  # nothing moved: not drawn again
    images.drawn_over("\x1b[1;1Hheader\x1b[20;1Hfooter")  # lines elsewhere
    images.settle([here])
    assert len(written) == 1
    images.drawn_over("\x1b[7;1H\x1b[0m  line over the picture")  # its second line
    images.settle([here])
    assert drawn_at(written) == ["6;3", "6;3"]
    images.drawn_over("\x1b[6;6Hright of it")  # its line, but past its last column
    images.settle([here])
    assert len(written) == 2
    images.settle([])  # scrolled out of view, or a dialog on top
    assert images.placed == {}
    images.settle([here])  # back: drawn again
    assert drawn_at(written) == ["6;3"] * 3


def test_a_moved_picture_is_drawn_at_its_new_place_and_a_suspend_forgets_all() -> None:
    images, written = InlineImages("iterm"), []
    images.attach(written.append, lambda: (10, 20))
    here = Placement("a", 2, 5, 3, 2, png_of(BLUE))
    for job in images.settle([here]):
        images.made(job, job.make())
    images.settle([here])
    images.settle([Placement("a", 2, 4, 3, 2, here.png)])  # a line up
    assert re.findall(r"\x1b\[(\d+;\d+)H\x1b\]1337;File=", "".join(written)) == ["6;3", "5;3"]
    images.detach()  # suspended: the terminal's screen is another program's
    images.settle([here])
    assert len(written) == 2
    images.attach(written.append, lambda: (10, 20))
    images.settle([here])
    assert len(written) == 3


def test_a_picture_that_cannot_be_made_keeps_its_half_blocks() -> None:
    images, written = InlineImages("sixel"), []
    images.attach(written.append, lambda: (10, 20))
    here = Placement("a", 0, 0, 3, 2, b"not a png")
    (job,) = images.settle([here])
    images.made(job, "")  # (the app's worker: making it failed)
    images.settle([here])
    assert written == []
    assert images.settle([here]) == []  # not tried again and again


def test_a_cell_size_the_terminal_gets_wrong_is_not_believed() -> None:
    images = InlineImages("sixel")
    images.attach(lambda text: None, lambda: (0, 0))
    (job,) = images.settle([Placement("a", 0, 0, 3, 2, b"")])
    assert job.cell == (10, 20)
    images.attach(lambda text: None, lambda: (500, 1000))
    (job,) = images.settle([Placement("b", 0, 0, 3, 2, b"another")])
    assert job.cell == (10, 20)
