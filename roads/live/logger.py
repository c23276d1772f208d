"""The keyboard logger on screen: a small full-screen prompt_toolkit application around
``roads.live.keys.KeyLogger`` (which holds everything but the terminal).

The screen: the board (fitted to the terminal), the card or bet entry field when open, then the
shoe and the marks for the next coup, the practice balance, the last action or error, the keys
and the notice. It redraws after every key, and when another writer changes the journal.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from roads.live.keys import KeyLogger

if TYPE_CHECKING:
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.filters import Filter
    from prompt_toolkit.input import Input
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.layout import Layout, Window
    from prompt_toolkit.output import Output

POLL_SECONDS = 0.5
STYLE = {
    "prompt": "bold",
    "flags": "bold",
    "balance": "fg:ansiyellow bold",
    "done": "fg:ansigreen",
    "error": "fg:ansired bold",
    "help": "",
    "notice": "italic",
}


def build_application(
    logger: KeyLogger,
    *,
    colour: bool = True,
    input: Input | None = None,
    output: Output | None = None,
) -> Application[None]:
    """The application (not yet running); ``input`` and ``output`` default to the terminal;
    without ``colour`` the screen keeps its bold and dim but drops every colour (NO_COLOR,
    which prompt_toolkit before 3.0.37 did not read itself)."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.output import ColorDepth
    from prompt_toolkit.styles import Style

    typing = Condition(lambda: logger.mode != "keys")
    field = Buffer(multiline=False)
    layout, board = _layout(logger, field, typing)
    application: Application[None] = Application(
        layout=layout,
        key_bindings=_bindings(logger, field, board, typing),
        style=Style.from_dict(STYLE),
        full_screen=True,
        color_depth=None if colour else ColorDepth.MONOCHROME,
        input=input,
        output=output,
    )
    # A wait for the journal's lock blocks the loop: draw the logger's word about it first.
    logger.redraw = lambda: application.renderer.render(application, application.layout)
    application.ttimeoutlen = 0.05  # Esc acts at once instead of waiting for an Alt sequence

    async def follow_other_writers() -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            if logger.refresh():
                application.invalidate()

    def start_following() -> None:
        application.create_background_task(follow_other_writers())

    application.pre_run_callables.append(start_following)
    return application


def _layout(logger: KeyLogger, field: Buffer, typing: Filter) -> tuple[Layout, Window]:
    """The screen, top to bottom: the board fitted to the terminal (focused, and returned with
    the layout), the entry field while one is open, and the footer."""
    from prompt_toolkit.application import get_app
    from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples
    from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, Window
    from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
    from prompt_toolkit.layout.dimension import Dimension
    from prompt_toolkit.layout.processors import BeforeInput

    def columns() -> int:
        return get_app().output.get_size().columns

    def footer() -> StyleAndTextTuples:
        fragments: StyleAndTextTuples = []
        for line in logger.footer(columns()):
            if fragments:
                fragments.append(("", "\n"))
            fragments += [(f"class:{style}", text) for style, text in line]
        return fragments

    def body() -> Any:
        size = get_app().output.get_size()
        height = size.rows - len(logger.footer(size.columns)) - (1 if typing() else 0)
        return ANSI("\n".join(logger.body(size.columns, max(height, 1))))

    board = Window(FormattedTextControl(body, focusable=True), wrap_lines=False)
    entry = Window(
        BufferControl(
            field,
            input_processors=[BeforeInput(lambda: logger.prompt(columns()), style="class:prompt")],
        ),
        height=1,
    )
    ending = Window(
        FormattedTextControl(footer),
        height=lambda: Dimension.exact(len(logger.footer(columns()))),
        wrap_lines=False,
    )
    layout = Layout(
        HSplit([board, ConditionalContainer(entry, filter=typing), ending]),
        focused_element=board,
    )
    return layout, board


def _bindings(logger: KeyLogger, field: Buffer, board: Window, typing: Filter) -> KeyBindings:
    """The keys: each one goes to the logger; while a field is open, Enter submits it and Esc
    cancels it; Ctrl-C (and Ctrl-D outside a field) quits."""
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
    from prompt_toolkit.keys import Keys

    bindings = KeyBindings()

    def settle(event: KeyPressEvent) -> None:
        if logger.done:
            event.app.exit()
        elif logger.mode == "keys":
            field.reset()
            event.app.layout.focus(board)
        else:
            event.app.layout.focus(field)

    @bindings.add(Keys.Any, filter=~typing)
    def _key(event: KeyPressEvent) -> None:
        key = event.key_sequence[0].key
        logger.press(key.value if isinstance(key, Keys) else key)
        settle(event)

    @bindings.add(Keys.Escape, filter=~typing)
    def _escape(event: KeyPressEvent) -> None:
        logger.press("escape")

    @bindings.add(Keys.Enter, filter=typing)
    def _enter(event: KeyPressEvent) -> None:
        if logger.submit(field.text):
            field.reset()
        settle(event)

    @bindings.add(Keys.Escape, filter=typing)
    def _cancel(event: KeyPressEvent) -> None:
        logger.cancel()
        settle(event)

    @bindings.add(Keys.ControlC)
    @bindings.add(Keys.ControlD, filter=~typing)
    def _quit(event: KeyPressEvent) -> None:
        event.app.exit()

    return bindings


def run(logger: KeyLogger, *, colour: bool = True) -> None:
    """Run the keyboard logger in the terminal until ``q``, in colour or not; then print the
    session's summary (``KeyLogger.summary``) on standard error."""
    import click

    build_application(logger, colour=colour).run()
    for line in logger.summary():
        click.echo(line, err=True)
