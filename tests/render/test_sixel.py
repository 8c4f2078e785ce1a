"""Sixel made from pixels (exact bytes for small pictures: colours, runs, bands), iTerm2's
inline image, and when the pictures drawn over their half blocks are drawn again."""

from __future__ import annotations

import base64
import fcntl
import io
import os
import re
import struct
import termios
from collections.abc import Callable

from PIL import Image

from tui.render.inline_images import (
    KEPT_BYTES,
    MOST_PIXELS,
    RESTORE,
    SAVE,
    SYNC_END,
    SYNC_START,
    InlineImages,
    Job,
    Placement,
    Terminal,
    inline_image,
    rows_drawn,
)
from tui.render.sixel import encode, sixel
from tui.widgets.inline_driver import terminal_size

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


def sized(rows: int, cell: tuple[int, int] | None) -> Callable[[], Terminal]:
    return lambda: Terminal(rows, cell)


def made_all(images: InlineImages, placements: list[Placement]) -> None:
    """Each escape wanted made, one at a time, as the app does."""
    while (job := images.settle(placements)) is not None:
        images.made(job, job.make())


def test_a_picture_is_drawn_once_where_it_is_and_again_only_when_it_moved_or_was_drawn_over() -> (
    None
):
    images, written = InlineImages("sixel"), []
    here = Placement("a", 2, 5, 3, 2, png_of(RED))
    assert images.settle([here]) is None  # no driver yet: nothing made, nothing written
    images.attach(written.append, sized(30, (2, 3)))
    job = images.settle([here])
    assert job == Job("sixel", here.png, 3, 2, (2, 3))
    assert written == []  # its Sixel is being made
    assert images.settle([here]) is None  # (not asked for twice)
    images.made(job, job.make())
    images.settle([here])
    assert drawn_at(written) == ["6;3"]
    assert written[0].endswith(RESTORE + SYNC_END)
    assert '"1;1;6;6' in written[0]  # 3 columns by 2 lines of 2 by 3 pixels
    images.settle([here])
    assert len(written) == 1  # nothing moved: not drawn again
    images.frame("\x1b[1;1Hheader\x1b[20;1Hfooter")  # lines elsewhere
    images.settle([here])
    assert len(written) == 1
    images.frame("\x1b[7;1H\x1b[0m  line over the picture")  # its second line
    images.settle([here])
    assert drawn_at(written) == ["6;3", "6;3"]
    images.frame("\x1b[6;6Hright of it")  # its line, but past its last column
    images.settle([here])
    assert len(written) == 2
    images.settle([])  # scrolled out of view, or a dialog on top
    assert images.placed == {}
    images.settle([here])  # back: drawn again
    assert drawn_at(written) == ["6;3"] * 3


def test_a_picture_is_drawn_in_one_synchronized_update() -> None:
    images, written = InlineImages("sixel"), []
    images.attach(written.append, sized(30, (2, 3)))
    made_all(images, [Placement("a", 2, 5, 3, 2, png_of(RED))])
    (drawing,) = written
    assert drawing.startswith(SYNC_START + SAVE)
    assert drawing.endswith(RESTORE + SYNC_END)
    assert drawing.count(SYNC_START) == drawing.count(SYNC_END) == 1


def test_a_moved_picture_is_drawn_at_its_new_place_and_a_suspend_forgets_all() -> None:
    images, written = InlineImages("iterm"), []
    images.attach(written.append, sized(30, (10, 20)))
    here = Placement("a", 2, 5, 3, 2, png_of(BLUE))
    made_all(images, [here])
    images.settle([Placement("a", 2, 4, 3, 2, here.png)])  # a line up
    assert re.findall(r"\x1b\[(\d+;\d+)H\x1b\]1337;File=", "".join(written)) == ["6;3", "5;3"]
    images.detach()  # suspended: the terminal's screen is another program's
    images.settle([here])
    assert len(written) == 2
    images.attach(written.append, sized(30, (10, 20)))
    images.settle([here])
    assert len(written) == 3


def test_a_picture_that_cannot_be_made_keeps_its_half_blocks() -> None:
    images, written = InlineImages("sixel"), []
    images.attach(written.append, sized(30, (10, 20)))
    here = Placement("a", 0, 0, 3, 2, b"not a png")
    job = images.settle([here])
    assert job is not None
    images.made(job, "")  # (the app's worker: making it failed)
    images.settle([here])
    assert written == []
    assert images.settle([here]) is None  # not tried again and again


def test_a_picture_not_made_is_asked_for_again() -> None:
    images = InlineImages("sixel")
    images.attach(lambda text: None, sized(30, (10, 20)))
    here = Placement("a", 0, 0, 3, 2, png_of(RED))
    job = images.settle([here])
    assert job is not None
    images.made(job, None)  # (the app's worker was cancelled)
    assert images.making is None
    assert images.settle([here]) == job


def test_without_the_cells_pixels_no_sixel_is_drawn_but_iterm2s_image_is() -> None:
    here = Placement("a", 0, 0, 3, 2, png_of(RED))
    for cell in [None, (0, 0)]:  # (0 0: what TIOCGWINSZ says where the terminal does not)
        sixel = InlineImages("sixel")
        sixel.attach(lambda text: None, sized(30, cell if cell != (0, 0) else None))
        assert sixel.settle([here]) is None
    iterm = InlineImages("iterm")
    iterm.attach(lambda text: None, sized(30, None))
    assert iterm.settle([here]) == Job("iterm", here.png, 3, 2, (0, 0))


def test_the_cell_size_the_terminal_tells_the_system_and_what_is_not_believed() -> None:
    master, slave = os.openpty()
    try:
        for pixels, cell in [
            ((1000, 600), (10, 20)),
            ((800, 480), (8, 16)),
            ((0, 0), None),
            ((100_000 % 65536, 60_000), None),  # cells of 344 by 2000 pixels
        ]:
            fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, *pixels))
            assert terminal_size(slave) == Terminal(30, cell)
    finally:
        os.close(master)
        os.close(slave)


def test_no_picture_reaches_the_terminals_last_line() -> None:
    # 10 lines of 8 by 12 pixels: the last is line 9 (0-based), pixels 108 to 119.
    for protocol in ("sixel", "iterm"):
        images = InlineImages(protocol)
        images.attach(lambda text: None, sized(10, (8, 12)))
        assert images.settle([Placement("a", 0, 7, 3, 2, png_of(RED))]) is not None
        images = InlineImages(protocol)
        images.attach(lambda text: None, sized(10, (8, 12)))
        assert images.settle([Placement("a", 0, 8, 3, 2, png_of(RED))]) is None
    # Sixel's last band of six pixel rows may be filled out: 2 lines of 20 pixels end at
    # pixel 40 from their top, drawn as 42.
    images = InlineImages("sixel")
    images.attach(lambda text: None, sized(10, (10, 20)))
    assert images.settle([Placement("a", 0, 7, 3, 2, png_of(RED))]) is None  # 140 + 42 > 180
    assert images.settle([Placement("a", 0, 6, 3, 2, png_of(RED))]) is not None


def test_a_sixel_of_more_pixels_than_the_sharp_copy_is_not_made() -> None:
    images = InlineImages("sixel")
    images.attach(lambda text: None, sized(60, (10, 20)))
    assert images.settle([Placement("a", 0, 0, 120, 12, png_of(RED))]) is None  # 1200 by 240
    job = images.settle([Placement("b", 0, 0, 96, 12, png_of(RED))])  # 960 by 240
    assert job is not None
    assert job.columns * 10 * job.lines * 20 <= MOST_PIXELS


def test_one_escape_is_made_at_a_time_and_only_for_what_is_in_view() -> None:
    images, written = InlineImages("sixel"), []
    images.attach(written.append, sized(40, (2, 3)))
    a, b, c = (
        Placement(key, 0, 3 * n, 3, 2, png_of(colour))
        for n, (key, colour) in enumerate(zip("abc", [RED, BLUE, (0, 255, 0)], strict=True))
    )
    first = images.settle([a, b])
    assert first is not None
    assert first.png == a.png
    assert images.settle([a, b]) is None  # a's is being made
    assert images.settle([c]) is None  # scrolled on meanwhile: still one at a time
    images.made(first, first.make())
    following = images.settle([c])  # a and b are out of view: only c's is wanted
    assert following == Job("sixel", c.png, 3, 2, (2, 3))


def test_escapes_are_kept_up_to_a_number_of_bytes() -> None:
    images = InlineImages("iterm")
    images.attach(lambda text: None, sized(40, (10, 20)))
    big = "x" * (KEPT_BYTES // 3)
    spots = [Placement(n, 0, 0, 3, 2, bytes([n])) for n in range(5)]
    for spot in spots:
        job = images.settle([spot])
        assert job is not None
        images.made(job, big)
    wanted = []
    for spot in spots:  # the first two were let go
        job = images.settle([spot])
        wanted.append(job is not None)
        if job is not None:
            images.made(job, None)
    assert wanted == [True, True, False, False, False]


def test_a_frame_is_told_from_a_display_that_wrote_nothing() -> None:
    images = InlineImages("sixel")
    assert not images.take_frame()
    images.frame("")
    assert not images.take_frame()
    images.frame("\x1b[1;1Hframe")
    assert images.take_frame()
    assert not images.take_frame()  # (asked once)
